// PHP coroutines on the core scheduler: each PHP coroutine runs on a core coroutine (C stack from
// the core's pool) with its own PHP VM stack; the engine state a coroutine owns is swapped by the
// scheduler's switch observer. See docs/php-coroutines.md.
#pragma once

#include "php_gust.h"

extern "C" {
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
};

struct PhpCoroutine {
    VmState vm;
    zend_fiber_context fiber;  // identity for Xdebug/profilers (observer API); never switched by the engine
    zend_fcall_info_cache fcc{};
    zval callable;
    zval *args = nullptr;
    uint32_t argc = 0;
    zval defers;   // array of callables or UNDEF
    zval context;  // Swoole\Coroutine\Context or UNDEF
    coro::Coroutine *co = nullptr;
    bool kill = false;  // resumed only to unwind (shutdown, deadlock)
};

struct Options {
    zend_long max_coroutine = 100000;
    zend_long c_stack_size = 256 * 1024;
    bool deadlock_check = true;
};

enum class Pending : uint8_t { kNone, kBailout, kExit };

// Per-request runtime: created on first use, destroyed at RSHUTDOWN.
struct Runtime {
    std::unique_ptr<loop::Loop> loop;
    std::unique_ptr<coro::Scheduler> scheduler;
    VmState main;                    // engine state of the code outside every coroutine
    PhpCoroutine *fresh = nullptr;   // being created; its core coroutine has no user_data yet
    Pending pending = Pending::kNone;
    bool running = false;            // inside run()/swoole_event_wait()
    bool shutdown_registered = false;
    bool exit_requested = false;     // Swoole\Event::exit(): run_all() returns after this iteration
};

Options &options();
// The request's runtime, created on first use (nullptr when creation failed).
Runtime *runtime();
Runtime *runtime_if_any();
PhpCoroutine *current();  // nullptr outside every coroutine
PhpCoroutine *find(zend_long cid);

// Creates and starts a coroutine running fci/fcc with the given arguments; its id, or -1 with a
// warning when the limit is reached. The caller checks pending() afterwards.
zend_long create(zend_fcall_info_cache *fcc, zval *callable, zval *args, uint32_t argc);
// Runs the loop and every coroutine until nothing is left to do; leftover suspended coroutines are
// unwound. Callable only outside coroutines.
void run_all();
// After any call that may have switched: a fatal error or exit() in a coroutine is re-raised here,
// in the context that resumed it (bailout or unwind exit). Returns true when the caller must return.
bool check_pending();
// After a switch back into coroutine p (or the main context, p == nullptr): false when the caller
// must return at once (an exception is set: exit, or p was killed by a deadlock or shutdown).
bool resumed(PhpCoroutine *p);

// Throws \Error "API must be called in the coroutine" when outside one; returns the coroutine.
PhpCoroutine *require_coroutine();

// Runs the event loop at the end of the script (a shutdown function), as Swoole does once a
// coroutine, timer or event was added outside every coroutine and outside Co\run.
void register_event_wait_at_shutdown(Runtime *rt);

void register_coroutine(int module_number);
void register_channel(int module_number);
void register_timer(int module_number);  // timer.cc
void register_event(int module_number);  // event.cc
void register_sync(int module_number);   // sync.cc: WaitGroup, Barrier
// Cancel the request's PHP timers / event watches, defers and cycle callback and release their
// PHP values without running PHP code. Called at RSHUTDOWN while the loop still exists.
void timers_release(Runtime *rt);
void events_release(Runtime *rt);
void rshutdown();

}  // namespace gust::php
