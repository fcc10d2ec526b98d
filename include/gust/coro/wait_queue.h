// A FIFO of parked coroutines, the building block of channels and the other
// synchronisation types. A waiter that times out or is canceled unlinks itself.
#pragma once

#include <cstdint>
#include <list>

#include "gust/coro/coroutine.h"

namespace gust::coro {

class WaitQueue {
public:
    struct Waiter {
        Coroutine *co = nullptr;
        void *slot = nullptr;  // what the waker hands over (e.g. a channel value)
        bool linked = false;
    };

    explicit WaitQueue(const char *kind = "WaitQueue");
    ~WaitQueue();
    WaitQueue(const WaitQueue &) = delete;
    WaitQueue &operator=(const WaitQueue &) = delete;

    // Parks the running coroutine at the back of the queue. Returns park()'s code.
    int wait(Nanos timeout, const char *op, void *slot = nullptr);
    // Wakes the first waiter with `result`; returns its slot via *slot. false when empty.
    bool wake_one(int result = 0, void **slot = nullptr);
    // wake_one() with Scheduler::wake_now(): the waiter runs before this returns (the caller must
    // not touch what the waiter may change or free meanwhile).
    bool wake_one_now(int result = 0);
    size_t wake_all(int result);
    bool empty() const { return waiters_.empty(); }
    size_t size() const { return waiters_.size(); }
    // The slot of the first waiter (to hand it a value before waking it).
    void *front_slot() const { return waiters_.empty() ? nullptr : waiters_.front()->slot; }
    Coroutine *front_coroutine() const { return waiters_.empty() ? nullptr : waiters_.front()->co; }
    uint64_t object_id() const { return object_id_; }
    const char *kind() const { return kind_; }

private:
    std::list<Waiter *> waiters_;
    const char *kind_;
    uint64_t object_id_;
};

}  // namespace gust::coro
