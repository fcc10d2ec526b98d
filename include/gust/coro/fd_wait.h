// Waiting for readiness of an fd the caller does not otherwise hand to the loop (pipes, pidfds,
// sockets owned by other code): the running coroutine parks until the fd is ready.
#pragma once

#include <cstdint>

#include "gust/base/clock.h"
#include "gust/base/result.h"
#include "gust/coro/coroutine.h"

namespace gust::coro {

// Parks the running coroutine until `fd` is ready for `events` (loop::kReadable/kWritable).
// Any number of coroutines may wait on one fd at once; it is watched only while someone waits.
// Returns the ready events (kError/kHangup included when reported) or kErrTimedOut, kErrCanceled,
// kErrNotInCoroutine, or -errno when the loop refuses the fd (-EPERM for a regular file).
Result<uint32_t> wait_fd(int fd, uint32_t events, Nanos timeout = -1, WaitInfo what = {"fd", 0, "wait"});

}  // namespace gust::coro
