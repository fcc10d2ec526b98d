// Waiting for fd readiness from a hooked PHP stream operation: the running coroutine parks until
// the loop reports the fd ready, its deadline passes, or the stream is closed by someone else.
//
// One loop watch per fd, shared by every coroutine waiting on it (a reader and a writer of the same
// socket, several stream_select() calls): waiters are nodes on the waiting coroutine's C stack,
// linked into the fd's list, and unlinked before the wait returns. The watch goes when its last
// waiter does, so nothing stays registered on the loop between operations.
#pragma once

#include <cstdint>

#include "gust/base/clock.h"
#include "gust/coro/coroutine.h"

namespace gust::php::stream_wait {

struct Waiter {
    coro::Coroutine *co = nullptr;
    int fd = -1;
    uint32_t events = 0;  // loop::kReadable / kWritable
    uint32_t fired = 0;   // what the loop reported (kError/kHangup included)
    bool closed = false;  // the stream was closed while this waited
    bool linked = false;
    Waiter *prev = nullptr;
    Waiter *next = nullptr;
};

// Links `w` (events and fd set) for the running coroutine; false when the loop refuses the fd.
bool add(Waiter *w);
// Unlinks `w` if still linked. Always call before the waiter leaves its frame.
void remove(Waiter *w);

enum Outcome { kReady, kTimedOut, kClosed, kAborted };
// Parks the running coroutine (its waiters added) for at most `timeout` (< 0: no limit).
// kAborted: canceled or killed; the caller unlinks its waiters, then calls gust::php::resumed().
Outcome park(Nanos timeout, const char *op);

// One fd, one direction: add + park + remove. kAborted also when the fd cannot be watched.
Outcome wait(int fd, uint32_t events, Nanos timeout, const char *op);

// Wakes every coroutine waiting on `fd` with kClosed and drops the watch; true if there were any.
// Call before the fd is closed.
bool close_fd(int fd);

// Relative timeout from a PHP timeval (tv_sec < 0: none).
Nanos from_timeval(const struct timeval *tv);

}  // namespace gust::php::stream_wait
