// Swoole\Thread: `new Thread($script, ...$args)` runs $script in a new OS thread with a PHP
// request of its own (TSRM gives the thread its own executor, globals and ini values; the engine's
// classes and functions tables of MINIT are shared and read-only). Only values cross threads:
// the arguments are copied in (bridge.h), and Thread::getArguments() copies them out again.
#include <pthread.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>

#include "thread/bridge.h"
#include "thread/thread.h"
#include "common/module.h"

#ifdef ZTS
#include "SAPI.h"
#include "php_main.h"
#include "php_streams.h"
#endif

#define GUST_THREAD_HARDWARE_CONCURRENCY static_cast<zend_long>(std::thread::hardware_concurrency())

namespace {

using gust::php::thread::Value;
namespace bridge = gust::php::thread;

// One started thread, shared by its Thread object and the thread itself.
struct Run {
    std::string script;
    Value args;  // an array
    pthread_t handle{};
    std::atomic<bool> alive{false};  // true while the thread runs (Swoole: not yet right after new)
    std::atomic<int> exit_status{0};
    gust::php::thread::ScriptHooks hooks;  // a THREAD server's worker (start_script_thread)
    std::vector<std::string> argv;         // the main script's $argv, the thread's too (as in Swoole)
    // Changed only by the thread that started it (its Thread object lives there).
    bool joined = false;
    bool detached = false;
};

struct ThreadObject {
    std::shared_ptr<Run> run;
    ~ThreadObject();
};
using ThreadClass = gust::php::zobj::Class<ThreadObject>;

// PHP threads alive in the process, the main one included (Thread::activeCount()).
std::atomic<int> g_active{1};
using Started = std::vector<std::shared_ptr<Run>>;
// The run of the calling thread (nullptr in the main thread) and the threads it started, to join
// at the end of its request: module globals (common/module.h says why not thread_locals).
Run *self_run() { return static_cast<Run *>(GUST_G(thread_run)); }
Started *&started() { return reinterpret_cast<Started *&>(GUST_G(threads_started)); }

bool join_run(Run &r) {
    if (r.joined || r.detached) return false;
    r.joined = pthread_join(r.handle, nullptr) == 0;
    return r.joined;
}

ThreadObject::~ThreadObject() {
    // Like std::jthread: an object dropped before join() waits for its thread.
    if (run) join_run(*run);
}

#ifdef ZTS
// The main script's $argv, which Swoole gives every thread: the main thread's global $argv as it
// is when the thread starts (its string entries), or the copy of the thread that starts this one.
std::vector<std::string> inherited_argv() {
    if (Run *r = self_run()) return r->argv;
    std::vector<std::string> out;
    zval *argv = zend_hash_find_ind(&EG(symbol_table), ZSTR_KNOWN(ZEND_STR_ARGV));
    if (argv == nullptr || Z_TYPE_P(argv) != IS_ARRAY) return out;
    zval *entry;
    ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(argv), entry) {
        ZVAL_DEREF(entry);
        if (Z_TYPE_P(entry) == IS_STRING) out.emplace_back(Z_STRVAL_P(entry), Z_STRLEN_P(entry));
    }
    ZEND_HASH_FOREACH_END();
    return out;
}

// $argv and $argc of the thread's script (none when the main script had none, as the CLI does).
void register_argv(const std::vector<std::string> &argv) {
    if (argv.empty()) return;
    zval list, count;
    array_init_size(&list, static_cast<uint32_t>(argv.size()));
    for (const std::string &a : argv) add_next_index_stringl(&list, a.data(), a.size());
    ZVAL_LONG(&count, static_cast<zend_long>(argv.size()));
    zend_hash_update(&EG(symbol_table), ZSTR_KNOWN(ZEND_STR_ARGV), &list);
    zend_hash_update(&EG(symbol_table), ZSTR_KNOWN(ZEND_STR_ARGC), &count);
}

// STDIN, STDOUT and STDERR as the CLI defines them for its script, for this thread's request. The
// streams never close their descriptors: those are the process's.
void register_stdio() {
    struct {
        const char *name, *url, *mode;
    } const files[] = {
        {"STDIN", "php://stdin", "rb"}, {"STDOUT", "php://stdout", "wb"}, {"STDERR", "php://stderr", "wb"}};
    for (const auto &f : files) {
        if (zend_get_constant_str(f.name, strlen(f.name)) != nullptr) continue;
        php_stream *s = php_stream_open_wrapper_ex(f.url, f.mode, 0, nullptr, nullptr);
        if (s == nullptr) continue;
        s->flags |= PHP_STREAM_FLAG_NO_CLOSE;
        zend_constant c;
        php_stream_to_zval(s, &c.value);
        ZEND_CONSTANT_SET_FLAGS(&c, CONST_CS, 0);
        c.name = zend_string_init_interned(f.name, strlen(f.name), 0);
        zend_register_constant(&c);
    }
}

void *thread_main(void *arg) {
    std::shared_ptr<Run> run(std::move(*static_cast<std::shared_ptr<Run> *>(arg)));
    delete static_cast<std::shared_ptr<Run> *>(arg);
    run->alive = true;
    static_cast<void>(ts_resource(0));  // this thread's PHP globals (every module's GINIT runs)
    ZEND_TSRMLS_CACHE_UPDATE();
    GUST_G(thread_run) = run.get();
    int status = 255;
    // The process's working directory is every thread's: never chdir to the script's directory.
    SG(options) |= SAPI_OPTION_NO_CHDIR;
    if (php_request_startup() == SUCCESS) {
        SG(headers_sent) = 1;
        SG(request_info).no_headers = 1;
        CG(skip_shebang) = true;
        register_stdio();
        register_argv(run->argv);
        if (run->hooks.enter) run->hooks.enter(run->hooks.arg);
        zend_file_handle file;
        zend_stream_init_filename(&file, run->script.c_str());
        // A fatal error or exit() ends this request only (php_execute_script catches the bailout).
        php_execute_script(&file);
        zend_destroy_file_handle(&file);
        status = EG(exit_status);
        php_request_shutdown(nullptr);
    }
    GUST_G(thread_run) = nullptr;
    ts_free_thread();
    run->exit_status = status;
    run->alive = false;  // before the count drops: activeCount() == 1 means every isAlive() is false
    g_active.fetch_sub(1);
    if (run->hooks.leave) run->hooks.leave(run->hooks.arg, status);
    return nullptr;
}
#endif

Run *run_of(zval *self) {
    Run *r = ThreadClass::from(self)->run.get();
    if (r == nullptr) zend_throw_error(nullptr, "Swoole\\Thread: the constructor was not called");
    return r;
}

}  // namespace

ZEND_METHOD(Swoole_Thread, __construct) {
    zend_string *script;
    zval *args = nullptr;
    uint32_t argc = 0;
    ZEND_PARSE_PARAMETERS_START(1, -1)
        Z_PARAM_STR(script)
        Z_PARAM_VARIADIC('*', args, argc)
    ZEND_PARSE_PARAMETERS_END();
    auto *obj = ThreadClass::from(ZEND_THIS);
    if (obj->run) {
        zend_throw_error(nullptr, "Swoole\\Thread: the constructor was already called");
        RETURN_THROWS();
    }
    if (ZSTR_LEN(script) == 0 || memchr(ZSTR_VAL(script), '\0', ZSTR_LEN(script)) != nullptr) {
        zend_argument_value_error(1, "must be a file name");
        RETURN_THROWS();
    }
    auto run = std::make_shared<Run>();
    run->script.assign(ZSTR_VAL(script), ZSTR_LEN(script));
    auto entries = std::make_shared<gust::thread::ArrayEntries>();
    for (uint32_t i = 0; i < argc; ++i) {
        Value v;
        if (!bridge::to_value(&args[i], v, false)) RETURN_THROWS();
        entries->emplace_back(gust::thread::Key::of(static_cast<int64_t>(i)), std::move(v));
    }
    run->args = Value(Value::Array(std::move(entries)));
#ifdef ZTS
    run->argv = inherited_argv();
#endif
#ifdef ZTS
    auto *arg = new std::shared_ptr<Run>(run);
    // Counted from here, not from when it runs: activeCount() never misses a thread just started.
    g_active.fetch_add(1);
    int rc = pthread_create(&run->handle, nullptr, thread_main, arg);
    if (rc != 0) {
        g_active.fetch_sub(1);
        delete arg;
        zend_throw_error(nullptr, "Swoole\\Thread: cannot create a thread: %s", strerror(rc));
        RETURN_THROWS();
    }
    obj->run = run;
    Started *&mine = started();
    if (mine == nullptr) mine = new Started();
    std::erase_if(*mine, [](const auto &r) { return r->joined || r->detached; });
    mine->push_back(std::move(run));
    zend_update_property_long(Z_OBJCE_P(ZEND_THIS), Z_OBJ_P(ZEND_THIS), ZEND_STRL("id"),
                              static_cast<zend_long>(obj->run->handle));
#else
    zend_throw_error(nullptr, "Swoole\\Thread needs a thread-safe (ZTS) PHP");
#endif
}

// false when already joined, detached, or joining failed.
ZEND_METHOD(Swoole_Thread, join) {
    ZEND_PARSE_PARAMETERS_NONE();
    Run *r = run_of(ZEND_THIS);
    if (!r) RETURN_THROWS();
    RETURN_BOOL(join_run(*r));
}

ZEND_METHOD(Swoole_Thread, joinable) {
    ZEND_PARSE_PARAMETERS_NONE();
    Run *r = run_of(ZEND_THIS);
    if (!r) RETURN_THROWS();
    RETURN_BOOL(!r->joined && !r->detached);
}

ZEND_METHOD(Swoole_Thread, getExitStatus) {
    ZEND_PARSE_PARAMETERS_NONE();
    Run *r = run_of(ZEND_THIS);
    if (!r) RETURN_THROWS();
    RETURN_LONG(r->exit_status.load());
}

ZEND_METHOD(Swoole_Thread, isAlive) {
    ZEND_PARSE_PARAMETERS_NONE();
    Run *r = run_of(ZEND_THIS);
    if (!r) RETURN_THROWS();
    RETURN_BOOL(r->alive.load());
}

ZEND_METHOD(Swoole_Thread, detach) {
    ZEND_PARSE_PARAMETERS_NONE();
    Run *r = run_of(ZEND_THIS);
    if (!r) RETURN_THROWS();
    if (r->joined || r->detached) RETURN_FALSE;
    r->detached = pthread_detach(r->handle) == 0;
    RETURN_BOOL(r->detached);
}

// The arguments this thread was started with (a copy); null in the main thread.
ZEND_METHOD(Swoole_Thread, getArguments) {
    ZEND_PARSE_PARAMETERS_NONE();
    Run *self = self_run();
    if (self == nullptr) RETURN_NULL();
    bridge::to_zval(self->args, return_value);
}

ZEND_METHOD(Swoole_Thread, getId) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_LONG(static_cast<zend_long>(pthread_self()));
}

ZEND_METHOD(Swoole_Thread, getInfo) {
    ZEND_PARSE_PARAMETERS_NONE();
    array_init(return_value);
    add_assoc_bool(return_value, "is_main_thread", self_run() == nullptr);
    add_assoc_long(return_value, "thread_num", g_active.load());
}

ZEND_METHOD(Swoole_Thread, activeCount) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_LONG(g_active.load());
}

ZEND_METHOD(Swoole_Thread, yield) {
    ZEND_PARSE_PARAMETERS_NONE();
    sched_yield();
}

// The calling thread's name (Linux allows 15 bytes).
ZEND_METHOD(Swoole_Thread, setName) {
    zend_string *name;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(name)
    ZEND_PARSE_PARAMETERS_END();
    RETURN_BOOL(pthread_setname_np(pthread_self(), ZSTR_VAL(name)) == 0);
}

ZEND_METHOD(Swoole_Thread, setAffinity) {
    HashTable *cpus;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ARRAY_HT(cpus)
    ZEND_PARSE_PARAMETERS_END();
    cpu_set_t set;
    CPU_ZERO(&set);
    zval *cpu;
    ZEND_HASH_FOREACH_VAL(cpus, cpu) {
        zend_long n = zval_get_long(cpu);
        if (n < 0 || n >= CPU_SETSIZE) {
            zend_argument_value_error(1, "must hold CPU numbers from 0 to %d", CPU_SETSIZE - 1);
            RETURN_THROWS();
        }
        CPU_SET(static_cast<int>(n), &set);
    }
    ZEND_HASH_FOREACH_END();
    RETURN_BOOL(pthread_setaffinity_np(pthread_self(), sizeof(set), &set) == 0);
}

ZEND_METHOD(Swoole_Thread, getAffinity) {
    ZEND_PARSE_PARAMETERS_NONE();
    cpu_set_t set;
    CPU_ZERO(&set);
    array_init(return_value);
    if (pthread_getaffinity_np(pthread_self(), sizeof(set), &set) != 0) return;
    for (int i = 0; i < CPU_SETSIZE; ++i) {
        if (CPU_ISSET(i, &set)) add_next_index_long(return_value, i);
    }
}

// The calling thread's scheduling policy and priority (SCHED_FIFO/RR need privileges: false).
ZEND_METHOD(Swoole_Thread, setPriority) {
    zend_long priority, policy = SCHED_OTHER;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_LONG(priority)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(policy)
    ZEND_PARSE_PARAMETERS_END();
    sched_param param{};
    param.sched_priority = static_cast<int>(priority);
    RETURN_BOOL(pthread_setschedparam(pthread_self(), static_cast<int>(policy), &param) == 0);
}

ZEND_METHOD(Swoole_Thread, getPriority) {
    ZEND_PARSE_PARAMETERS_NONE();
    int policy = 0;
    sched_param param{};
    pthread_getschedparam(pthread_self(), &policy, &param);
    array_init(return_value);
    add_assoc_long(return_value, "policy", policy);
    add_assoc_long(return_value, "priority", param.sched_priority);
}

ZEND_METHOD(Swoole_Thread, getNativeId) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_LONG(static_cast<zend_long>(syscall(SYS_gettid)));
}

#include "stubs/thread_arginfo.h"

void gust::php::thread::register_thread_area(int module_number) {
    (void)module_number;
#ifdef ZTS
    ThreadClass::install(register_class_Swoole_Thread());
    register_containers(register_class_Swoole_Thread_Map(zend_ce_arrayaccess, zend_ce_countable),
                        register_class_Swoole_Thread_ArrayList(zend_ce_arrayaccess, zend_ce_countable));
    register_sync(register_class_Swoole_Thread_Queue(zend_ce_countable), register_class_Swoole_Thread_Lock(),
                  register_class_Swoole_Thread_Atomic(), register_class_Swoole_Thread_Atomic_Long(),
                  register_class_Swoole_Thread_Barrier());
#endif
}

bool gust::php::thread::start_script_thread(const std::string &script, const Value &args, const ScriptHooks &hooks,
                                            pthread_t *handle, int *err) {
#ifdef ZTS
    auto run = std::make_shared<Run>();
    run->script = script;
    run->args = args;
    run->argv = inherited_argv();
    run->hooks = hooks;
    auto *arg = new std::shared_ptr<Run>(run);
    g_active.fetch_add(1);
    const int rc = pthread_create(handle, nullptr, thread_main, arg);
    if (rc != 0) {
        g_active.fetch_sub(1);
        delete arg;
        if (err) *err = rc;
        return false;
    }
    return true;
#else
    (void)script;
    (void)args;
    (void)hooks;
    (void)handle;
    if (err) *err = ENOTSUP;
    return false;
#endif
}

void gust::php::thread::thread_rshutdown() {
    if (Started *&mine = started(); mine != nullptr) {
        for (auto &run : *mine) join_run(*run);
        delete mine;
        mine = nullptr;
    }
    if (self_run() == nullptr && g_active.load() > 1) {
        // Detached threads still run PHP code on the engine that MSHUTDOWN is about to free: the
        // process cannot end safely, so it ends here (its own output is already flushed).
        fprintf(stderr, "Swoole\\Thread: %d detached thread(s) still running at exit; the process ends now\n",
                g_active.load() - 1);
        fflush(stdout);
        fflush(stderr);
        _exit(EG(exit_status));
    }
}
