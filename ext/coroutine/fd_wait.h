// Parks the running PHP coroutine until an fd is readable or writable (hooks over fds PHP owns:
// proc_open pipes, sockets-extension sockets, FIFOs). A thin form of gust::coro::wait_fd().
#pragma once

#include <cstdint>

#include "gust/base/clock.h"
#include "gust/coro/fd_wait.h"
#include "gust/loop/poller.h"

namespace gust::php {

// events: loop::kReadable and/or loop::kWritable. Returns 0 when ready (errors and hang-ups
// count as ready: the next syscall reports them), kErrTimedOut after `timeout` (< 0: none),
// kErrCanceled / kErrDeadlock when woken otherwise, or -errno when the fd cannot be watched
// (e.g. EPERM for regular files). Call only inside a coroutine; after it, call resumed().
inline int wait_fd(int fd, uint32_t events, Nanos timeout) {
    auto r =
        coro::wait_fd(fd, events, timeout,
                      coro::WaitInfo{"fd", static_cast<uint64_t>(fd), (events & loop::kWritable) ? "write" : "read"});
    return r.ok() ? 0 : r.code();
}

struct PhpCoroutine;

// Before closing an fd that other coroutines may wait on, when PHP frees the object around the fd
// on close (a stream): wakes the waiters (their operation fails) and lets them leave that object
// first — a coroutine parks for one loop turn; outside coroutines the loop runs once, unless its
// own frames are on the stack. Returns the coroutine that parked (the caller calls resumed() on
// it after its close) or nullptr.
PhpCoroutine *release_fd_waiters(int fd);

}  // namespace gust::php
