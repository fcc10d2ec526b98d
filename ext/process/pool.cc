// Swoole\Process\Pool: the PHP methods and the master. The master runs no event loop: like the
// server's manager it waits in sigtimedwait() for SIGCHLD (respawn, through the core's
// RespawnPolicy), SIGTERM/SIGINT (shutdown: SIGTERM to every worker, SIGKILL to those still alive
// after max_wait_time) and SIGUSR1/SIGUSR2 (reload: every worker stops and is started again).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/msg.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <ctime>

#include "common/module.h"
#include "process/pool.h"
#include "process/process.h"
#include "gust/server/respawn.h"
#include "zend/options.h"

namespace gust::php {

zend_class_entry *ce_process_pool = nullptr;

namespace {

using PoolClass = zobj::Class<PoolObject>;

double wall_now() {
    timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return static_cast<double>(ts.tv_sec) + ts.tv_nsec / 1e9;
}

void set_prop_long(zend_object *self, const char *name, zend_long v) {
    zend_update_property_long(ce_process_pool, self, name, strlen(name), v);
}
void set_prop_bool(zend_object *self, const char *name, bool v) {
    zend_update_property_bool(ce_process_pool, self, name, strlen(name), v);
}

// Calls a master callback (start, shutdown) outside every coroutine, as Swoole does.
void call_master(zend_object *self, Callable &cb) {
    if (!cb.is_set()) return;
    zval arg, ret;
    ZVAL_OBJ(&arg, self);
    cb.call(&arg, 1, &ret);
    zval_ptr_dtor(&ret);
    if (EG(exception)) zend_clear_exception();
    // The master keeps no event loop: forked workers must not inherit one.
    if (loop_state_if_any()) teardown_loop_state();
}

bool bind_listener(PoolObject *p, const char *host, zend_long port, zend_long backlog) {
    int fd = -1;
    if (strncmp(host, "unix:", 5) == 0) {
        const char *path = host + 5;
        while (*path == '/' && path[1] == '/') ++path;
        sockaddr_un sa{};
        sa.sun_family = AF_UNIX;
        if (strlen(path) >= sizeof sa.sun_path) {
            errno = ENAMETOOLONG;
            return false;
        }
        strcpy(sa.sun_path, path);
        fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0) return false;
        unlink(path);
        if (bind(fd, reinterpret_cast<sockaddr *>(&sa), sizeof sa) != 0) goto fail;
    } else {
        sockaddr_storage ss{};
        socklen_t len;
        auto *v4 = reinterpret_cast<sockaddr_in *>(&ss);
        auto *v6 = reinterpret_cast<sockaddr_in6 *>(&ss);
        if (inet_pton(AF_INET, host, &v4->sin_addr) == 1) {
            v4->sin_family = AF_INET;
            v4->sin_port = htons(static_cast<uint16_t>(port));
            len = sizeof *v4;
        } else if (inet_pton(AF_INET6, host, &v6->sin6_addr) == 1) {
            v6->sin6_family = AF_INET6;
            v6->sin6_port = htons(static_cast<uint16_t>(port));
            len = sizeof *v6;
        } else {
            errno = EINVAL;
            return false;
        }
        fd = socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0) return false;
        int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(fd, reinterpret_cast<sockaddr *>(&ss), len) != 0) goto fail;
    }
    if (listen(fd, static_cast<int>(backlog)) != 0) goto fail;
    if (p->listen_fd >= 0) close(p->listen_fd);
    p->listen_fd = fd;
    return true;
fail:
    const int err = errno;
    close(fd);
    errno = err;
    return false;
}

struct Master {
    sigset_t watched;
    sigset_t previous;
    server::RespawnPolicy respawn;
    bool stopping = false;
    double kill_at = 0;
};

// Forks worker `id`: true in the child (which then runs the worker), false in the master.
bool spawn(zend_object *self, PoolObject *p, Master *m, size_t id) {
    pid_t pid = fork();
    if (pid < 0) {
        php_error_docref(nullptr, E_WARNING, "fork of worker #%zu failed: %s; retrying in 1 s", id, strerror(errno));
        m->respawn.retry_at(id, wall_now() + 1);
        return false;
    }
    if (pid == 0) {
        // SIGTERM stays blocked until the worker decides how it handles it (pool_worker.cc), so a
        // shutdown that comes before cannot kill it half-started.
        sigset_t mask = m->previous;
        sigaddset(&mask, SIGTERM);
        sigprocmask(SIG_SETMASK, &mask, nullptr);
        p->worker_id = static_cast<zend_long>(id);
        p->shared_pids[id] = getpid();
        return true;
    }
    p->shared_pids[id] = pid;
    m->respawn.started(id, wall_now());
    return false;
}

size_t reap(PoolObject *p, Master *m) {
    size_t reaped = 0;
    int status = 0;
    pid_t pid;
    while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
        size_t id = 0;
        const size_t n = static_cast<size_t>(p->worker_num);
        while (id < n && p->shared_pids[id] != pid) ++id;
        if (id == n) continue;  // a detached worker, or a child the user forked
        ++reaped;
        p->shared_pids[id] = 0;
        const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
        int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
        if (m->stopping && (sig == SIGTERM || sig == SIGKILL)) continue;
        if (code != 0 || sig != 0) {
            php_error_docref(nullptr, E_WARNING, "worker #%zu (pid %d) exited abnormally: code=%d, signal=%d", id,
                             static_cast<int>(pid), code, sig);
        }
        if (!m->stopping) (void)m->respawn.exited(id, wall_now(), code != 0 || sig != 0);
    }
    return reaped;
}

bool any_alive(PoolObject *p) {
    for (zend_long i = 0; i < p->worker_num; ++i) {
        if (p->shared_pids[i] > 0) return true;
    }
    return false;
}

void signal_all(PoolObject *p, int sig) {
    for (zend_long i = 0; i < p->worker_num; ++i) {
        if (p->shared_pids[i] > 0) kill(p->shared_pids[i], sig);
    }
}

void begin_shutdown(zend_object *self, PoolObject *p, Master *m) {
    if (m->stopping) return;
    m->stopping = true;
    set_prop_bool(self, "running", false);
    call_master(self, p->cb.shutdown);
    // Half a second more than the workers' own max_wait_time, so a coroutine worker that ends
    // its loop at max_wait_time still gets to run workerStop (as the server's manager does).
    m->kill_at = wall_now() + p->max_wait_time + 0.5;
    signal_all(p, SIGTERM);
}

// The master's loop. True in a freshly forked worker, false in the master once all have ended.
bool run_master(zend_object *self, PoolObject *p, Master *m) {
    const size_t n = static_cast<size_t>(p->worker_num);
    m->respawn.resize(n);
    sigemptyset(&m->watched);
    for (int sig : {SIGCHLD, SIGTERM, SIGINT, SIGUSR1, SIGUSR2, SIGRTMIN + 1}) sigaddset(&m->watched, sig);
    sigprocmask(SIG_BLOCK, &m->watched, &m->previous);
    call_master(self, p->cb.start);
    for (size_t id = 0; id < n; ++id) {
        if (spawn(self, p, m, id)) return true;
    }
    while (!m->stopping || any_alive(p)) {
        const double now = wall_now();
        double next = now + 1.0;
        for (size_t id = 0; id < n && !m->stopping; ++id) {
            const double due = m->respawn.due_at(id);
            if (p->shared_pids[id] != 0 || due == 0) continue;
            if (due <= now) {
                if (spawn(self, p, m, id)) return true;
            } else {
                next = std::min(next, due);
            }
        }
        if (m->stopping && m->kill_at > 0) {
            if (now >= m->kill_at) {
                signal_all(p, SIGKILL);
                m->kill_at = 0;
            } else {
                next = std::min(next, m->kill_at);
            }
        }
        const double wait = std::max(0.001, next - now);
        timespec ts{static_cast<time_t>(wait), static_cast<long>((wait - std::floor(wait)) * 1e9)};
        siginfo_t info;
        const int sig = sigtimedwait(&m->watched, &info, &ts);
        if (sig == SIGTERM || sig == SIGINT) {
            begin_shutdown(self, p, m);
        } else if ((sig == SIGUSR1 || sig == SIGUSR2) && !m->stopping) {
            signal_all(p, SIGTERM);  // reload: each ends gracefully and is started again at once
        } else if (sig == SIGRTMIN + 1) {
            // detach(): the worker goes on alone; its slot gets a successor at once.
            const int id = info.si_value.sival_int;
            if (id >= 0 && static_cast<size_t>(id) < n && p->shared_pids[id] == info.si_pid && !m->stopping) {
                p->shared_pids[id] = 0;
                (void)m->respawn.exited(static_cast<size_t>(id), wall_now(), false);
            }
        }
        (void)reap(p, m);
    }
    sigprocmask(SIG_SETMASK, &m->previous, nullptr);
    return false;
}

const char *ipc_name(int ipc) {
    switch (ipc) {
        case kIpcUnixSock: return "SWOOLE_IPC_UNIXSOCK";
        case kIpcMsgQueue: return "SWOOLE_IPC_MSGQUEUE";
        case kIpcSocket: return "SWOOLE_IPC_SOCKET";
        default: return "SWOOLE_IPC_NONE";
    }
}

// What start() needs before the first fork: queue, socket pairs, the shared pid table.
bool prepare(PoolObject *p) {
    if (p->ipc == kIpcSocket && !p->cb.message.is_set()) {
        set_last_error(SwooleError::kInvalidParams);
        php_error_docref(nullptr, E_WARNING, "%s needs a 'message' callback (on('message', ...))", ipc_name(p->ipc));
        return false;
    }
    if (p->ipc == kIpcSocket && p->listen_fd < 0) {
        set_last_error(SwooleError::kWrongOperation);
        php_error_docref(nullptr, E_WARNING, "SWOOLE_IPC_SOCKET needs listen() before start()");
        return false;
    }
    if (p->ipc == kIpcMsgQueue) {
        p->msqid = msgget(static_cast<key_t>(p->msgqueue_key), IPC_CREAT | 0666);
        if (p->msqid < 0) {
            php_error_docref(nullptr, E_WARNING, "msgget(" ZEND_LONG_FMT ") failed: %s", p->msgqueue_key,
                             strerror(set_last_error(errno)));
            return false;
        }
    }
    const size_t n = static_cast<size_t>(p->worker_num);
    void *mem = mmap(nullptr, n * sizeof(pid_t), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED) {
        php_error_docref(nullptr, E_WARNING, "mmap() failed: %s", strerror(set_last_error(errno)));
        return false;
    }
    p->shared_pids = static_cast<pid_t *>(mem);
    if (p->ipc == kIpcUnixSock) {
        p->pipes.assign(2 * n, -1);
        for (size_t i = 0; i < n; ++i) {
            if (socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, &p->pipes[2 * i]) != 0) {
                php_error_docref(nullptr, E_WARNING, "socketpair() failed: %s", strerror(set_last_error(errno)));
                return false;
            }
            // Room for large messages (the kernel caps it at its wmem_max/rmem_max).
            int size = 4 * 1024 * 1024;
            for (int k = 0; k < 2; ++k) {
                setsockopt(p->pipes[2 * i + k], SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
                setsockopt(p->pipes[2 * i + k], SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
            }
        }
    }
    return true;
}

PoolObject *this_pool(zval *self) { return pool_object(Z_OBJ_P(self)); }

bool in_worker(PoolObject *p) { return p->worker_id >= 0; }

}  // namespace

PoolObject::~PoolObject() {
    if (Z_TYPE(processes) != IS_UNDEF) zval_ptr_dtor(&processes);
    if (listen_fd >= 0) close(listen_fd);
    for (int fd : pipes) {
        if (fd >= 0) close(fd);
    }
    if (conn_fd >= 0) close(conn_fd);
    if (shared_pids) munmap(shared_pids, static_cast<size_t>(worker_num) * sizeof(pid_t));
    if (worker_funcs) {
        for (PoolWorkerFunc &f : *worker_funcs) zval_ptr_dtor(&f.fn);
        delete worker_funcs;
    }
}

PoolObject *pool_object(zend_object *obj) { return PoolClass::from(obj); }

zend_object *pool_process(zend_object *self, zend_long id) {
    PoolObject *p = pool_object(self);
    if (id < 0 || id >= p->worker_num) return nullptr;
    if (Z_TYPE(p->processes) == IS_UNDEF) array_init(&p->processes);
    zval *cached = zend_hash_index_find(Z_ARRVAL(p->processes), id);
    zend_object *obj;
    if (cached) {
        obj = Z_OBJ_P(cached);
    } else {
        obj = ProcessClass::make();
        ProcessObject *o = process_object(obj);
        o->pool_borrowed = true;
        o->id = id;
        if (!p->pipes.empty()) {
            // A worker reads its own end; everyone else writes to the master's end of that worker.
            const bool own = in_worker(p) && p->worker_id == id;
            o->pool_fd = p->pipes[2 * static_cast<size_t>(id) + (own ? 1 : 0)];
        }
        o->in_child = in_worker(p);
        if (p->msqid >= 0) {
            // SWOOLE_IPC_MSGQUEUE: the Process pushes to and pops from the pool's queue.
            o->msqid = p->msqid;
            zend_update_property_long(ce_process, obj, ZEND_STRL("msgQueueId"), p->msqid);
            zend_update_property_long(ce_process, obj, ZEND_STRL("msgQueueKey"), p->msgqueue_key);
        }
        zend_update_property_long(ce_process, obj, ZEND_STRL("id"), id);
        zend_update_property_long(ce_process, obj, ZEND_STRL("pipe"), o->pool_fd);
        zval zv;
        ZVAL_OBJ(&zv, obj);
        zend_hash_index_update(Z_ARRVAL(p->processes), id, &zv);
    }
    zend_update_property_long(ce_process, obj, ZEND_STRL("pid"), p->shared_pids ? p->shared_pids[id] : -1);
    return obj;
}

bool pool_start(zend_object *self) {
    PoolObject *p = pool_object(self);
    if (p->started) {
        set_last_error(SwooleError::kWrongOperation);
        php_error_docref(nullptr, E_WARNING, "this pool is running");
        return false;
    }
    if (current()) {
        set_last_error(SwooleError::kWrongOperation);
        php_error_docref(nullptr, E_WARNING, "a Process\\Pool cannot be started inside a coroutine");
        return false;
    }
    if (!prepare(p)) return false;
    p->started = true;
    p->master_pid = getpid();
    set_prop_long(self, "master_pid", p->master_pid);
    set_prop_bool(self, "running", true);
    if (loop_state_if_any()) teardown_loop_state();  // neither the master nor its workers inherit one
    auto *m = new Master();
    const bool worker = run_master(self, p, m);
    delete m;
    if (worker) {
        pool_run_worker(self);
        return true;
    }
    // Every worker is gone: the master's start() returns, and the pool may be started again.
    for (int &fd : p->pipes) {
        if (fd >= 0) close(fd);
    }
    p->pipes.clear();
    munmap(p->shared_pids, static_cast<size_t>(p->worker_num) * sizeof(pid_t));
    p->shared_pids = nullptr;
    if (Z_TYPE(p->processes) != IS_UNDEF) {
        zval_ptr_dtor(&p->processes);
        ZVAL_UNDEF(&p->processes);
    }
    p->started = false;
    return true;
}

}  // namespace gust::php

using namespace gust::php;

ZEND_METHOD(Swoole_Process_Pool, __construct) {
    zend_long worker_num, ipc = kIpcNone, key = 0;
    bool enable_coroutine = false;
    ZEND_PARSE_PARAMETERS_START(1, 4)
        Z_PARAM_LONG(worker_num)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(ipc)
        Z_PARAM_LONG(key)
        Z_PARAM_BOOL(enable_coroutine)
    ZEND_PARSE_PARAMETERS_END();
    if (worker_num <= 0 || worker_num > 65535) {
        zend_argument_value_error(1, "must be between 1 and 65535");
        RETURN_THROWS();
    }
    if (ipc < kIpcNone || ipc > kIpcSocket) {
        zend_argument_value_error(2, "must be SWOOLE_IPC_NONE, SWOOLE_IPC_UNIXSOCK, SWOOLE_IPC_MSGQUEUE or "
                                     "SWOOLE_IPC_SOCKET");
        RETURN_THROWS();
    }
    if (ipc == kIpcMsgQueue && key <= 0) {
        zend_argument_value_error(3, "must be a positive SysV key with SWOOLE_IPC_MSGQUEUE");
        RETURN_THROWS();
    }
    PoolObject *p = this_pool(ZEND_THIS);
    p->worker_num = worker_num;
    p->ipc = static_cast<int>(ipc);
    p->msgqueue_key = key;
    p->enable_coroutine = enable_coroutine;
}

ZEND_METHOD(Swoole_Process_Pool, __destruct) {}

ZEND_METHOD(Swoole_Process_Pool, set) {
    HashTable *settings;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ARRAY_HT(settings)
    ZEND_PARSE_PARAMETERS_END();
    PoolObject *p = this_pool(ZEND_THIS);
    if (opt::find(settings, "enable_coroutine"))
        p->enable_coroutine = opt::bool_of(settings, "enable_coroutine", p->enable_coroutine);
    if (zval *v = opt::find(settings, "max_wait_time")) {
        const double t = zval_get_double(v);
        if (t > 0) p->max_wait_time = t;
    }
    if (zval *v = opt::find(settings, "max_package_size")) {
        const zend_long n = zval_get_long(v);
        if (n > 0) p->max_package_size = n;
    }
    if (opt::find(settings, "enable_message_bus"))
        p->message_bus = opt::bool_of(settings, "enable_message_bus", p->message_bus);
}

ZEND_METHOD(Swoole_Process_Pool, on) {
    zend_string *name;
    zend_fcall_info fci;
    zend_fcall_info_cache fcc;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_STR(name)
        Z_PARAM_FUNC(fci, fcc)
    ZEND_PARSE_PARAMETERS_END();
    PoolObject *p = this_pool(ZEND_THIS);
    if (p->started && !in_worker(p)) {
        php_error_docref(nullptr, E_WARNING, "callbacks cannot change once the pool has started");
        RETURN_FALSE;
    }
    Callable *slot = nullptr;
    if (zend_string_equals_literal_ci(name, "workerStart")) {
        slot = &p->cb.worker_start;
    } else if (zend_string_equals_literal_ci(name, "workerStop")) {
        slot = &p->cb.worker_stop;
    } else if (zend_string_equals_literal_ci(name, "message")) {
        slot = &p->cb.message;
    } else if (zend_string_equals_literal_ci(name, "start")) {
        slot = &p->cb.start;
    } else if (zend_string_equals_literal_ci(name, "shutdown")) {
        slot = &p->cb.shutdown;
    }
    if (!slot) {
        set_last_error(SwooleError::kInvalidParams);
        php_error_docref(nullptr, E_WARNING, "unknown event '%s' (workerStart, workerStop, message, start, shutdown)",
                         ZSTR_VAL(name));
        RETURN_FALSE;
    }
    slot->assign(&fci, &fcc);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Process_Pool, getProcess) {
    zend_long id = -1;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(id)
    ZEND_PARSE_PARAMETERS_END();
    PoolObject *p = this_pool(ZEND_THIS);
    if (!p->started) {
        set_last_error(SwooleError::kWrongOperation);
        php_error_docref(nullptr, E_WARNING, "the pool has not been started");
        RETURN_FALSE;
    }
    if (id < 0) id = p->worker_id;
    zend_object *obj = pool_process(Z_OBJ_P(ZEND_THIS), id);
    if (!obj) {
        set_last_error(SwooleError::kInvalidParams);
        php_error_docref(nullptr, E_WARNING,
                         "invalid worker id " ZEND_LONG_FMT " (the pool has " ZEND_LONG_FMT " workers)", id,
                         p->worker_num);
        RETURN_FALSE;
    }
    RETURN_OBJ_COPY(obj);
}

ZEND_METHOD(Swoole_Process_Pool, listen) {
    zend_string *host;
    zend_long port = 0, backlog = 2048;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_STR(host)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(port)
        Z_PARAM_LONG(backlog)
    ZEND_PARSE_PARAMETERS_END();
    PoolObject *p = this_pool(ZEND_THIS);
    if (p->ipc != kIpcSocket) {
        set_last_error(SwooleError::kWrongOperation);
        php_error_docref(nullptr, E_WARNING, "listen() needs a pool made with SWOOLE_IPC_SOCKET");
        RETURN_FALSE;
    }
    if (p->started) {
        set_last_error(SwooleError::kWrongOperation);
        php_error_docref(nullptr, E_WARNING, "listen() must come before start()");
        RETURN_FALSE;
    }
    if (port < 0 || port > 65535) {
        set_last_error(SwooleError::kInvalidParams);
        php_error_docref(nullptr, E_WARNING, "invalid port " ZEND_LONG_FMT, port);
        RETURN_FALSE;
    }
    if (!bind_listener(p, ZSTR_VAL(host), port, backlog)) {
        php_error_docref(nullptr, E_WARNING, "cannot listen on %s:" ZEND_LONG_FMT ": %s", ZSTR_VAL(host), port,
                         strerror(set_last_error(errno)));
        RETURN_FALSE;
    }
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Process_Pool, write) {
    zend_string *data;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(data)
    ZEND_PARSE_PARAMETERS_END();
    PoolObject *p = this_pool(ZEND_THIS);
    if (p->ipc != kIpcSocket || p->conn_fd < 0) {
        set_last_error(SwooleError::kWrongOperation);
        php_error_docref(nullptr, E_WARNING, "write() answers a message of SWOOLE_IPC_SOCKET, inside 'message'");
        RETURN_FALSE;
    }
    p->response.append(ZSTR_VAL(data), ZSTR_LEN(data));
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Process_Pool, sendMessage) {
    zend_string *data;
    zend_long dst;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_STR(data)
        Z_PARAM_LONG(dst)
    ZEND_PARSE_PARAMETERS_END();
    PoolObject *p = this_pool(ZEND_THIS);
    if (p->ipc != kIpcUnixSock || !p->started) {
        set_last_error(SwooleError::kWrongOperation);
        php_error_docref(nullptr, E_WARNING, "sendMessage() needs a started pool made with SWOOLE_IPC_UNIXSOCK");
        RETURN_FALSE;
    }
    if (dst < 0 || dst >= p->worker_num) {
        set_last_error(SwooleError::kInvalidParams);
        php_error_docref(nullptr, E_WARNING, "invalid worker id " ZEND_LONG_FMT, dst);
        RETURN_FALSE;
    }
    zend_object *proc = pool_process(Z_OBJ_P(ZEND_THIS), dst);
    ProcessObject *o = process_object(proc);
    const int fd = in_worker(p) && p->worker_id == dst ? p->pipes[2 * static_cast<size_t>(dst)] : o->pool_fd;
    const bool sent = p->message_bus ? pool_bus_send(p, fd, ZSTR_VAL(data), ZSTR_LEN(data))
                                     : pool_send_datagram(fd, ZSTR_VAL(data), ZSTR_LEN(data));
    if (sent) RETURN_TRUE;
    if (EG(exception)) return;
    php_error_docref(nullptr, E_WARNING, "sendMessage() failed: %s", strerror(set_last_error(errno)));
    RETURN_FALSE;
}

ZEND_METHOD(Swoole_Process_Pool, detach) {
    ZEND_PARSE_PARAMETERS_NONE();
    PoolObject *p = this_pool(ZEND_THIS);
    if (!in_worker(p) || p->detached) {
        set_last_error(SwooleError::kWrongOperation);
        php_error_docref(nullptr, E_WARNING, "detach() is for a worker of the pool, once");
        RETURN_FALSE;
    }
    // The master forgets this process (its slot goes empty and a successor is started); this
    // process finishes what it does and then ends without taking more messages.
    sigval v{};
    v.sival_int = static_cast<int>(p->worker_id);
    if (sigqueue(p->master_pid, SIGRTMIN + 1, v) != 0) {
        php_error_docref(nullptr, E_WARNING, "cannot tell the master: %s", strerror(set_last_error(errno)));
        RETURN_FALSE;
    }
    p->detached = true;
    p->stopping = true;
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Process_Pool, start) {
    ZEND_PARSE_PARAMETERS_NONE();
    set_workers_started(true);
    const bool ok = pool_start(Z_OBJ_P(ZEND_THIS));
    set_workers_started(false);  // the pool has ended (or never started)
    if (!ok) RETURN_FALSE;
    RETURN_NULL();
}

ZEND_METHOD(Swoole_Process_Pool, stop) {
    ZEND_PARSE_PARAMETERS_NONE();
    PoolObject *p = this_pool(ZEND_THIS);
    if (in_worker(p)) {
        // This worker leaves its message loop and ends; the master starts another.
        p->stopping = true;
        zend_update_property_bool(ce_process_pool, Z_OBJ_P(ZEND_THIS), ZEND_STRL("workerRunning"), false);
    } else if (p->started && p->master_pid == getpid()) {
        kill(getpid(), SIGTERM);
    }
}

ZEND_METHOD(Swoole_Process_Pool, shutdown) {
    ZEND_PARSE_PARAMETERS_NONE();
    PoolObject *p = this_pool(ZEND_THIS);
    if (!p->started || p->master_pid <= 0) {
        set_last_error(SwooleError::kWrongOperation);
        php_error_docref(nullptr, E_WARNING, "the pool is not running");
        RETURN_FALSE;
    }
    if (in_worker(p) && !current()) {
        // A plain worker that asks for the stop leaves its message loop after this callback and
        // runs workerStop; the master's SIGTERM must not kill it before (its default action is open
        // while PHP code runs). max_wait_time still bounds it.
        p->stopping = true;
        sigset_t term;
        sigemptyset(&term);
        sigaddset(&term, SIGTERM);
        sigprocmask(SIG_BLOCK, &term, nullptr);
    }
    if (kill(p->master_pid, SIGTERM) != 0) {
        php_error_docref(nullptr, E_WARNING, "kill(master %d) failed: %s", static_cast<int>(p->master_pid),
                         strerror(set_last_error(errno)));
        RETURN_FALSE;
    }
    RETURN_TRUE;
}

void gust::php::install_process_pool(zend_class_entry *ce) {
    ce_process_pool = ce;
    zobj::Class<PoolObject>::install(ce);
}
