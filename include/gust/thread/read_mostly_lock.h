// A readers-writer lock whose readers do not share a counter: each reader bumps the counter of
// its own stripe (one cache line per stripe, picked by thread), so reads from several threads do
// not bounce one line between cores as std::shared_mutex's do. A writer raises a flag, then waits
// for every stripe to drain; readers that see the flag step back and wait for it to fall, so a
// stream of reads never starves a writer. Meant for data read far more often than written
// (Swoole\Thread\Map and ArrayList). Satisfies SharedMutex: std::shared_lock and std::unique_lock
// work on it.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>

namespace gust::thread {

class ReadMostlyLock {
public:
    static constexpr unsigned kStripes = 16;

    void lock_shared() {
        std::atomic<uint32_t> &mine = stripe_of_this_thread();
        for (;;) {
            // seq_cst on both sides: a reader's increment and a writer's flag are ordered, so one of
            // them always sees the other (the store-load order the default mutexes hide).
            mine.fetch_add(1);
            if (!writer_.load()) return;
            mine.fetch_sub(1);
            wait_for_writer();
        }
    }
    void unlock_shared() { stripe_of_this_thread().fetch_sub(1, std::memory_order_release); }

    void lock();
    void unlock() {
        writer_.store(false);
        writers_.unlock();
    }

private:
    struct alignas(64) Stripe {
        std::atomic<uint32_t> readers{0};
    };
    std::atomic<uint32_t> &stripe_of_this_thread() { return stripes_[stripe_index()].readers; }
    static unsigned stripe_index();  // this thread's stripe, the same for all locks
    void wait_for_writer() const;

    Stripe stripes_[kStripes];
    alignas(64) std::atomic<bool> writer_{false};
    std::mutex writers_;  // one writer at a time
};

}  // namespace gust::thread
