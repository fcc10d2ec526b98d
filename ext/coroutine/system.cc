// Swoole\Coroutine\System. Each method's C++ work (strings, shared state for the worker pool)
// lives in a helper whose objects are gone before gust::php::resumed(), which may longjmp.
#include "coroutine/coroutine.h"
#include "common/errors.h"
#include "zend/fd.h"

extern "C" {
#include "main/php_network.h"
#include "main/php_streams.h"
}

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/file.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <memory>
#include <string>
#include <vector>

#include "gust/base/clock.h"
#include "gust/base/error.h"
#include "gust/coro/blocking.h"
#include "gust/coro/fd_wait.h"
#include "gust/net/dns.h"

extern char **environ;

using gust::php::PhpCoroutine;

namespace {

constexpr zend_long kEventRead = 512;    // SWOOLE_EVENT_READ
constexpr zend_long kEventWrite = 1024;  // SWOOLE_EVENT_WRITE
constexpr int FILE_APPEND_FLAG = 8;      // PHP FILE_APPEND

// The coroutine to park, or nullptr when it must not park (it is being unwound). Outside
// coroutines require_coroutine() does not return (a fatal error).
PhpCoroutine *enter() {
    PhpCoroutine *p = gust::php::require_coroutine();
    if (p->kill) return nullptr;
    return p;
}

// ---- names

bool resolve_into(const char *name, size_t len, int family, double timeout, bool all, zval *out) {
    gust::net::ResolveOptions opts;
    opts.family = family;
    // No timeout given (<= 0): Co::set()'s socket_dns_timeout, as in Swoole.
    opts.timeout = timeout <= 0 ? gust::php::option_nanos(gust::php::options().socket_dns_timeout)
                                : gust::seconds_to_nanos(timeout);
    auto r = gust::net::resolve(std::string_view(name, len), 0, opts);
    if (!r.ok() || r.value().empty()) {
        // swoole_last_error() says why, with Swoole's codes (a canceled lookup keeps its own).
        if (r.ok() || r.code() != gust::kErrCanceled)
            gust::php::set_last_error(!r.ok() && r.code() == gust::kErrTimedOut
                                          ? gust::php::SwooleError::kDnslookupResolveTimeout
                                          : gust::php::SwooleError::kDnslookupResolveFailed);
        return false;
    }
    if (!all) {
        std::string ip = r.value().front().host();
        ZVAL_STRINGL(out, ip.data(), ip.size());
        return true;
    }
    array_init(out);
    for (const auto &a : r.value()) {
        std::string ip = a.host();
        add_next_index_stringl(out, ip.data(), ip.size());
    }
    return true;
}

bool valid_family(zend_long family) { return family == AF_INET || family == AF_INET6 || family == AF_UNSPEC; }

void do_lookup(INTERNAL_FUNCTION_PARAMETERS, const char *name, size_t len, zend_long family, double timeout, bool all) {
    if (len == 0) {
        zend_argument_value_error(1, "must not be empty");
        return;
    }
    if (!valid_family(family)) {
        zend_argument_value_error(all ? 2 : 3, "must be AF_INET, AF_INET6 or AF_UNSPEC");
        return;
    }
    PhpCoroutine *p = enter();
    if (!p) return;
    if (all) {
        // getaddrinfo() is always a suspension point, as Swoole's (which always runs on its thread
        // pool): other coroutines run meanwhile whether or not the answer is at hand (/etc/hosts).
        const int rc = gust::php::loop_state()->scheduler->sleep(0);
        if (!gust::php::resumed(p)) return;
        if (rc != 0) {
            gust::php::set_last_error(gust::php::swoole_code_of(rc, gust::php::Where::kCoroutine));
            RETURN_FALSE;
        }
    }
    bool ok = resolve_into(name, len, static_cast<int>(family), timeout, all, return_value);
    if (!gust::php::resumed(p)) {
        zval_ptr_dtor(return_value);
        ZVAL_UNDEF(return_value);
        return;
    }
    if (!ok) RETURN_FALSE;
}

// ---- files

struct FileJob {
    std::string path;
    std::string data;
    int flags = 0;
    ssize_t result = -1;
    int error = 0;
};

bool read_file(const char *path, zend_long flag, zval *out, int *error) {
    auto job = std::make_shared<FileJob>();
    job->path = path;
    job->flags = static_cast<int>(flag);
    int rc = gust::coro::run_blocking(
        [job] {
            int fd = ::open(job->path.c_str(), O_RDONLY | O_CLOEXEC);
            if (fd < 0) {
                job->error = errno;
                return;
            }
            if ((job->flags & LOCK_EX) && ::flock(fd, LOCK_SH) != 0) {
                job->error = errno;
                ::close(fd);
                return;
            }
            char buf[65536];
            for (;;) {
                ssize_t n = ::read(fd, buf, sizeof(buf));
                if (n < 0 && errno == EINTR) continue;
                if (n < 0) {
                    job->error = errno;
                    break;
                }
                if (n == 0) {
                    job->result = static_cast<ssize_t>(job->data.size());
                    break;
                }
                job->data.append(buf, static_cast<size_t>(n));
            }
            ::close(fd);  // drops the lock too
        },
        -1, gust::coro::WaitInfo{"System", 0, "readFile"});
    if (rc != 0 || job->result < 0) {
        *error = rc != 0 ? ETIMEDOUT : job->error;
        return false;
    }
    ZVAL_STRINGL(out, job->data.data(), job->data.size());
    return true;
}

bool write_file(const char *path, const char *data, size_t len, zend_long flags, zend_long *written, int *error) {
    auto job = std::make_shared<FileJob>();
    job->path = path;
    job->data.assign(data, len);
    job->flags = static_cast<int>(flags);
    int rc = gust::coro::run_blocking(
        [job] {
            int mode = O_WRONLY | O_CREAT | O_CLOEXEC | ((job->flags & FILE_APPEND_FLAG) ? O_APPEND : O_TRUNC);
            int fd = ::open(job->path.c_str(), mode, 0666);
            if (fd < 0) {
                job->error = errno;
                return;
            }
            if ((job->flags & LOCK_EX) && ::flock(fd, LOCK_EX) != 0) {
                job->error = errno;
                ::close(fd);
                return;
            }
            size_t done = 0;
            while (done < job->data.size()) {
                ssize_t n = ::write(fd, job->data.data() + done, job->data.size() - done);
                if (n < 0 && errno == EINTR) continue;
                if (n < 0) {
                    job->error = errno;
                    ::close(fd);
                    return;
                }
                done += static_cast<size_t>(n);
            }
            ::close(fd);
            job->result = static_cast<ssize_t>(done);
        },
        -1, gust::coro::WaitInfo{"System", 0, "writeFile"});
    if (rc != 0 || job->result < 0) {
        *error = rc != 0 ? ETIMEDOUT : job->error;
        return false;
    }
    *written = job->result;
    return true;
}

// ---- processes

struct WaitResult {
    pid_t pid = 0;
    int status = 0;
};

void status_array(zval *out, pid_t pid, int status) {
    array_init(out);
    add_assoc_long(out, "pid", pid);
    add_assoc_long(out, "code", WIFEXITED(status) ? WEXITSTATUS(status) : 0);
    add_assoc_long(out, "signal", WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

// Waits for child `pid` without blocking the thread, then reaps it.
// Returns the pid reaped, 0 on timeout, or -errno.
pid_t wait_child(pid_t pid, gust::Nanos timeout, int *status) {
    pid_t got = ::waitpid(pid, status, WNOHANG);
    if (got != 0) return got < 0 ? -errno : got;
    int rc = gust::coro::wait_child_exit(pid, timeout);
    if (rc != 0) return rc == gust::kErrTimedOut ? 0 : -ECANCELED;
    got = ::waitpid(pid, status, WNOHANG);
    return got < 0 ? -errno : got;
}

// Any child: a worker thread waits with WNOWAIT (nothing is reaped there), the loop thread reaps.
pid_t wait_any(gust::Nanos timeout, int *status) {
    pid_t got = ::waitpid(-1, status, WNOHANG);
    if (got != 0) return got < 0 ? -errno : got;
    auto found = std::make_shared<WaitResult>();
    int rc = gust::coro::run_blocking(
        [found] {
            siginfo_t info{};
            while (::waitid(P_ALL, 0, &info, WEXITED | WNOWAIT) != 0 && errno == EINTR) {
            }
            found->pid = info.si_pid;
        },
        timeout, gust::coro::WaitInfo{"System", 0, "wait"});
    if (rc != 0) return rc == gust::kErrTimedOut ? 0 : -ECANCELED;
    if (found->pid <= 0) return -ECHILD;
    got = ::waitpid(found->pid, status, WNOHANG);
    return got < 0 ? -errno : got;
}

// Records why wait()/waitPid() found no child (0: timed out, -errno: canceled or an error), as
// Swoole's last error; false for the caller to return.
bool fail_wait(pid_t result) {
    using gust::php::SwooleError;
    if (result == -ECANCELED) gust::php::set_last_error(SwooleError::kCoCanceled);
    else gust::php::set_last_error(result == 0 ? ETIMEDOUT : -result);
    return false;
}

// Runs `/bin/sh -c command`, collecting stdout (and stderr when asked) while parked.
bool run_command(const char *command, bool with_stderr, zval *out) {
    int pipefd[2];
    if (::pipe2(pipefd, O_CLOEXEC | O_NONBLOCK) != 0) return false;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipefd[1], STDOUT_FILENO);
    if (with_stderr) posix_spawn_file_actions_adddup2(&actions, pipefd[1], STDERR_FILENO);
    const char *argv[] = {"/bin/sh", "-c", command, nullptr};
    pid_t pid = 0;
    int err = posix_spawn(&pid, "/bin/sh", &actions, nullptr, const_cast<char **>(argv), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(pipefd[1]);
    if (err != 0) {
        ::close(pipefd[0]);
        return false;
    }
    std::string output;
    char buf[16384];
    for (;;) {
        ssize_t n = ::read(pipefd[0], buf, sizeof(buf));
        if (n > 0) {
            output.append(buf, static_cast<size_t>(n));
            continue;
        }
        if (n == 0) break;
        if (errno == EINTR) continue;
        if (errno != EAGAIN) break;
        auto ready =
            gust::coro::wait_fd(pipefd[0], gust::loop::kReadable, -1, gust::coro::WaitInfo{"System", 0, "exec"});
        if (!ready.ok()) break;  // canceled: reap below and report what was read
    }
    ::close(pipefd[0]);
    int status = 0;
    pid_t got = wait_child(pid, -1, &status);
    if (got <= 0) {
        ::kill(pid, SIGKILL);
        (void)wait_child(pid, -1, &status);
    }
    array_init(out);
    add_assoc_long(out, "code", WIFEXITED(status) ? WEXITSTATUS(status) : 0);
    add_assoc_long(out, "signal", WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    add_assoc_stringl(out, "output", output.data(), output.size());
    return true;
}

// ---- signals

struct SignalWait {
    gust::coro::Scheduler *scheduler = nullptr;
    gust::coro::Coroutine *co = nullptr;
    int got = 0;
};

// The signal received, or 0 with the park's code in *rc (timed out, canceled).
int wait_signals(const std::vector<int> &signals, gust::Nanos timeout, bool *busy, int *rc) {
    gust::loop::Loop &loop = gust::php::loop_state()->scheduler->loop();
    auto state = std::make_shared<SignalWait>();
    state->scheduler = gust::php::loop_state()->scheduler.get();
    state->co = state->scheduler->running();
    std::vector<int> watched;
    for (int signo : signals) {
        gust::Status st = loop.watch_signal(signo, [state](int s) {
            if (state->got == 0) {
                state->got = s;
                state->scheduler->wake(state->co, 0);
            }
        });
        if (!st.ok()) {
            *busy = true;
            break;
        }
        watched.push_back(signo);
    }
    if (!*busy) *rc = state->scheduler->park(timeout, gust::coro::WaitInfo{"System", 0, "waitSignal"});
    for (int signo : watched) loop.unwatch_signal(signo);
    return state->got;
}

// ---- events

uint32_t wait_event(int fd, zend_long events, double timeout, int *code) {
    uint32_t want =
        ((events & kEventRead) ? gust::loop::kReadable : 0u) | ((events & kEventWrite) ? gust::loop::kWritable : 0u);
    auto r =
        gust::coro::wait_fd(fd, want, gust::seconds_to_nanos(timeout), gust::coro::WaitInfo{"System", 0, "waitEvent"});
    if (!r.ok()) {
        *code = r.code();
        return 0;
    }
    return r.value();
}

}  // namespace

ZEND_METHOD(Swoole_Coroutine_System, gethostbyname) {
    char *name;
    size_t len;
    zend_long family = AF_INET;
    double timeout = -1;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_STRING(name, len)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(family)
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    do_lookup(INTERNAL_FUNCTION_PARAM_PASSTHRU, name, len, family, timeout, false);
}

ZEND_METHOD(Swoole_Coroutine_System, dnsLookup) {
    char *name;
    size_t len;
    double timeout = 60;
    zend_long family = AF_INET;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_STRING(name, len)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
        Z_PARAM_LONG(family)
    ZEND_PARSE_PARAMETERS_END();
    do_lookup(INTERNAL_FUNCTION_PARAM_PASSTHRU, name, len, family, timeout, false);
}

ZEND_METHOD(Swoole_Coroutine_System, getaddrinfo) {
    char *name;
    size_t len;
    zend_long family = AF_INET, socktype = SOCK_STREAM, protocol = IPPROTO_TCP;
    zend_string *service = nullptr;
    double timeout = -1;
    ZEND_PARSE_PARAMETERS_START(1, 6)
        Z_PARAM_STRING(name, len)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(family)
        Z_PARAM_LONG(socktype)
        Z_PARAM_LONG(protocol)
        Z_PARAM_STR_OR_NULL(service)
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    (void)socktype;
    (void)protocol;
    (void)service;  // addresses only, one per address (as Swoole returns them)
    do_lookup(INTERNAL_FUNCTION_PARAM_PASSTHRU, name, len, family, timeout, true);
}

ZEND_METHOD(Swoole_Coroutine_System, sleep) {
    double seconds;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_DOUBLE(seconds)
    ZEND_PARSE_PARAMETERS_END();
    PhpCoroutine *p = enter();
    if (!p) RETURN_FALSE;
    int rc = gust::php::loop_state()->scheduler->sleep(gust::seconds_to_nanos(seconds < 0 ? 0 : seconds));
    if (!gust::php::resumed(p)) return;
    if (rc != 0) gust::php::set_last_error(gust::php::swoole_code_of(rc, gust::php::Where::kCoroutine));
    RETURN_BOOL(rc == 0);
}

ZEND_METHOD(Swoole_Coroutine_System, exec) {
    char *command;
    size_t len;
    bool with_stderr = false;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_PATH(command, len)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(with_stderr)
    ZEND_PARSE_PARAMETERS_END();
    PhpCoroutine *p = enter();
    if (!p) RETURN_FALSE;
    bool ok = run_command(command, with_stderr, return_value);
    if (!gust::php::resumed(p)) {
        zval_ptr_dtor(return_value);
        ZVAL_UNDEF(return_value);
        return;
    }
    if (!ok) RETURN_FALSE;
}

ZEND_METHOD(Swoole_Coroutine_System, statvfs) {
    zend_string *path;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_PATH_STR(path)
    ZEND_PARSE_PARAMETERS_END();
    struct statvfs st {};
    // statvfs of a local path does not wait on anything slow enough to matter; as in Swoole.
    if (::statvfs(ZSTR_VAL(path), &st) != 0) {
        php_error_docref(nullptr, E_WARNING, "statvfs(%s) failed: %s", ZSTR_VAL(path), strerror(errno));
        array_init(return_value);
        return;
    }
    array_init(return_value);
    add_assoc_long(return_value, "bsize", static_cast<zend_long>(st.f_bsize));
    add_assoc_long(return_value, "frsize", static_cast<zend_long>(st.f_frsize));
    add_assoc_long(return_value, "blocks", static_cast<zend_long>(st.f_blocks));
    add_assoc_long(return_value, "bfree", static_cast<zend_long>(st.f_bfree));
    add_assoc_long(return_value, "bavail", static_cast<zend_long>(st.f_bavail));
    add_assoc_long(return_value, "files", static_cast<zend_long>(st.f_files));
    add_assoc_long(return_value, "ffree", static_cast<zend_long>(st.f_ffree));
    add_assoc_long(return_value, "favail", static_cast<zend_long>(st.f_favail));
    add_assoc_long(return_value, "fsid", static_cast<zend_long>(st.f_fsid));
    add_assoc_long(return_value, "flag", static_cast<zend_long>(st.f_flag));
    add_assoc_long(return_value, "namemax", static_cast<zend_long>(st.f_namemax));
}

ZEND_METHOD(Swoole_Coroutine_System, readFile) {
    char *path;
    size_t len;
    zend_long flag = 0;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_PATH(path, len)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(flag)
    ZEND_PARSE_PARAMETERS_END();
    PhpCoroutine *p = enter();
    if (!p) RETURN_FALSE;
    int error = 0;
    bool ok = read_file(path, flag, return_value, &error);
    if (!gust::php::resumed(p)) {
        zval_ptr_dtor(return_value);
        ZVAL_UNDEF(return_value);
        return;
    }
    if (!ok) {
        php_error_docref(nullptr, E_WARNING, "readFile(%s) failed: %s", path, strerror(error));
        RETURN_FALSE;
    }
}

ZEND_METHOD(Swoole_Coroutine_System, writeFile) {
    char *path;
    size_t path_len;
    char *data;
    size_t data_len;
    zend_long flags = 0;
    ZEND_PARSE_PARAMETERS_START(2, 3)
        Z_PARAM_PATH(path, path_len)
        Z_PARAM_STRING(data, data_len)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(flags)
    ZEND_PARSE_PARAMETERS_END();
    PhpCoroutine *p = enter();
    if (!p) RETURN_FALSE;
    int error = 0;
    zend_long written = 0;
    bool ok = write_file(path, data, data_len, flags, &written, &error);
    if (!gust::php::resumed(p)) return;
    if (!ok) {
        php_error_docref(nullptr, E_WARNING, "writeFile(%s) failed: %s", path, strerror(error));
        RETURN_FALSE;
    }
    RETURN_LONG(written);
}

ZEND_METHOD(Swoole_Coroutine_System, wait) {
    double timeout = -1;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    PhpCoroutine *p = enter();
    if (!p) RETURN_FALSE;
    int status = 0;
    pid_t pid = wait_any(gust::seconds_to_nanos(timeout), &status);
    if (!gust::php::resumed(p)) return;
    if (pid <= 0) RETURN_BOOL(fail_wait(pid));
    status_array(return_value, pid, status);
}

ZEND_METHOD(Swoole_Coroutine_System, waitPid) {
    zend_long pid;
    double timeout = -1;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_LONG(pid)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    if (pid <= 0) {
        zend_argument_value_error(1, "must be greater than 0");
        return;
    }
    PhpCoroutine *p = enter();
    if (!p) RETURN_FALSE;
    int status = 0;
    pid_t got = wait_child(static_cast<pid_t>(pid), gust::seconds_to_nanos(timeout), &status);
    if (!gust::php::resumed(p)) return;
    if (got <= 0) RETURN_BOOL(fail_wait(got));
    status_array(return_value, got, status);
}

ZEND_METHOD(Swoole_Coroutine_System, waitSignal) {
    zval *signals;
    double timeout = -1;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_ZVAL(signals)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    int list[64];
    int count = 0;
    auto add = [&](zval *v) -> bool {
        zend_long s = zval_get_long(v);
        if (s <= 0 || s >= 65 || s == SIGKILL || s == SIGSTOP || count == 64) return false;
        list[count++] = static_cast<int>(s);
        return true;
    };
    bool valid = true;
    if (Z_TYPE_P(signals) == IS_ARRAY) {
        zval *v;
        ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(signals), v) { valid = valid && add(v); }
        ZEND_HASH_FOREACH_END();
        valid = valid && count > 0;
    } else if (Z_TYPE_P(signals) == IS_LONG) {
        valid = add(signals);
    } else {
        zend_argument_type_error(1, "must be of type array|int, %s given", zend_zval_type_name(signals));
        return;
    }
    if (!valid) {
        zend_argument_value_error(1, "must name signals that can be caught");
        return;
    }
    PhpCoroutine *p = enter();
    if (!p) RETURN_FALSE;
    bool busy = false;
    int rc = 0;
    int got = wait_signals(std::vector<int>(list, list + count), gust::seconds_to_nanos(timeout), &busy, &rc);
    if (!gust::php::resumed(p)) return;
    if (busy) {
        php_error_docref(nullptr, E_WARNING, "a signal in the list is already being waited for");
        RETURN_FALSE;
    }
    if (got == 0) {
        // swoole_last_error() says why, as in Swoole: timed out or canceled.
        if (rc != 0) gust::php::set_last_error(gust::php::swoole_code_of(rc, gust::php::Where::kCoroutine));
        RETURN_FALSE;
    }
    RETURN_LONG(got);
}

ZEND_METHOD(Swoole_Coroutine_System, waitEvent) {
    zval *socket;
    zend_long events = kEventRead;
    double timeout = -1;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_ZVAL(socket)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(events)
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    if (!(events & (kEventRead | kEventWrite))) {
        zend_argument_value_error(2, "must contain SWOOLE_EVENT_READ or SWOOLE_EVENT_WRITE");
        return;
    }
    int fd = gust::php::fd_from_zval(socket);
    if (fd < 0) RETURN_FALSE;
    PhpCoroutine *p = enter();
    if (!p) RETURN_FALSE;
    int code = 0;
    uint32_t ready = wait_event(fd, events, timeout, &code);
    if (!gust::php::resumed(p)) return;
    if (ready == 0) {
        if (code < 0) php_error_docref(nullptr, E_WARNING, "cannot wait on this descriptor: %s", strerror(-code));
        RETURN_FALSE;
    }
    zend_long out = 0;
    if (ready & (gust::loop::kReadable | gust::loop::kHangup | gust::loop::kError)) out |= events & kEventRead;
    if (ready & (gust::loop::kWritable | gust::loop::kError)) out |= events & kEventWrite;
    RETURN_LONG(out);
}

#include "stubs/coroutine_system_arginfo.h"

void gust::php::register_system(int module_number) {
    (void)module_number;
    register_class_Swoole_Coroutine_System();
}
