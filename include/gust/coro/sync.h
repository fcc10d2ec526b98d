// WaitGroup, Barrier and Mutex for coroutines on one scheduler (Swoole's
// Coroutine\WaitGroup and Coroutine\Barrier semantics; Mutex is FIFO).
#pragma once

#include "gust/coro/wait_queue.h"

namespace gust::coro {

// add(n) before starting work, done() when each part ends, wait() until the count is zero.
class WaitGroup {
public:
    // kErrInvalid if the count would go negative.
    Status add(int64_t delta = 1);
    Status done() { return add(-1); }
    // 0 when the count reached zero, or kErrTimedOut / kErrCanceled / kErrDeadlock.
    int wait(Nanos timeout = -1);
    int64_t count() const { return count_; }

private:
    int64_t count_ = 0;
    WaitQueue waiters_{"WaitGroup"};
};

// wait() parks until `parties` coroutines are waiting, then releases them all and resets.
class Barrier {
public:
    explicit Barrier(size_t parties) : parties_(parties ? parties : 1) {}
    int wait(Nanos timeout = -1);
    size_t waiting() const { return waiters_.size(); }

private:
    size_t parties_;
    WaitQueue waiters_{"Barrier"};
};

// A coroutine mutex with FIFO hand-off: unlock() passes ownership straight to the
// first waiter, so a coroutine that unlocks and relocks cannot overtake it.
class Mutex {
public:
    // 0 once held; kErrDeadlock if the caller already holds it; kErrTimedOut / kErrCanceled;
    // kErrNotInCoroutine outside a coroutine.
    int lock(Nanos timeout = -1);
    bool try_lock();
    // kErrInvalid unless the running coroutine holds the mutex.
    Status unlock();
    bool locked() const { return owner_ != 0; }
    CoroutineId owner() const { return owner_; }

private:
    CoroutineId owner_ = 0;
    WaitQueue waiters_{"Mutex"};
};

}  // namespace gust::coro
