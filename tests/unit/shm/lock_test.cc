// Shared locks: exclusion, timeouts, unlock from another process, and a holder that dies
// (_exit or kill -9, reaped or still a zombie) never deadlocks the next locker.
#include "gust/shm/lock.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <new>
#include <thread>
#include <vector>

#include "gust/shm/futex.h"
#include "gust/shm/region.h"
#include "shm/shm_fork.h"

namespace gust::shm {
namespace {

constexpr Nanos kTenSeconds = 10 * kNanosPerSecond;

template <typename T>
struct Shared {
    SharedRegion region;
    T *lock = nullptr;
    Shared() {
        auto r = SharedRegion::map(sizeof(T));
        if (r.ok()) {
            region = std::move(r.value());
            lock = new (region.data()) T();
        }
    }
};

// How a child holding a lock ends.
enum class Death { kExit, kKill, kKillUnreaped };

// The child takes the lock with `take`, tells the parent, then dies as asked; the parent then
// takes the lock with `take` and must get it (kRecovered) well within the bound.
template <typename T, typename Take>
void holder_dies(T *lock, Take take, Death death) {
    int fd = -1;
    pid_t pid = test::fork_child(
        [&](int out) {
            if (take(lock, -1) != 0) _exit(3);
            test::write_byte(out);
            if (death == Death::kExit) _exit(0);
            pause();  // until killed
        },
        &fd);
    ASSERT_GT(pid, 0);
    ASSERT_TRUE(test::read_byte(fd));
    close(fd);
    if (death != Death::kExit) kill(pid, SIGKILL);
    if (death != Death::kKillUnreaped) test::reap(pid);
    Nanos start = monotonic_now();
    EXPECT_EQ(take(lock, kTenSeconds), kRecovered);
    EXPECT_LT(monotonic_now() - start, 2 * kNanosPerSecond);
    EXPECT_EQ(lock->unlock(), 0);
    EXPECT_EQ(take(lock, 0), 0);  // usable again, nothing stale left
    EXPECT_EQ(lock->unlock(), 0);
    if (death == Death::kKillUnreaped) test::reap(pid);
}

auto mutex_take = [](SharedMutex *m, Nanos t) { return m->lock(t); };
auto spin_take = [](SharedSpinLock *m, Nanos t) { return m->lock(t); };
auto write_take = [](SharedRwLock *m, Nanos t) { return m->lock(t); };
auto read_take = [](SharedRwLock *m, Nanos t) { return m->lock_shared(t); };

TEST(SharedMutex, LockTryAndUnlock) {
    SharedMutex m;
    EXPECT_EQ(m.lock(-1), 0);
    EXPECT_EQ(m.holder(), current_pid());
    EXPECT_EQ(m.try_lock(), -EBUSY);
    EXPECT_EQ(m.unlock(), 0);
    EXPECT_EQ(m.unlock(), -EPERM);
    EXPECT_EQ(m.try_lock(), 0);
    EXPECT_EQ(m.unlock(), 0);
}

TEST(SharedMutex, RelockingTimesOut) {
    SharedMutex m;
    ASSERT_EQ(m.lock(-1), 0);
    Nanos start = monotonic_now();
    EXPECT_EQ(m.lock(100 * kNanosPerMilli), -ETIMEDOUT);
    EXPECT_GE(monotonic_now() - start, 100 * kNanosPerMilli);
    EXPECT_EQ(m.unlock(), 0);
}

TEST(SharedMutex, StealOwnTakesOverAStaleHoldOfThisProcess) {
    SharedMutex m;
    ASSERT_EQ(m.lock(-1), 0);
    EXPECT_EQ(m.lock(-1, true), kRecovered);
    EXPECT_EQ(m.unlock(), 0);
}

TEST(SharedMutex, AnotherProcessMayUnlock) {
    Shared<SharedMutex> s;
    ASSERT_NE(s.lock, nullptr);
    ASSERT_EQ(s.lock->lock(-1), 0);
    int fd = -1;
    pid_t pid = test::fork_child([&](int) { _exit(s.lock->unlock() == 0 ? 0 : 1); }, &fd);
    ASSERT_GT(pid, 0);
    int status = test::reap(pid);
    close(fd);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    EXPECT_EQ(s.lock->try_lock(), 0);
    EXPECT_EQ(s.lock->unlock(), 0);
}

TEST(SharedMutex, WaiterInAnotherProcessGetsItOnUnlock) {
    Shared<SharedMutex> s;
    ASSERT_NE(s.lock, nullptr);
    ASSERT_EQ(s.lock->lock(-1), 0);
    int fd = -1;
    pid_t pid = test::fork_child(
        [&](int out) {
            test::write_byte(out);
            if (s.lock->lock(kTenSeconds) == 0) test::write_byte(out);
            s.lock->unlock();
        },
        &fd);
    ASSERT_GT(pid, 0);
    ASSERT_TRUE(test::read_byte(fd));
    EXPECT_EQ(s.lock->unlock(), 0);
    EXPECT_TRUE(test::read_byte(fd));
    close(fd);
    test::reap(pid);
}

TEST(SharedMutex, HolderExitingDoesNotDeadlock) {
    Shared<SharedMutex> s;
    holder_dies(s.lock, mutex_take, Death::kExit);
}

TEST(SharedMutex, HolderKilledDoesNotDeadlock) {
    Shared<SharedMutex> s;
    holder_dies(s.lock, mutex_take, Death::kKill);
}

TEST(SharedMutex, HolderKilledAndNotYetReapedDoesNotDeadlock) {
    Shared<SharedMutex> s;
    holder_dies(s.lock, mutex_take, Death::kKillUnreaped);
}

TEST(SharedMutex, ThreadsExclude) {
    SharedMutex m;
    long counter = 0;
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; t++) {
        threads.emplace_back([&] {
            for (int i = 0; i < 20000; i++) {
                ASSERT_EQ(m.lock(-1), 0);
                counter++;
                m.unlock();
            }
        });
    }
    for (auto &t : threads) t.join();
    EXPECT_EQ(counter, 80000);
}

TEST(SharedMutex, ProcessesExclude) {
    struct Counted {
        SharedMutex m;
        long counter;
    };
    Shared<Counted> s;
    ASSERT_NE(s.lock, nullptr);
    constexpr int kProcs = 3;
    constexpr int kRounds = 20000;
    pid_t pids[kProcs];
    int fds[kProcs];
    for (int p = 0; p < kProcs; p++) {
        pids[p] = test::fork_child(
            [&](int) {
                for (int i = 0; i < kRounds; i++) {
                    if (s.lock->m.lock(kTenSeconds) != 0) _exit(2);
                    long v = s.lock->counter;
                    s.lock->counter = v + 1;
                    s.lock->m.unlock();
                }
            },
            &fds[p]);
        ASSERT_GT(pids[p], 0);
    }
    for (int p = 0; p < kProcs; p++) {
        int status = test::reap(pids[p]);
        close(fds[p]);
        EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    EXPECT_EQ(s.lock->counter, kProcs * kRounds);
}

TEST(SharedSpinLock, LockTryTimeoutAndUnlock) {
    SharedSpinLock l;
    EXPECT_EQ(l.lock(-1), 0);
    EXPECT_EQ(l.try_lock(), -EBUSY);
    Nanos start = monotonic_now();
    EXPECT_EQ(l.lock(50 * kNanosPerMilli), -ETIMEDOUT);
    EXPECT_GE(monotonic_now() - start, 50 * kNanosPerMilli);
    EXPECT_EQ(l.unlock(), 0);
    EXPECT_EQ(l.unlock(), -EPERM);
}

TEST(SharedSpinLock, HolderKilledDoesNotDeadlock) {
    Shared<SharedSpinLock> s;
    holder_dies(s.lock, spin_take, Death::kKill);
}

TEST(SharedSpinLock, HolderKilledAndNotYetReapedDoesNotDeadlock) {
    Shared<SharedSpinLock> s;
    holder_dies(s.lock, spin_take, Death::kKillUnreaped);
}

TEST(SharedRwLock, ReadersShareWritersExclude) {
    SharedRwLock l;
    EXPECT_EQ(l.lock_shared(-1), 0);
    EXPECT_EQ(l.lock_shared(0), 0);  // the same process again: counted
    EXPECT_EQ(l.lock(0), -EBUSY);
    EXPECT_EQ(l.unlock(), 0);
    EXPECT_EQ(l.lock(0), -EBUSY);
    EXPECT_EQ(l.unlock(), 0);
    EXPECT_EQ(l.lock(0), 0);
    EXPECT_EQ(l.lock_shared(0), -EBUSY);
    Nanos start = monotonic_now();
    EXPECT_EQ(l.lock_shared(50 * kNanosPerMilli), -ETIMEDOUT);
    EXPECT_GE(monotonic_now() - start, 50 * kNanosPerMilli);
    EXPECT_EQ(l.unlock(), 0);
    EXPECT_EQ(l.unlock(), -EPERM);
}

TEST(SharedRwLock, ReadersInTwoProcessesHoldItTogether) {
    Shared<SharedRwLock> s;
    ASSERT_NE(s.lock, nullptr);
    ASSERT_EQ(s.lock->lock_shared(-1), 0);
    int fd = -1;
    pid_t pid = test::fork_child(
        [&](int out) {
            if (s.lock->lock_shared(0) == 0) test::write_byte(out);
            s.lock->unlock();
        },
        &fd);
    ASSERT_GT(pid, 0);
    EXPECT_TRUE(test::read_byte(fd));
    close(fd);
    test::reap(pid);
    EXPECT_EQ(s.lock->unlock(), 0);
}

TEST(SharedRwLock, WriterKilledDoesNotDeadlock) {
    Shared<SharedRwLock> s;
    holder_dies(s.lock, write_take, Death::kKill);
}

TEST(SharedRwLock, ReaderKilledDoesNotBlockAWriter) {
    Shared<SharedRwLock> s;
    ASSERT_NE(s.lock, nullptr);
    int fd = -1;
    pid_t pid = test::fork_child(
        [&](int out) {
            if (s.lock->lock_shared(-1) != 0) _exit(3);
            test::write_byte(out);
            pause();
        },
        &fd);
    ASSERT_GT(pid, 0);
    ASSERT_TRUE(test::read_byte(fd));
    close(fd);
    kill(pid, SIGKILL);
    EXPECT_EQ(s.lock->lock(kTenSeconds), kRecovered);
    EXPECT_EQ(s.lock->unlock(), 0);
    test::reap(pid);
}

TEST(SharedRwLock, ThreadsExclude) {
    SharedRwLock l;
    long counter = 0;
    std::atomic<long> reads{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; t++) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < 5000; i++) {
                if (t % 2 == 0) {
                    ASSERT_EQ(l.lock(-1), 0);
                    counter++;
                    l.unlock();
                } else {
                    ASSERT_EQ(l.lock_shared(-1), 0);
                    reads += counter >= 0 ? 1 : 0;
                    l.unlock();
                }
            }
        });
    }
    for (auto &t : threads) t.join();
    EXPECT_EQ(counter, 10000);
    EXPECT_EQ(reads.load(), 10000);
}

TEST(ProcessAlive, KnowsTheLivingTheDeadAndTheZombies) {
    EXPECT_TRUE(process_alive(getpid()));
    EXPECT_FALSE(process_alive(0));
    int fd = -1;
    pid_t pid = test::fork_child([](int) {}, &fd);
    ASSERT_GT(pid, 0);
    EXPECT_FALSE(test::read_byte(fd));  // EOF: it has exited, not reaped: a zombie
    close(fd);
    // The pipe closes just before the process becomes a zombie; wait for the state to settle.
    Nanos give_up = monotonic_now() + kTenSeconds;
    while (process_alive(pid) && monotonic_now() < give_up) std::this_thread::yield();
    EXPECT_FALSE(process_alive(pid));
    test::reap(pid);
    EXPECT_FALSE(process_alive(pid));
}

}  // namespace
}  // namespace gust::shm
