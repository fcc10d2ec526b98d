// Parks the running PHP coroutine until an fd is readable or writable (hooks over fds PHP owns:
// proc_open pipes, sockets-extension sockets, FIFOs). Any number of coroutines may wait on one
// fd at once; the fd is watched only while someone waits.
#pragma once

#include <cstdint>

#include "gust/base/clock.h"
#include "gust/loop/poller.h"

namespace gust::php {

// events: loop::kReadable and/or loop::kWritable. Returns 0 when ready (errors and hang-ups
// count as ready: the next syscall reports them), kErrTimedOut after `timeout` (< 0: none),
// kErrCanceled / kErrDeadlock when woken otherwise, or -errno when the fd cannot be watched
// (e.g. EPERM for regular files). Call only inside a coroutine; after it, call resumed().
int wait_fd(int fd, uint32_t events, Nanos timeout);

}  // namespace gust::php
