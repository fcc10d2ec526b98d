// Waiting for readiness of fds the loop does not otherwise own (pipes, pidfds, PHP's sockets):
// the running coroutine parks until the loop reports the fd ready, a deadline passes, or the fd
// is closed by someone else.
//
// One loop watch per (loop, fd), shared by every coroutine waiting on it (a reader and a writer of
// one socket, several select()-style waits): waiters are nodes in the waiting coroutine's frame,
// linked into the fd's list and unlinked before the wait returns; the watch goes with its last
// waiter, so nothing stays registered between operations.
#pragma once

#include <sys/types.h>

#include <cstdint>

#include "gust/base/clock.h"
#include "gust/base/result.h"
#include "gust/coro/coroutine.h"

namespace gust::coro {

struct FdWaiter {
    int fd = -1;
    uint32_t events = 0;  // loop::kReadable / kWritable
    uint32_t fired = 0;   // what the loop reported (kError/kHangup included)
    bool closed = false;  // close_fd_waiters() ran while this waited
    // Owned by the wait machinery:
    Coroutine *co = nullptr;
    bool linked = false;
    FdWaiter *prev = nullptr;
    FdWaiter *next = nullptr;
};

// Links `w` (fd and events set) for the running coroutine. kErrNotInCoroutine, or the loop's
// error for an fd it refuses (-EPERM for regular files, kErrInvalid for fd < 0).
Status add_fd_waiter(FdWaiter *w);
// Unlinks `w` if still linked. Always call before the waiter leaves its frame.
void remove_fd_waiter(FdWaiter *w);
// Parks the running coroutine (its waiters added): 0 when one fired, kErrClosed, kErrTimedOut,
// kErrCanceled or kErrDeadlock.
int park_on_fd_waiters(Nanos timeout, WaitInfo what);
// Wakes every coroutine waiting on `fd` (in this thread's loop) with kErrClosed and drops the
// watch; true if there were any. Call before the fd is closed.
bool close_fd_waiters(int fd);

// Drops every fd watch of `loop` without touching their waiters: for a loop being torn down
// while coroutines still wait (they will never run again, e.g. after a PHP fatal error).
void forget_fd_waits(loop::Loop *loop);

// One fd: add + park + remove. Returns the ready events (kError/kHangup included when reported)
// or kErrClosed, kErrTimedOut, kErrCanceled, kErrNotInCoroutine, or the loop's refusal.
Result<uint32_t> wait_fd(int fd, uint32_t events, Nanos timeout = -1, WaitInfo what = {"fd", 0, "wait"});

// Parks the running coroutine until child process `pid` has exited, without reaping it (the
// caller's waitpid() then returns at once): through a pidfd, or by polling with a backoff where
// pidfds are missing. 0 when it exited (or is not our child), kErrTimedOut, kErrCanceled,
// kErrNotInCoroutine.
int wait_child_exit(pid_t pid, Nanos timeout = -1);

}  // namespace gust::coro
