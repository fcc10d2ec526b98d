// Swoole\Coroutine\Scheduler: coroutines queued with add()/parallel(), started together by start()
// the way Co\run() starts one (run_tasks()); set()/getOptions() are Coroutine::set()/getOptions().
#include "coroutine/coroutine.h"
#include "stubs/coroutine_scheduler_arginfo.h"
#include "zend/object.h"

namespace {

struct SchedulerState {
    zval tasks;  // list of [callable, [args...]]
    bool started = false;

    SchedulerState() { array_init(&tasks); }
    ~SchedulerState() { zval_ptr_dtor(&tasks); }
    void gc(zend_get_gc_buffer *buf) { zend_get_gc_buffer_add_zval(buf, &tasks); }
};

using SchedulerClass = gust::php::zobj::Class<SchedulerState>;

bool refuse_after_start(SchedulerState *s, const char *method) {
    if (!s->started) return false;
    php_error_docref(nullptr, E_WARNING, "scheduler is started, unable to execute %s", method);
    return true;
}

// Queues `times` coroutines running fci with args.
void queue(SchedulerState *s, zend_fcall_info *fci, zval *args, uint32_t argc, zend_long times) {
    zval argv;
    array_init_size(&argv, argc);
    for (uint32_t i = 0; i < argc; ++i) {
        Z_TRY_ADDREF(args[i]);
        add_next_index_zval(&argv, &args[i]);
    }
    for (zend_long i = 0; i < times; ++i) {
        zval task;
        array_init_size(&task, 2);
        Z_TRY_ADDREF(fci->function_name);
        add_next_index_zval(&task, &fci->function_name);
        Z_ADDREF(argv);
        add_next_index_zval(&task, &argv);
        add_next_index_zval(&s->tasks, &task);
    }
    zval_ptr_dtor(&argv);
}

}  // namespace

ZEND_METHOD(Swoole_Coroutine_Scheduler, add) {
    zend_fcall_info fci;
    zend_fcall_info_cache fcc;
    zval *args = nullptr;
    uint32_t argc = 0;
    ZEND_PARSE_PARAMETERS_START(1, -1)
        Z_PARAM_FUNC(fci, fcc)
        Z_PARAM_VARIADIC('*', args, argc)
    ZEND_PARSE_PARAMETERS_END();
    SchedulerState *s = SchedulerClass::from(ZEND_THIS);
    if (refuse_after_start(s, "add")) RETURN_FALSE;
    queue(s, &fci, args, argc, 1);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Scheduler, parallel) {
    zend_long n;
    zend_fcall_info fci;
    zend_fcall_info_cache fcc;
    zval *args = nullptr;
    uint32_t argc = 0;
    ZEND_PARSE_PARAMETERS_START(2, -1)
        Z_PARAM_LONG(n)
        Z_PARAM_FUNC(fci, fcc)
        Z_PARAM_VARIADIC('*', args, argc)
    ZEND_PARSE_PARAMETERS_END();
    SchedulerState *s = SchedulerClass::from(ZEND_THIS);
    if (refuse_after_start(s, "parallel")) RETURN_FALSE;
    if (n < 1) {
        zend_argument_value_error(1, "must be greater than 0");
        RETURN_THROWS();
    }
    queue(s, &fci, args, argc, n);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Scheduler, start) {
    ZEND_PARSE_PARAMETERS_NONE();
    SchedulerState *s = SchedulerClass::from(ZEND_THIS);
    if (refuse_after_start(s, "start")) RETURN_FALSE;
    HashTable *tasks = Z_ARRVAL(s->tasks);
    const uint32_t n = zend_hash_num_elements(tasks);
    // The callables were checked by add(); their caches are resolved now, in start()'s scope.
    auto *run = static_cast<gust::php::RunTask *>(safe_emalloc(n, sizeof(gust::php::RunTask), 0));
    auto *caches = static_cast<zend_fcall_info_cache *>(safe_emalloc(n, sizeof(zend_fcall_info_cache), 0));
    uint32_t ready = 0;
    zval *task;
    ZEND_HASH_FOREACH_VAL(tasks, task) {
        zval *callable = zend_hash_index_find(Z_ARRVAL_P(task), 0);
        zval *argv = zend_hash_index_find(Z_ARRVAL_P(task), 1);
        if (!zend_is_callable_ex(callable, nullptr, 0, nullptr, &caches[ready], nullptr)) continue;
        // Packed list of the arguments (add() built it with add_next_index_zval).
        run[ready] = {&caches[ready], callable, Z_ARRVAL_P(argv)->arPacked, zend_hash_num_elements(Z_ARRVAL_P(argv))};
        ++ready;
    }
    ZEND_HASH_FOREACH_END();
    s->started = true;
    // The tasks array stays alive (and unchanged: add() is refused from now on) while they run.
    const bool ok = ready == n && gust::php::run_tasks(run, ready);
    efree(run);
    efree(caches);
    if (gust::php::check_pending()) return;
    RETURN_BOOL(ok);
}

void gust::php::register_scheduler(int) {
    zend_class_entry *ce = register_class_Swoole_Coroutine_Scheduler();
    SchedulerClass::install(ce);
}
