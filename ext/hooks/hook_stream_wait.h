// Waiting for fd readiness from a hooked PHP stream operation: Gust's core fd waits
// (gust/coro/fd_wait.h — one shared loop watch per fd, several waiters, close wakes them) with
// the outcomes the stream hooks branch on.
#pragma once

#include <sys/time.h>

#include <cstdint>

#include "gust/base/clock.h"
#include "gust/base/error.h"
#include "gust/coro/fd_wait.h"

namespace gust::php::stream_wait {

using Waiter = coro::FdWaiter;

// Links `w` (events and fd set) for the running coroutine; false when the loop refuses the fd.
inline bool add(Waiter *w) { return coro::add_fd_waiter(w).ok(); }
// Unlinks `w` if still linked. Always call before the waiter leaves its frame.
inline void remove(Waiter *w) { coro::remove_fd_waiter(w); }

enum Outcome { kReady, kTimedOut, kClosed, kAborted };

inline Outcome outcome_of(int rc) {
    if (rc == 0) return kReady;
    if (rc == kErrClosed) return kClosed;
    if (rc == kErrTimedOut) return kTimedOut;
    return kAborted;
}

// Parks the running coroutine (its waiters added) for at most `timeout` (< 0: no limit).
// kAborted: canceled or killed; the caller unlinks its waiters, then calls gust::php::resumed().
inline Outcome park(Nanos timeout, const char *op) {
    return outcome_of(coro::park_on_fd_waiters(timeout, coro::WaitInfo{"Stream", 0, op}));
}

// One fd, one direction. kAborted also when the fd cannot be watched.
inline Outcome wait(int fd, uint32_t events, Nanos timeout, const char *op) {
    auto r = coro::wait_fd(fd, events, timeout, coro::WaitInfo{"Stream", static_cast<uint64_t>(fd), op});
    return r.ok() ? kReady : outcome_of(r.code());
}

// Wakes every coroutine waiting on `fd` with kClosed and drops the watch; true if there were any.
// Call before the fd is closed.
inline bool close_fd(int fd) { return coro::close_fd_waiters(fd); }

// Relative timeout from a PHP timeval (tv_sec < 0: none).
inline Nanos from_timeval(const struct timeval *tv) {
    if (!tv || tv->tv_sec < 0) return -1;
    return static_cast<Nanos>(tv->tv_sec) * kNanosPerSecond + static_cast<Nanos>(tv->tv_usec) * kNanosPerMicro;
}

}  // namespace gust::php::stream_wait
