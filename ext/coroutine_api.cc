// Swoole\Coroutine, Swoole\Coroutine\run() and swoole_coroutine_*() (swoole_event_wait(): event.cc).
// Method bodies hold no C++ object with a destructor: check_pending() may longjmp out of them.
#include "coroutine.h"

extern "C" {
#include "ext/spl/spl_array.h"
#include "zend_builtin_functions.h"
}

#include "gust/base/clock.h"
#include "gust/base/error.h"

using gust::php::PhpCoroutine;

namespace {
zend_class_entry *ce_coroutine = nullptr;
zend_class_entry *ce_context = nullptr;
zend_class_entry *ce_iterator = nullptr;

gust::Nanos to_nanos(double seconds) {
    if (seconds < 0) return -1;
    return static_cast<gust::Nanos>(seconds * 1e9);
}

// The coroutine `cid` names: 0 = the running one. Null for the main context or an unknown id.
PhpCoroutine *target(zend_long cid) { return cid == 0 ? gust::php::current() : gust::php::find(cid); }

void do_create(INTERNAL_FUNCTION_PARAMETERS) {
    zend_fcall_info fci;
    zend_fcall_info_cache fcc;
    zval *args = nullptr;
    uint32_t argc = 0;
    ZEND_PARSE_PARAMETERS_START(1, -1)
        Z_PARAM_FUNC(fci, fcc)
        Z_PARAM_VARIADIC('*', args, argc)
    ZEND_PARSE_PARAMETERS_END();
    zend_long id = gust::php::create(&fcc, &fci.function_name, args, argc);
    if (gust::php::check_pending()) return;
    if (id < 0) RETURN_FALSE;
    RETURN_LONG(id);
}

void do_defer(INTERNAL_FUNCTION_PARAMETERS) {
    zend_fcall_info fci;
    zend_fcall_info_cache fcc;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_FUNC(fci, fcc)
    ZEND_PARSE_PARAMETERS_END();
    PhpCoroutine *p = gust::php::require_coroutine();
    if (!p) return;
    if (Z_TYPE(p->defers) != IS_ARRAY) array_init(&p->defers);
    Z_TRY_ADDREF(fci.function_name);
    add_next_index_zval(&p->defers, &fci.function_name);
}

void do_run(INTERNAL_FUNCTION_PARAMETERS) {
    zend_fcall_info fci;
    zend_fcall_info_cache fcc;
    zval *args = nullptr;
    uint32_t argc = 0;
    ZEND_PARSE_PARAMETERS_START(1, -1)
        Z_PARAM_FUNC(fci, fcc)
        Z_PARAM_VARIADIC('*', args, argc)
    ZEND_PARSE_PARAMETERS_END();
    gust::php::Runtime *rt = gust::php::runtime_if_any();
    if (gust::php::current() || (rt && rt->running)) {
        php_error_docref(nullptr, E_WARNING,
                         "eventLoop has already been created. unable to start Swoole\\Coroutine\\Scheduler");
        RETURN_FALSE;
    }
    zend_long id = gust::php::create(&fcc, &fci.function_name, args, argc);
    if (gust::php::check_pending()) return;
    if (id < 0) RETURN_FALSE;
    gust::php::run_all();
    if (gust::php::check_pending()) return;
    RETURN_TRUE;
}
}  // namespace

ZEND_FUNCTION(Swoole_Coroutine_run) { do_run(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(swoole_coroutine_create) { do_create(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(swoole_coroutine_defer) { do_defer(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
// Short names (coroutine_short.cc registers them under swoole.use_shortname).
ZEND_FUNCTION(go) { do_create(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(defer) { do_defer(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(Co_run) { do_run(INTERNAL_FUNCTION_PARAM_PASSTHRU); }

ZEND_METHOD(Swoole_Coroutine, create) { do_create(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Coroutine, defer) { do_defer(INTERNAL_FUNCTION_PARAM_PASSTHRU); }

ZEND_METHOD(Swoole_Coroutine, set) {
    HashTable *opts;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ARRAY_HT(opts)
    ZEND_PARSE_PARAMETERS_END();
    gust::php::Options &o = gust::php::options();
    zval *v;
    if ((v = zend_hash_str_find(opts, ZEND_STRL("max_coroutine")))) {
        zend_long n = zval_get_long(v);
        o.max_coroutine = n > 0 ? n : 100000;
        if (gust::php::Runtime *rt = gust::php::runtime_if_any()) {
            rt->scheduler->set_max_coroutines(static_cast<size_t>(o.max_coroutine));
        }
    }
    if ((v = zend_hash_str_find(opts, ZEND_STRL("c_stack_size"))) ||
        (v = zend_hash_str_find(opts, ZEND_STRL("stack_size")))) {
        // Takes effect when the runtime starts (the first coroutine of the request).
        zend_long n = zval_get_long(v);
        if (n >= 64 * 1024 && n <= 16 * 1024 * 1024) o.c_stack_size = n;
    }
    if ((v = zend_hash_str_find(opts, ZEND_STRL("enable_deadlock_check")))) o.deadlock_check = zend_is_true(v);
}

ZEND_METHOD(Swoole_Coroutine, getOptions) {
    ZEND_PARSE_PARAMETERS_NONE();
    gust::php::Options &o = gust::php::options();
    array_init(return_value);
    add_assoc_long(return_value, "max_coroutine", o.max_coroutine);
    add_assoc_long(return_value, "c_stack_size", o.c_stack_size);
    add_assoc_bool(return_value, "enable_deadlock_check", o.deadlock_check);
}

ZEND_METHOD(Swoole_Coroutine, exists) {
    zend_long cid;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(cid)
    ZEND_PARSE_PARAMETERS_END();
    RETURN_BOOL(cid > 0 && gust::php::find(cid) != nullptr);
}

ZEND_METHOD(Swoole_Coroutine, yield) {
    ZEND_PARSE_PARAMETERS_NONE();
    PhpCoroutine *p = gust::php::require_coroutine();
    if (!p) return;
    if (p->kill) return;
    (void)gust::php::runtime()->scheduler->yield();
    if (!gust::php::resumed(p)) return;
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine, resume) {
    zend_long cid;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(cid)
    ZEND_PARSE_PARAMETERS_END();
    gust::php::Runtime *rt = gust::php::runtime_if_any();
    PhpCoroutine *self = gust::php::current();
    // One lookup: the core refuses (kErrInvalid) anything that is not suspended by yield().
    if (!rt || (self && self->kill) || !rt->scheduler->resume(cid)) {
        if (EG(exception)) return;
        php_error_docref(nullptr, E_WARNING,
                         "you can not resume the coroutine which is in IO operation or non-existent");
        RETURN_FALSE;
    }
    if (!gust::php::resumed(self)) return;
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine, cancel) {
    zend_long cid;
    bool throw_exception = false;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_LONG(cid)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(throw_exception)
    ZEND_PARSE_PARAMETERS_END();
    (void)throw_exception;
    gust::php::Runtime *rt = gust::php::runtime_if_any();
    gust::coro::Coroutine *co = rt ? rt->scheduler->find(cid) : nullptr;
    if (!co || co->state() != gust::coro::CoState::kParked) RETURN_FALSE;
    RETURN_BOOL(rt->scheduler->cancel(cid));
}

ZEND_METHOD(Swoole_Coroutine, isCanceled) {
    ZEND_PARSE_PARAMETERS_NONE();
    PhpCoroutine *p = gust::php::require_coroutine();
    if (!p) return;
    RETURN_BOOL(p->co->canceled());
}

ZEND_METHOD(Swoole_Coroutine, join) {
    HashTable *ids;
    double timeout = -1;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_ARRAY_HT(ids)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    PhpCoroutine *p = gust::php::require_coroutine();
    if (!p) return;
    gust::Nanos deadline = timeout < 0 ? -1 : gust::monotonic_now() + to_nanos(timeout);
    zval *v;
    bool ok = true;
    ZEND_HASH_FOREACH_VAL(ids, v) {
        zend_long cid = zval_get_long(v);
        if (cid == p->co->id()) {
            ok = false;
            continue;
        }
        gust::Nanos left = deadline < 0 ? -1 : deadline - gust::monotonic_now();
        if (deadline >= 0 && left < 0) left = 0;
        int rc = gust::php::runtime()->scheduler->join(cid, left);
        if (!gust::php::resumed(p)) return;
        if (rc != 0) {
            ok = false;
            break;
        }
    }
    ZEND_HASH_FOREACH_END();
    RETURN_BOOL(ok);
}

ZEND_METHOD(Swoole_Coroutine, stats) {
    ZEND_PARSE_PARAMETERS_NONE();
    gust::php::Runtime *rt = gust::php::runtime_if_any();
    gust::coro::SchedulerStats s;
    if (rt) s = rt->scheduler->stats();
    array_init(return_value);
    add_assoc_long(return_value, "event_num", rt ? static_cast<zend_long>(rt->loop->stats().watches) : 0);
    add_assoc_long(return_value, "signal_listener_num", 0);
    add_assoc_long(return_value, "aio_task_num", 0);
    add_assoc_long(return_value, "aio_worker_num", 0);
    add_assoc_long(return_value, "aio_queue_size", 0);
    add_assoc_long(return_value, "c_stack_size", gust::php::options().c_stack_size);
    add_assoc_long(return_value, "coroutine_num", static_cast<zend_long>(s.live));
    add_assoc_long(return_value, "coroutine_peak_num", static_cast<zend_long>(s.peak));
    add_assoc_long(return_value, "coroutine_last_cid", static_cast<zend_long>(s.created));
}

ZEND_METHOD(Swoole_Coroutine, getCid) {
    ZEND_PARSE_PARAMETERS_NONE();
    PhpCoroutine *p = gust::php::current();
    RETURN_LONG(p ? p->co->id() : -1);
}

ZEND_METHOD(Swoole_Coroutine, getPcid) {
    zend_long cid = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(cid)
    ZEND_PARSE_PARAMETERS_END();
    PhpCoroutine *p = target(cid);
    if (!p) RETURN_FALSE;
    gust::coro::CoroutineId parent = p->co->parent_id();
    RETURN_LONG(parent > 0 ? parent : -1);
}

ZEND_METHOD(Swoole_Coroutine, getContext) {
    zend_long cid = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(cid)
    ZEND_PARSE_PARAMETERS_END();
    PhpCoroutine *p = target(cid);
    if (!p) RETURN_NULL();
    if (Z_TYPE(p->context) == IS_UNDEF) object_init_ex(&p->context, ce_context);
    RETURN_COPY(&p->context);
}

ZEND_METHOD(Swoole_Coroutine, getBackTrace) {
    zend_long cid = 0;
    zend_long options = DEBUG_BACKTRACE_PROVIDE_OBJECT;
    zend_long limit = 0;
    ZEND_PARSE_PARAMETERS_START(0, 3)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(cid)
        Z_PARAM_LONG(options)
        Z_PARAM_LONG(limit)
    ZEND_PARSE_PARAMETERS_END();
    PhpCoroutine *self = gust::php::current();
    PhpCoroutine *p = target(cid);
    if (!p) RETURN_FALSE;
    if (p == self) {
        zend_fetch_debug_backtrace(return_value, 1, static_cast<int>(options), static_cast<int>(limit));
        return;
    }
    // Another coroutine: walk its saved frames in place of ours.
    zend_execute_data *mine = EG(current_execute_data);
    EG(current_execute_data) = p->vm.current_execute_data;
    zend_fetch_debug_backtrace(return_value, 0, static_cast<int>(options), static_cast<int>(limit));
    EG(current_execute_data) = mine;
}

ZEND_METHOD(Swoole_Coroutine, getElapsed) {
    zend_long cid = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(cid)
    ZEND_PARSE_PARAMETERS_END();
    PhpCoroutine *p = target(cid);
    if (!p) RETURN_LONG(-1);
    RETURN_LONG(static_cast<zend_long>((gust::monotonic_now() - p->co->created_at()) / 1000000));
}

ZEND_METHOD(Swoole_Coroutine, list) {
    ZEND_PARSE_PARAMETERS_NONE();
    zval ids;
    array_init(&ids);
    if (gust::php::Runtime *rt = gust::php::runtime_if_any()) {
        for (gust::coro::CoroutineId id : rt->scheduler->list()) add_next_index_long(&ids, id);
    }
    object_init_ex(return_value, ce_iterator);
    zend_call_known_instance_method_with_1_params(ce_iterator->constructor, Z_OBJ_P(return_value), nullptr, &ids);
    zval_ptr_dtor(&ids);
}

ZEND_METHOD(Swoole_Coroutine, sleep) {
    double seconds;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_DOUBLE(seconds)
    ZEND_PARSE_PARAMETERS_END();
    PhpCoroutine *p = gust::php::require_coroutine();
    if (!p) return;
    if (p->kill) RETURN_FALSE;
    int rc = gust::php::runtime()->scheduler->sleep(to_nanos(seconds < 0 ? 0 : seconds));
    if (!gust::php::resumed(p)) return;
    RETURN_BOOL(rc == 0);
}

#include "stubs/coroutine_arginfo.h"

void register_short_names();  // coroutine_short.cc

void gust::php::register_coroutine(int module_number) {
    (void)module_number;
    zend_register_functions(nullptr, ext_functions, nullptr, MODULE_PERSISTENT);
    ce_coroutine = register_class_Swoole_Coroutine();
    ce_context = register_class_Swoole_Coroutine_Context(spl_ce_ArrayObject);
    ce_iterator = register_class_Swoole_Coroutine_Iterator(spl_ce_ArrayIterator);
    if (GUST_G(use_shortname)) {
        zend_register_class_alias("Co", ce_coroutine);
        register_short_names();
    }
}
