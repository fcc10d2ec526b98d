// Blocking work (file I/O, getaddrinfo, waitpid...) off the loop thread: the work runs on a small
// shared pool of worker threads while the calling coroutine parks; the loop is woken when it ends.
#pragma once

#include <cstdint>
#include <functional>

#include "gust/base/clock.h"
#include "gust/coro/coroutine.h"

namespace gust::coro {

// Runs `work` on a worker thread and parks the running coroutine until it has run. Returns 0 when
// it ran to completion, kErrTimedOut or kErrCanceled when the coroutine stopped waiting first
// (the work still runs to its end on its thread, so it must own everything it touches — capture
// shared_ptrs, never references into the caller's frame), kErrNotInCoroutine outside a coroutine.
int run_blocking(std::function<void()> work, Nanos timeout = -1, WaitInfo what = {"blocking", 0, "call"});

// Upper bound on worker threads (default 8); threads start on demand and never exit.
void set_blocking_threads(int max_threads);

// A snapshot of the worker pool (Swoole's Coroutine::stats() reports it as aio_*).
struct BlockingStats {
    int threads = 0;     // worker threads started (they never exit)
    size_t queued = 0;   // jobs waiting for a free thread
    size_t running = 0;  // jobs a thread is executing now
};
BlockingStats blocking_stats();

// Jobs ever handed to the worker threads (tests check fast paths skip them).
uint64_t blocking_jobs_run();

}  // namespace gust::coro
