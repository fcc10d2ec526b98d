// Timeouts on a fake clock (the loop "sleeps" by advancing it), FIFO fairness,
// Mutex, typed coroutine-locals and user data.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "gust/coro/channel.h"
#include "gust/coro/sync.h"
#include "loop/fake_poller.h"

namespace gust::coro {
namespace {

constexpr Nanos kStart = 1000 * kNanosPerSecond;

struct FakeEnv {
    FakeClock clock{kStart};
    std::unique_ptr<loop::Loop> loop;
    std::unique_ptr<Scheduler> sched;
    FakeEnv() {
        loop::LoopOptions o;
        o.custom_poller = std::make_unique<loop::testing::FakePoller>(&clock);
        o.clock = &clock;
        loop = std::make_unique<loop::Loop>(std::move(o));
        sched = std::make_unique<Scheduler>(*loop);
    }
    Nanos elapsed() const { return clock.now() - kStart; }
};

TEST(FakeTime, ChannelPopTimesOutExactlyAtTheDeadline) {
    FakeEnv env;
    Channel<int> ch(1);
    Nanos woke_at = 0;
    (void)env.sched->create([&] {
        EXPECT_EQ(ch.pop(250 * kNanosPerMilli).code(), kErrTimedOut);
        woke_at = env.loop->now();
    });
    env.sched->run();
    EXPECT_EQ(woke_at - kStart, 250 * kNanosPerMilli);
    EXPECT_EQ(ch.consumers(), 0u);
}

TEST(FakeTime, ValueArrivingBeforeTheDeadlineWins) {
    FakeEnv env;
    Channel<std::string> ch(1);
    std::string got;
    (void)env.sched->create([&] {
        auto r = ch.pop(kNanosPerSecond);
        ASSERT_TRUE(r.ok());
        got = std::move(r.value());
    });
    (void)env.sched->create([&] {
        env.sched->sleep(100 * kNanosPerMilli);
        EXPECT_EQ(ch.push("late but in time"), 0);
    });
    env.sched->run();
    EXPECT_EQ(got, "late but in time");
    // The pop's timer was canceled: nothing kept the loop running to the 1 s deadline.
    EXPECT_EQ(env.elapsed(), 100 * kNanosPerMilli);
}

TEST(FakeTime, PushTimeoutOnAFullChannelLeavesTheBufferIntact) {
    FakeEnv env;
    Channel<int> ch(2);
    (void)env.sched->create([&] {
        EXPECT_EQ(ch.push(1), 0);
        EXPECT_EQ(ch.push(2), 0);
        EXPECT_EQ(ch.push(3, 30 * kNanosPerMilli), kErrTimedOut);
    });
    env.sched->run();
    EXPECT_EQ(env.elapsed(), 30 * kNanosPerMilli);
    EXPECT_EQ(ch.length(), 2u);
    std::vector<int> rest;
    (void)env.sched->create([&] {
        while (!ch.empty()) rest.push_back(ch.pop().value());
    });
    EXPECT_EQ(rest, (std::vector<int>{1, 2}));
}

TEST(FakeTime, SleepAndJoinTimeout) {
    FakeEnv env;
    std::vector<std::pair<int, Nanos>> events;
    auto sleeper = env.sched->create([&] {
        EXPECT_EQ(env.sched->sleep(3 * kNanosPerSecond), 0);
        events.push_back({1, env.loop->now() - kStart});
    });
    ASSERT_TRUE(sleeper.ok());
    (void)env.sched->create([&] {
        EXPECT_EQ(env.sched->join(sleeper.value(), kNanosPerSecond), kErrTimedOut);
        events.push_back({2, env.loop->now() - kStart});
        EXPECT_EQ(env.sched->join(sleeper.value()), 0);
        events.push_back({3, env.loop->now() - kStart});
    });
    env.sched->run();
    EXPECT_EQ(events, (decltype(events){{2, kNanosPerSecond}, {1, 3 * kNanosPerSecond}, {3, 3 * kNanosPerSecond}}));
}

TEST(FakeTime, WaitGroupWaitTimesOut) {
    FakeEnv env;
    WaitGroup wg;
    ASSERT_TRUE(wg.add(1).ok());
    (void)env.sched->create([&] { EXPECT_EQ(wg.wait(5 * kNanosPerMilli), kErrTimedOut); });
    env.sched->run();
    EXPECT_EQ(env.elapsed(), 5 * kNanosPerMilli);
    EXPECT_FALSE(wg.add(-2).ok());
}

TEST(Channel, WaitingConsumersAreServedInArrivalOrder) {
    FakeEnv env;
    Channel<int> ch(1);
    std::vector<std::pair<int, int>> got;  // (consumer, value)
    for (int c = 0; c < 4; ++c) {
        (void)env.sched->create([&, c] { got.push_back({c, ch.pop().value()}); });
    }
    (void)env.sched->create([&] {
        for (int v = 10; v < 14; ++v) ch.push(v);
    });
    env.sched->run();
    EXPECT_EQ(got, (decltype(got){{0, 10}, {1, 11}, {2, 12}, {3, 13}}));
}

TEST(Channel, WaitingProducersAreAdmittedInArrivalOrder) {
    FakeEnv env;
    Channel<int> ch(1);
    ch.close();
    Channel<int> full(1);
    (void)env.sched->create([&] { full.push(0); });
    for (int p = 1; p <= 3; ++p) {
        (void)env.sched->create([&, p] { EXPECT_EQ(full.push(p), 0); });
    }
    EXPECT_EQ(full.producers(), 3u);
    std::vector<int> got;
    (void)env.sched->create([&] {
        for (int i = 0; i < 4; ++i) got.push_back(full.pop().value());
    });
    env.sched->run();
    EXPECT_EQ(got, (std::vector<int>{0, 1, 2, 3}));
    EXPECT_EQ(ch.push(1), kErrClosed);
}

TEST(Channel, CancelAWaitingConsumer) {
    FakeEnv env;
    Channel<int> ch(1);
    int rc = 0;
    auto id = env.sched->create([&] { rc = ch.pop().code(); });
    ASSERT_TRUE(id.ok());
    EXPECT_TRUE(env.sched->cancel(id.value()));
    env.sched->run();
    EXPECT_EQ(rc, kErrCanceled);
    EXPECT_EQ(ch.consumers(), 0u);
}

TEST(Mutex, HandsOffInFifoOrderAndRejectsWrongUnlock) {
    FakeEnv env;
    Mutex m;
    std::vector<int> order;
    (void)env.sched->create([&] {
        ASSERT_EQ(m.lock(), 0);
        EXPECT_EQ(m.lock(), kErrDeadlock);
        env.sched->sleep(kNanosPerMilli);
        order.push_back(0);
        ASSERT_TRUE(m.unlock().ok());
        // Relocking right away queues behind the waiters instead of overtaking them.
        ASSERT_EQ(m.lock(), 0);
        order.push_back(9);
        ASSERT_TRUE(m.unlock().ok());
    });
    for (int i = 1; i <= 2; ++i) {
        (void)env.sched->create([&, i] {
            EXPECT_FALSE(m.try_lock());
            EXPECT_FALSE(m.unlock().ok());
            ASSERT_EQ(m.lock(), 0);
            order.push_back(i);
            ASSERT_TRUE(m.unlock().ok());
        });
    }
    (void)env.sched->create([&] { EXPECT_EQ(m.lock(100 * kNanosPerMicro), kErrTimedOut); });
    env.sched->run();
    EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 9}));
    EXPECT_FALSE(m.locked());
}

TEST(Mutex, OutsideACoroutine) {
    FakeEnv env;
    Mutex m;
    EXPECT_EQ(m.lock(), kErrNotInCoroutine);
    EXPECT_FALSE(m.try_lock());
}

struct Counted {
    static inline int alive = 0;
    int value = 0;
    Counted() { ++alive; }
    ~Counted() { --alive; }
};

TEST(Scheduler, TypedLocalsArePerCoroutineAndUserDataIsKept) {
    FakeEnv env;
    CoroutineLocal<Counted> local;
    int marker = 0;
    std::vector<int> seen;
    for (int i = 1; i <= 3; ++i) {
        (void)env.sched->create([&, i] {
            Coroutine &co = *current();
            co.set_user_data(&marker);
            local.get(co).value = i;
            env.sched->sleep(i * kNanosPerMilli);
            EXPECT_EQ(current()->user_data(), &marker);
            seen.push_back(local.get(*current()).value);
        });
    }
    EXPECT_EQ(Counted::alive, 3);
    env.sched->run();
    EXPECT_EQ(seen, (std::vector<int>{1, 2, 3}));
    EXPECT_EQ(Counted::alive, 0);
}

TEST(Scheduler, StatsCountLivePeakAndSwitches) {
    FakeEnv env;
    EXPECT_EQ(current_id(), -1);
    for (int i = 0; i < 5; ++i) (void)env.sched->create([&] { env.sched->sleep(kNanosPerMilli); });
    SchedulerStats s = env.sched->stats();
    EXPECT_EQ(s.live, 5u);
    EXPECT_EQ(s.parked, 5u);
    EXPECT_EQ(s.switches, 10u);  // in and out of each
    env.sched->run();
    s = env.sched->stats();
    EXPECT_EQ(s.live, 0u);
    EXPECT_EQ(s.peak, 5u);
    EXPECT_EQ(s.created, 5u);
    EXPECT_EQ(s.switches, 20u);
    // Ids keep increasing after coroutines end.
    auto id = env.sched->create([] {});
    EXPECT_EQ(id.value(), 6);
}

}  // namespace
}  // namespace gust::coro
