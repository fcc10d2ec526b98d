// The synchronisation objects Swoole\Thread shares between threads: Lock (a mutex, or a
// readers-writer lock, that any thread may release, as Swoole's Lock may be), the counters
// (gust/shm/atomic.h's, here in ordinary memory) and Barrier.
#pragma once

#include <condition_variable>
#include <mutex>

#include "gust/base/clock.h"
#include "gust/shm/atomic.h"
#include "gust/thread/value.h"

namespace gust::thread {

class Lock : public Shared {
public:
    // `shared_reads`: a readers-writer lock (lock(shared = true) holders share it); else every
    // holder excludes the others.
    explicit Lock(bool shared_reads) : Shared(Kind::kLock), shared_reads_(shared_reads) {}

    // timeout < 0: without limit; 0: one try. 0 when acquired, -EBUSY (a try failed), -ETIMEDOUT.
    int lock(bool shared, Nanos timeout);
    // -EPERM when nobody holds it. Not tied to the thread that locked it (Swoole allows that).
    int unlock();

private:
    bool available(bool shared) const { return !writer_ && (shared ? true : readers_ == 0); }
    bool shared_reads_;
    std::mutex mutex_;
    std::condition_variable cond_;
    bool writer_ = false;
    int readers_ = 0;
};

struct Atomic : Shared {
    Atomic() : Shared(Kind::kAtomic) {}
    shm::SharedAtomic32 counter;
};

struct AtomicLong : Shared {
    AtomicLong() : Shared(Kind::kAtomicLong) {}
    shm::SharedAtomic64 counter;
};

// wait() returns when `count` threads have called it; then the barrier is ready for the next round.
class Barrier : public Shared {
public:
    explicit Barrier(int count) : Shared(Kind::kBarrier), count_(count) {}
    void wait();
    int count() const { return count_; }

private:
    const int count_;
    std::mutex mutex_;
    std::condition_variable cond_;
    int waiting_ = 0;
    uint64_t round_ = 0;
};

}  // namespace gust::thread
