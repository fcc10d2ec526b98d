// SWOOLE_HOOK_FILE internals shared by ext/hook_file.cc (the "file" wrapper: open, stat, unlink,
// rename, mkdir, rmdir, touch, opendir) and ext/hook_file_stream.cc (the streams it opens).
#pragma once

#include "common/module.h"

#include <sys/stat.h>

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace gust::php::file_hook {

// True when file work must go to the worker pool: inside a coroutine with SWOOLE_HOOK_FILE on,
// or (`always`) for what was reached through the async.file:// wrapper, whatever the flags.
bool offloading(bool always = false);

// Runs `work` on a worker thread while the coroutine parks. Returns 0 when it ran to its end,
// else kErrCanceled/kErrTimedOut (the work still runs: it must own all it touches). The caller
// then calls gust::php::resumed() before anything else, holding no C++ object with a destructor.
int offload(std::function<void()> work);

// An fd owned by a stream and by the jobs in flight on it: closed by whoever lets go last, so a
// job never touches a closed (or reused) fd number.
struct SharedFd {
    int fd = -1;
    std::mutex mutex;
    int jobs = 0;
    bool close_when_idle = false;
};
// offload() with the fd kept open until `work(fd)` has run.
int offload_on(const std::shared_ptr<SharedFd> &file, std::function<void(int fd)> work);
void release(const std::shared_ptr<SharedFd> &file);

// A php_stream over an fd opened by the wrapper inside a coroutine (`sb`: fstat right after open);
// `always_async`: opened through async.file://, its I/O goes to the pool even with the hook off.
php_stream *stream_from_fd(int fd, const struct stat &sb, const char *mode, bool always_async = false);
// A directory stream over entries read at once on a worker.
php_stream *dir_stream(std::vector<std::string> names, const char *mode);

}  // namespace gust::php::file_hook
