// The switch between PHP coroutines and the per-request runtime (loop + scheduler).
//
// Every PHP coroutine runs on a core coroutine. The core calls on_switch() right before each
// context switch, still on the old stack: there the executor globals of the coroutine leaving
// are saved and those of the one entering are loaded, and the engine's fiber observers are told
// (Xdebug and profilers keep one call stack per zend_fiber_context).
//
// A PHP bailout (fatal error, uncaught exception) never longjmps across a coroutine stack or a
// C++ frame: coroutine_main() catches it at the bottom of the coroutine, marks it pending, and
// check_pending() re-raises it in whoever resumed the coroutine, up to the main context.
#include "coroutine/coroutine.h"
#include "coroutine/cpu_guard.h"

#include <atomic>
#include <cstring>

extern "C" {
#include "zend_builtin_functions.h"
#include "zend_exceptions.h"
#include "zend_observer.h"
#include "ext/standard/basic_functions.h"
}

#include "common/errors.h"
#include "gust/base/clock.h"
#include "gust/base/error.h"
#include "gust/coro/blocking.h"
#include "gust/coro/fd_wait.h"

namespace gust::php {

GUST_TLS LoopState *t_loop_state = nullptr;

namespace {

GUST_TLS Options t_options;
// Marks our zend_fiber_context objects (its address is the `kind`).
const char kFiberKind = 0;

void save_output(VmState &s) {
    s.has_output = OG(handlers).top > 0;
    if (!s.has_output) return;
    s.output_handlers = OG(handlers);
    s.output_active = OG(active);
    s.output_running = OG(running);
    zend_stack_init(&OG(handlers), sizeof(php_output_handler *));  // allocates nothing until used
    OG(active) = nullptr;
    OG(running) = nullptr;
}

void load_output(VmState &s) {
    if (!s.has_output) return;
    zend_stack_destroy(&OG(handlers));  // the empty stack the leaving side left behind
    OG(handlers) = s.output_handlers;
    OG(active) = s.output_active;
    OG(running) = s.output_running;
    s.has_output = false;
}

// Drops the output buffers of a coroutine that will never run again (no handler callbacks run).
void discard_saved_output(VmState &s) {
    if (!s.has_output) return;
    VmState mine;
    save_output(mine);
    load_output(s);
    php_output_discard_all();
    zend_stack_destroy(&OG(handlers));
    zend_stack_init(&OG(handlers), sizeof(php_output_handler *));
    OG(active) = nullptr;
    OG(running) = nullptr;
    load_output(mine);
}

void save(VmState &s) {
    s.vm_stack = EG(vm_stack);
    s.vm_stack_top = EG(vm_stack_top);
    s.vm_stack_end = EG(vm_stack_end);
    s.vm_stack_page_size = EG(vm_stack_page_size);
    s.current_execute_data = EG(current_execute_data);
    s.exception = EG(exception);
    s.prev_exception = EG(prev_exception);
    s.opline_before_exception = EG(opline_before_exception);
    s.error_reporting = EG(error_reporting);
    s.bailout = EG(bailout);
    s.active_fiber = EG(active_fiber);
    s.fiber_context = EG(current_fiber_context);
    s.in_autoload = EG(in_autoload);
    save_output(s);
}

void load(VmState &s) {
    load_output(s);
    EG(vm_stack) = s.vm_stack;
    EG(vm_stack_top) = s.vm_stack_top;
    EG(vm_stack_end) = s.vm_stack_end;
    EG(vm_stack_page_size) = s.vm_stack_page_size;
    EG(current_execute_data) = s.current_execute_data;
    EG(exception) = s.exception;
    EG(prev_exception) = s.prev_exception;
    EG(opline_before_exception) = s.opline_before_exception;
    EG(error_reporting) = s.error_reporting;
    EG(bailout) = s.bailout;
    EG(active_fiber) = s.active_fiber;
    EG(current_fiber_context) = s.fiber_context;
    EG(in_autoload) = s.in_autoload;
}

PhpCoroutine *of(coro::Coroutine *co) { return co ? static_cast<PhpCoroutine *>(co->user_data()) : nullptr; }

constexpr size_t kMaxSpare = 256;

void recycle(LoopState *rt, PhpCoroutine *p) {
    if (rt->spare.size() < kMaxSpare) {
        rt->spare.push_back(p);
    } else {
        delete p;
    }
}

PhpCoroutine *fresh_coroutine(LoopState *rt) {
    if (rt->spare.empty()) return new PhpCoroutine();
    PhpCoroutine *p = rt->spare.back();
    rt->spare.pop_back();
    *p = PhpCoroutine();
    return p;
}

void on_switch(coro::Coroutine *from, coro::Coroutine *to, void *data) {
    auto *rt = static_cast<LoopState *>(data);
    PhpCoroutine *fp = of(from);
    const bool from_done = from && from->state() == coro::CoState::kDone;
    zend_fiber_context *from_ctx = from_done ? &fp->fiber : EG(current_fiber_context);
    if (!from_done) save(fp ? fp->vm : rt->main);

    PhpCoroutine *tp = of(to);
    bool fresh = false;
    if (to && !tp) {
        tp = rt->fresh;
        rt->fresh = nullptr;
        tp->co = to;
        to->set_user_data(tp);
        fresh = true;
    }
    VmState &ts = tp ? tp->vm : rt->main;
    zend_fiber_context *to_ctx = ts.fiber_context;

    // Observers see the statuses and executor state of before the switch, as with engine fibers: a new coroutine is
    // still INIT (Xdebug creates its call stack then), a finished one already DEAD. Only our own contexts change
    // status: a Fiber that switched coroutines stays "running" as far as Fiber code can tell.
    if (from_done) from_ctx->status = ZEND_FIBER_STATUS_DEAD;
    if (fresh) zend_observer_fiber_init_notify(to_ctx);
    if (from_ctx && to_ctx) zend_observer_fiber_switch_notify(from_ctx, to_ctx);
    if (!from_done && from_ctx && from_ctx->kind == &kFiberKind) from_ctx->status = ZEND_FIBER_STATUS_SUSPENDED;
    if (to_ctx && to_ctx->kind == &kFiberKind) to_ctx->status = ZEND_FIBER_STATUS_RUNNING;
    // Loaded after the notifications: observers expect the leaving side's frames still current
    // (Xdebug records where a new fiber was started from).
    // A finished coroutine's autoload guard table is its own: freed before the next one is loaded.
    if (from_done) free_in_autoload(EG(in_autoload));
    load(ts);
    if (from_done) {
        zend_observer_fiber_destroy_notify(from_ctx);
        from->set_user_data(nullptr);
        recycle(rt, fp);
    }
}

// Destroys what release_later() collected; a bailout in a destructor becomes a pending bailout.
void drain_graveyard(LoopState *rt) {
    while (Z_TYPE(rt->graveyard) == IS_ARRAY) {
        zval dead;
        ZVAL_COPY_VALUE(&dead, &rt->graveyard);
        ZVAL_UNDEF(&rt->graveyard);
        bool bailed = false;
        zend_try { zval_ptr_dtor(&dead); }
        zend_catch { bailed = true; }
        zend_end_try();
        if (bailed) {
            rt->pending = Pending::kBailout;
            return;
        }
    }
}

void release_php(PhpCoroutine *p) {
    zval_ptr_dtor(&p->callable);
    ZVAL_UNDEF(&p->callable);
    for (uint32_t i = 0; i < p->argc; ++i) zval_ptr_dtor(&p->args[i]);
    if (p->args) efree(p->args);
    p->args = nullptr;
    p->argc = 0;
    zval_ptr_dtor(&p->defers);
    ZVAL_UNDEF(&p->defers);
    zval_ptr_dtor(&p->context);
    ZVAL_UNDEF(&p->context);
}

// An exception left at the bottom of a coroutine: PHP's own exit (an unwinding) becomes a pending
// exit for the resumer; anything else, Swoole\ExitException included (as in Swoole), is reported
// like an uncaught exception in the main script and ends the request.
// `p` is null for a callback run outside every coroutine (call_outside()).
// True when it reported an uncaught exception (an error, not an exit or an unwinding).
bool finish_exception(LoopState *rt, PhpCoroutine *p) {
    zend_object *ex = EG(exception);
    if (!ex) return false;
    const bool killed = p && p->kill;
    if (zend_is_unwind_exit(ex) || zend_is_graceful_exit(ex)) {
        zend_clear_exception();
        if (!killed && rt->pending == Pending::kNone) rt->pending = Pending::kExit;
        return false;
    }
    if (killed) {
        zend_clear_exception();
        return false;
    }
    // Printed as PHP prints an uncaught exception (exit status 255); then the request ends like a
    // fatal error (no more destructors), but by unwinding rather than a bailout, so nothing leaks.
    zend_exception_error(ex, E_ERROR);
    zend_objects_store_mark_destructed(&EG(objects_store));
    if (rt->pending == Pending::kNone) rt->pending = Pending::kExit;
    return true;
}

// `result`, when given, receives the return value (null when there is none); else it is dropped.
void call(zval *callable, zend_fcall_info_cache *fcc, zval *args, uint32_t argc, zval *result = nullptr) {
    zval retval;
    zend_fcall_info fci;
    fci.size = sizeof(fci);
    ZVAL_COPY_VALUE(&fci.function_name, callable);
    fci.object = nullptr;
    fci.retval = &retval;
    fci.params = args;
    fci.param_count = argc;
    fci.named_params = nullptr;
    ZVAL_UNDEF(&retval);
    zend_call_function(&fci, fcc);
    if (result && Z_TYPE(retval) != IS_UNDEF) {
        ZVAL_COPY_VALUE(result, &retval);
        return;
    }
    zval_ptr_dtor(&retval);
}

}  // namespace

bool call_outside(zend_fcall_info_cache *fcc, zval *callable, zval *args, uint32_t argc) {
    LoopState *rt = loop_state();
    bool ok = true;
    zend_try {
        call(callable, fcc, args, argc);
        ok = EG(exception) == nullptr;
        finish_exception(rt, nullptr);
    }
    zend_catch {
        ok = false;
        rt->pending = Pending::kBailout;
    }
    zend_end_try();
    return ok;
}

void run_callback_as_configured(zend_fcall_info_cache *fcc, zval *callable, zval *args, uint32_t argc) {
    if (GUST_G(enable_coroutine)) (void)create(fcc, callable, args, argc);
    else (void)call_outside(fcc, callable, args, argc);
}

namespace {

// Last registered first; each gets the coroutine's return value, as Swoole's do. An exception a
// deferred callback leaves uncaught ends the request like a fatal error: the rest are not run.
void run_defers(LoopState *rt, PhpCoroutine *p, zval *result) {
    while (Z_TYPE(p->defers) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL(p->defers)) > 0) {
        HashTable *ht = Z_ARRVAL(p->defers);
        zval fn;
        zval *last = zend_hash_index_find(ht, ht->nNextFreeElement - 1);
        ZVAL_COPY(&fn, last);
        zend_hash_index_del(ht, ht->nNextFreeElement - 1);
        ht->nNextFreeElement--;
        zend_fcall_info_cache fcc;
        char *error = nullptr;
        if (zend_is_callable_ex(&fn, nullptr, 0, nullptr, &fcc, &error)) call(&fn, &fcc, result, 1);
        if (error) efree(error);
        zval_ptr_dtor(&fn);
        if (finish_exception(rt, p)) break;
    }
}

// The first VM stack page lives in coroutine_main's own frame: it costs no allocation, no
// memory_limit, and only the part frames touch becomes resident (next to the C frames below it).
// Deeper calls get emalloc'ed pages of kVmExtendPage from the engine as usual.
constexpr size_t kVmFirstPage = 2 * 1024;
constexpr size_t kVmExtendPage = 16 * 1024;

// The function of each coroutine's bottom frame. With no frame at all, zend_call_function() would
// turn any exception it returns (exit() included) into a fatal error on the spot.
zend_function bottom_function = {ZEND_INTERNAL_FUNCTION};

// Frees the pages the engine added above the first one (which has no prev and is not ours to free).
void free_vm_pages(zend_vm_stack page) {
    while (page && page->prev) {
        zend_vm_stack prev = page->prev;
        efree(page);
        page = prev;
    }
}

// The bottom of every PHP coroutine. No C++ object lives in this frame: a bailout lands here.
void coroutine_main(PhpCoroutine *p) {
    LoopState *rt = t_loop_state;
    alignas(16) char first_page[kVmFirstPage];
    auto *page = reinterpret_cast<zend_vm_stack>(first_page);
    page->top = ZEND_VM_STACK_ELEMENTS(page);
    page->end = reinterpret_cast<zval *>(first_page + sizeof(first_page));
    page->prev = nullptr;
    EG(vm_stack) = page;
    EG(vm_stack_top) = page->top;
    EG(vm_stack_end) = page->end;
    EG(vm_stack_page_size) = kVmExtendPage;
    auto *bottom = reinterpret_cast<zend_execute_data *>(EG(vm_stack_top));
    EG(vm_stack_top) += ZEND_CALL_FRAME_SLOT;
    memset(bottom, 0, sizeof(*bottom));
    // A warning raised while a coroutine's first function frees its variables reads this frame's
    // name (the engine pops that frame first); without one it would read through a null string.
    if (bottom_function.common.function_name == nullptr) bottom_function.common.function_name = ZSTR_EMPTY_ALLOC();
    bottom->func = &bottom_function;
    EG(current_execute_data) = bottom;
    zend_try {
        zval result;
        ZVAL_NULL(&result);
        if (!p->kill) call(&p->callable, &p->fcc, p->args, p->argc, &result);
        finish_exception(rt, p);
        run_defers(rt, p, &result);
        zval_ptr_dtor(&result);
        // Buffers the coroutine left open are flushed where its output goes, as at request end.
        if (OG(handlers).top > 0) php_output_end_all();
    }
    zend_catch { rt->pending = Pending::kBailout; }
    zend_end_try();
    if (p->on_finish.fn) p->on_finish.fn(p->on_finish.arg, p->on_finish.tag);
    // The callable, arguments and context may hold the last references to objects: their
    // destructors run here, still caught at the bottom of this coroutine.
    zend_try { release_php(p); }
    zend_catch { rt->pending = Pending::kBailout; }
    zend_end_try();
    free_vm_pages(EG(vm_stack));
    EG(vm_stack) = nullptr;
    EG(current_execute_data) = nullptr;
}

// Wakes every coroutine once more with kill set so it unwinds (destructors run, finally blocks
// do not, as for exit()). Main context only; never after a bailout (no PHP code may run then).
void kill_all(LoopState *rt) {
    for (int round = 0; round < 8 && rt->scheduler->stats().live > 0 && rt->pending != Pending::kBailout; ++round) {
        for (coro::CoroutineId id : rt->scheduler->list()) {
            coro::Coroutine *co = rt->scheduler->find(id);
            PhpCoroutine *p = of(co);
            if (!p) continue;
            p->kill = true;
            if (co->state() == coro::CoState::kSuspended) {
                (void)rt->scheduler->resume(id);
            } else if (co->state() == coro::CoState::kParked) {
                rt->scheduler->wake(co, kErrCanceled);
            }
            if (rt->pending == Pending::kBailout) return;
        }
        for (int i = 0; i < 16 && rt->pending != Pending::kBailout && rt->loop->run_once(0); ++i) {
            drain_graveyard(rt);
        }
        drain_graveyard(rt);
    }
}

// A coroutine's PHP frames as debug_print_backtrace() prints them, read from its saved state.
void print_backtrace_of(PhpCoroutine *p) {
    zend_execute_data *mine = EG(current_execute_data);
    EG(current_execute_data) = p->vm.current_execute_data;
    zval trace;
    zend_fetch_debug_backtrace(&trace, 0, DEBUG_BACKTRACE_IGNORE_ARGS, 0);
    EG(current_execute_data) = mine;
    zend_string *text = zend_trace_to_string(Z_ARRVAL(trace), false);
    php_printf("%s", ZSTR_VAL(text));
    zend_string_release(text);
    zval_ptr_dtor(&trace);
}

// Swoole's deadlock banner: every coroutine left when nothing can wake them any more (parked on
// something no event will answer, or suspended by yield() with nobody to resume them), each with
// what it waits on and its backtrace. They stay as they are, as in Swoole: the request's end
// (teardown_loop_state) unwinds them.
void report_deadlock(LoopState *rt) {
    std::vector<coro::Coroutine *> stuck;
    for (coro::CoroutineId id : rt->scheduler->list()) {
        coro::Coroutine *co = rt->scheduler->find(id);
        if (co && (co->state() == coro::CoState::kParked || co->state() == coro::CoState::kSuspended)) {
            stuck.push_back(co);
        }
    }
    if (t_options.deadlock_check && !stuck.empty()) {
        static constexpr char kRule[] = " =================================================================\n";
        php_printf("\n%s  [FATAL ERROR]: all coroutines (count: %zu) are asleep - deadlock!\n%s", kRule, stuck.size(),
                   kRule);
        for (coro::Coroutine *co : stuck) {
            php_printf("\n  [Coroutine-%lld]\n -----------------------------------------------------------------\n",
                       static_cast<long long>(co->id()));
            if (co->state() == coro::CoState::kSuspended) {
                php_printf(" suspended by yield()\n");
            } else {
                const coro::WaitInfo &w = co->wait_info();
                php_printf(" waiting on %s", w.kind);
                if (w.object) php_printf("#%llu", static_cast<unsigned long long>(w.object));
                if (w.op && *w.op) php_printf(" %s", w.op);
                php_printf("\n");
            }
            if (PhpCoroutine *p = of(co)) print_backtrace_of(p);
        }
        php_printf("\n%s", kRule);
    }
}

bool exit_condition_set() { return Z_TYPE(t_options.exit_condition) != IS_UNDEF; }

// Calls Co::set()'s exit_condition from the main context (no coroutine runs now); an exception
// or a fatal error in it ends the loop and is raised in the main script.
bool exit_condition_met() {
    if (!exit_condition_set()) return false;
    zval result;
    ZVAL_UNDEF(&result);
    bool bailed = false;
    // A fatal error in the callback must not longjmp out of run_all (its loop hook would dangle):
    // it is re-raised by the caller's check_pending() once run_all has cleaned up.
    zend_try { call_user_function(nullptr, nullptr, &t_options.exit_condition, &result, 0, nullptr); }
    zend_catch { bailed = true; }
    zend_end_try();
    if (bailed) {
        t_loop_state->pending = Pending::kBailout;
        return true;
    }
    bool met = EG(exception) != nullptr || zend_is_true(&result);
    zval_ptr_dtor(&result);
    return met;
}

// With an exit_condition, an iteration in which coroutines ran must not block in the poller:
// run_all() checks the condition after every such iteration (a state change happens only then).
struct ExitConditionHook final : loop::IterationHook {
    coro::Scheduler *scheduler = nullptr;
    uint64_t seen = 0;
    bool before_wait() override {
        uint64_t now = scheduler->stats().switches;
        bool ran = now != seen;
        seen = now;
        return ran;
    }
    // The condition alone decides when the loop ends (as in Swoole): coroutines parked for good
    // are not a deadlock then, and the process waits for what may still change the condition.
    bool keeps_alive() override { return true; }
};

}  // namespace

void release_later(zval *v) {
    LoopState *rt = t_loop_state;
    if (Z_TYPE_P(v) == IS_UNDEF) return;
    if (!Z_REFCOUNTED_P(v) || !rt) {
        zval_ptr_dtor(v);
        ZVAL_UNDEF(v);
        return;
    }
    if (Z_TYPE(rt->graveyard) != IS_ARRAY) array_init(&rt->graveyard);
    zend_hash_next_index_insert(Z_ARRVAL(rt->graveyard), v);
    ZVAL_UNDEF(v);
}

Options &options() { return t_options; }

void free_in_autoload(HashTable *&table) {
    if (!table) return;
    zend_hash_destroy(table);
    FREE_HASHTABLE(table);
    table = nullptr;
}

namespace {

LoopState *make_loop_state(loop::PollerKind poller) {
    auto rt = std::make_unique<LoopState>();
    loop::LoopOptions lo;
    lo.poller = poller;
    rt->loop = std::make_unique<loop::Loop>(std::move(lo));
    coro::SchedulerOptions so;
    so.stacks.stack_size = static_cast<size_t>(t_options.c_stack_size);
    so.max_coroutines = static_cast<size_t>(t_options.max_coroutine);
    rt->scheduler = std::make_unique<coro::Scheduler>(*rt->loop, so);
    rt->scheduler->set_switch_observer(&on_switch, rt.get());
    static std::atomic<uint64_t> generations{0};  // one count for every thread's loops
    rt->generation = ++generations;
    t_loop_state = rt.release();
    return t_loop_state;
}

}  // namespace

LoopState *loop_state() { return t_loop_state ? t_loop_state : make_loop_state(loop::PollerKind::kEpoll); }

LoopState *loop_state_for_forking() { return t_loop_state ? t_loop_state : make_loop_state(loop::PollerKind::kPoll); }

PhpCoroutine *find(zend_long cid) {
    if (!t_loop_state) return nullptr;
    return of(t_loop_state->scheduler->find(cid));
}

PhpCoroutine *require_coroutine() {
    PhpCoroutine *p = current();
    if (p) return p;
    // Fatal, as in Swoole: a `catch (Error)` around blocking-looking code must not swallow the
    // mistake and carry on. Reported as the uncaught Swoole\Error it is, with its stack trace.
    zend_throw_error(swoole_error_ce(), "API must be called in the coroutine");
    zend_exception_error(EG(exception), E_ERROR);
    zend_bailout();
}

void disarm_event_wait_at_shutdown() {
    if (t_loop_state) t_loop_state->shutdown_wait_armed = false;
}

void register_event_wait_at_shutdown(LoopState *rt) {
    rt->shutdown_wait_armed = true;
    if (rt->shutdown_registered) return;
    rt->shutdown_registered = true;
    // As in Swoole, the static method Swoole\Event::rshutdown() (event.cc) is the shutdown function.
    php_shutdown_function_entry entry;
    memset(&entry, 0, sizeof(entry));
    zval fn;
    ZVAL_STRING(&fn, "Swoole\\Event::rshutdown");
    if (zend_fcall_info_init(&fn, 0, &entry.fci, &entry.fci_cache, nullptr, nullptr) != SUCCESS) {
        zval_ptr_dtor(&fn);
        return;
    }
    register_user_shutdown_function("swoole_event_rshutdown", sizeof("swoole_event_rshutdown") - 1, &entry);
}

zend_long create(zend_fcall_info_cache *fcc, zval *callable, zval *args, uint32_t argc, bool for_run,
                 const FinishHook *on_finish) {
    LoopState *rt = loop_state();
    if (rt->pending != Pending::kNone) return -1;
    if (rt->scheduler->stats().live >= static_cast<size_t>(t_options.max_coroutine)) {
        php_error_docref(nullptr, E_WARNING, "exceed max number of coroutine %zu",
                         static_cast<size_t>(t_options.max_coroutine));
        return -1;
    }
    PhpCoroutine *p = fresh_coroutine(rt);
    p->fcc = *fcc;
    ZVAL_COPY(&p->callable, callable);
    if (argc > 0) {
        p->args = static_cast<zval *>(safe_emalloc(argc, sizeof(zval), 0));
        for (uint32_t i = 0; i < argc; ++i) ZVAL_COPY(&p->args[i], &args[i]);
        p->argc = argc;
    }
    ZVAL_UNDEF(&p->defers);
    ZVAL_UNDEF(&p->context);
    if (on_finish) p->on_finish = *on_finish;
    memset(&p->fiber, 0, sizeof(p->fiber));
    p->fiber.kind = const_cast<char *>(&kFiberKind);
    p->fiber.status = ZEND_FIBER_STATUS_INIT;
    p->vm.error_reporting = EG(error_reporting);
    p->vm.fiber_context = &p->fiber;
    // A coroutine started at top level (not by Co\run) runs on when the script body ends, as in Swoole.
    if (!for_run && !current() && !rt->running) register_event_wait_at_shutdown(rt);

    rt->fresh = p;
    auto id = rt->scheduler->create([p] { coroutine_main(p); });
    if (!id) {
        rt->fresh = nullptr;
        release_php(p);
        delete p;
        php_error_docref(nullptr, E_WARNING, "create coroutine failed: %s", error_message(id.error().code));
        return -1;
    }
    return *id;
}

void run_all() {
    LoopState *rt = loop_state();
    if (rt->running || current()) return;
    rt->running = true;
    ExitConditionHook hook;
    hook.scheduler = rt->scheduler.get();
    const bool with_condition = exit_condition_set();
    if (with_condition) rt->loop->add_hook(&hook);
    rt->exit_requested = false;
    while (rt->pending == Pending::kNone && !rt->exit_requested) {
        if (exit_condition_met()) break;
        bool more = rt->loop->run_once(-1);
        drain_graveyard(rt);
        if (more) continue;
        // The iteration that emptied the loop still ends with its cycle callbacks (they run
        // before the next wait, which would not come), as Swoole's end-of-iteration callbacks do.
        if (rt->pending == Pending::kNone && !rt->exit_requested) {
            more = rt->loop->run_once(0);
            drain_graveyard(rt);
            if (more) continue;
        }
        // Ended by an error or Event::exit() in this iteration: that is not a deadlock.
        if (rt->pending != Pending::kNone || rt->exit_requested) break;
        // Coroutines left with nothing to wake them: reported, and left suspended (as in Swoole)
        // until the request ends or something else wakes them.
        if (rt->scheduler->stats().live > 0) report_deadlock(rt);
        break;
    }
    if (with_condition) rt->loop->remove_hook(&hook);
    rt->running = false;
    // Left set until the next run: timers and events do not fire while coroutines are unwound.
}

bool check_pending() {
    LoopState *rt = t_loop_state;
    if (!rt || rt->pending == Pending::kNone) return false;
    if (rt->pending == Pending::kExit) {
        if (!EG(exception)) zend_throw_unwind_exit();
        return true;
    }
    zend_bailout();
    return true;
}

bool resumed_slow(PhpCoroutine *p) {
    if (check_pending()) return false;
    if (p && p->kill) {
        if (!EG(exception)) zend_throw_unwind_exit();
        return false;
    }
    if (p && p->throw_canceled) {
        p->throw_canceled = false;
        if (!EG(exception)) throw_error(canceled_exception_ce, SwooleError::kCoCanceled, "the coroutine was canceled");
        return false;
    }
    return true;
}

namespace {
std::vector<ReleaseFn> &release_fns() {
    static std::vector<ReleaseFn> fns;  // filled at MINIT, read-only afterwards
    return fns;
}
}  // namespace

void add_loop_release(ReleaseFn fn) { release_fns().push_back(fn); }

void rshutdown() {
    if (t_loop_state) warn_discarded_channel_waiters();
    teardown_loop_state();
    cpu_guard::stop_thread();
    zval_ptr_dtor(&t_options.exit_condition);
    t_options = Options{};
    gust::coro::set_blocking_threads(static_cast<int>(t_options.aio_worker_num));
}

void end_inherited_loop_state() {
    LoopState *rt = t_loop_state;
    if (!rt) return;
    if (strcmp(rt->loop->poller_name(), "poll") == 0) {
        teardown_loop_state();
        return;
    }
    t_loop_state = nullptr;  // forgotten, never destroyed: see the header
}

bool loop_state_busy(LoopState *rt) {
    if (rt->scheduler->stats().live > 0) return true;
    // One turn that does not block: false when nothing referenced is left.
    return rt->loop->run_once(0);
}

void teardown_loop_state() {
    LoopState *rt = t_loop_state;
    if (rt) {
        // Timers and events first: nothing may fire while the coroutines are unwound. Again after:
        // unwinding PHP code may have added some.
        for (ReleaseFn release : release_fns()) release(rt);
        if (rt->pending != Pending::kBailout && !current()) {
            // After a fatal error (an uncaught exception too) Swoole never runs them again; Gust
            // still unwinds them, to free their frames, but they report nothing more.
            // (Not EG(error_reporting): each coroutine switch restores its own.)
            const bool quiet = fatal_error_reported();
            const zend_uchar display = PG(display_errors);
            const bool log = PG(log_errors);
            if (quiet) {
                PG(display_errors) = 0;
                PG(log_errors) = false;
            }
            kill_all(rt);
            PG(display_errors) = display;
            PG(log_errors) = log;
        }
        for (ReleaseFn release : release_fns()) release(rt);
        drain_graveyard(rt);
        // Whatever is left (after a fatal error) is freed without running PHP code.
        for (coro::CoroutineId id : rt->scheduler->list()) {
            coro::Coroutine *co = rt->scheduler->find(id);
            PhpCoroutine *p = of(co);
            if (!p) continue;
            free_vm_pages(p->vm.vm_stack);
            free_in_autoload(p->vm.in_autoload);
            discard_saved_output(p->vm);
            release_php(p);
            co->set_user_data(nullptr);
            delete p;
        }
        drain_graveyard(rt);
        for (PhpCoroutine *p : rt->spare) delete p;
        rt->spare.clear();
        gust::coro::forget_fd_waits(rt->loop.get());
        forget_autoload_waits();
        rt->scheduler.reset();
        rt->loop.reset();
        delete rt;
        t_loop_state = nullptr;
    }
}

}  // namespace gust::php
