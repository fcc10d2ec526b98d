// The streams SWOOLE_HOOK_FILE opens inside coroutines: an fd the stream owns, read, written,
// truncated, synced and stat'ed on the worker pool while the coroutine parks. FIFOs, sockets and
// character devices wait for readability on the loop instead. Outside coroutines (a stream may
// outlive the one that opened it) every operation is the plain syscall, as PHP's own STDIO
// streams do it; the observable behaviour (labels, notices, metadata, locking) is theirs.
#include "hooks/hook_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "coroutine/coroutine.h"
#include "coroutine/fd_wait.h"
#include "gust/base/error.h"
#include "gust/coro/blocking.h"
#include "hooks/hooks.h"

namespace gust::php::file_hook {
namespace {

struct FileStream {
    std::shared_ptr<SharedFd> file;
    int fd = -1;
    bool seekable = true;
    bool pollable = false;    // FIFO, socket or character device: wait for readiness on the loop
    bool stat_fresh = false;  // `sb` still describes the file (nothing written since the open)
    struct stat sb {};
    // Coroutines parked inside an operation of this stream: its close waits for them to leave
    // (PHP frees the stream right after), and once closing no operation parks any more.
    int parked = 0;
    bool closing = false;
    bool always_async = false;  // opened through async.file://
};

FileStream *of(php_stream *stream) { return static_cast<FileStream *>(stream->abstract); }

// Result of one syscall done on a worker.
struct Outcome {
    ssize_t ret = -1;
    int err = 0;
};

// ---- the syscalls, on the worker pool (helpers: their C++ objects end before resumed())

ssize_t pooled_read(FileStream *fs, char *buf, size_t count, int *err) {
    struct Job {
        std::vector<char> data;
        Outcome out;
    };
    auto job = std::make_shared<Job>();
    job->data.resize(count);
    int rc = offload_on(fs->file, [job](int fd) {
        ssize_t n;
        do n = ::read(fd, job->data.data(), job->data.size());
        while (n < 0 && errno == EINTR);
        job->out = Outcome{n, n < 0 ? errno : 0};
    });
    if (rc != 0) {
        *err = ECANCELED;
        return -1;
    }
    if (job->out.ret > 0) memcpy(buf, job->data.data(), static_cast<size_t>(job->out.ret));
    *err = job->out.err;
    return job->out.ret;
}

ssize_t pooled_write(FileStream *fs, const char *buf, size_t count, int *err) {
    struct Job {
        std::vector<char> data;
        Outcome out;
    };
    auto job = std::make_shared<Job>();
    job->data.assign(buf, buf + count);
    int rc = offload_on(fs->file, [job](int fd) {
        ssize_t n;
        do n = ::write(fd, job->data.data(), job->data.size());
        while (n < 0 && errno == EINTR);
        job->out = Outcome{n, n < 0 ? errno : 0};
    });
    if (rc != 0) {
        *err = ECANCELED;
        return -1;
    }
    *err = job->out.err;
    return job->out.ret;
}

// fstat, ftruncate, fsync, fdatasync: an int-returning call on the fd.
enum class FdCall { kStat, kTruncate, kSync, kDataSync };

int pooled_call(FileStream *fs, FdCall call, off_t size, struct stat *sb, int *err) {
    struct Job {
        struct stat sb {};
        Outcome out;
    };
    auto job = std::make_shared<Job>();
    int rc = offload_on(fs->file, [job, call, size](int fd) {
        int r = -1;
        switch (call) {
            case FdCall::kStat: r = ::fstat(fd, &job->sb); break;
            case FdCall::kTruncate: r = ::ftruncate(fd, size); break;
            case FdCall::kSync: r = ::fsync(fd); break;
            case FdCall::kDataSync: r = ::fdatasync(fd); break;
        }
        job->out = Outcome{r, r < 0 ? errno : 0};
    });
    if (rc != 0) {
        *err = ECANCELED;
        return -1;
    }
    if (sb) *sb = job->sb;
    *err = job->out.err;
    return static_cast<int>(job->out.ret);
}

// Wraps a pooled call: runs it in coroutines, the plain syscall elsewhere, and leaves errno set.
// `false` when the coroutine must unwind (the caller reports failure without touching PHP).
bool after_park(FileStream *fs, PhpCoroutine *p, int err) {
    --fs->parked;
    bool go_on = gust::php::resumed(p);
    errno = err;
    return go_on;
}

bool fd_blocking(int fd) {
    int flags = fcntl(fd, F_GETFL, 0);
    return flags >= 0 && !(flags & O_NONBLOCK);
}

// ---- php_stream_ops

ssize_t report_read(php_stream *stream, ssize_t n, size_t count, int err) {
    if (n < 0) {
        if (err == EAGAIN || err == EWOULDBLOCK) return 0;
        if (err != EINTR) {
            if (!(stream->flags & PHP_STREAM_FLAG_SUPPRESS_ERRORS)) {
                php_error_docref(nullptr, E_NOTICE, "Read of %zu bytes failed with errno=%d %s", count, err,
                                 strerror(err));
            }
            if (err != EBADF) stream->eof = 1;
        }
    } else if (n == 0) {
        stream->eof = 1;
    }
    return n;
}

ssize_t op_read(php_stream *stream, char *buf, size_t count) {
    FileStream *fs = of(stream);
    ssize_t n;
    int err = 0;
    if (offloading(fs->always_async) && fs->pollable && fd_blocking(fs->fd)) {
        if (fs->closing) return report_read(stream, -1, count, EBADF);
        PhpCoroutine *p = gust::php::current();
        ++fs->parked;
        int rc = wait_fd(fs->fd, loop::kReadable, -1);
        if (rc < 0) {
            --fs->parked;
            fs->pollable = false;  // not pollable after all (-EPERM): read on a worker below
        } else {
            if (!after_park(fs, p, 0)) return -1;
            if (rc != 0) return report_read(stream, -1, count, ECANCELED);
            do n = ::read(fs->fd, buf, count);  // readable: returns at once
            while (n < 0 && errno == EINTR);
            return report_read(stream, n, count, n < 0 ? errno : 0);
        }
    }
    if (offloading(fs->always_async) && !fs->pollable) {
        if (fs->closing) return report_read(stream, -1, count, EBADF);
        PhpCoroutine *p = gust::php::current();
        ++fs->parked;
        n = pooled_read(fs, buf, count, &err);
        if (!after_park(fs, p, err)) return -1;
        return report_read(stream, n, count, err);
    }
    do n = ::read(fs->fd, buf, count);
    while (n < 0 && errno == EINTR);
    return report_read(stream, n, count, n < 0 ? errno : 0);
}

ssize_t op_write(php_stream *stream, const char *buf, size_t count) {
    FileStream *fs = of(stream);
    fs->stat_fresh = false;
    ssize_t n;
    int err = 0;
    if (offloading(fs->always_async) && !(fs->pollable && !fd_blocking(fs->fd))) {
        if (fs->closing) return -1;
        PhpCoroutine *p = gust::php::current();
        ++fs->parked;
        n = pooled_write(fs, buf, count, &err);
        if (!after_park(fs, p, err)) return -1;
    } else {
        do n = ::write(fs->fd, buf, count);
        while (n < 0 && errno == EINTR);
        err = n < 0 ? errno : 0;
    }
    if (n < 0) {
        if (err == EAGAIN || err == EWOULDBLOCK) return 0;
        if (err == EINTR) return n;
        if (!(stream->flags & PHP_STREAM_FLAG_SUPPRESS_ERRORS)) {
            php_error_docref(nullptr, E_NOTICE, "Write of %zu bytes failed with errno=%d %s", count, err,
                             strerror(err));
        }
    }
    return n;
}

// Waits until no coroutine is parked inside an operation of the stream: they wake, finish it and
// leave PHP's stream code before PHP frees the stream. Returns the coroutine that parked here.
PhpCoroutine *wait_until_idle(FileStream *fs) {
    fs->closing = true;
    PhpCoroutine *self = nullptr;
    while (fs->parked > 0) {
        gust::php::LoopState *rt = gust::php::loop_state_if_any();
        if (!rt) break;
        if (hooks::in_coroutine()) {
            self = gust::php::current();
            (void)rt->scheduler->sleep(kNanosPerMilli);
        } else if (loop::Loop::current() == nullptr) {
            (void)rt->loop->run_once(kNanosPerMilli);  // between loop iterations: let them run
        } else {
            break;  // on the loop's own stack (never reached: PHP code runs in coroutines there)
        }
    }
    return self;
}

int op_close(php_stream *stream, int close_handle) {
    FileStream *fs = of(stream);
    PhpCoroutine *waited = fs->parked > 0 ? wait_until_idle(fs) : nullptr;
    fs->closing = true;
    if (close_handle) release(fs->file);
    delete fs;
    stream->abstract = nullptr;
    if (waited) (void)gust::php::resumed(waited);  // after the close: nothing is left to leak
    return 0;
}

int op_flush(php_stream *) { return 0; }

int op_seek(php_stream *stream, zend_off_t offset, int whence, zend_off_t *newoffset) {
    FileStream *fs = of(stream);
    if (!fs->seekable) {
        php_error_docref(nullptr, E_WARNING, "Cannot seek on this stream");
        return -1;
    }
    off_t pos = ::lseek(fs->fd, offset, whence);  // no I/O: never blocks
    if (pos == -1) return -1;
    *newoffset = pos;
    return 0;
}

int op_cast(php_stream *stream, int castas, void **ret) {
    FileStream *fs = of(stream);
    switch (castas) {
        case PHP_STREAM_AS_FD:
        case PHP_STREAM_AS_FD_FOR_SELECT:
        case PHP_STREAM_AS_SOCKETD:
            if (ret) *reinterpret_cast<int *>(ret) = fs->fd;
            return SUCCESS;
        default: return FAILURE;  // PHP_STREAM_AS_STDIO: the stream layer falls back to a cookie FILE*
    }
}

int op_stat(php_stream *stream, php_stream_statbuf *ssb) {
    FileStream *fs = of(stream);
    if (fs->stat_fresh) {
        fs->stat_fresh = false;  // once: later calls see changes made by others
        memcpy(&ssb->sb, &fs->sb, sizeof(ssb->sb));
        return 0;
    }
    if (offloading(fs->always_async)) {
        if (fs->closing) return -1;
        PhpCoroutine *p = gust::php::current();
        int err = 0;
        struct stat sb {};
        ++fs->parked;
        int r = pooled_call(fs, FdCall::kStat, 0, &sb, &err);
        if (!after_park(fs, p, err)) return -1;
        if (r == 0) memcpy(&ssb->sb, &sb, sizeof(ssb->sb));
        return r;
    }
    return ::fstat(fs->fd, &ssb->sb);
}

// flock() that never blocks the thread: LOCK_NB attempts, parking on a timer between them.
int lock(FileStream *fs, int operation) {
    if ((operation & LOCK_NB) || (operation & LOCK_UN) || !offloading(fs->always_async))
        return ::flock(fs->fd, operation);
    Nanos pause = 1000000;  // 1 ms, doubling up to 32 ms
    for (;;) {
        if (::flock(fs->fd, operation | LOCK_NB) == 0) return 0;
        if (errno != EWOULDBLOCK && errno != EINTR) return -1;
        if (fs->closing) return -1;
        PhpCoroutine *p = gust::php::current();
        ++fs->parked;
        int rc = loop_state()->scheduler->sleep(pause);
        if (!after_park(fs, p, EINTR)) return -1;
        if (rc != 0) return -1;
        if (pause < 32000000) pause *= 2;
    }
}

int op_set_option(php_stream *stream, int option, int value, void *ptrparam) {
    FileStream *fs = of(stream);
    int fd = fs->fd;
    switch (option) {
        case PHP_STREAM_OPTION_BLOCKING: {
            int flags = fcntl(fd, F_GETFL, 0);
            int old = (flags & O_NONBLOCK) ? 0 : 1;
            flags = value ? (flags & ~O_NONBLOCK) : (flags | O_NONBLOCK);
            if (fcntl(fd, F_SETFL, flags) == -1) return PHP_STREAM_OPTION_RETURN_ERR;
            return old;
        }
        case PHP_STREAM_OPTION_WRITE_BUFFER: return PHP_STREAM_OPTION_RETURN_ERR;  // an fd has no stdio buffer
        case PHP_STREAM_OPTION_LOCKING:
            if (reinterpret_cast<uintptr_t>(ptrparam) == PHP_STREAM_LOCK_SUPPORTED) return PHP_STREAM_OPTION_RETURN_OK;
            return lock(fs, value) == 0 ? PHP_STREAM_OPTION_RETURN_OK : PHP_STREAM_OPTION_RETURN_ERR;
        case PHP_STREAM_OPTION_META_DATA_API: {
            int flags = fcntl(fd, F_GETFL, 0);
            auto *meta = static_cast<zval *>(ptrparam);
            add_assoc_bool(meta, "timed_out", 0);
            add_assoc_bool(meta, "blocked", (flags & O_NONBLOCK) ? 0 : 1);
            add_assoc_bool(meta, "eof", stream->eof);
            return PHP_STREAM_OPTION_RETURN_OK;
        }
        case PHP_STREAM_OPTION_TRUNCATE_API: {
            if (value == PHP_STREAM_TRUNCATE_SUPPORTED) return PHP_STREAM_OPTION_RETURN_OK;
            if (value != PHP_STREAM_TRUNCATE_SET_SIZE) return PHP_STREAM_OPTION_RETURN_NOTIMPL;
            auto size = static_cast<ptrdiff_t>(*static_cast<size_t *>(ptrparam));
            if (size < 0) return PHP_STREAM_OPTION_RETURN_ERR;
            fs->stat_fresh = false;
            int r;
            if (offloading(fs->always_async)) {
                if (fs->closing) return PHP_STREAM_OPTION_RETURN_ERR;
                PhpCoroutine *p = gust::php::current();
                int err = 0;
                ++fs->parked;
                r = pooled_call(fs, FdCall::kTruncate, size, nullptr, &err);
                if (!after_park(fs, p, err)) return PHP_STREAM_OPTION_RETURN_ERR;
            } else {
                r = ::ftruncate(fd, size);
            }
            return r == 0 ? PHP_STREAM_OPTION_RETURN_OK : PHP_STREAM_OPTION_RETURN_ERR;
        }
        case PHP_STREAM_OPTION_SYNC_API: {
            if (value == PHP_STREAM_SYNC_SUPPORTED) return PHP_STREAM_OPTION_RETURN_OK;
            if (value != PHP_STREAM_SYNC_FSYNC && value != PHP_STREAM_SYNC_FDSYNC) {
                return PHP_STREAM_OPTION_RETURN_NOTIMPL;
            }
            FdCall call = value == PHP_STREAM_SYNC_FSYNC ? FdCall::kSync : FdCall::kDataSync;
            int r;
            if (offloading(fs->always_async)) {
                if (fs->closing) return PHP_STREAM_OPTION_RETURN_ERR;
                PhpCoroutine *p = gust::php::current();
                int err = 0;
                ++fs->parked;
                r = pooled_call(fs, call, 0, nullptr, &err);
                if (!after_park(fs, p, err)) return PHP_STREAM_OPTION_RETURN_ERR;
            } else {
                r = call == FdCall::kSync ? ::fsync(fd) : ::fdatasync(fd);
            }
            return r == 0 ? PHP_STREAM_OPTION_RETURN_OK : PHP_STREAM_OPTION_RETURN_ERR;
        }
        case PHP_STREAM_OPTION_PIPE_BLOCKING: return PHP_STREAM_OPTION_RETURN_OK;
        default: return PHP_STREAM_OPTION_RETURN_NOTIMPL;
    }
}

const php_stream_ops g_file_ops = {
    op_write, op_read, op_close, op_flush, "STDIO", op_seek, op_cast, op_stat, op_set_option,
};

// ---- directory streams: every entry read on a worker at opendir(), served from memory

struct DirStream {
    std::vector<std::string> names;
    size_t next = 0;
};

ssize_t dir_read(php_stream *stream, char *buf, size_t count) {
    auto *d = static_cast<DirStream *>(stream->abstract);
    if (count != sizeof(php_stream_dirent)) return -1;
    if (d->next >= d->names.size()) {
        stream->eof = 1;
        return 0;
    }
    auto *ent = reinterpret_cast<php_stream_dirent *>(buf);
    PHP_STRLCPY(ent->d_name, d->names[d->next].c_str(), sizeof(ent->d_name), d->names[d->next].size());
    ++d->next;
    return sizeof(php_stream_dirent);
}

int dir_close(php_stream *stream, int) {
    delete static_cast<DirStream *>(stream->abstract);
    stream->abstract = nullptr;
    return 0;
}

int dir_rewind(php_stream *stream, zend_off_t, int, zend_off_t *newoffs) {
    static_cast<DirStream *>(stream->abstract)->next = 0;
    *newoffs = 0;
    return 0;
}

const php_stream_ops g_dir_ops = {
    nullptr, dir_read, dir_close, nullptr, "dir", dir_rewind, nullptr, nullptr, nullptr,
};

}  // namespace

bool offloading(bool always) { return (always || (hooks::flags() & hooks::kFile)) && hooks::in_coroutine(); }

int offload(std::function<void()> work) {
    return gust::coro::run_blocking(std::move(work), -1, coro::WaitInfo{"file", 0, "io"});
}

int offload_on(const std::shared_ptr<SharedFd> &file, std::function<void(int fd)> work) {
    {
        std::lock_guard<std::mutex> lock(file->mutex);
        ++file->jobs;
    }
    std::shared_ptr<SharedFd> keep = file;
    int rc = offload([keep, work = std::move(work)] {
        work(keep->fd);
        std::lock_guard<std::mutex> lock(keep->mutex);
        if (--keep->jobs == 0 && keep->close_when_idle) ::close(keep->fd);
    });
    if (rc == kErrNotInCoroutine) {
        std::lock_guard<std::mutex> lock(file->mutex);
        --file->jobs;
    }
    return rc;
}

void release(const std::shared_ptr<SharedFd> &file) {
    std::lock_guard<std::mutex> lock(file->mutex);
    if (file->jobs > 0) {
        file->close_when_idle = true;  // the last job closes it
    } else {
        ::close(file->fd);
    }
}

php_stream *stream_from_fd(int fd, const struct stat &sb, const char *mode, bool always_async) {
    auto *fs = new FileStream();
    fs->file = std::make_shared<SharedFd>();
    fs->file->fd = fd;
    fs->fd = fd;
    fs->seekable = !(S_ISFIFO(sb.st_mode) || S_ISCHR(sb.st_mode));
    fs->pollable = S_ISFIFO(sb.st_mode) || S_ISSOCK(sb.st_mode) || S_ISCHR(sb.st_mode);
    fs->sb = sb;
    fs->stat_fresh = true;
    fs->always_async = always_async;
    php_stream *stream = php_stream_alloc(&g_file_ops, fs, nullptr, mode);
    if (!fs->seekable) {
        stream->flags |= PHP_STREAM_FLAG_NO_SEEK;
        stream->position = -1;
    } else {
        stream->position = 0;  // a fresh open (O_APPEND too) starts at 0
    }
    return stream;
}

php_stream *dir_stream(std::vector<std::string> names, const char *mode) {
    auto *d = new DirStream();
    d->names = std::move(names);
    return php_stream_alloc(&g_dir_ops, d, nullptr, mode);
}

}  // namespace gust::php::file_hook
