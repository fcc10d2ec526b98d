// Swoole\Coroutine, Swoole\Coroutine\run() and swoole_coroutine_*() (swoole_event_wait(): event.cc).
// Method bodies hold no C++ object with a destructor: check_pending() may longjmp out of them.
#include "coroutine/coroutine.h"
#include "common/hook_registry.h"

extern "C" {
#include "ext/spl/spl_array.h"
#include "zend_builtin_functions.h"
}

#include "gust/base/clock.h"
#include "gust/base/error.h"
#include "gust/coro/blocking.h"

using gust::php::PhpCoroutine;

namespace {
zend_class_entry *ce_coroutine = nullptr;
zend_class_entry *ce_context = nullptr;
zend_class_entry *ce_iterator = nullptr;

// The coroutine `cid` names: 0 = the running one. Null for the main context or an unknown id.
PhpCoroutine *target(zend_long cid) { return cid == 0 ? gust::php::current() : gust::php::find(cid); }

// A __destruct run by the request's shutdown (after the shutdown functions began), outside every
// coroutine.
bool called_from_destructor_at_shutdown(zend_execute_data *execute_data) {
    if (!(EG(flags) & EG_FLAGS_IN_SHUTDOWN) || gust::php::current()) return false;
    zend_execute_data *caller = execute_data->prev_execute_data;
    if (!caller || !caller->func || !caller->func->common.function_name) return false;
    return zend_string_equals_literal_ci(caller->func->common.function_name, "__destruct");
}

void do_create(INTERNAL_FUNCTION_PARAMETERS) {
    zend_fcall_info fci;
    zend_fcall_info_cache fcc;
    zval *args = nullptr;
    uint32_t argc = 0;
    ZEND_PARSE_PARAMETERS_START(1, -1)
        Z_PARAM_FUNC(fci, fcc)
        Z_PARAM_VARIADIC('*', args, argc)
    ZEND_PARSE_PARAMETERS_END();
    if (called_from_destructor_at_shutdown(execute_data)) {
        // As in Swoole: nothing would run the coroutine any more (the script-end loop is over).
        php_error_docref(nullptr, E_ERROR, "can not use coroutine in __destruct after php_request_shutdown");
        RETURN_FALSE;
    }
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
    gust::php::RunTask task{&fcc, &fci.function_name, args, argc};
    const bool ok = gust::php::run_tasks(&task, 1);
    if (gust::php::check_pending()) return;
    RETURN_BOOL(ok);
}
}  // namespace

bool gust::php::run_tasks(const RunTask *tasks, size_t n) {
    LoopState *rt = loop_state_if_any();
    if (current() || (rt && rt->running)) {
        php_error_docref(nullptr, E_WARNING,
                         "eventLoop has already been created. unable to start Swoole\\Coroutine\\Scheduler");
        return false;
    }
    // Inside Co\run everything is hooked unless Co::set() chose the flags (Swoole >= 4.6), or the
    // Runtime API did (enableCoroutine(SWOOLE_HOOK_TCP) then Co\run keeps just TCP, as in Swoole).
    const Options &o = options();
    const uint32_t outside_flags = hooks::flags();
    hooks::set_flags(o.hook_flags_set ? o.hook_flags : hooks::flags_chosen() ? outside_flags : hooks::kAll);
    size_t started = 0;
    for (size_t i = 0; i < n && !loop_state()->pending_any(); ++i) {
        if (create(tasks[i].fcc, tasks[i].callable, tasks[i].args, tasks[i].argc, true) >= 0) ++started;
    }
    if (started > 0 && !loop_state()->pending_any()) run_all();
    hooks::set_flags(outside_flags);
    return started == n;
}

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
        if (gust::php::LoopState *rt = gust::php::loop_state_if_any()) {
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
    if ((v = zend_hash_str_find(opts, ZEND_STRL("name_resolver")))) {
        // A list of resolvers, each added as swoole_name_resolver_add() does.
        if (Z_TYPE_P(v) != IS_ARRAY) {
            zend_type_error("Swoole\\Coroutine::set(): option 'name_resolver' must be an array of objects");
            RETURN_THROWS();
        }
        zval *ns;
        ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), ns) {
            if (Z_TYPE_P(ns) == IS_OBJECT) gust::php::name_resolver_add(Z_OBJ_P(ns));
        }
        ZEND_HASH_FOREACH_END();
    }
    auto seconds = [&](const char *key, size_t len, double *out) {
        if (zval *t = zend_hash_str_find(opts, key, len)) {
            double d = zval_get_double(t);
            *out = d <= 0 ? -1 : d;
        }
    };
    // socket_timeout first: the specific read/write keys given beside it win, as in Swoole.
    if ((v = zend_hash_str_find(opts, ZEND_STRL("socket_timeout")))) {
        double d = zval_get_double(v);
        o.socket_read_timeout = o.socket_write_timeout = d <= 0 ? -1 : d;
        o.socket_read_timeout_set = o.socket_write_timeout_set = true;
    }
    seconds(ZEND_STRL("socket_connect_timeout"), &o.socket_connect_timeout);
    seconds(ZEND_STRL("socket_dns_timeout"), &o.socket_dns_timeout);
    // socket_recv_timeout / socket_send_timeout: Swoole's other names of the read / write timeouts
    // (the names above win when both are given).
    if (zend_hash_str_exists(opts, ZEND_STRL("socket_recv_timeout"))) o.socket_read_timeout_set = true;
    if (zend_hash_str_exists(opts, ZEND_STRL("socket_send_timeout"))) o.socket_write_timeout_set = true;
    seconds(ZEND_STRL("socket_recv_timeout"), &o.socket_read_timeout);
    seconds(ZEND_STRL("socket_send_timeout"), &o.socket_write_timeout);
    if (zend_hash_str_exists(opts, ZEND_STRL("socket_read_timeout"))) o.socket_read_timeout_set = true;
    if (zend_hash_str_exists(opts, ZEND_STRL("socket_write_timeout"))) o.socket_write_timeout_set = true;
    seconds(ZEND_STRL("socket_read_timeout"), &o.socket_read_timeout);
    seconds(ZEND_STRL("socket_write_timeout"), &o.socket_write_timeout);
    if ((v = zend_hash_str_find(opts, ZEND_STRL("aio_worker_num")))) {
        zend_long n = zval_get_long(v);
        if (n < 1 || n > 1024) {
            zend_argument_value_error(1, "aio_worker_num must be between 1 and 1024");
            return;
        }
        o.aio_worker_num = n;
        gust::coro::set_blocking_threads(static_cast<int>(n));
    }
    if ((v = zend_hash_str_find(opts, ZEND_STRL("exit_condition")))) {
        if (Z_TYPE_P(v) != IS_NULL && !zend_is_callable(v, 0, nullptr)) {
            zend_argument_type_error(1, "exit_condition must be a callable or null");
            return;
        }
        zval_ptr_dtor(&o.exit_condition);
        ZVAL_UNDEF(&o.exit_condition);
        if (Z_TYPE_P(v) != IS_NULL) ZVAL_COPY(&o.exit_condition, v);
    }
    if ((v = zend_hash_str_find(opts, ZEND_STRL("hook_flags")))) {
        o.hook_flags_set = true;
        o.hook_flags = static_cast<uint32_t>(zval_get_long(v));
        gust::php::hooks::warn_unimplemented(o.hook_flags);
        // Inside a running scheduler the new flags apply at once.
        if (gust::php::LoopState *rt = gust::php::loop_state_if_any(); rt && rt->running) {
            gust::php::hooks::set_flags(o.hook_flags);
        }
    }
}

ZEND_METHOD(Swoole_Coroutine, getOptions) {
    ZEND_PARSE_PARAMETERS_NONE();
    gust::php::Options &o = gust::php::options();
    array_init(return_value);
    add_assoc_long(return_value, "max_coroutine", o.max_coroutine);
    add_assoc_long(return_value, "c_stack_size", o.c_stack_size);
    add_assoc_bool(return_value, "enable_deadlock_check", o.deadlock_check);
    add_assoc_long(
        return_value, "hook_flags",
        (o.hook_flags_set ? o.hook_flags : gust::php::hooks::flags()) & gust::php::hooks::implemented_flags());
    add_assoc_double(return_value, "socket_connect_timeout", o.socket_connect_timeout);
    add_assoc_double(return_value, "socket_read_timeout", o.socket_read_timeout);
    add_assoc_double(return_value, "socket_write_timeout", o.socket_write_timeout);
    add_assoc_double(return_value, "socket_dns_timeout", o.socket_dns_timeout);
    add_assoc_long(return_value, "aio_worker_num", o.aio_worker_num);
    if (Z_TYPE(o.exit_condition) != IS_UNDEF) {
        Z_TRY_ADDREF(o.exit_condition);
        add_assoc_zval(return_value, "exit_condition", &o.exit_condition);
    }
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
    if (p->kill) return;
    const bool canceled = !gust::php::loop_state()->scheduler->yield().ok();
    if (!gust::php::resumed(p)) return;
    if (canceled) {
        gust::php::set_last_error(gust::php::SwooleError::kCoCanceled);
        RETURN_FALSE;
    }
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine, resume) {
    zend_long cid;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(cid)
    ZEND_PARSE_PARAMETERS_END();
    gust::php::LoopState *rt = gust::php::loop_state_if_any();
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
    gust::php::LoopState *rt = gust::php::loop_state_if_any();
    gust::coro::Coroutine *co = rt ? rt->scheduler->find(cid) : nullptr;
    PhpCoroutine *target_p = co ? static_cast<PhpCoroutine *>(co->user_data()) : nullptr;
    if (!target_p) {
        gust::php::set_last_error(gust::php::SwooleError::kCoNotExists);
        RETURN_FALSE;
    }
    // Only a coroutine waiting on something (I/O, sleep, channel, yield...) can be canceled, as in
    // Swoole: not the running one, nor one woken and handed a result it has not seen yet.
    if (!rt->scheduler->interruptible(co)) {
        gust::php::set_last_error(gust::php::SwooleError::kCoCannotCancel);
        RETURN_FALSE;
    }
    if (!rt->scheduler->cancel(cid)) RETURN_FALSE;
    target_p->throw_canceled = throw_exception;
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine, isCanceled) {
    ZEND_PARSE_PARAMETERS_NONE();
    PhpCoroutine *p = gust::php::require_coroutine();
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
    // As Swoole: joining oneself fails before anything is waited for; ids of coroutines that have
    // ended (or never existed) are skipped, but at least one must be running.
    zval *v;
    bool any = false;
    ZEND_HASH_FOREACH_VAL(ids, v) {
        zend_long cid = zval_get_long(v);
        if (cid == p->co->id()) {
            gust::php::set_last_error(gust::php::SwooleError::kWrongOperation);
            gust::php::swoole_warning("can not join self");
            RETURN_FALSE;
        }
        if (PhpCoroutine *target = gust::php::find(cid)) {
            // One joiner per coroutine, as in Swoole.
            if (target->co->has_joiners()) {
                gust::php::set_last_error(gust::php::SwooleError::kCoHasBeenBound);
                RETURN_FALSE;
            }
            any = true;
        }
    }
    ZEND_HASH_FOREACH_END();
    if (!any) {
        gust::php::set_last_error(gust::php::SwooleError::kInvalidParams);
        RETURN_FALSE;
    }
    gust::Nanos deadline =
        timeout < 0 ? -1 : gust::deadline_after(gust::monotonic_now(), gust::seconds_to_nanos(timeout));
    int rc = 0;
    ZEND_HASH_FOREACH_VAL(ids, v) {
        gust::Nanos left = deadline < 0 ? -1 : deadline - gust::monotonic_now();
        if (deadline >= 0 && left < 0) left = 0;
        rc = gust::php::loop_state()->scheduler->join(zval_get_long(v), left);  // 0 at once when it has ended
        if (!gust::php::resumed(p)) return;
        if (rc != 0) break;
    }
    ZEND_HASH_FOREACH_END();
    if (rc != 0) {
        gust::php::set_last_error(gust::php::swoole_code_of(rc, gust::php::Where::kCoroutine));  // timed out, canceled
        RETURN_FALSE;
    }
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine, stats) {
    ZEND_PARSE_PARAMETERS_NONE();
    gust::php::LoopState *rt = gust::php::loop_state_if_any();
    gust::coro::SchedulerStats s;
    if (rt) s = rt->scheduler->stats();
    array_init(return_value);
    add_assoc_long(return_value, "event_num", rt ? static_cast<zend_long>(rt->loop->stats().watches) : 0);
    // The worker pool is per process (shared by every request's runtime); signals are the loop's.
    gust::coro::BlockingStats pool = gust::coro::blocking_stats();
    add_assoc_long(return_value, "signal_listener_num", rt ? static_cast<zend_long>(rt->loop->stats().signals) : 0);
    add_assoc_long(return_value, "aio_task_num", static_cast<zend_long>(pool.queued + pool.running));
    add_assoc_long(return_value, "aio_worker_num", pool.threads);
    add_assoc_long(return_value, "aio_queue_size", static_cast<zend_long>(pool.queued));
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
    if (gust::php::LoopState *rt = gust::php::loop_state_if_any()) {
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
    if (p->kill) RETURN_FALSE;
    int rc = gust::php::loop_state()->scheduler->sleep(gust::seconds_to_nanos(seconds < 0 ? 0 : seconds));
    if (!gust::php::resumed(p)) return;
    RETURN_BOOL(rc == 0);
}

ZEND_METHOD(Swoole_Coroutine, printBackTrace) {
    zend_long cid = 0;
    zend_long options = 0;
    zend_long limit = 0;
    ZEND_PARSE_PARAMETERS_START(0, 3)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(cid)
        Z_PARAM_LONG(options)
        Z_PARAM_LONG(limit)
    ZEND_PARSE_PARAMETERS_END();
    PhpCoroutine *self = gust::php::current();
    PhpCoroutine *p = target(cid);
    if (!p) {
        zend_argument_value_error(1, "must be the id of an existing coroutine");
        return;
    }
    zval trace;
    zend_execute_data *mine = EG(current_execute_data);
    if (p != self) EG(current_execute_data) = p->vm.current_execute_data;
    zend_fetch_debug_backtrace(&trace, p == self ? 1 : 0, static_cast<int>(options), static_cast<int>(limit));
    EG(current_execute_data) = mine;
    zend_string *text = zend_trace_to_string(Z_ARRVAL(trace), false);
    ZEND_WRITE(ZSTR_VAL(text), ZSTR_LEN(text));
    zend_string_release(text);
    zval_ptr_dtor(&trace);
}

ZEND_METHOD(Swoole_Coroutine, getStackUsage) {
    zend_long cid = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(cid)
    ZEND_PARSE_PARAMETERS_END();
    PhpCoroutine *p = target(cid);
    if (!p) RETURN_FALSE;
    // Bytes of PHP VM stack in use (all pages), like Swoole.
    const bool self = p == gust::php::current();
    zend_vm_stack page = self ? EG(vm_stack) : p->vm.vm_stack;
    zval *top = self ? EG(vm_stack_top) : p->vm.vm_stack_top;
    zend_long used = 0;
    for (; page; page = page->prev, top = nullptr) {
        zval *end = top ? top : page->top;
        used += static_cast<zend_long>(reinterpret_cast<char *>(end) -
                                       reinterpret_cast<char *>(ZEND_VM_STACK_ELEMENTS(page)));
    }
    RETURN_LONG(used);
}

ZEND_METHOD(Swoole_Coroutine, enableScheduler) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_FALSE;  // no preemptive scheduler (docs/DIFFERENCES.md)
}

ZEND_METHOD(Swoole_Coroutine, disableScheduler) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_FALSE;
}

ZEND_METHOD(Swoole_Coroutine, setTimeLimit) {
    double timeout;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    (void)timeout;
    RETURN_FALSE;
}

ZEND_METHOD(Swoole_ExitException, getFlags) {
    ZEND_PARSE_PARAMETERS_NONE();
    zval rv;
    RETURN_COPY(zend_read_property(gust::php::exit_exception_ce, Z_OBJ_P(ZEND_THIS), ZEND_STRL("flags"), 1, &rv));
}

ZEND_METHOD(Swoole_ExitException, getStatus) {
    ZEND_PARSE_PARAMETERS_NONE();
    zval rv;
    RETURN_COPY(zend_read_property(gust::php::exit_exception_ce, Z_OBJ_P(ZEND_THIS), ZEND_STRL("status"), 1, &rv));
}

namespace {
user_opcode_handler_t g_previous_exit_handler = nullptr;

// exit() inside a coroutine, or anywhere in a process of a started Swoole\Server, throws
// Swoole\ExitException (catchable) as in Swoole; uncaught it is reported like any uncaught
// exception, a fatal error. Elsewhere, and while a coroutine is unwound, exit() is PHP's own.
int exit_in_coroutine(zend_execute_data *execute_data) {
    PhpCoroutine *p = gust::php::current();
    zend_long flags = 0;
    if (p && !p->kill) flags |= GUST_EXIT_IN_COROUTINE;
    if (gust::php::server_started() && !(p && p->kill)) flags |= GUST_EXIT_IN_SERVER;
    if (flags == 0) {
        return g_previous_exit_handler ? g_previous_exit_handler(execute_data) : ZEND_USER_OPCODE_DISPATCH;
    }
    const zend_op *opline = EX(opline);
    zval status;
    ZVAL_NULL(&status);
    if (opline->op1_type != IS_UNUSED) {
        zval *v = zend_get_zval_ptr(opline, opline->op1_type, &opline->op1, execute_data);
        if (v) ZVAL_COPY_DEREF(&status, v);
        // The EXIT opcode consumes a temporary operand; unwinding will not free it for us.
        if (opline->op1_type & (IS_TMP_VAR | IS_VAR)) zval_ptr_dtor_nogc(EX_VAR(opline->op1.var));
    }
    // Not an error: exit() is asked for, so the last error stays as it was.
    zend_object *ex = zend_throw_exception(gust::php::exit_exception_ce, "swoole exit", 0);
    zend_update_property_long(gust::php::exit_exception_ce, ex, ZEND_STRL("flags"), flags);
    zend_update_property(gust::php::exit_exception_ce, ex, ZEND_STRL("status"), &status);
    zval_ptr_dtor(&status);
    return ZEND_USER_OPCODE_CONTINUE;  // the throw pointed the frame at the exception handler
}
}  // namespace

zend_class_entry *gust::php::exit_exception_ce = nullptr;
zend_class_entry *gust::php::canceled_exception_ce = nullptr;

// Coroutine's static aliases of System (Co::readFile(), ...) run System's methods (system.cc).
ZEND_METHOD(Swoole_Coroutine_System, gethostbyname);
ZEND_METHOD(Swoole_Coroutine_System, dnsLookup);
ZEND_METHOD(Swoole_Coroutine_System, exec);
ZEND_METHOD(Swoole_Coroutine_System, getaddrinfo);
ZEND_METHOD(Swoole_Coroutine_System, statvfs);
ZEND_METHOD(Swoole_Coroutine_System, readFile);
ZEND_METHOD(Swoole_Coroutine_System, writeFile);
ZEND_METHOD(Swoole_Coroutine_System, wait);
ZEND_METHOD(Swoole_Coroutine_System, waitPid);
ZEND_METHOD(Swoole_Coroutine_System, waitSignal);
ZEND_METHOD(Swoole_Coroutine_System, waitEvent);

#include "stubs/coroutine_arginfo.h"

ZEND_FUNCTION(swoole_async_dns_lookup_coro) {
    ZEND_MN(Swoole_Coroutine_System_dnsLookup)(INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

zend_class_entry *gust::php::register_coroutine(int module_number) {
    (void)module_number;
    zend_register_functions(nullptr, ext_functions, nullptr, MODULE_PERSISTENT);
    ce_coroutine = register_class_Swoole_Coroutine();
    ce_context = register_class_Swoole_Coroutine_Context(spl_ce_ArrayObject);
    ce_iterator = register_class_Swoole_Coroutine_Iterator(spl_ce_ArrayIterator);
    gust::php::exit_exception_ce = register_class_Swoole_ExitException(gust::php::swoole_exception_ce());
    gust::php::canceled_exception_ce =
        register_class_Swoole_Coroutine_CanceledException(gust::php::swoole_exception_ce());
    register_coroutine_symbols(module_number);
    g_previous_exit_handler = zend_get_user_opcode_handler(ZEND_EXIT);
    zend_set_user_opcode_handler(ZEND_EXIT, exit_in_coroutine);
    return ce_coroutine;
}
