// SWOOLE_HOOK_PROC: inside coroutines, the pipes proc_open() returns read and write by waiting for
// readiness on the loop, and proc_close() waits for the child's exit on the loop (pidfd) instead
// of blocking in waitpid(); proc_get_status() (already WNOHANG) and proc_terminate() are PHP's.
// SWOOLE_HOOK_BLOCKING_FUNCTION: exec() and shell_exec() run `/bin/sh -c` as popen() does and
// read its output while the coroutine parks. Outside coroutines every function is PHP's own.
// Always, whatever the flags: pcntl_fork() inside a coroutine is refused as Swoole refuses it (the
// child would inherit every coroutine of the process, suspended for ever).
#include "coroutine/coroutine.h"
#include "coroutine/fd_wait.h"
#include "hooks/hooks.h"

extern "C" {
#include "ext/standard/proc_open.h"
#include "main/streams/php_stream_plain_wrapper.h"
#include "zend_smart_str.h"
}

#include <fcntl.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>

extern char **environ;

namespace {

using gust::php::PhpCoroutine;
namespace hooks = gust::php::hooks;
namespace loop = gust::loop;

void hooked_proc_open(INTERNAL_FUNCTION_PARAMETERS);
void hooked_proc_close(INTERNAL_FUNCTION_PARAMETERS);
void hooked_proc_get_status(INTERNAL_FUNCTION_PARAMETERS);
void hooked_proc_terminate(INTERNAL_FUNCTION_PARAMETERS);
void hooked_exec(INTERNAL_FUNCTION_PARAMETERS);
void hooked_shell_exec(INTERNAL_FUNCTION_PARAMETERS);

hooks::FunctionHook g_proc_hooks[] = {
    {"proc_open", hooked_proc_open},
    {"proc_close", hooked_proc_close},
    {"proc_get_status", hooked_proc_get_status},
    {"proc_terminate", hooked_proc_terminate},
};
hooks::FunctionHook g_exec_hooks[] = {
    {"exec", hooked_exec},
    {"shell_exec", hooked_shell_exec},
};

bool proc_active() { return (hooks::flags() & hooks::kProc) && hooks::in_coroutine(); }
bool exec_active() { return (hooks::flags() & hooks::kBlockingFunction) && hooks::in_coroutine(); }

// ---- proc_open pipes: PHP's STDIO stream with read and write that wait on the loop

php_stream_ops g_pipe_ops;

int pipe_fd(php_stream *stream) {
    int fd = -1;
    if (php_stream_stdio_ops.cast(stream, PHP_STREAM_AS_FD_FOR_SELECT, reinterpret_cast<void **>(&fd)) != SUCCESS) {
        return -1;
    }
    return fd;
}

bool fd_blocking(int fd) {
    int flags = fcntl(fd, F_GETFL, 0);
    return flags >= 0 && !(flags & O_NONBLOCK);
}

// Parks until fd is ready; false when the caller must fail at once.
bool wait_ready(int fd, uint32_t events) {
    PhpCoroutine *p = gust::php::current();
    int rc = gust::php::wait_fd(fd, events, -1);
    if (rc < 0) return true;  // not pollable: let the syscall block as PHP would
    if (!gust::php::resumed(p)) return false;
    return rc == 0;
}

ssize_t pipe_read(php_stream *stream, char *buf, size_t count) {
    if (proc_active()) {
        int fd = pipe_fd(stream);
        if (fd >= 0 && fd_blocking(fd) && !wait_ready(fd, loop::kReadable)) return -1;
    }
    return php_stream_stdio_ops.read(stream, buf, count);
}

ssize_t pipe_write(php_stream *stream, const char *buf, size_t count) {
    int fd = proc_active() ? pipe_fd(stream) : -1;
    if (fd < 0 || !fd_blocking(fd)) return php_stream_stdio_ops.write(stream, buf, count);
    // Only this process holds this end of the pipe: it is non-blocking just for the write.
    for (;;) {
        int flags = fcntl(fd, F_GETFL, 0);
        fcntl(fd, F_SETFL, flags | O_NONBLOCK);
        ssize_t n = ::write(fd, buf, count);
        int err = errno;
        fcntl(fd, F_SETFL, flags);
        if (n >= 0) return n;
        if (err == EINTR) continue;
        if (err != EAGAIN && err != EWOULDBLOCK) {
            if (!(stream->flags & PHP_STREAM_FLAG_SUPPRESS_ERRORS)) {
                php_error_docref(nullptr, E_NOTICE, "Write of %zu bytes failed with errno=%d %s", count, err,
                                 strerror(err));
            }
            return -1;
        }
        if (!wait_ready(fd, loop::kWritable)) return -1;
    }
}

// Coroutines waiting on the pipe wake (their read or write fails) and leave before PHP frees it.
int pipe_close(php_stream *stream, int close_handle) {
    PhpCoroutine *p = gust::php::release_fd_waiters(pipe_fd(stream));
    int rc = php_stream_stdio_ops.close(stream, close_handle);
    if (p) (void)gust::php::resumed(p);
    return rc;
}

void adopt_pipes(zval *pipes) {
    if (!pipes) return;
    ZVAL_DEREF(pipes);
    if (Z_TYPE_P(pipes) != IS_ARRAY) return;
    zval *item;
    ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(pipes), item) {
        if (Z_TYPE_P(item) != IS_RESOURCE) continue;
        auto *stream = static_cast<php_stream *>(
            zend_fetch_resource2(Z_RES_P(item), "stream", php_file_le_stream(), php_file_le_pstream()));
        if (stream && stream->ops == &php_stream_stdio_ops) stream->ops = &g_pipe_ops;
    }
    ZEND_HASH_FOREACH_END();
}

// ---- the process resource: "process/coroutine", as Swoole names the hooked one

// A process opened in a coroutine under the hook carries its own resource type (what
// get_resource_type() and var_dump() show); the handle is PHP's, so its destructor and the
// functions taking it run PHP's own code with the type switched back for the call.
int g_le_process = -1;     // PHP's "process"
int g_le_co_process = -1;  // "process/coroutine"
bool g_retyped = false;    // some resource has the new type: its functions stay hooked from now on

void co_process_dtor(zend_resource *res) {
    // A copy on this frame with PHP's type: zend_list_close() runs PHP's destructor on the handle
    // and never touches the resource list.
    zend_resource plain = *res;
    plain.type = g_le_process;
    GC_SET_REFCOUNT(&plain, 1);
    zend_list_close(&plain);
}

// Calls PHP's original of `hook` with the process argument (the first) typed as PHP's own.
void call_as_plain_process(hooks::FunctionHook &hook, INTERNAL_FUNCTION_PARAMETERS) {
    zval *arg = ZEND_NUM_ARGS() >= 1 ? ZEND_CALL_ARG(execute_data, 1) : nullptr;
    zend_resource *res = arg && Z_TYPE_P(arg) == IS_RESOURCE ? Z_RES_P(arg) : nullptr;
    const bool retyped = res && res->type == g_le_co_process;
    if (retyped) res->type = g_le_process;
    GUST_CALL_ORIGINAL(hook);
    if (retyped && res->type == g_le_process) res->type = g_le_co_process;  // not closed meanwhile
}

void hooked_proc_get_status(INTERNAL_FUNCTION_PARAMETERS) {
    call_as_plain_process(g_proc_hooks[2], INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

void hooked_proc_terminate(INTERNAL_FUNCTION_PARAMETERS) {
    call_as_plain_process(g_proc_hooks[3], INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

void hooked_proc_open(INTERNAL_FUNCTION_PARAMETERS) {
    bool active = proc_active();
    zval *pipes = ZEND_NUM_ARGS() >= 3 ? ZEND_CALL_ARG(execute_data, 3) : nullptr;
    GUST_CALL_ORIGINAL(g_proc_hooks[0]);
    if (!active || Z_TYPE_P(return_value) != IS_RESOURCE) return;
    adopt_pipes(pipes);
    if (g_le_co_process >= 0 && Z_RES_P(return_value)->type == g_le_process) {
        Z_RES_P(return_value)->type = g_le_co_process;
        g_retyped = true;
    }
}

// ---- waiting for a child without blocking the thread

// Parks until child `pid` has exited (it is not reaped). False when the caller must return.
bool wait_child(pid_t pid) {
    PhpCoroutine *p = gust::php::current();
    int rc = gust::coro::wait_child_exit(pid, -1);
    if (rc == gust::kErrNotInCoroutine) return true;
    return gust::php::resumed(p) && rc == 0;
}

void hooked_proc_close(INTERNAL_FUNCTION_PARAMETERS) {
    zval *zproc = nullptr;
    if (!proc_active() || zend_parse_parameters_ex(ZEND_PARSE_PARAMS_QUIET, ZEND_NUM_ARGS(), "r", &zproc) == FAILURE) {
        call_as_plain_process(g_proc_hooks[1], INTERNAL_FUNCTION_PARAM_PASSTHRU);
        return;
    }
    const int type = Z_RES_P(zproc)->type;
    if (type != g_le_process && type != g_le_co_process) {
        GUST_CALL_ORIGINAL(g_proc_hooks[1]);
        return;
    }
    auto *proc = static_cast<php_process_handle *>(Z_RES_P(zproc)->ptr);
    // As PHP does: the pipes close first (the child may be waiting for EOF), then the wait.
    for (int i = 0; i < proc->npipes; ++i) {
        if (proc->pipes[i]) {
            GC_DELREF(proc->pipes[i]);
            zend_list_close(proc->pipes[i]);
            proc->pipes[i] = nullptr;
        }
    }
    if (!wait_child(proc->child)) return;
    // The child has exited: its waitpid() returns at once.
    call_as_plain_process(g_proc_hooks[1], INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

// ---- exec() and shell_exec()

// Runs `/bin/sh -c cmd` with stdout on a pipe (stdin and stderr inherited, as popen() does) and
// collects its output while parking. Returns the exit status as PHP reports it, -1 when the
// shell could not start (*spawned false), or -2 when the caller must return at once.
int run_shell(const char *cmd, smart_str *out, bool *spawned) {
    *spawned = false;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return -1;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    char sh[] = "sh", dash_c[] = "-c";
    char *argv[] = {sh, dash_c, const_cast<char *>(cmd), nullptr};
    pid_t pid;
    int r = posix_spawn(&pid, "/bin/sh", &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    if (r != 0) {
        close(fds[0]);
        errno = r;
        return -1;
    }
    *spawned = true;
    fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL, 0) | O_NONBLOCK);
    for (;;) {
        char buf[8192];
        ssize_t n = read(fds[0], buf, sizeof(buf));
        if (n > 0) {
            smart_str_appendl(out, buf, static_cast<size_t>(n));
            continue;
        }
        if (n == 0) break;
        if (errno == EINTR) continue;
        if (errno != EAGAIN) break;
        PhpCoroutine *p = gust::php::current();
        int rc = gust::php::wait_fd(fds[0], loop::kReadable, -1);
        if (rc < 0) break;
        if (!gust::php::resumed(p) || rc != 0) {
            close(fds[0]);
            return -2;
        }
    }
    close(fds[0]);
    if (!wait_child(pid)) return -2;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : status;
}

size_t rstrip(const char *s, size_t len) {
    while (len > 0 && isspace(static_cast<unsigned char>(s[len - 1]))) --len;
    return len;
}

bool command_ok(const char *cmd, size_t len) { return len > 0 && strlen(cmd) == len; }

void hooked_exec(INTERNAL_FUNCTION_PARAMETERS) {
    char *cmd = nullptr;
    size_t cmd_len = 0;
    zval *lines = nullptr, *code = nullptr;
    if (!exec_active() ||
        zend_parse_parameters_ex(ZEND_PARSE_PARAMS_QUIET, ZEND_NUM_ARGS(), "s|zz", &cmd, &cmd_len, &lines, &code) ==
            FAILURE ||
        !command_ok(cmd, cmd_len)) {
        GUST_CALL_ORIGINAL(g_exec_hooks[0]);
        return;
    }
    smart_str out = {};
    bool spawned;
    int status = run_shell(cmd, &out, &spawned);
    if (status == -2) {
        smart_str_free(&out);
        return;
    }
    // $output is looked at only now: other coroutines may have changed it while this one waited.
    if (lines) {
        if (Z_TYPE_P(Z_REFVAL_P(lines)) == IS_ARRAY) {
            ZVAL_DEREF(lines);
            SEPARATE_ARRAY(lines);
        } else {
            lines = zend_try_array_init(lines);
            if (!lines) {
                smart_str_free(&out);
                RETURN_THROWS();
            }
        }
    }
    if (!spawned) {
        smart_str_free(&out);
        php_error_docref(nullptr, E_WARNING, "Unable to fork [%s]", cmd);
        if (code) ZEND_TRY_ASSIGN_REF_LONG(code, -1);
        RETURN_FALSE;
    }
    const char *s = out.s ? ZSTR_VAL(out.s) : "";
    size_t len = out.s ? ZSTR_LEN(out.s) : 0, pos = 0;
    const char *last = "";
    size_t last_len = 0;
    while (pos < len) {  // lines as PHP reads them: up to and including '\n', trailing space dropped
        const char *nl = static_cast<const char *>(memchr(s + pos, '\n', len - pos));
        size_t end = nl ? static_cast<size_t>(nl - s) + 1 : len;
        last = s + pos;
        last_len = rstrip(last, end - pos);
        if (lines) add_next_index_stringl(lines, last, last_len);
        pos = end;
    }
    RETVAL_STRINGL(last, last_len);
    smart_str_free(&out);
    if (code) ZEND_TRY_ASSIGN_REF_LONG(code, status);
}

void hooked_shell_exec(INTERNAL_FUNCTION_PARAMETERS) {
    char *cmd = nullptr;
    size_t cmd_len = 0;
    if (!exec_active() ||
        zend_parse_parameters_ex(ZEND_PARSE_PARAMS_QUIET, ZEND_NUM_ARGS(), "s", &cmd, &cmd_len) == FAILURE ||
        !command_ok(cmd, cmd_len)) {
        GUST_CALL_ORIGINAL(g_exec_hooks[1]);
        return;
    }
    smart_str out = {};
    bool spawned;
    int status = run_shell(cmd, &out, &spawned);
    if (status == -2) {
        smart_str_free(&out);
        return;
    }
    if (!spawned) {
        smart_str_free(&out);
        php_error_docref(nullptr, E_WARNING, "Unable to execute '%s'", cmd);
        RETURN_FALSE;
    }
    if (out.s && ZSTR_LEN(out.s) > 0) {
        RETURN_STR(smart_str_extract(&out));
    }
    smart_str_free(&out);
    RETURN_NULL();
}

hooks::FunctionHook g_fork_hooks[] = {{"pcntl_fork", nullptr}};

void refused_in_coroutine(INTERNAL_FUNCTION_PARAMETERS) {
    if (!hooks::in_coroutine()) {
        GUST_CALL_ORIGINAL(g_fork_hooks[0]);
        return;
    }
    // Swoole's words: a warning, and null.
    zend_error(E_WARNING, "%s() has been disabled for security reasons", ZSTR_VAL(EX(func)->common.function_name));
    RETURN_NULL();
}

void apply_proc(uint32_t flags) {
    static bool ops_ready = false;
    if (!ops_ready) {
        g_pipe_ops = php_stream_stdio_ops;
        g_pipe_ops.read = pipe_read;
        g_pipe_ops.write = pipe_write;
        g_pipe_ops.close = pipe_close;
        ops_ready = true;
    }
    // Once a resource has the coroutine type, PHP's own functions would refuse it: they stay hooked
    // (outside coroutines the hooks only switch the type for PHP's code).
    hooks::switch_functions(g_proc_hooks, sizeof(g_proc_hooks) / sizeof(g_proc_hooks[0]),
                            (flags & hooks::kProc) != 0 || g_retyped);
}

void apply_exec(uint32_t flags) {
    hooks::switch_functions(g_exec_hooks, sizeof(g_exec_hooks) / sizeof(g_exec_hooks[0]),
                            (flags & hooks::kBlockingFunction) != 0);
}

}  // namespace

GUST_HOOK_AREA(g_proc_area, "proc", hooks::kProc, apply_proc);
GUST_HOOK_AREA(g_exec_area, "exec", hooks::kBlockingFunction, apply_exec);

void gust::php::hooks::proc_minit(int module_number) {
    g_le_process = zend_fetch_list_dtor_id("process");
    if (g_le_process <= 0) return;  // no proc_open in this PHP: nothing to retype
    g_le_co_process = zend_register_list_destructors_ex(co_process_dtor, nullptr, "process/coroutine", module_number);
}

// At MINIT, for good: pcntl is loaded by then when it is built in or listed before gust.
void gust::php::hooks::fork_guard_minit() {
    g_fork_hooks[0].replacement = refused_in_coroutine;
    switch_functions(g_fork_hooks, 1, true);
}
