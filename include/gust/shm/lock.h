// Locks that live in shared memory and are shared by every process forked after they were placed
// there. A holder that dies (kill -9, a crash) never deadlocks the others: each lock records the
// pid of its holder(s), and a waiter that has waited a while (kLivenessCheck) checks that they
// still exist and takes over from a dead one — the call then returns kRecovered instead of 0.
// (pthread's robust mutexes do the same for the kernel's robust list, but refuse an unlock from
// another process, which Swoole's Lock allows; so these are futexes that carry a pid.)
//
// Timeouts: < 0 waits without limit, 0 tries once, > 0 waits at most that long (-ETIMEDOUT).
// Results: 0 (acquired), kRecovered (acquired from a dead holder), -EBUSY (a try failed),
// -ETIMEDOUT, -EPERM (unlock of a lock nobody holds).
//
// Pids identify holders: a dead holder whose pid the kernel has already given to a new process
// looks alive until that process ends (pid reuse; pid_max makes it rare). A process that takes
// a lock it already holds waits like any other (a NORMAL mutex), as Swoole's do; another process
// may release it for it (Swoole's Lock semantics).
#pragma once

#include <sys/types.h>

#include <atomic>
#include <cstdint>

#include "gust/base/clock.h"

namespace gust::shm {

constexpr int kRecovered = 1;
// How long a waiter sleeps before it checks that the holder is alive.
constexpr Nanos kLivenessCheck = 20 * kNanosPerMilli;

// A mutex in one futex word: 0 free, else the holder's pid, with kWaitersBit when someone sleeps.
struct SharedMutex {
    static constexpr uint32_t kWaitersBit = 1u << 31;
    static constexpr uint32_t kPidMask = ~kWaitersBit;
    std::atomic<uint32_t> word{0};

    // `steal_own`: a lock found held by this very process is stale and taken over (kRecovered).
    // For locks the caller never holds across PHP code (table rows): a fatal error that unwound
    // past an unlock leaves such a lock behind in a live process. Only for single-threaded
    // processes (threads share the pid).
    int lock(Nanos timeout, bool steal_own = false);
    int try_lock(bool steal_own = false) { return lock(0, steal_own); }
    int unlock();
    pid_t holder() const { return static_cast<pid_t>(word.load(std::memory_order_relaxed) & kPidMask); }

    // The fast path, inline: one compare-and-swap.
    int lock_fast(pid_t me, Nanos timeout, bool steal_own) {
        uint32_t expected = 0;
        if (word.compare_exchange_strong(expected, static_cast<uint32_t>(me), std::memory_order_acquire)) return 0;
        return lock(timeout, steal_own);
    }
    void unlock_fast() {
        if (word.exchange(0, std::memory_order_release) & kWaitersBit) wake_one();
    }

private:
    void wake_one();
};

// A spinlock: the same word, but waiters never sleep in the kernel (they spin, then yield).
struct SharedSpinLock {
    std::atomic<uint32_t> word{0};

    int lock(Nanos timeout);
    int try_lock() { return lock(0); }
    int unlock();
    pid_t holder() const { return static_cast<pid_t>(word.load(std::memory_order_relaxed)); }
};

// A readers-writer lock. Its state sits behind a SharedMutex held only for a few instructions;
// each reading process has a slot (pid, count), so a dead reader is found and dropped like a dead
// writer. Readers may share it; a writer excludes everyone. With every slot taken by live
// readers, a new reader waits as if a writer held it. A process holding the write lock that asks
// for it again (read or write) waits, as pthread's do.
struct SharedRwLock {
    static constexpr int kReaderSlots = 64;
    struct Reader {
        int32_t pid;
        uint32_t count;
    };
    SharedMutex guard;
    std::atomic<uint32_t> seq{0};  // bumped on every release: the futex waiters sleep on
    int32_t writer = 0;            // guarded
    uint32_t readers = 0;          // guarded: processes with a slot
    Reader slots[kReaderSlots] = {};

    int lock(Nanos timeout);         // exclusive
    int lock_shared(Nanos timeout);  // shared
    // Releases this process's read hold if it has one, else the write lock (from any process,
    // as Swoole allows); -EPERM when neither is held.
    int unlock();

private:
    int acquire(bool shared, Nanos timeout);
    bool reap_dead();  // guarded: drops dead holders; true when it dropped one
};

}  // namespace gust::shm
