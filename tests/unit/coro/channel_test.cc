// Channel, WaitGroup and Barrier between coroutines.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "gust/coro/channel.h"
#include "gust/coro/sync.h"

namespace gust::coro {
namespace {

struct Env {
    loop::Loop loop;
    Scheduler sched{loop};
};

TEST(Channel, BoundedChannelBlocksTheProducerUntilAConsumerTakes) {
    Env env;
    Channel<int> ch(2);
    std::vector<std::string> log;
    (void)env.sched.create([&] {
        for (int i = 0; i < 4; ++i) {
            EXPECT_EQ(ch.push(i), 0);
            log.push_back("pushed " + std::to_string(i));
        }
    });
    EXPECT_EQ(ch.length(), 2u);
    EXPECT_TRUE(ch.full());
    (void)env.sched.create([&] {
        for (int i = 0; i < 4; ++i) {
            auto v = ch.pop();
            ASSERT_TRUE(v.ok());
            EXPECT_EQ(v.value(), i);
            log.push_back("popped " + std::to_string(i));
        }
    });
    env.sched.run();
    EXPECT_EQ(log.front(), "pushed 0");
    EXPECT_EQ(log.back(), "popped 3");
    EXPECT_TRUE(ch.empty());
}

TEST(Channel, ValuesAreMovedNotCopied) {
    Env env;
    Channel<std::unique_ptr<int>> ch(1);
    (void)env.sched.create([&] {
        auto v = ch.pop();
        ASSERT_TRUE(v.ok());
        EXPECT_EQ(*v.value(), 9);
    });
    (void)env.sched.create([&] { EXPECT_EQ(ch.push(std::make_unique<int>(9)), 0); });
    env.sched.run();
}

TEST(Channel, PopAndPushTimeOut) {
    Env env;
    Channel<int> ch(1);
    (void)env.sched.create([&] {
        EXPECT_EQ(ch.pop(2 * kNanosPerMilli).code(), kErrTimedOut);
        EXPECT_EQ(ch.push(1), 0);
        EXPECT_EQ(ch.push(2, 2 * kNanosPerMilli), kErrTimedOut);
        EXPECT_EQ(ch.length(), 1u);
        EXPECT_EQ(ch.producers(), 0u);  // the timed-out pusher left the queue
    });
    env.sched.run();
}

TEST(Channel, CloseWakesEveryWaiterButBufferedValuesStillPop) {
    Env env;
    Channel<int> ch(1);
    Channel<int> full(1);
    int closed_pops = 0;
    for (int i = 0; i < 3; ++i) {
        (void)env.sched.create([&] {
            if (ch.pop().code() == kErrClosed) ++closed_pops;
        });
    }
    EXPECT_EQ(ch.consumers(), 3u);
    EXPECT_EQ(full.push(1), 0);  // room in the buffer: no coroutine needed
    int push_rc = 0;
    (void)env.sched.create([&] { push_rc = full.push(2); });
    (void)env.sched.create([&] {
        ch.close();
        full.close();
    });
    env.sched.run();
    EXPECT_EQ(closed_pops, 3);
    EXPECT_EQ(push_rc, kErrClosed);
    EXPECT_EQ(full.pop().value(), 1);
    EXPECT_EQ(full.pop().code(), kErrClosed);
    EXPECT_EQ(ch.push(5), kErrClosed);
}

TEST(Channel, UnboundedNeverBlocksProducers) {
    Env env;
    Channel<int> ch(0);
    (void)env.sched.create([&] {
        for (int i = 0; i < 10000; ++i) EXPECT_EQ(ch.push(i), 0);
    });
    EXPECT_EQ(ch.length(), 10000u);
}

TEST(Channel, ForgottenConsumerIsADeadlockNamingTheChannel) {
    Env env;
    Channel<int> ch(1);
    std::vector<std::string> reports;
    env.sched.set_deadlock_reporter([&](const std::string &l) { reports.push_back(l); });
    (void)env.sched.create([&] { EXPECT_EQ(ch.pop().code(), kErrDeadlock); });
    env.sched.run();
    ASSERT_EQ(reports.size(), 1u);
    EXPECT_EQ(reports[0], "deadlock: coroutine 1 waits on Channel#" + std::to_string(ch.id()) + " pop");
}

TEST(WaitGroup, WaitReturnsWhenEveryPartIsDone) {
    Env env;
    WaitGroup wg;
    int done = 0;
    (void)env.sched.create([&] {
        for (int i = 1; i <= 3; ++i) {
            EXPECT_TRUE(wg.add().ok());
            (void)env.sched.create([&, i] {
                env.sched.sleep(i * kNanosPerMilli);
                ++done;
                EXPECT_TRUE(wg.done().ok());
            });
        }
        EXPECT_EQ(wg.wait(), 0);
        EXPECT_EQ(done, 3);
    });
    env.sched.run();
    EXPECT_EQ(wg.done().code(), kErrInvalid);
}

TEST(Barrier, ReleasesAllPartiesTogether) {
    Env env;
    Barrier barrier(3);
    std::vector<int> after;
    for (int i = 0; i < 3; ++i) {
        (void)env.sched.create([&, i] {
            EXPECT_EQ(barrier.wait(), 0);
            after.push_back(i);
        });
        if (i < 2) {
            EXPECT_TRUE(after.empty());
        }
    }
    env.sched.run();
    EXPECT_EQ(after.size(), 3u);
}

}  // namespace
}  // namespace gust::coro
