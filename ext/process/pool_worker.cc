// A Process\Pool worker's life: workerStart (or a Manager's function), then its messages until it
// stops, then workerStop, then the process ends and the master starts another.
//
// Stopping. While a plain worker runs PHP code (workerStart, message), SIGTERM has its default
// action (or the handler the user set with pcntl_signal()), as in Swoole; while the worker waits
// for a message it takes SIGTERM in ppoll() and ends gracefully (workerStop runs). One that
// ignores SIGTERM is ended by the master's SIGKILL after max_wait_time. A coroutine worker takes
// SIGTERM on its event loop: the wait for the next message is canceled, running coroutines get
// max_wait_time to finish.
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/msg.h>
#include <sys/socket.h>
#include <unistd.h>

#include <arpa/inet.h>

#include <cerrno>
#include <string>

#include "process/pool.h"
#include "process/process.h"
#include "common/module.h"
#include "coroutine/fd_wait.h"
#include "zend_closures.h"

namespace gust::php {
namespace {

volatile sig_atomic_t g_term = 0;
void on_term(int) { g_term = 1; }

// A blocking msgrcv() has no ppoll()-style atomic unmask: a SIGTERM landing between the unmask and
// the call would be lost while msgrcv() sleeps on. While armed, the handler jumps out instead.
sigjmp_buf g_msgrcv_escape;
volatile sig_atomic_t g_msgrcv_armed = 0;
void on_term_in_msgrcv(int) {
    g_term = 1;
    if (g_msgrcv_armed) siglongjmp(g_msgrcv_escape, 1);
}

enum WaitResult { kReady, kStop, kRetry, kFailed };

bool coroutine_worker(PoolObject *p) {
    if (p->worker_funcs) return (*p->worker_funcs)[static_cast<size_t>(p->worker_id)].enable_coroutine;
    return p->enable_coroutine;
}

// Waits for fd to be readable, or for a stop.
WaitResult wait_readable(PoolObject *p, int fd) {
    if (p->stopping) return kStop;
    if (PhpCoroutine *co = current()) {
        p->in_ipc_wait = true;
        const int rc = wait_fd(fd, loop::kReadable, -1);
        p->in_ipc_wait = false;
        if (!resumed(co)) return kFailed;
        if (p->stopping) return kStop;
        return rc == 0 ? kReady : kFailed;
    }
    struct sigaction sa {
    }, old{};
    sa.sa_handler = on_term;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, &old);
    sigset_t mask;
    sigprocmask(SIG_SETMASK, nullptr, &mask);
    sigdelset(&mask, SIGTERM);
    pollfd pf{fd, POLLIN, 0};
    const int rc = ppoll(&pf, 1, nullptr, &mask);  // SIGTERM is taken only here
    const int err = errno;
    sigaction(SIGTERM, &old, nullptr);
    if (g_term) p->stopping = true;
    if (p->stopping) return kStop;
    if (rc < 0) return err == EINTR ? kRetry : kFailed;
    return kReady;
}

// A plain worker's PHP code runs with SIGTERM open (its default action, or the user's pcntl
// handler), as in Swoole; the worker's own code keeps it blocked and takes it in ppoll().
void open_term(bool open) {
    if (current()) return;  // a coroutine worker reads SIGTERM on its loop
    sigset_t term;
    sigemptyset(&term);
    sigaddset(&term, SIGTERM);
    sigprocmask(open ? SIG_UNBLOCK : SIG_BLOCK, &term, nullptr);
}

void call_worker_cb(zend_object *self, Callable &cb) {
    if (!cb.is_set()) return;
    zval args[2], ret;
    ZVAL_OBJ(&args[0], self);
    ZVAL_LONG(&args[1], pool_object(self)->worker_id);
    cb.call(args, 2, &ret);
    zval_ptr_dtor(&ret);
}

// Hands `data` (owned) to 'message'. No C++ object with a destructor lives across this call: a
// fatal error in the callback longjmps through the callers.
void call_message_str(zend_object *self, PoolObject *p, zend_string *data) {
    zval args[2], ret;
    ZVAL_OBJ(&args[0], self);
    ZVAL_STR(&args[1], data);
    if (p->cb.message.is_set()) {
        open_term(true);
        p->cb.message.call(args, 2, &ret);
        open_term(false);
        zval_ptr_dtor(&ret);
    }
    zval_ptr_dtor(&args[1]);
}

void call_message(zend_object *self, PoolObject *p, const char *data, size_t len) {
    call_message_str(self, p, zend_string_init(data, len, 0));
}

// SWOOLE_IPC_UNIXSOCK: each datagram on this worker's end is one message (with
// enable_message_bus, one piece of a message: pool_bus.cc).
void unixsock_messages(zend_object *self, PoolObject *p) {
    const int fd = p->pipes[2 * static_cast<size_t>(p->worker_id) + 1];
    while (!EG(exception)) {
        const WaitResult w = wait_readable(p, fd);
        if (w == kRetry) continue;
        if (w != kReady) return;
        const ssize_t size = ::recv(fd, nullptr, 0, MSG_PEEK | MSG_TRUNC | MSG_DONTWAIT);
        if (size < 0) {
            if (errno == EAGAIN || errno == EINTR) continue;
            return;
        }
        zend_string *buf = zend_string_alloc(static_cast<size_t>(size), 0);
        const ssize_t n = ::recv(fd, ZSTR_VAL(buf), static_cast<size_t>(size), MSG_DONTWAIT);
        if (n < 0) {
            zend_string_release(buf);  // taken meanwhile (a read() of the user's)
            continue;
        }
        ZSTR_LEN(buf) = static_cast<size_t>(n);
        ZSTR_VAL(buf)[n] = '\0';
        if (p->message_bus) {
            zend_string *message = pool_bus_receive(p, ZSTR_VAL(buf), ZSTR_LEN(buf));
            zend_string_release(buf);
            if (!message) continue;
            buf = message;
        }
        call_message_str(self, p, buf);
    }
}

// SWOOLE_IPC_MSGQUEUE: the workers take turns on one SysV queue.
void msgqueue_messages(zend_object *self, PoolObject *p) {
    struct Msg {
        long mtype;
        char mtext[65536];
    };
    auto *msg = static_cast<Msg *>(emalloc(sizeof(Msg)));
    while (!EG(exception) && !p->stopping) {
        ssize_t n;
        if (PhpCoroutine *co = current()) {
            // No fd to wait on: try, then sleep a little (canceled by a stop).
            n = msgrcv(p->msqid, msg, sizeof msg->mtext, 0, IPC_NOWAIT | MSG_NOERROR);
            if (n < 0 && errno == ENOMSG) {
                p->in_ipc_wait = true;
                (void)loop_state()->scheduler->sleep(10 * kNanosPerMilli);
                p->in_ipc_wait = false;
                if (!resumed(co)) break;
                continue;
            }
        } else {
            struct sigaction sa {
            }, old{};
            sa.sa_handler = on_term_in_msgrcv;
            sigemptyset(&sa.sa_mask);
            sigaction(SIGTERM, &sa, &old);
            sigset_t term;
            sigemptyset(&term);
            sigaddset(&term, SIGTERM);
            // volatile: read after a jump back (a message taken in the few instructions between
            // msgrcv's return and the store is the one case a stop can still drop).
            volatile ssize_t got = -1;
            volatile int got_err = EINTR;
            // sigsetjmp saves the mask with SIGTERM blocked; a jump back restores it.
            if (sigsetjmp(g_msgrcv_escape, 1) == 0) {
                g_msgrcv_armed = 1;
                sigprocmask(SIG_UNBLOCK, &term, nullptr);  // a pending SIGTERM jumps out right here
                if (!g_term) got = msgrcv(p->msqid, msg, sizeof msg->mtext, 0, MSG_NOERROR);
                got_err = errno;
                g_msgrcv_armed = 0;
                sigprocmask(SIG_BLOCK, &term, nullptr);
            }
            n = got;
            const int err = got_err;
            g_msgrcv_armed = 0;
            sigaction(SIGTERM, &old, nullptr);
            errno = err;
            if (g_term) p->stopping = true;
        }
        if (n < 0) {
            if (errno == EINTR || errno == ENOMSG) continue;
            php_error_docref(nullptr, E_WARNING, "msgrcv() failed: %s", strerror(errno));
            break;
        }
        call_message(self, p, msg->mtext, static_cast<size_t>(n));
    }
    efree(msg);
}

bool read_full(PoolObject *p, int fd, char *buf, size_t len) {
    size_t got = 0;
    while (got < len) {
        const ssize_t n = ::recv(fd, buf + got, len - got, MSG_DONTWAIT);
        if (n > 0) {
            got += static_cast<size_t>(n);
            continue;
        }
        if (n == 0) return false;
        if (errno == EINTR) continue;
        if (errno != EAGAIN) return false;
        const WaitResult w = wait_readable(p, fd);
        if (w == kRetry) continue;
        if (w != kReady) return false;
    }
    return true;
}

bool write_full(int fd, const char *data, size_t len) {
    size_t done = 0;
    while (done < len) {
        const ssize_t n = ::send(fd, data + done, len - done, MSG_NOSIGNAL);
        if (n > 0) {
            done += static_cast<size_t>(n);
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if (n < 0 && errno == EAGAIN && current()) {
            if (wait_fd(fd, loop::kWritable, -1) != 0) return false;
        } else {
            return false;
        }
    }
    return true;
}

// SWOOLE_IPC_SOCKET: the workers accept on the master's listening socket; each connection brings
// one message (a 4-byte big-endian length, then the bytes) and gets back what write() gathered,
// framed the same way; then it is closed.
void socket_messages(zend_object *self, PoolObject *p) {
    while (!EG(exception)) {
        const WaitResult w = wait_readable(p, p->listen_fd);
        if (w == kRetry) continue;
        if (w != kReady) return;
        const int fd = accept4(p->listen_fd, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
        if (fd < 0) continue;  // another worker took it
        uint32_t be = 0;
        if (read_full(p, fd, reinterpret_cast<char *>(&be), 4)) {
            const uint32_t len = ntohl(be);
            if (static_cast<zend_long>(len) > p->max_package_size) {
                php_error_docref(nullptr, E_WARNING,
                                 "message of %u bytes over max_package_size (" ZEND_LONG_FMT "); closed", len,
                                 p->max_package_size);
            } else {
                zend_string *buf = zend_string_alloc(len, 0);
                ZSTR_VAL(buf)[len] = '\0';
                if (!read_full(p, fd, ZSTR_VAL(buf), len)) {
                    zend_string_release(buf);
                } else {
                    p->conn_fd = fd;
                    p->response.clear();
                    call_message_str(self, p, buf);
                    if (!p->response.empty() && !EG(exception)) {
                        const uint32_t out = htonl(static_cast<uint32_t>(p->response.size()));
                        if (write_full(fd, reinterpret_cast<const char *>(&out), 4))
                            (void)write_full(fd, p->response.data(), p->response.size());
                    }
                    p->response.clear();
                    p->conn_fd = -1;
                }
            }
        }
        close(fd);
    }
}

void run_body(zend_object *self) {
    PoolObject *p = pool_object(self);
    zend_update_property_bool(ce_process_pool, self, ZEND_STRL("workerRunning"), true);
    if (p->worker_funcs) {
        PoolWorkerFunc &f = (*p->worker_funcs)[static_cast<size_t>(p->worker_id)];
        zval args[2], ret;
        ZVAL_OBJ(&args[0], self);
        ZVAL_LONG(&args[1], p->worker_id);
        open_term(true);
        call_user_function(nullptr, nullptr, &f.fn, &ret, 2, args);
        open_term(false);
        zval_ptr_dtor(&ret);
    } else {
        open_term(true);
        call_worker_cb(self, p->cb.worker_start);
        open_term(false);
    }
    if (EG(exception)) return;
    if (p->cb.message.is_set()) {
        if (p->ipc == kIpcUnixSock) unixsock_messages(self, p);
        if (p->ipc == kIpcMsgQueue) msgqueue_messages(self, p);
        if (p->ipc == kIpcSocket) socket_messages(self, p);
    }
}

// The body of a coroutine worker, as a function PHP can call in a coroutine.
zend_internal_function g_body_fn;
zval g_body_closure;
zend_fcall_info_cache g_body_fcc;

ZEND_BEGIN_ARG_INFO_EX(arginfo_body, 0, 0, 1)
ZEND_ARG_INFO(0, pool)
ZEND_END_ARG_INFO()

void body_handler(INTERNAL_FUNCTION_PARAMETERS) {
    zval *pool;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_OBJECT(pool)
    ZEND_PARSE_PARAMETERS_END();
    run_body(Z_OBJ_P(pool));
}

void max_wait_expired(void *, loop::TimerId) {
    if (LoopState *rt = loop_state_if_any()) rt->exit_requested = true;
}

void run_coroutine_worker(zend_object *self, PoolObject *p) {
    if (Z_TYPE(g_body_closure) == IS_UNDEF) {
        zend_create_fake_closure(&g_body_closure, reinterpret_cast<zend_function *>(&g_body_fn), nullptr, nullptr,
                                 nullptr);
        g_body_fcc = empty_fcall_info_cache;
        (void)zend_is_callable_ex(&g_body_closure, nullptr, 0, nullptr, &g_body_fcc, nullptr);
    }
    LoopState *rt = loop_state();
    if (!rt) return;
    const double max_wait = p->max_wait_time;
    // The loop takes SIGTERM (it stays blocked, so it waits for the loop to read it).
    (void)rt->loop->watch_signal(
        SIGTERM,
        [p, max_wait](int) {
            if (p->stopping) return;
            p->stopping = true;
            LoopState *rt = loop_state_if_any();
            if (!rt) return;
            if (p->in_ipc_wait && p->body_cid != 0) rt->scheduler->cancel(p->body_cid);
            const loop::TimerId t =
                rt->loop->add_timer(static_cast<Nanos>(max_wait * 1e9), 0, max_wait_expired, nullptr);
            rt->loop->set_timer_ref(t, false);
        },
        false);
    zval arg;
    ZVAL_OBJ(&arg, self);
    const zend_long cid = create(&g_body_fcc, &g_body_closure, &arg, 1, true);
    if (cid > 0) p->body_cid = static_cast<coro::CoroutineId>(cid);
    if (!check_pending()) run_all();
    zval_ptr_dtor(&g_body_closure);
    ZVAL_UNDEF(&g_body_closure);
}

}  // namespace

void pool_run_worker(zend_object *self) {
    PoolObject *p = pool_object(self);
    g_term = 0;
    zend_update_property_long(ce_process_pool, self, ZEND_STRL("workerId"), p->worker_id);
    zend_update_property_long(ce_process_pool, self, ZEND_STRL("workerPid"), getpid());
    zval workers;
    array_init(&workers);
    for (zend_long id = 0; id < p->worker_num; ++id) {
        zval zv;
        ZVAL_OBJ_COPY(&zv, pool_process(self, id));
        zend_hash_index_update(Z_ARRVAL(workers), id, &zv);
    }
    zend_update_property(ce_process_pool, self, ZEND_STRL("workers"), &workers);
    zval_ptr_dtor(&workers);
    if (coroutine_worker(p)) {
        run_coroutine_worker(self, p);
    } else {
        run_body(self);
    }
    // An exception out of workerStart ends the worker as an uncaught one (exit code 255): the
    // master sees an abnormal end and backs off before the next start.
    if (!check_pending() && !EG(exception)) {
        zend_update_property_bool(ce_process_pool, self, ZEND_STRL("workerRunning"), false);
        if (!EG(exception)) call_worker_cb(self, p->cb.worker_stop);
    }
    if (!check_pending() && !EG(exception)) zend_throw_unwind_exit();
}

void register_pool_worker() {
    ZVAL_UNDEF(&g_body_closure);
    memset(&g_body_fn, 0, sizeof(g_body_fn));
    g_body_fn.type = ZEND_INTERNAL_FUNCTION;
    g_body_fn.function_name = zend_string_init_interned(ZEND_STRL("Swoole\\Process\\Pool::{worker}"), 1);
    g_body_fn.num_args = 1;
    g_body_fn.required_num_args = 1;
    g_body_fn.arg_info = const_cast<zend_internal_arg_info *>(arginfo_body) + 1;
    g_body_fn.handler = body_handler;
    g_body_fn.module = module_entry();
}

}  // namespace gust::php
