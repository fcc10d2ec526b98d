// Swoole\Timer and swoole_timer_*(): PHP timers on the request loop's timers.
//
// A timer's callback never runs on the loop's C++ stack: each expiry starts a coroutine for it
// (gust::php::create), so a fatal error or an uncaught exception ends at that coroutine's bottom
// and is re-raised by whoever runs the loop. A timer cleared from inside its own callback stays
// known (info() says removed) until that callback's first switch returns to the loop.
// Method bodies hold no C++ object with a destructor: nothing here may be unwound by a longjmp.
#include <climits>
#include <map>

#include "event/event.h"
#include "zend/callable.h"

extern "C" {
#include "ext/spl/spl_array.h"
}

namespace gust::php {
namespace {

zend_class_entry *ce_timer = nullptr;
zend_class_entry *ce_timer_iterator = nullptr;

constexpr zend_long kMinMs = 1;
// Longest interval whose nanoseconds still fit a Nanos.
constexpr zend_long kMaxMs = LLONG_MAX / 1000000;

struct PhpTimer {
    zend_long id = 0;
    loop::TimerId core = 0;
    Callable callable;     // released by release(), or handed to release_later() on the loop's stack
    zval *args = nullptr;  // a tick's args[0] is its own id
    uint32_t argc = 0;
    zend_long interval_ms = 0;  // 0: once (after)
    zend_long exec_count = 0;
    zend_long round = 0;
    Nanos deadline = 0;  // of the next expiry (kept for info() on a removed timer)
    bool removed = false;
    bool firing = false;  // its callback's coroutine is being started
};

// The request's PHP timers, created with the first one.
struct Timers {
    std::map<zend_long, PhpTimer *> by_id;  // ordered: list() gives ids in creation order
    zend_long next_id = 1;
    Nanos base = 0;  // info()'s exec_msec counts from here
    zend_long round = 0;
    uint64_t last_iteration = UINT64_MAX;  // none yet: the first round counts, even in iteration 0
    zend_long once_running = 0;            // one-shot timers whose callbacks run: still counted, as in Swoole
};

thread_local Timers *t_timers = nullptr;

void release(PhpTimer *t) {
    t->callable.reset();
    for (uint32_t i = 0; i < t->argc; ++i) zval_ptr_dtor(&t->args[i]);
    if (t->args) efree(t->args);
    delete t;
}

Timers *timers(LoopState *rt) {
    if (!t_timers) {
        t_timers = new Timers();
        rt->loop->refresh_now();
        t_timers->base = rt->loop->now();
    }
    return t_timers;
}

void on_timer(void *arg, loop::TimerId) {
    auto *t = static_cast<PhpTimer *>(arg);
    LoopState *rt = loop_state_if_any();
    Timers *ts = t_timers;
    if (!rt || !ts) return;
    if (rt->exit_requested || rt->pending != Pending::kNone) {
        // The loop is stopping (Event::exit, coroutines unwinding) or the request is ending: a
        // one-shot timer is re-armed so that a later Event::wait() still runs it.
        if (t->interval_ms == 0) {
            t->core = rt->loop->add_timer(1000000, 0, &on_timer, t);
        }
        return;
    }
    const uint64_t iteration = rt->loop->stats().iterations;
    if (iteration != ts->last_iteration) {
        ts->last_iteration = iteration;
        ++ts->round;
    }
    ++t->exec_count;
    t->round = ts->round;
    if (t->interval_ms > 0) t->deadline = rt->loop->timer_deadline(t->core);
    t->firing = true;
    const bool once = t->interval_ms == 0;
    if (once) ++ts->once_running;
    run_callback_as_configured(t->callable.cache(), t->callable.value(), t->args, t->argc);
    if (once) --ts->once_running;
    t->firing = false;
    if (t->interval_ms == 0 || t->removed) {
        ts->by_id.erase(t->id);
        // On the loop's stack: the last reference to the callable may run a destructor.
        zval fn;
        t->callable.take(&fn);
        release_later(&fn);
        for (uint32_t i = 0; i < t->argc; ++i) release_later(&t->args[i]);
        release(t);
    }
}

// Stops a timer; frees it unless its callback is being started right now (on_timer frees it then).
bool clear(LoopState *rt, Timers *ts, PhpTimer *t) {
    if (t->removed) return false;
    t->removed = true;
    if (rt) rt->loop->cancel_timer(t->core);
    if (!t->firing) {
        ts->by_id.erase(t->id);
        release(t);
    }
    return true;
}

PhpTimer *find_timer(zend_long id) {
    if (!t_timers) return nullptr;
    auto it = t_timers->by_id.find(id);
    return it == t_timers->by_id.end() ? nullptr : it->second;
}

zend_long add(LoopState *rt, zend_long ms, bool tick, zend_fcall_info *fci, zend_fcall_info_cache *fcc, zval *args,
              uint32_t argc) {
    Timers *ts = timers(rt);
    auto *t = new PhpTimer();
    t->id = ts->next_id++;
    t->callable.assign(fci, fcc);
    const uint32_t first = tick ? 1 : 0;
    t->argc = argc + first;
    if (t->argc > 0) {
        t->args = static_cast<zval *>(safe_emalloc(t->argc, sizeof(zval), 0));
        if (tick) ZVAL_LONG(&t->args[0], t->id);
        for (uint32_t i = 0; i < argc; ++i) ZVAL_COPY(&t->args[first + i], &args[i]);
    }
    if (ms > kMaxMs) ms = kMaxMs;
    t->interval_ms = tick ? ms : 0;
    const Nanos delay = gust::scaled_nanos(ms, gust::kNanosPerMilli);
    rt->loop->refresh_now();
    t->core = rt->loop->add_timer(delay, tick ? delay : 0, &on_timer, t);
    t->deadline = rt->loop->timer_deadline(t->core);
    ts->by_id.emplace(t->id, t);
    if (!current() && !rt->running) register_event_wait_at_shutdown(rt);
    return t->id;
}

void timer_add(INTERNAL_FUNCTION_PARAMETERS, bool tick) {
    zend_long ms;
    zend_fcall_info fci;
    zend_fcall_info_cache fcc;
    zval *args = nullptr;
    uint32_t argc = 0;
    ZEND_PARSE_PARAMETERS_START(2, -1)
        Z_PARAM_LONG(ms)
        Z_PARAM_FUNC(fci, fcc)
        Z_PARAM_VARIADIC('*', args, argc)
    ZEND_PARSE_PARAMETERS_END();
    if (ms < kMinMs) {
        set_last_error(SwooleError::kInvalidParams);
        php_error_docref(nullptr, E_WARNING, "Timer must be greater than or equal to 1");
        RETURN_FALSE;
    }
    LoopState *rt = loop_state();
    if (!rt || rt->pending != Pending::kNone) RETURN_FALSE;
    RETURN_LONG(add(rt, ms, tick, &fci, &fcc, args, argc));
}

void timer_exists(INTERNAL_FUNCTION_PARAMETERS) {
    zend_long id;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(id)
    ZEND_PARSE_PARAMETERS_END();
    PhpTimer *t = find_timer(id);
    RETURN_BOOL(t && !t->removed);
}

void timer_info(INTERNAL_FUNCTION_PARAMETERS) {
    zend_long id;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(id)
    ZEND_PARSE_PARAMETERS_END();
    PhpTimer *t = find_timer(id);
    if (!t) RETURN_NULL();
    LoopState *rt = loop_state_if_any();
    if (rt && !t->removed) {
        Nanos d = rt->loop->timer_deadline(t->core);
        if (d >= 0) t->deadline = d;
    }
    array_init(return_value);
    add_assoc_long(return_value, "exec_msec", static_cast<zend_long>((t->deadline - t_timers->base) / 1000000));
    add_assoc_long(return_value, "exec_count", t->exec_count);
    add_assoc_long(return_value, "interval", t->interval_ms);
    add_assoc_long(return_value, "round", t->round);
    add_assoc_bool(return_value, "removed", t->removed);
}

void timer_stats(INTERNAL_FUNCTION_PARAMETERS) {
    ZEND_PARSE_PARAMETERS_NONE();
    LoopState *rt = loop_state_if_any();
    // Every timer of the loop counts, as in Swoole (coroutine sleeps and timeouts too).
    size_t num = rt ? rt->loop->stats().timers : 0;
    if (t_timers) num += static_cast<size_t>(t_timers->once_running);
    array_init(return_value);
    add_assoc_bool(return_value, "initialized", t_timers != nullptr || num > 0);
    add_assoc_long(return_value, "num", static_cast<zend_long>(num));
    add_assoc_long(return_value, "round", t_timers ? t_timers->round : 0);
}

void timer_list(INTERNAL_FUNCTION_PARAMETERS) {
    ZEND_PARSE_PARAMETERS_NONE();
    zval ids;
    array_init(&ids);
    if (t_timers) {
        // A timer cleared from inside its own callback is gone for list() as for exists().
        for (auto &kv : t_timers->by_id) {
            if (!kv.second->removed) add_next_index_long(&ids, kv.first);
        }
    }
    object_init_ex(return_value, ce_timer_iterator);
    zend_call_known_instance_method_with_1_params(ce_timer_iterator->constructor, Z_OBJ_P(return_value), nullptr, &ids);
    zval_ptr_dtor(&ids);
}

void timer_clear(INTERNAL_FUNCTION_PARAMETERS) {
    zend_long id;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(id)
    ZEND_PARSE_PARAMETERS_END();
    PhpTimer *t = find_timer(id);
    if (!t) RETURN_FALSE;
    RETURN_BOOL(clear(loop_state_if_any(), t_timers, t));
}

bool clear_all(LoopState *rt) {
    Timers *ts = t_timers;
    if (!ts) return false;
    // clear() erases from the map: walk a copy of the ids.
    zend_long n = static_cast<zend_long>(ts->by_id.size());
    if (n == 0) return true;
    auto *ids = static_cast<zend_long *>(safe_emalloc(n, sizeof(zend_long), 0));
    zend_long i = 0;
    for (auto &kv : ts->by_id) ids[i++] = kv.first;
    for (i = 0; i < n; ++i) {
        if (PhpTimer *t = find_timer(ids[i])) (void)clear(rt, ts, t);
    }
    efree(ids);
    return true;
}

void timer_clear_all(INTERNAL_FUNCTION_PARAMETERS) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_BOOL(clear_all(loop_state_if_any()));
}

void timer_set(INTERNAL_FUNCTION_PARAMETERS) {
    HashTable *settings;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ARRAY_HT(settings)
    ZEND_PARSE_PARAMETERS_END();
    (void)settings;  // Swoole 4's only setting (enable_coroutine) is always on in Gust
}

}  // namespace

void timers_clear(LoopState *rt) { (void)clear_all(rt); }

void timers_release(LoopState *rt) {
    Timers *ts = t_timers;
    if (!ts) return;
    clear_all(rt);
    // Only a timer whose callback is being started can be left; that cannot happen at RSHUTDOWN.
    if (ts->by_id.empty()) {
        delete ts;
        t_timers = nullptr;
    }
}

}  // namespace gust::php

ZEND_FUNCTION(swoole_timer_set) { gust::php::timer_set(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(swoole_timer_tick) { gust::php::timer_add(INTERNAL_FUNCTION_PARAM_PASSTHRU, true); }
ZEND_FUNCTION(swoole_timer_after) { gust::php::timer_add(INTERNAL_FUNCTION_PARAM_PASSTHRU, false); }
ZEND_FUNCTION(swoole_timer_exists) { gust::php::timer_exists(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(swoole_timer_info) { gust::php::timer_info(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(swoole_timer_stats) { gust::php::timer_stats(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(swoole_timer_list) { gust::php::timer_list(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(swoole_timer_clear) { gust::php::timer_clear(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(swoole_timer_clear_all) { gust::php::timer_clear_all(INTERNAL_FUNCTION_PARAM_PASSTHRU); }

ZEND_METHOD(Swoole_Timer, set) { gust::php::timer_set(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Timer, tick) { gust::php::timer_add(INTERNAL_FUNCTION_PARAM_PASSTHRU, true); }
ZEND_METHOD(Swoole_Timer, after) { gust::php::timer_add(INTERNAL_FUNCTION_PARAM_PASSTHRU, false); }
ZEND_METHOD(Swoole_Timer, exists) { gust::php::timer_exists(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Timer, info) { gust::php::timer_info(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Timer, stats) { gust::php::timer_stats(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Timer, list) { gust::php::timer_list(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Timer, clear) { gust::php::timer_clear(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Timer, clearAll) { gust::php::timer_clear_all(INTERNAL_FUNCTION_PARAM_PASSTHRU); }

#include "stubs/timer_arginfo.h"

void gust::php::register_timer(int module_number) {
    zend_register_functions(nullptr, ext_functions, nullptr, MODULE_PERSISTENT);
    ce_timer = register_class_Swoole_Timer();
    ce_timer_iterator = register_class_Swoole_Timer_Iterator(spl_ce_ArrayIterator);
    REGISTER_LONG_CONSTANT("SWOOLE_TIMER_MIN_MS", kMinMs, CONST_CS | CONST_PERSISTENT);
    REGISTER_DOUBLE_CONSTANT("SWOOLE_TIMER_MIN_SEC", kMinMs / 1000.0, CONST_CS | CONST_PERSISTENT);
    REGISTER_LONG_CONSTANT("SWOOLE_TIMER_MAX_MS", ZEND_LONG_MAX, CONST_CS | CONST_PERSISTENT);
    REGISTER_DOUBLE_CONSTANT("SWOOLE_TIMER_MAX_SEC", ZEND_LONG_MAX / 1000.0, CONST_CS | CONST_PERSISTENT);
}
