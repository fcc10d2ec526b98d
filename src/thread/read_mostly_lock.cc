#include "gust/thread/read_mostly_lock.h"

#include <sched.h>

namespace gust::thread {

namespace {
// Short waits spin a little first: a writer's critical section is a few hash-table operations.
constexpr int kSpinsBeforeYield = 64;

void pause_or_yield(int &spins) {
    if (++spins < kSpinsBeforeYield) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    } else {
        sched_yield();
    }
}
}  // namespace

unsigned ReadMostlyLock::stripe_index() {
    static std::atomic<unsigned> next{0};
    thread_local const unsigned mine = next.fetch_add(1, std::memory_order_relaxed) % kStripes;
    return mine;
}

void ReadMostlyLock::wait_for_writer() const {
    int spins = 0;
    while (writer_.load(std::memory_order_acquire)) pause_or_yield(spins);
}

void ReadMostlyLock::lock() {
    writers_.lock();
    writer_.store(true);
    for (Stripe &s : stripes_) {
        int spins = 0;
        while (s.readers.load() != 0) pause_or_yield(spins);
    }
}

}  // namespace gust::thread
