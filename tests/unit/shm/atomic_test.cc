// Shared counters: arithmetic, wrap-around, and wait/wakeup across processes and threads.
#include "gust/shm/atomic.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <new>
#include <thread>
#include <vector>

#include "gust/base/error.h"
#include "gust/shm/region.h"
#include "shm/shm_fork.h"

namespace gust::shm {
namespace {

template <typename T>
T *place(SharedRegion &r) {
    return new (r.data()) T();
}

TEST(SharedAtomic32, ArithmeticReturnsTheNewValueAndWraps) {
    SharedAtomic32 a;
    a.set(1);
    EXPECT_EQ(a.add(199), 200u);
    EXPECT_EQ(a.sub(35), 165u);
    EXPECT_TRUE(a.cmpset(165, 1));
    EXPECT_FALSE(a.cmpset(1555, 0));
    EXPECT_EQ(a.get(), 1u);
    a.set(UINT32_MAX);
    EXPECT_EQ(a.add(2), 1u);
    EXPECT_EQ(a.sub(2), UINT32_MAX);
}

TEST(SharedAtomic64, ArithmeticIsSignedAndWraps) {
    SharedAtomic64 a;
    EXPECT_EQ(a.sub(5), -5);
    a.set(INT64_MAX);
    EXPECT_EQ(a.add(1), INT64_MIN);
    EXPECT_TRUE(a.cmpset(INT64_MIN, 7));
    EXPECT_EQ(a.get(), 7);
}

TEST(SharedAtomic32, WaitTakesAPendingWakeupAtOnce) {
    SharedAtomic32 a;
    a.set(1);
    EXPECT_EQ(a.wait(-1), 0);
    EXPECT_EQ(a.get(), 0u);
}

TEST(SharedAtomic32, WaitTimesOut) {
    SharedAtomic32 a;
    Nanos start = monotonic_now();
    EXPECT_EQ(a.wait(50 * kNanosPerMilli), -ETIMEDOUT);
    EXPECT_GE(monotonic_now() - start, 50 * kNanosPerMilli);
    EXPECT_EQ(a.get(), 0u);
}

TEST(SharedAtomic32, WaitOnAValueOtherThanZeroOrOneFailsAtOnce) {
    SharedAtomic32 a;
    a.set(5);
    EXPECT_EQ(a.wait(-1), kErrInvalid);
    EXPECT_EQ(a.get(), 5u);
}

TEST(SharedAtomic32, WakeupWithoutWaitersLeavesAPendingWakeup) {
    SharedAtomic32 a;
    a.wakeup(1);
    EXPECT_EQ(a.get(), 1u);
    a.wakeup(1);
    EXPECT_EQ(a.get(), 1u);
}

TEST(SharedAtomic32, WakeupReachesEveryWaitingChild) {
    auto r = SharedRegion::map(sizeof(SharedAtomic32) + sizeof(SharedAtomic32));
    ASSERT_TRUE(r.ok());
    auto *a = place<SharedAtomic32>(*r);
    auto *started = new (static_cast<char *>(r->data()) + sizeof(SharedAtomic32)) SharedAtomic32();
    constexpr int kChildren = 4;
    pid_t pids[kChildren];
    int fds[kChildren];
    for (int i = 0; i < kChildren; i++) {
        pids[i] = test::fork_child(
            [a, started](int out) {
                started->add(1);
                if (a->wait(10 * kNanosPerSecond) == 0) test::write_byte(out);
            },
            &fds[i]);
        ASSERT_GT(pids[i], 0);
    }
    // Every child is counted before it sleeps; a wakeup before its futex_wait is still seen (the
    // value is 1, wait() takes it) so the test cannot hang, only report which child missed it.
    Nanos give_up = monotonic_now() + 10 * kNanosPerSecond;
    while (started->get() < kChildren && monotonic_now() < give_up) std::this_thread::yield();
    ASSERT_EQ(started->get(), static_cast<uint32_t>(kChildren));
    // Let them reach the futex: a waiter that has not slept yet consumes the wakeup alone, so wake
    // until all have answered.
    int answered = 0;
    while (answered < kChildren && monotonic_now() < give_up) {
        a->wakeup(kChildren);
        for (int i = 0; i < kChildren; i++) {
            if (fds[i] < 0) continue;
            struct timeval tv = {0, 20000};
            fd_set set;
            FD_ZERO(&set);
            FD_SET(fds[i], &set);
            if (select(fds[i] + 1, &set, nullptr, nullptr, &tv) == 1) {
                EXPECT_TRUE(test::read_byte(fds[i]));
                close(fds[i]);
                fds[i] = -1;
                answered++;
            }
        }
    }
    EXPECT_EQ(answered, kChildren);
    for (int i = 0; i < kChildren; i++) {
        if (fds[i] >= 0) close(fds[i]);
        test::reap(pids[i]);
    }
}

TEST(SharedAtomic32, AWaiterKilledWhileWaitingBlocksNobody) {
    auto r = SharedRegion::map(sizeof(SharedAtomic32));
    ASSERT_TRUE(r.ok());
    auto *a = place<SharedAtomic32>(*r);
    int fd = -1;
    pid_t pid = test::fork_child(
        [a](int out) {
            test::write_byte(out);
            (void)a->wait(-1);
        },
        &fd);
    ASSERT_GT(pid, 0);
    ASSERT_TRUE(test::read_byte(fd));
    kill(pid, SIGKILL);
    test::reap(pid);
    close(fd);
    a->wakeup(1);
    EXPECT_EQ(a->wait(0), 0);  // the wakeup is still there for the next waiter
    EXPECT_EQ(a->add(1), 1u);
}

TEST(SharedAtomic32, ThreadsCountExactly) {
    SharedAtomic32 a;
    SharedAtomic64 b;
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; t++) {
        threads.emplace_back([&] {
            for (int i = 0; i < 100000; i++) {
                a.add(1);
                b.sub(1);
            }
        });
    }
    for (auto &t : threads) t.join();
    EXPECT_EQ(a.get(), 400000u);
    EXPECT_EQ(b.get(), -400000);
}

TEST(SharedAtomic32, ThreadWaitIsWokenByAnotherThread) {
    SharedAtomic32 a;
    std::atomic<bool> done{false};
    std::thread waiter([&] {
        EXPECT_EQ(a.wait(10 * kNanosPerSecond), 0);
        done = true;
    });
    Nanos give_up = monotonic_now() + 10 * kNanosPerSecond;
    while (!done && monotonic_now() < give_up) {
        a.wakeup(1);
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    waiter.join();
    EXPECT_TRUE(done);
}

TEST(SharedAtomic32, WaitRacingWakeupsNeverSeesAnInvalidState) {
    // wakeup() flips 0 to 1 between any two steps of wait(): each wait returns 0 or times out.
    SharedAtomic32 a;
    std::atomic<bool> stop{false};
    std::thread waker([&] {
        while (!stop) a.wakeup(1);
    });
    int consumed = 0, invalid = 0;
    for (int i = 0; i < 200000; i++) {
        int rc = a.wait(kNanosPerSecond);
        if (rc == 0) consumed++;
        else if (rc != -ETIMEDOUT) invalid++;
    }
    stop = true;
    waker.join();
    EXPECT_EQ(invalid, 0);
    EXPECT_GT(consumed, 0);
}

}  // namespace
}  // namespace gust::shm
