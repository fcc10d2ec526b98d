// Swoole\Process: fork a child that runs a PHP callable; an optional unix socket pair (pipe_type 1:
// stream, 2: datagram) connects parent and child. read()/write() park the calling coroutine
// instead of blocking when they run inside one. Also the process side of Server::addProcess().
#include <poll.h>
#include <sys/ipc.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "process/process.h"
#include "process/process_object.h"
#include "socket/socket.h"
#include "process/pool.h"
#include "coroutine/fd_wait.h"
#include "zend/fd.h"
#include "gust/base/error.h"

namespace gust::php {

zend_class_entry *ce_process = nullptr;

namespace {

zend_long g_next_id = 0;  // Swoole's Process::$id counts the objects made in this process

}  // namespace

int process_wait_ready(int fd, uint32_t events, double timeout) {
    if (current()) return wait_fd(fd, events, timeout < 0 ? -1 : seconds_to_nanos(timeout));
    pollfd p{fd, static_cast<short>(events & loop::kWritable ? POLLOUT : POLLIN), 0};
    int ms = timeout < 0 ? -1 : static_cast<int>(timeout * 1000);
    int rc;
    do {
        rc = ::poll(&p, 1, ms);
    } while (rc < 0 && errno == EINTR);
    return rc > 0 ? 0 : (rc == 0 ? kErrTimedOut : -errno);
}

// In a child just forked: the parent's event loop, timers, events and signal handlers are not the
// child's (Swoole clears them too). The loop's kernel objects are replaced first, so that nothing
// done here touches the parent's; outside every coroutine the whole runtime goes, and the child
// starts with a fresh one when it needs it.
void process_forget_parent_loop() {
    LoopState *rt = loop_state_if_any();
    if (!rt) return;
    (void)rt->loop->after_fork();
    if (!current() && !rt->running) teardown_loop_state();
}

// Runs in the child after fork(): redirects stdio if asked, calls the callback (inside a coroutine
// runtime when enable_coroutine), then ends the child's script.
void process_run_child(zend_object *obj) {
    ProcessObject *o = process_object(obj);
    o->in_child = true;
    process_forget_parent_loop();
    if (o->fds[0] >= 0) ::close(o->fds[0]);
    o->fds[0] = -1;
    zend_update_property_long(ce_process, obj, ZEND_STRL("pid"), getpid());
    zend_update_property_long(ce_process, obj, ZEND_STRL("pipe"), o->fds[1]);
    if (o->redirect_stdio && o->fds[1] >= 0) {
        dup2(o->fds[1], STDIN_FILENO);
        dup2(o->fds[1], STDOUT_FILENO);
    }
    zval arg;
    ZVAL_OBJ(&arg, obj);
    if (o->enable_coroutine) {
        (void)create(o->callback.cache(), o->callback.value(), &arg, 1, true);
        if (!check_pending()) run_all();
    } else {
        zval ret;
        o->callback.call(&arg, 1, &ret);
        zval_ptr_dtor(&ret);
    }
    if (!check_pending() && !EG(exception)) zend_throw_unwind_exit();
}

// Forks the process (Server::addProcess uses it too). The child's pid, 0 in the child (which has
// already run and must return at once), or -errno.
pid_t process_fork(zend_object *obj) {
    ProcessObject *o = process_object(obj);
    pid_t pid = fork();
    if (pid < 0) return -errno;
    if (pid == 0) {
        process_run_child(obj);
        return 0;
    }
    if (o->fds[1] >= 0) ::close(o->fds[1]);
    o->fds[1] = -1;
    zend_update_property_long(ce_process, obj, ZEND_STRL("pid"), pid);
    zend_update_property_long(ce_process, obj, ZEND_STRL("pipe"), o->fds[0]);
    return pid;
}

void process_pipe(zend_object *obj, int *parent_end, int *child_end) {
    ProcessObject *o = process_object(obj);
    *parent_end = o->fds[0];
    *child_end = o->fds[1];
}

void process_share_pipe(zend_object *obj, int parent_end, int child_end) {
    ProcessObject *o = process_object(obj);
    for (int i = 0; i < 2; ++i) {
        const int from = i == 0 ? parent_end : child_end;
        if (o->fds[i] >= 0) ::close(o->fds[i]);
        o->fds[i] = from >= 0 ? fcntl(from, F_DUPFD_CLOEXEC, 0) : -1;
    }
}

bool process_redirects_stdio(zend_object *obj) { return process_object(obj)->redirect_stdio; }

// Whether the object is a not-yet-started Process (for addProcess).
bool process_is_fresh(zend_object *obj) { return process_object(obj)->callback.is_set(); }

}  // namespace gust::php

using namespace gust::php;

ZEND_METHOD(Swoole_Process, __construct) {
    zend_fcall_info fci;
    zend_fcall_info_cache fcc;
    bool redirect = false, enable_coroutine = false;
    zend_long pipe_type = 2;
    ZEND_PARSE_PARAMETERS_START(1, 4)
        Z_PARAM_FUNC(fci, fcc)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(redirect)
        Z_PARAM_LONG(pipe_type)
        Z_PARAM_BOOL(enable_coroutine)
    ZEND_PARSE_PARAMETERS_END();
    ProcessObject *o = process_object(Z_OBJ_P(ZEND_THIS));
    if (pipe_type < 0 || pipe_type > 2) {
        zend_argument_value_error(3, "must be 0, SOCK_STREAM (1) or SOCK_DGRAM (2)");
        RETURN_THROWS();
    }
    o->callback.assign(&fci, &fcc);
    o->redirect_stdio = redirect;
    o->enable_coroutine = enable_coroutine;
    // Redirected stdio is a byte stream: Swoole forces SOCK_STREAM then, whatever pipe_type says.
    o->pipe_type = static_cast<int>(redirect ? 1 : pipe_type);
    if (o->pipe_type > 0 && o->fds[0] < 0) {
        int type = (o->pipe_type == 1 ? SOCK_STREAM : SOCK_DGRAM) | SOCK_CLOEXEC;
        if (socketpair(AF_UNIX, type, 0, o->fds) != 0) {
            throw_error(swoole_exception_ce(), errno, "socketpair() failed: %s", strerror(errno));
            RETURN_THROWS();
        }
        zend_update_property_long(ce_process, Z_OBJ_P(ZEND_THIS), ZEND_STRL("pipe"), o->fds[0]);
    }
    o->id = ++g_next_id;
    zend_update_property_long(ce_process, Z_OBJ_P(ZEND_THIS), ZEND_STRL("id"), o->id);
    zend_update_property(ce_process, Z_OBJ_P(ZEND_THIS), ZEND_STRL("callback"), &fci.function_name);
}

ZEND_METHOD(Swoole_Process, __destruct) {}

ZEND_METHOD(Swoole_Process, start) {
    ZEND_PARSE_PARAMETERS_NONE();
    ProcessObject *o = process_object(Z_OBJ_P(ZEND_THIS));
    if (o->in_child || o->pool_borrowed || !o->callback.is_set()) {
        set_last_error(SwooleError::kWrongOperation);
        php_error_docref(
            nullptr, E_WARNING,
            o->pool_borrowed ? "a Process\\Pool worker is started by its pool" : "a child process cannot start itself");
        RETURN_FALSE;
    }
    if (current()) {
        // As in Swoole, a fatal error a catch cannot take: the child would get a copy of every
        // coroutine of this process, suspended for ever.
        throw_error(swoole_error_ce(), SwooleError::kOperationNotSupport, "must be forked outside the coroutine");
        zend_exception_error(EG(exception), E_ERROR);
        zend_bailout();
    }
    pid_t pid = process_fork(Z_OBJ_P(ZEND_THIS));
    if (pid < 0) {
        php_error_docref(nullptr, E_WARNING, "fork() failed: %s", strerror_of(set_last_error(swoole_code_of(pid))));
        RETURN_FALSE;
    }
    if (pid == 0) return;  // the child's script ends (unwind exit is pending)
    RETURN_LONG(pid);
}

ZEND_METHOD(Swoole_Process, write) {
    zend_string *data;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(data)
    ZEND_PARSE_PARAMETERS_END();
    ProcessObject *o = process_object(Z_OBJ_P(ZEND_THIS));
    int fd = process_own_fd(o);
    if (fd < 0) {
        set_last_error(SwooleError::kWrongOperation);
        php_error_docref(nullptr, E_WARNING, "the process has no pipe");
        RETURN_FALSE;
    }
    size_t done = 0;
    while (done < ZSTR_LEN(data)) {
        ssize_t n = ::send(fd, ZSTR_VAL(data) + done, ZSTR_LEN(data) - done, MSG_DONTWAIT | MSG_NOSIGNAL);
        if (n >= 0) {
            done += static_cast<size_t>(n);
            if (o->pipe_type == 2) break;  // one datagram
            continue;
        }
        if (errno == EINTR) continue;
        if ((errno != EAGAIN && errno != EWOULDBLOCK) || !o->blocking) {
            if (done > 0) break;
            php_error_docref(nullptr, E_WARNING, "write() failed: %s", strerror(set_last_error(errno)));
            RETURN_FALSE;
        }
        PhpCoroutine *p = current();
        const int rc = process_wait_ready(fd, gust::loop::kWritable, o->timeout);
        if (rc != 0 || (p && !resumed(p))) {
            if (EG(exception)) return;
            if (done > 0) break;
            if (rc != 0) set_last_error(swoole_code_of(rc));
            RETURN_FALSE;
        }
    }
    RETURN_LONG(static_cast<zend_long>(done));
}

// The pipe to the other side as a Coroutine\Socket (over a copy of this side's end; the same object
// on every call). False with a warning when the process has no pipe.
ZEND_METHOD(Swoole_Process, exportSocket) {
    ZEND_PARSE_PARAMETERS_NONE();
    ProcessObject *o = process_object(Z_OBJ_P(ZEND_THIS));
    if (o->exported && o->exported_in_child == o->in_child) {
        GC_ADDREF(o->exported);
        RETURN_OBJ(o->exported);
    }
    int fd = process_own_fd(o);
    if (fd < 0) {
        php_error_docref(nullptr, E_WARNING, "no pipe, cannot export the socket");
        RETURN_FALSE;
    }
    zend_object *sock = sock::socket_over_copy_of(fd);
    if (!sock) RETURN_FALSE;
    if (o->exported) OBJ_RELEASE(o->exported);  // the parent's, inherited by this child
    o->exported = sock;
    o->exported_in_child = o->in_child;
    GC_ADDREF(sock);
    RETURN_OBJ(sock);
}

ZEND_METHOD(Swoole_Process, read) {
    zend_long size = 8192;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(size)
    ZEND_PARSE_PARAMETERS_END();
    ProcessObject *o = process_object(Z_OBJ_P(ZEND_THIS));
    int fd = process_own_fd(o);
    if (fd < 0 || size <= 0) {
        set_last_error(fd < 0 ? SwooleError::kWrongOperation : SwooleError::kInvalidParams);
        php_error_docref(nullptr, E_WARNING, fd < 0 ? "the process has no pipe" : "size must be greater than 0");
        RETURN_FALSE;
    }
    zend_string *buf = zend_string_alloc(static_cast<size_t>(size), 0);
    int err = 0;
    for (;;) {
        ssize_t n = ::recv(fd, ZSTR_VAL(buf), static_cast<size_t>(size), MSG_DONTWAIT);
        if (n >= 0) {
            buf = zend_string_truncate(buf, static_cast<size_t>(n), 0);
            ZSTR_VAL(buf)[n] = '\0';
            RETURN_NEW_STR(buf);
        }
        if (errno == EINTR) continue;
        if ((errno != EAGAIN && errno != EWOULDBLOCK) || !o->blocking) {
            err = errno;
            break;
        }
        PhpCoroutine *p = current();
        const int rc = process_wait_ready(fd, gust::loop::kReadable, o->timeout);
        if (rc != 0 || (p && !resumed(p))) {
            err = swoole_code_of(rc);
            break;
        }
    }
    zend_string_release(buf);
    if (EG(exception)) return;
    if (err != 0) set_last_error(err);
    RETURN_FALSE;
}

ZEND_METHOD(Swoole_Process, close) {
    zend_long which = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(which)
    ZEND_PARSE_PARAMETERS_END();
    ProcessObject *o = process_object(Z_OBJ_P(ZEND_THIS));
    int fd = process_own_fd(o);
    if (fd < 0) RETURN_FALSE;
    // PIPE_READ (3) / PIPE_WRITE (4): one direction; anything else closes the pipe.
    if (which == 3 || which == 4) RETURN_BOOL(::shutdown(fd, which == 3 ? SHUT_RD : SHUT_WR) == 0);
    if (o->pool_borrowed) RETURN_FALSE;  // a pool's pipes belong to the pool
    ::close(fd);
    o->fds[o->in_child ? 1 : 0] = -1;
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Process, setTimeout) {
    double seconds;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_DOUBLE(seconds)
    ZEND_PARSE_PARAMETERS_END();
    process_object(Z_OBJ_P(ZEND_THIS))->timeout = seconds;
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Process, setBlocking) {
    bool blocking;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_BOOL(blocking)
    ZEND_PARSE_PARAMETERS_END();
    process_object(Z_OBJ_P(ZEND_THIS))->blocking = blocking;
}

ZEND_METHOD(Swoole_Process, name) {
    zend_string *name;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(name)
    ZEND_PARSE_PARAMETERS_END();
    // The command line `ps aux` shows (the CLI's cli_set_process_title()), and the kernel's name
    // of the thread (15 bytes, `ps -o comm`).
    bool ok = prctl(PR_SET_NAME, ZSTR_VAL(name), 0, 0, 0) == 0;
    if (zend_hash_str_exists(CG(function_table), ZEND_STRL("cli_set_process_title"))) {
        zval fname, arg, ret;
        ZVAL_STRING(&fname, "cli_set_process_title");
        ZVAL_STR(&arg, name);
        ok = call_user_function(nullptr, nullptr, &fname, &ret, 1, &arg) == SUCCESS && zend_is_true(&ret) && ok;
        zval_ptr_dtor(&fname);
        zval_ptr_dtor(&ret);
    }
    RETURN_BOOL(ok);
}

ZEND_METHOD(Swoole_Process, exit) {
    zend_long code = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(code)
    ZEND_PARSE_PARAMETERS_END();
    EG(exit_status) = static_cast<int>(code);
    zend_throw_unwind_exit();
}

ZEND_METHOD(Swoole_Process, wait) {
    bool blocking = true;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(blocking)
    ZEND_PARSE_PARAMETERS_END();
    int status = 0;
    pid_t pid;
    do {
        pid = ::waitpid(-1, &status, blocking ? 0 : WNOHANG);
    } while (pid < 0 && errno == EINTR);
    if (pid < 0) set_last_error(errno);  // ECHILD: no child to wait for
    if (pid <= 0) RETURN_FALSE;
    array_init(return_value);
    add_assoc_long(return_value, "pid", pid);
    add_assoc_long(return_value, "code", WIFEXITED(status) ? WEXITSTATUS(status) : 0);
    add_assoc_long(return_value, "signal", WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

ZEND_METHOD(Swoole_Process, kill) {
    zend_long pid, sig = SIGTERM;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_LONG(pid)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(sig)
    ZEND_PARSE_PARAMETERS_END();
    if (::kill(static_cast<pid_t>(pid), static_cast<int>(sig)) != 0) {
        set_last_error(errno);
        if (errno != ESRCH || sig != 0)
            php_error_docref(nullptr, E_WARNING, "kill(" ZEND_LONG_FMT ", " ZEND_LONG_FMT ") failed: %s", pid, sig,
                             strerror(errno));
        RETURN_FALSE;
    }
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Process, daemon) {
    bool nochdir = true, noclose = true;
    HashTable *pipes = nullptr;
    ZEND_PARSE_PARAMETERS_START(0, 3)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(nochdir)
        Z_PARAM_BOOL(noclose)
        Z_PARAM_ARRAY_HT(pipes)
    ZEND_PARSE_PARAMETERS_END();
    if (::daemon(nochdir ? 1 : 0, noclose ? 1 : 0) != 0) {
        php_error_docref(nullptr, E_WARNING, "daemon() failed: %s", strerror(set_last_error(errno)));
        RETURN_FALSE;
    }
    // $pipes: [stdin, stdout, stderr] of the daemon, each a stream, socket or fd (null: unchanged).
    if (pipes) {
        for (zend_ulong i = 0; i < 3; ++i) {
            zval *z = zend_hash_index_find(pipes, i);
            if (!z || Z_TYPE_P(z) == IS_NULL) continue;
            const int fd = fd_of_zval(z);
            if (fd >= 0 && fd != static_cast<int>(i)) dup2(fd, static_cast<int>(i));
        }
    }
    RETURN_TRUE;
}

#include "stubs/process_arginfo.h"

void gust::php::register_process(int module_number) {
    register_process_symbols(module_number);  // ITIMER_*
    ce_process = register_class_Swoole_Process();
    ProcessClass::install(ce_process);
    // swoole_select() and Event::add() take a Process as its pipe, as Swoole's do.
    register_fd_class(ce_process, [](zend_object *obj) { return process_own_fd(process_object(obj)); });
    install_process_pool(register_class_Swoole_Process_Pool());
    install_process_manager(register_class_Swoole_Process_Manager());
    register_pool_worker();
    register_process_signals();
}
