// Timers on a fake clock and a fake poller: order, ties, cancel, repeat, refs,
// and a 100k add/cancel mix checked against a simple model.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <vector>

#include "gust/loop/loop.h"
#include "gust/loop/fake_poller.h"

namespace gust::loop {
namespace {

struct FakeLoop {
    FakeClock clock{1000 * kNanosPerSecond};
    testing::FakePoller *poller;
    std::unique_ptr<Loop> loop;
    FakeLoop() {
        LoopOptions o;
        auto p = std::make_unique<testing::FakePoller>(&clock);
        poller = p.get();
        o.custom_poller = std::move(p);
        o.clock = &clock;
        loop = std::make_unique<Loop>(std::move(o));
    }
};

TEST(LoopTimers, FireInDeadlineOrderAndTiesInInsertionOrder) {
    FakeLoop f;
    std::vector<int> order;
    f.loop->add_timer(30 * kNanosPerMilli, 0, [&](TimerId) { order.push_back(3); });
    f.loop->add_timer(10 * kNanosPerMilli, 0, [&](TimerId) { order.push_back(1); });
    f.loop->add_timer(20 * kNanosPerMilli, 0, [&](TimerId) { order.push_back(2); });
    f.loop->add_timer(20 * kNanosPerMilli, 0, [&](TimerId) { order.push_back(22); });
    f.loop->run();
    EXPECT_EQ(order, (std::vector<int>{1, 2, 22, 3}));
    // The loop slept exactly until each deadline: 10 ms, then 10 ms more, then 10 ms.
    EXPECT_EQ(f.clock.now(), 1000 * kNanosPerSecond + 30 * kNanosPerMilli);
}

TEST(LoopTimers, CancelBeforeAndInsideCallbacks) {
    FakeLoop f;
    std::vector<int> fired;
    TimerId b = 0;
    TimerId a = f.loop->add_timer(kNanosPerMilli, 0, [&](TimerId) {
        fired.push_back(1);
        EXPECT_TRUE(f.loop->cancel_timer(b));
    });
    b = f.loop->add_timer(2 * kNanosPerMilli, 0, [&](TimerId) { fired.push_back(2); });
    TimerId c = f.loop->add_timer(3 * kNanosPerMilli, 0, [&](TimerId) { fired.push_back(3); });
    EXPECT_TRUE(f.loop->timer_exists(c));
    EXPECT_TRUE(f.loop->cancel_timer(c));
    EXPECT_FALSE(f.loop->cancel_timer(c));
    f.loop->run();
    EXPECT_EQ(fired, std::vector<int>{1});
    EXPECT_FALSE(f.loop->timer_exists(a));
}

TEST(LoopTimers, RepeatingTimerKeepsItsCadenceAndCancelsItself) {
    FakeLoop f;
    std::vector<Nanos> at;
    const Nanos start = f.clock.now();
    f.loop->add_timer(5 * kNanosPerMilli, 5 * kNanosPerMilli, [&](TimerId id) {
        at.push_back(f.loop->now() - start);
        if (at.size() == 4) f.loop->cancel_timer(id);
    });
    f.loop->run();
    EXPECT_EQ(at,
              (std::vector<Nanos>{5 * kNanosPerMilli, 10 * kNanosPerMilli, 15 * kNanosPerMilli, 20 * kNanosPerMilli}));
}

TEST(LoopTimers, UnreferencedTimerDoesNotKeepTheLoopAlive) {
    FakeLoop f;
    bool fired = false;
    TimerId t = f.loop->add_timer(kNanosPerSecond, 0, [&](TimerId) { fired = true; });
    f.loop->set_timer_ref(t, false);
    f.loop->run();
    EXPECT_FALSE(fired);
    EXPECT_TRUE(f.loop->timer_exists(t));
}

TEST(LoopTimers, CallbackMayAddTimers) {
    FakeLoop f;
    int depth = 0;
    std::function<void(TimerId)> again = [&](TimerId) {
        if (++depth < 100) f.loop->add_timer(0, 0, again);
    };
    f.loop->add_timer(0, 0, again);
    f.loop->run();
    EXPECT_EQ(depth, 100);
}

TEST(LoopTimers, HundredThousandMixedAddCancelMatchesAModel) {
    FakeLoop f;
    std::mt19937_64 rng(12345);
    std::multimap<std::pair<Nanos, uint64_t>, TimerId> model;  // (deadline, seq) -> id
    std::map<TimerId, std::pair<Nanos, uint64_t>> live;
    std::vector<TimerId> fired, expected;
    uint64_t seq = 0;
    for (int i = 0; i < 100000; ++i) {
        if (!live.empty() && rng() % 3 == 0) {
            auto it = live.begin();
            std::advance(it, static_cast<long>(rng() % std::min<size_t>(live.size(), 64)));
            ASSERT_TRUE(f.loop->cancel_timer(it->first));
            model.erase(model.find(it->second));
            live.erase(it);
        } else {
            Nanos delay = static_cast<Nanos>(rng() % 1000) * kNanosPerMilli;
            TimerId id = f.loop->add_timer(delay, 0, [&](TimerId t) { fired.push_back(t); });
            auto key = std::make_pair(f.clock.now() + delay, seq++);
            model.emplace(key, id);
            live[id] = key;
        }
    }
    EXPECT_EQ(f.loop->stats().timers, live.size());
    for (auto &[key, id] : model) expected.push_back(id);
    f.loop->run();
    EXPECT_EQ(fired, expected);
}

TEST(LoopTimers, DeadlineIsReported) {
    FakeLoop f;
    TimerId t = f.loop->add_timer(7 * kNanosPerMilli, 0, [](TimerId) {});
    EXPECT_EQ(f.loop->timer_deadline(t), f.clock.now() + 7 * kNanosPerMilli);
    EXPECT_EQ(f.loop->timer_deadline(t + 100), -1);
}

TEST(LoopTimers, ZeroDelayTimerReaddedByItsCallbackWaitsForTheNextIteration) {
    FakeLoop f;
    int fired = 0;
    std::function<void(TimerId)> again = [&](TimerId) {
        if (++fired < 3) f.loop->add_timer(0, 0, again);
    };
    f.loop->add_timer(0, 0, again);
    const uint64_t before = f.loop->stats().iterations;
    for (int i = 0; i < 10 && f.loop->run_once(0); ++i) {
    }
    EXPECT_EQ(fired, 3);
    EXPECT_GE(f.loop->stats().iterations - before, 2u);
}

TEST(LoopTimers, DelayCountsFromTheClockNotFromTheIterationsCachedTime) {
    FakeLoop f;
    const Nanos start = f.clock.now();
    // Time passes inside an iteration (callbacks doing work) before a timer is armed.
    f.clock.advance(50 * kNanosPerMilli);
    TimerId id = f.loop->add_timer(100 * kNanosPerMilli, 0, [](TimerId) {});
    EXPECT_EQ(f.loop->timer_deadline(id), start + 150 * kNanosPerMilli);
}

}  // namespace
}  // namespace gust::loop
