// PHP coroutines on the core scheduler: each PHP coroutine runs on a core coroutine (C stack from
// the core's pool) with its own PHP VM stack; the engine state a coroutine owns is swapped by the
// scheduler's switch observer. See docs/php-coroutines.md.
#pragma once

#include <vector>

#include "common/errors.h"
#include "common/module.h"

extern "C" {
#include "main/php_output.h"
#include "zend_fibers.h"
}

#include <cstdint>
#include <memory>

#include "gust/coro/coroutine.h"
#include "gust/loop/loop.h"

namespace gust::php {

// The executor globals one coroutine owns, saved when it switches out and restored when it runs.
struct VmState {
    zend_vm_stack vm_stack = nullptr;
    zval *vm_stack_top = nullptr;
    zval *vm_stack_end = nullptr;
    size_t vm_stack_page_size = 0;
    zend_execute_data *current_execute_data = nullptr;
    zend_object *exception = nullptr;
    zend_object *prev_exception = nullptr;
    const zend_op *opline_before_exception = nullptr;
    int error_reporting = 0;
    JMP_BUF *bailout = nullptr;
    zend_fiber *active_fiber = nullptr;
    zend_fiber_context *fiber_context = nullptr;
    const zend_op *jit_trampoline_opline = nullptr;
    // Output buffers (ob_start) belong to the coroutine that started them, as in Swoole.
    bool has_output = false;
    zend_stack output_handlers{};
    php_output_handler *output_active = nullptr;
    php_output_handler *output_running = nullptr;
    // The engine's autoload recursion guard (EG(in_autoload)): each coroutine has its own (autoload.cc).
    HashTable *in_autoload = nullptr;
};

// Swoole's SWOOLE_EXIT_* flags of Swoole\ExitException.
#define GUST_EXIT_IN_COROUTINE 2
#define GUST_EXIT_IN_SERVER 4

// Told once a coroutine's function has returned or thrown (also after a fatal error in it): plain
// C++, no PHP may run in `fn`.
struct FinishHook {
    void (*fn)(void *arg, int64_t tag) = nullptr;
    void *arg = nullptr;
    int64_t tag = 0;
};

struct PhpCoroutine {
    VmState vm;
    zend_fiber_context fiber;  // identity for Xdebug/profilers (observer API); never switched by the engine
    // Not a Callable: the record outlives its coroutine (reused from `spare`); release_php()
    // releases the callable when the coroutine ends, never a destructor.
    zend_fcall_info_cache fcc{};
    zval callable;
    zval *args = nullptr;
    uint32_t argc = 0;
    zval defers;   // array of callables or UNDEF
    zval context;  // Swoole\Coroutine\Context or UNDEF
    coro::Coroutine *co = nullptr;
    bool kill = false;            // resumed only to unwind (shutdown, deadlock)
    bool throw_canceled = false;  // Co::cancel($cid, true): throw CanceledException when it wakes
    FinishHook on_finish;
};

struct Options {
    zend_long max_coroutine = 100000;
    zend_long c_stack_size = 256 * 1024;
    bool deadlock_check = true;
    bool hook_flags_set = false;  // Co::set(['hook_flags' => ...]) given; else Co\run hooks everything
    uint32_t hook_flags = 0;
    // Default timeouts (seconds, < 0: none) of hooked sockets and coroutine clients, as in Swoole.
    // Precedence (docs/php-hooks.md): a timeout given to the call or set on the stream wins; then
    // these. Read/write apply to PHP streams only once Co::set() chose them (the *_set flags): until
    // then a stream keeps PHP's default_socket_timeout rather than waiting forever.
    double socket_connect_timeout = 2;
    double socket_read_timeout = -1;
    double socket_write_timeout = -1;
    double socket_dns_timeout = 5;
    bool socket_read_timeout_set = false;
    bool socket_write_timeout_set = false;
    zend_long aio_worker_num = 8;  // worker threads for blocking work (files, DNS, waitpid)
    // Called by the scheduler loop between iterations; true ends Co\run / Event::wait early.
    zval exit_condition{};
};

enum class Pending : uint8_t { kNone, kBailout, kExit };

// Per-request runtime: created on first use, destroyed at RSHUTDOWN.
struct LoopState {
    std::unique_ptr<loop::Loop> loop;
    std::unique_ptr<coro::Scheduler> scheduler;
    VmState main;                   // engine state of the code outside every coroutine
    PhpCoroutine *fresh = nullptr;  // being created; its core coroutine has no user_data yet
    Pending pending = Pending::kNone;
    bool running = false;  // inside run()/swoole_event_wait()
    bool shutdown_registered = false;
    // Event::rshutdown() runs the loop only while armed: something was added since the last
    // explicit Event::wait() (after which Swoole has freed its reactor).
    bool shutdown_wait_armed = false;
    bool pending_any() const { return pending != Pending::kNone; }
    zval graveyard{};             // values released on the loop's stack, destroyed at the next safe point
    bool exit_requested = false;  // Swoole\Event::exit(): run_all() returns after this iteration
    // Tells runtimes apart (a new one may reuse a freed one's address): objects that registered
    // with this runtime's loop (the HTTP client's socket) check it before touching the loop.
    uint64_t generation = 0;
    // Records of finished coroutines, reused by create(): a server makes one per request.
    std::vector<PhpCoroutine *> spare;
};

// The current request's runtime. initial-exec: gust.so is loaded once at startup, and the default
// model for a shared object costs a __tls_get_addr call on every access (the switch path).
#define GUST_TLS thread_local __attribute__((tls_model("initial-exec")))
extern GUST_TLS LoopState *t_loop_state;

Options &options();
// An Options timeout in nanoseconds (< 0: none).
inline Nanos option_nanos(double seconds) { return seconds < 0 ? -1 : seconds_to_nanos(seconds); }
// The request's runtime, created on first use (nullptr when creation failed).
LoopState *loop_state();
// Makes the request's runtime on a poll() poller, which keeps no state in the kernel: a process
// that forks children while its loop lives (a server's manager) uses it, so a child ending the loop
// it inherited cannot remove the parent's epoll registrations. The existing one if any.
LoopState *loop_state_for_forking();
inline LoopState *loop_state_if_any() { return t_loop_state; }
// nullptr outside every coroutine
inline PhpCoroutine *current() {
    LoopState *rt = t_loop_state;
    if (!rt) return nullptr;
    coro::Coroutine *co = rt->scheduler->running();
    return co ? static_cast<PhpCoroutine *>(co->user_data()) : nullptr;
}
PhpCoroutine *find(zend_long cid);

// Creates and starts a coroutine running fci/fcc with the given arguments; its id, or -1 with a
// warning when the limit is reached. The caller checks pending() afterwards.
// `for_run`: the coroutine of Co\run(), which runs the loop itself (no event wait at shutdown).
// `on_finish`: told when it ends (only when this returns an id).
zend_long create(zend_fcall_info_cache *fcc, zval *callable, zval *args, uint32_t argc, bool for_run = false,
                 const FinishHook *on_finish = nullptr);
// Runs fci/fcc with the given arguments right here, outside every coroutine (enable_coroutine =>
// false): an uncaught exception or exit() ends the loop as it does in a coroutine, and a fatal
// error is re-raised by check_pending() once the loop has stopped. False when it did not return
// normally.
bool call_outside(zend_fcall_info_cache *fcc, zval *callable, zval *args, uint32_t argc);
// create(), or call_outside() when Swoole's enable_coroutine is off (GUST_G(enable_coroutine)).
void run_callback_as_configured(zend_fcall_info_cache *fcc, zval *callable, zval *args, uint32_t argc);
// One coroutine for run_tasks(): what to call and with which arguments.
struct RunTask {
    zend_fcall_info_cache *fcc;
    zval *callable;
    zval *args;
    uint32_t argc;
};
// Co\run() and Coroutine\Scheduler::start(): starts each task as a coroutine, in order, then runs
// until every coroutine has ended, everything hooked unless Co::set() chose the flags. Refused
// (false, Swoole's warning) inside a coroutine or a running loop; false too when a task could not
// start. The caller checks check_pending() afterwards.
bool run_tasks(const RunTask *tasks, size_t n);
// Runs the loop and every coroutine until nothing is left to do; coroutines left with nothing to
// wake them stay suspended (as in Swoole) until teardown_loop_state() unwinds them. Callable only
// outside coroutines.
void run_all();
// After any call that may have switched: a fatal error or exit() in a coroutine is re-raised here,
// in the context that resumed it (bailout or unwind exit). Returns true when the caller must return.
bool check_pending();
// After a switch back into coroutine p (or the main context, p == nullptr): false when the caller
// must return at once (an exception is set: exit, or p was killed by a deadlock or shutdown).
bool resumed_slow(PhpCoroutine *p);
inline bool resumed(PhpCoroutine *p) {
    if (t_loop_state->pending == Pending::kNone && !(p && (p->kill | p->throw_canceled))) [[likely]]
        return true;
    return resumed_slow(p);
}

// True once the script reported a fatal error (an uncaught exception included, which PHP reports
// without a bailout): from then on the loop does not run again, as in Swoole.
inline bool fatal_error_reported() {
    return PG(last_error_message) &&
           (PG(last_error_type) & (E_ERROR | E_CORE_ERROR | E_COMPILE_ERROR | E_USER_ERROR | E_PARSE));
}

// The current coroutine; outside one, a fatal error (uncaught Swoole\Error "API must be called in
// the coroutine", as in Swoole). Never returns nullptr.
PhpCoroutine *require_coroutine();

extern zend_class_entry *exit_exception_ce;
extern zend_class_entry *canceled_exception_ce;
// Runs the event loop at the end of the script (a shutdown function), as Swoole does once a
// coroutine, timer or event was added outside every coroutine and outside Co\run.
void register_event_wait_at_shutdown(LoopState *rt);
// The loop a server ran is done with (Swoole frees its reactor there): the shutdown function has
// nothing to wait for, and says nothing, until something new is added to the loop.
void disarm_event_wait_at_shutdown();

// Takes ownership of *v (leaving it UNDEF) and destroys it at the next safe point: between loop
// iterations, in the main context, with a fatal error in a destructor caught. For values whose
// last reference may go while the loop's C++ frames are on the stack (timer and event callbacks).
void release_later(zval *v);

// autoload.cc: MINIT wraps the engine's autoloader so that a coroutine asking for a class another
// coroutine is loading waits for it; the loads in flight are forgotten with the loop.
void install_autoload_guard();
void forget_autoload_waits();
// Frees a coroutine's autoload guard table (it ended or is unwound without running).
void free_in_autoload(HashTable *&table);

// dump.cc: every live coroutine of this process — state, what it waits on and since when, PHP
// backtrace — as text (Gust\dump()); `who` names the process ("worker 2") or is empty. Runs no
// user PHP code. log_coroutine_dump() writes it to the log (always, whatever the log level).
zend_string *coroutine_dump(const char *who);
void log_coroutine_dump(const char *who);

// MINIT of this area: Swoole\Coroutine (+ short names), Channel, WaitGroup, Barrier, System.
void register_coroutine_area(int module_number);
zend_class_entry *register_coroutine(int module_number);  // returns Swoole\Coroutine
void register_channel(int module_number);
// At request end, before leftover coroutines are unwound: Swoole's warning for each channel that
// still has coroutines waiting on it ("channel is destroyed, N producers will be discarded").
void warn_discarded_channel_waiters();
void register_sync(int module_number);       // sync.cc: WaitGroup, Barrier
void register_system(int module_number);     // system.cc: Swoole\Coroutine\System
void register_scheduler(int module_number);  // scheduler.cc: Swoole\Coroutine\Scheduler
// Areas above that keep PHP values on the runtime's loop (timers, event watches) register a
// function at MINIT that cancels them and releases their values without running PHP code.
// teardown_loop_state() calls each while the loop still exists, before and after unwinding coroutines.
using ReleaseFn = void (*)(LoopState *rt);
void add_loop_release(ReleaseFn fn);
void rshutdown();
// Ends the request's runtime now (as at RSHUTDOWN: timers, events and coroutines end); the next
// loop_state() makes a fresh one. The server calls it before fork(), so workers get loops of their own.
void teardown_loop_state();
// In a child just forked from a process whose loop lives on (its timers are the parent's): ends the
// child's copy of it. A poll()-based loop is torn down; an epoll one shares its kernel instance with
// the parent, so it is only forgotten (its memory goes with the request) — ending it would remove
// the parent's registrations.
void end_inherited_loop_state();
// Whether anything (a referenced timer, watch or signal handler, or a coroutine) would keep the
// loop running; false for a loop whose Co\run() or Event::wait() has finished.
bool loop_state_busy(LoopState *rt);

}  // namespace gust::php
