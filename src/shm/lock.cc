#include "gust/shm/lock.h"

#include <sched.h>

#include <cerrno>
#include <climits>

#include "gust/shm/futex.h"

namespace gust::shm {

namespace {

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

// The deadline of a timeout (< 0: none, -1).
Nanos deadline_of(Nanos timeout) { return timeout < 0 ? -1 : deadline_after(monotonic_now(), timeout); }

// How long the next sleep may last: a liveness check's worth, less near the deadline; 0 when the
// deadline has passed.
Nanos next_slice(Nanos deadline) {
    if (deadline < 0) return kLivenessCheck;
    Nanos left = deadline - monotonic_now();
    if (left <= 0) return 0;
    return left < kLivenessCheck ? left : kLivenessCheck;
}

}  // namespace

// ---- SharedMutex

int SharedMutex::lock(Nanos timeout, bool steal_own) {
    const uint32_t me = static_cast<uint32_t>(current_pid());
    uint32_t c = 0;
    if (word.compare_exchange_strong(c, me, std::memory_order_acquire)) return 0;
    for (int i = 0; i < 64; i++) {  // a holder inside a short section lets go soon
        cpu_relax();
        c = 0;
        if (word.load(std::memory_order_relaxed) == 0 && word.compare_exchange_strong(c, me, std::memory_order_acquire))
            return 0;
    }
    const Nanos deadline = deadline_of(timeout);
    bool checked = false;  // has the holder's liveness been looked at since the last sleep?
    for (;;) {
        c = word.load(std::memory_order_relaxed);
        if (c == 0) {
            // Others may sleep: keep the bit so that our unlock wakes one of them.
            if (word.compare_exchange_strong(c, me | kWaitersBit, std::memory_order_acquire)) return 0;
            continue;
        }
        const uint32_t owner = c & kPidMask;
        if ((steal_own && owner == me) || (checked && owner != me && !process_alive(static_cast<pid_t>(owner)))) {
            if (word.compare_exchange_strong(c, me | kWaitersBit, std::memory_order_acquire)) return kRecovered;
            continue;
        }
        if (timeout == 0) {
            if (!checked) {
                checked = true;
                continue;
            }
            return -EBUSY;
        }
        if (!(c & kWaitersBit) && !word.compare_exchange_strong(c, c | kWaitersBit, std::memory_order_relaxed))
            continue;
        const Nanos slice = next_slice(deadline);
        if (slice == 0) return -ETIMEDOUT;
        int rc = futex_wait(&word, c | kWaitersBit, slice);
        checked = rc == -ETIMEDOUT;  // slept a whole slice without a release: is the holder alive?
    }
}

int SharedMutex::unlock() {
    uint32_t old = word.exchange(0, std::memory_order_release);
    if (old == 0) return -EPERM;
    if (old & kWaitersBit) wake_one();
    return 0;
}

void SharedMutex::wake_one() { futex_wake(&word, 1); }

// ---- SharedSpinLock

int SharedSpinLock::lock(Nanos timeout) {
    const uint32_t me = static_cast<uint32_t>(current_pid());
    uint32_t c = 0;
    if (word.compare_exchange_strong(c, me, std::memory_order_acquire)) return 0;
    const Nanos deadline = deadline_of(timeout);
    Nanos next_check = timeout == 0 ? 0 : deadline_after(monotonic_now(), kLivenessCheck);
    for (unsigned i = 1;; i++) {
        c = word.load(std::memory_order_relaxed);
        if (c == 0) {
            if (word.compare_exchange_strong(c, me, std::memory_order_acquire)) return 0;
            continue;
        }
        if (i < 1024) {
            cpu_relax();
        } else {
            sched_yield();
        }
        if (timeout != 0 && (i & 63) != 0) continue;
        const Nanos now = monotonic_now();
        if (now >= next_check) {
            next_check = deadline_after(now, kLivenessCheck);
            if (c != me && !process_alive(static_cast<pid_t>(c))) {
                if (word.compare_exchange_strong(c, me, std::memory_order_acquire)) return kRecovered;
                continue;
            }
        }
        if (timeout == 0) return -EBUSY;
        if (deadline >= 0 && now >= deadline) return -ETIMEDOUT;
    }
}

int SharedSpinLock::unlock() { return word.exchange(0, std::memory_order_release) == 0 ? -EPERM : 0; }

// ---- SharedRwLock

bool SharedRwLock::reap_dead() {
    bool dropped = false;
    if (writer != 0 && !process_alive(writer)) {
        writer = 0;
        dropped = true;
    }
    for (Reader &r : slots) {
        if (r.pid != 0 && !process_alive(r.pid)) {
            r = Reader{0, 0};
            readers--;
            dropped = true;
        }
    }
    return dropped;
}

int SharedRwLock::acquire(bool shared, Nanos timeout) {
    const pid_t me = current_pid();
    const Nanos deadline = deadline_of(timeout);
    bool reap = false;       // look for dead holders on this round
    bool recovered = false;  // a dead holder was dropped on the way
    for (;;) {
        // Held for a few instructions only; a dead holder of it is found like any other.
        (void)guard.lock_fast(me, -1, false);
        if (reap && reap_dead()) {
            recovered = true;
            seq.fetch_add(1);
        }
        bool ok = false;
        if (!shared) {
            ok = writer == 0 && readers == 0;
            if (ok) writer = me;
        } else if (writer == 0) {
            Reader *free_slot = nullptr;
            for (Reader &r : slots) {
                if (r.pid == me) {
                    r.count++;
                    ok = true;
                    break;
                }
                if (r.pid == 0 && !free_slot) free_slot = &r;
            }
            if (!ok && free_slot) {
                *free_slot = Reader{me, 1};
                readers++;
                ok = true;
            }
        }
        const uint32_t seen = seq.load();
        guard.unlock_fast();
        if (ok) return recovered ? kRecovered : 0;
        if (timeout == 0) {
            if (reap) return -EBUSY;
            reap = true;  // one more look, dropping dead holders
            continue;
        }
        const Nanos slice = next_slice(deadline);
        if (slice == 0) return -ETIMEDOUT;
        reap = futex_wait(&seq, seen, slice) == -ETIMEDOUT;
    }
}

int SharedRwLock::lock(Nanos timeout) { return acquire(false, timeout); }

int SharedRwLock::lock_shared(Nanos timeout) { return acquire(true, timeout); }

int SharedRwLock::unlock() {
    const pid_t me = current_pid();
    (void)guard.lock_fast(me, -1, false);
    int rc = -EPERM;
    for (Reader &r : slots) {
        if (r.pid == me) {
            if (--r.count == 0) {
                r.pid = 0;
                readers--;
            }
            rc = 0;
            break;
        }
    }
    if (rc != 0 && writer != 0) {
        writer = 0;
        rc = 0;
    }
    if (rc == 0) seq.fetch_add(1);
    guard.unlock_fast();
    if (rc == 0) futex_wake(&seq, INT_MAX);
    return rc;
}

}  // namespace gust::shm
