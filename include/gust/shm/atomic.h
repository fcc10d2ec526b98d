// Counters that live in shared memory (place them in a SharedRegion before fork()): Swoole's
// Atomic (32-bit unsigned, with wait/wakeup across processes) and Atomic\Long (64-bit signed).
// Every operation is one lock-free atomic instruction; wait() sleeps on a futex.
#pragma once

#include <atomic>
#include <cstdint>

#include "gust/base/clock.h"

namespace gust::shm {

struct SharedAtomic32 {
    std::atomic<uint32_t> value{0};

    uint32_t add(uint32_t n) { return value.fetch_add(n) + n; }  // the new value (wraps)
    uint32_t sub(uint32_t n) { return value.fetch_sub(n) - n; }
    uint32_t get() const { return value.load(); }
    void set(uint32_t v) { value.store(v); }
    bool cmpset(uint32_t expected, uint32_t desired) { return value.compare_exchange_strong(expected, desired); }

    // Swoole's wait/wakeup protocol, where the value is 0 (nothing to consume) or 1 (a wakeup
    // pending). wait(): takes a pending wakeup (1 -> 0) and returns 0 at once; otherwise sleeps
    // until a wakeup() (then 0, the value back at 0) or `timeout` (< 0: none) passes
    // (-ETIMEDOUT). Any other value is not a wait state: kErrInvalid at once, never a spin.
    int wait(Nanos timeout);
    // Makes a wakeup pending (0 -> 1) and wakes up to `count` sleepers.
    void wakeup(int count);
};

struct SharedAtomic64 {
    std::atomic<int64_t> value{0};

    // Signed overflow wraps (two's complement), as the hardware instruction does.
    int64_t add(int64_t n) {
        return static_cast<int64_t>(static_cast<uint64_t>(value.fetch_add(n)) + static_cast<uint64_t>(n));
    }
    int64_t sub(int64_t n) {
        return static_cast<int64_t>(static_cast<uint64_t>(value.fetch_sub(n)) - static_cast<uint64_t>(n));
    }
    int64_t get() const { return value.load(); }
    void set(int64_t v) { value.store(v); }
    bool cmpset(int64_t expected, int64_t desired) { return value.compare_exchange_strong(expected, desired); }
};

static_assert(std::atomic<uint32_t>::is_always_lock_free && std::atomic<int64_t>::is_always_lock_free,
              "shared counters must be lock-free to work across processes");

}  // namespace gust::shm
