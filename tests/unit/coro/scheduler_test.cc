// Scheduler semantics (Swoole's): create runs at once, yield goes back to the
// resumer, park/wake/timeouts/cancel/join/defer, locals, limits, deadlock reports.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gust/coro/coroutine.h"

namespace gust::coro {
namespace {

struct Env {
    loop::Loop loop;
    Scheduler sched{loop};
};

TEST(Scheduler, CreateRunsTheCoroutineImmediatelyUntilItYields) {
    Env env;
    std::vector<std::string> log;
    auto id = env.sched.create([&] {
        log.push_back("in " + std::to_string(current_id()));
        EXPECT_TRUE(env.sched.yield().ok());
        log.push_back("resumed");
    });
    ASSERT_TRUE(id.ok());
    log.push_back("creator");
    EXPECT_EQ(id.value(), 1);
    EXPECT_EQ(current_id(), -1);
    ASSERT_TRUE(env.sched.resume(id.value()).ok());
    log.push_back("end");
    EXPECT_EQ(log, (std::vector<std::string>{"in 1", "creator", "resumed", "end"}));
    EXPECT_EQ(env.sched.find(id.value()), nullptr);  // finished and freed
}

TEST(Scheduler, NestedCoroutinesKnowTheirParentAndYieldToTheirResumer) {
    Env env;
    std::vector<std::string> log;
    CoroutineId inner = 0;
    (void)env.sched.create([&] {
        auto r = env.sched.create([&] {
            EXPECT_EQ(current()->parent_id(), 1);
            log.push_back("inner start");
            (void)env.sched.yield();
            log.push_back("inner resumed");
        });
        inner = r.value();
        log.push_back("outer after create");
        (void)env.sched.resume(inner);
        log.push_back("outer end");
    });
    EXPECT_EQ(log, (std::vector<std::string>{"inner start", "outer after create", "inner resumed", "outer end"}));
    EXPECT_EQ(inner, 2);
}

TEST(Scheduler, ResumeRejectsUnknownRunningAndParkedCoroutines) {
    Env env;
    EXPECT_EQ(env.sched.resume(42).code(), kErrInvalid);
    auto id = env.sched.create([&] {
        EXPECT_EQ(env.sched.resume(current_id()).code(), kErrInvalid);
        env.sched.sleep(kNanosPerMilli);
    });
    EXPECT_EQ(env.sched.resume(id.value()).code(), kErrInvalid);  // parked, not yielded
    env.sched.run();
    EXPECT_EQ(env.sched.yield().code(), kErrNotInCoroutine);
}

TEST(Scheduler, SleepersWakeInDeadlineOrder) {
    Env env;
    std::vector<int> order;
    for (int ms : {30, 10, 20}) {
        (void)env.sched.create([&, ms] {
            EXPECT_EQ(env.sched.sleep(ms * kNanosPerMilli), 0);
            order.push_back(ms);
        });
    }
    env.sched.run();
    EXPECT_EQ(order, (std::vector<int>{10, 20, 30}));
}

TEST(Scheduler, ParkTimesOutOrIsWokenWithACode) {
    Env env;
    int timed_out = 1, woken = 1;
    (void)env.sched.create([&] { timed_out = env.sched.park(kNanosPerMilli, WaitInfo{"Test", 1, "wait"}); });
    Coroutine *waiter = nullptr;
    (void)env.sched.create([&] {
        waiter = current();
        woken = env.sched.park(-1, WaitInfo{"Test", 2, "wait"});
    });
    (void)env.sched.create([&] { env.sched.wake(waiter, 77); });
    env.sched.run();
    EXPECT_EQ(timed_out, kErrTimedOut);
    EXPECT_EQ(woken, 77);
}

TEST(Scheduler, CancelWakesAParkedCoroutine) {
    Env env;
    int rc = 0;
    auto id = env.sched.create([&] { rc = env.sched.sleep(60 * kNanosPerSecond); });
    (void)env.sched.create([&] {
        EXPECT_TRUE(env.sched.cancel(id.value()));
        EXPECT_TRUE(env.sched.find(id.value())->canceled());
    });
    env.sched.run();
    EXPECT_EQ(rc, kErrCanceled);
    EXPECT_FALSE(env.sched.cancel(id.value()));
}

TEST(Scheduler, CancelWithAReasonFailsTheWaitAndEveryLaterParkWithIt) {
    // A request deadline cancels with kErrTimedOut: the waiting call and any later one fail so.
    Env env;
    int first = 0, second = 0;
    auto id = env.sched.create([&] {
        first = env.sched.sleep(60 * kNanosPerSecond);
        second = env.sched.park(-1, WaitInfo{"Test", 0, "after"});
    });
    (void)env.sched.create([&] {
        EXPECT_TRUE(env.sched.cancel(id.value(), kErrTimedOut));
        EXPECT_TRUE(env.sched.cancel(id.value()));  // a second cancel keeps the first reason
    });
    env.sched.run();
    EXPECT_EQ(first, kErrTimedOut);
    EXPECT_EQ(second, kErrTimedOut);
}

TEST(Scheduler, AParkedCoroutineTellsWhatItWaitsOnAndSinceWhen) {
    Env env;
    Coroutine *waiter = nullptr;
    const Nanos before = env.loop.now();
    (void)env.sched.create([&] {
        waiter = current();
        (void)env.sched.park(-1, WaitInfo{"Channel", 7, "pop"});
    });
    ASSERT_NE(waiter, nullptr);
    EXPECT_EQ(waiter->state(), CoState::kParked);
    EXPECT_STREQ(waiter->wait_info().kind, "Channel");
    EXPECT_EQ(waiter->wait_info().object, 7u);
    EXPECT_STREQ(waiter->wait_info().op, "pop");
    EXPECT_GE(waiter->waiting_since(), before);
    EXPECT_LE(waiter->waiting_since(), env.loop.now());
    env.sched.wake(waiter);
    env.sched.run();
}

TEST(Scheduler, CancelEndsASleepWhoseDeadlineFiredInTheSameTurnAsTheCancelers) {
    // Both deadlines expire in one loop turn: the first sleeper runs while the second is already
    // woken (timed out) but not yet run. Its sleep was handed nothing, so the cancel still ends it.
    Env env;
    int second_rc = 1;
    bool canceled = false;
    CoroutineId second = 0;
    (void)env.sched.create([&] {
        (void)env.sched.sleep(10 * kNanosPerMilli);
        canceled = env.sched.cancel(second);
    });
    second = env.sched.create([&] { second_rc = env.sched.sleep(10 * kNanosPerMilli); }).value();
    env.sched.run();
    EXPECT_TRUE(canceled);
    EXPECT_EQ(second_rc, kErrCanceled);
}

TEST(Scheduler, CancelEndsAYieldAndQueuesTheCoroutine) {
    Env env;
    Status got;
    bool after = false;
    auto id = env.sched.create([&] {
        got = env.sched.yield();
        after = true;
    });
    ASSERT_TRUE(id.ok());
    EXPECT_TRUE(env.sched.interruptible(env.sched.find(id.value())));
    EXPECT_TRUE(env.sched.cancel(id.value()));
    EXPECT_FALSE(after);                              // queued, not run from inside cancel()
    EXPECT_FALSE(env.sched.resume(id.value()).ok());  // no longer suspended
    env.sched.run();
    EXPECT_TRUE(after);
    EXPECT_EQ(got.code(), kErrCanceled);
}

TEST(Scheduler, AWaitHandedAResultIsNotInterruptible) {
    Env env;
    coro::Coroutine *waiter = nullptr;
    int rc = 1;
    auto id = env.sched.create([&] {
        waiter = current();
        rc = env.sched.park(-1, WaitInfo{"Test", 0, "handoff"});
    });
    (void)env.sched.create([&] {
        EXPECT_TRUE(env.sched.interruptible(waiter));
        env.sched.wake(waiter, 5);  // handed something: the wait is over whatever comes next
        EXPECT_FALSE(env.sched.interruptible(waiter));
        EXPECT_TRUE(env.sched.cancel(id.value()));
    });
    env.sched.run();
    EXPECT_EQ(rc, 5);
}

TEST(Scheduler, JoinWaitsForTheEnd) {
    Env env;
    std::vector<std::string> log;
    auto worker = env.sched.create([&] {
        env.sched.sleep(5 * kNanosPerMilli);
        log.push_back("worker done");
    });
    (void)env.sched.create([&] {
        EXPECT_EQ(env.sched.join(worker.value()), 0);
        log.push_back("joined");
        EXPECT_EQ(env.sched.join(worker.value()), 0);  // already gone: immediate
    });
    env.sched.run();
    EXPECT_EQ(log, (std::vector<std::string>{"worker done", "joined"}));
}

// A joiner wakes through the loop's deferred calls, after those the ended coroutine queued: a
// cancel made in one of them still ends the join as canceled (and the loop does not stall on
// the woken joiner with nothing else alive).
TEST(Scheduler, JoinerWakesAfterCallsTheEndedCoroutineDeferred) {
    Env env;
    std::vector<std::string> log;
    CoroutineId joiner = 0;
    int rc = -1;
    (void)env.sched.create([&] {
        joiner = current_id();
        auto worker = env.sched.create([&] {
            env.sched.sleep(kNanosPerMilli);
            env.loop.defer([&] {
                log.push_back("deferred");
                EXPECT_TRUE(env.sched.cancel(joiner));
            });
        });
        rc = env.sched.join(worker.value());
        log.push_back("join returned");
    });
    env.sched.run();
    EXPECT_EQ(rc, kErrCanceled);
    EXPECT_EQ(log, (std::vector<std::string>{"deferred", "join returned"}));
}

TEST(Scheduler, DefersRunLastInFirstOutAndLocalsAreDestroyed) {
    Env env;
    std::vector<int> order;
    static CoroutineLocal<std::vector<int>> local;
    int destroyed = 0;
    struct Tracker {
        int *n = nullptr;
        ~Tracker() {
            if (n) ++*n;
        }
    };
    static CoroutineLocal<Tracker> tracker;
    (void)env.sched.create([&] {
        local.get(*current()).push_back(5);
        tracker.get(*current()).n = &destroyed;
        current()->defer([&] { order.push_back(1); });
        current()->defer([&] { order.push_back(2); });
        (void)env.sched.yield();
        EXPECT_EQ(local.get(*current()).size(), 1u);
    });
    (void)env.sched.create([&] { EXPECT_TRUE(local.get(*current()).empty()); });
    (void)env.sched.resume(1);
    EXPECT_EQ(order, (std::vector<int>{2, 1}));
    EXPECT_EQ(destroyed, 1);
}

TEST(Scheduler, MaxCoroutinesIsEnforced) {
    loop::Loop loop;
    SchedulerOptions o;
    o.max_coroutines = 2;
    Scheduler sched(loop, o);
    EXPECT_TRUE(sched.create([&] { (void)sched.yield(); }).ok());
    EXPECT_TRUE(sched.create([&] { (void)sched.yield(); }).ok());
    auto third = sched.create([] {});
    EXPECT_EQ(third.code(), kErrLimit);
    (void)sched.resume(1);
    (void)sched.resume(2);
    EXPECT_TRUE(sched.create([] {}).ok());
}

TEST(Scheduler, DeadlockIsReportedNamingEachWaiterAndWakesIt) {
    Env env;
    std::vector<std::string> reports;
    env.sched.set_deadlock_reporter([&](const std::string &line) { reports.push_back(line); });
    int rc = 0;
    (void)env.sched.create([&] { rc = env.sched.park(-1, WaitInfo{"Channel", 3, "pop"}); });
    EXPECT_EQ(env.sched.run(), 1u);
    ASSERT_EQ(reports.size(), 1u);
    EXPECT_EQ(reports[0], "deadlock: coroutine 1 waits on Channel#3 pop");
    EXPECT_EQ(rc, kErrDeadlock);
    EXPECT_EQ(env.sched.stats().live, 0u);
}

TEST(Scheduler, SwitchObserverSeesEverySwitch) {
    Env env;
    std::vector<std::pair<CoroutineId, CoroutineId>> seen;
    env.sched.set_switch_observer(
        [](Coroutine *from, Coroutine *to, void *data) {
            static_cast<decltype(seen) *>(data)->emplace_back(from ? from->id() : -1, to ? to->id() : -1);
        },
        &seen);
    (void)env.sched.create([&] { (void)env.sched.yield(); });
    (void)env.sched.resume(1);
    EXPECT_EQ(seen, (decltype(seen){{-1, 1}, {1, -1}, {-1, 1}, {1, -1}}));
}

TEST(Scheduler, HundredThousandParkedCoroutinesAreReleased) {
    Env env;
#if defined(__SANITIZE_THREAD__)
    constexpr int kN = 4000;  // TSan tracks each coroutine as a thread and caps live ones at 8128
#else
    constexpr int kN = 100000;
#endif
    std::vector<Coroutine *> parked;
    parked.reserve(kN);
    int finished = 0;
    for (int i = 0; i < kN; ++i) {
        auto r = env.sched.create([&] {
            parked.push_back(current());
            env.sched.park(-1, WaitInfo{"Test", 0, "hold"});
            ++finished;
        });
        ASSERT_TRUE(r.ok()) << i;
    }
    EXPECT_EQ(env.sched.stats().live, static_cast<size_t>(kN));
    EXPECT_LT(env.sched.stats().stacks.mappings, 65530u / 2);
    for (Coroutine *co : parked) env.sched.wake(co);
    env.sched.run();
    EXPECT_EQ(finished, kN);
    EXPECT_EQ(env.sched.stats().live, 0u);
}

}  // namespace
}  // namespace gust::coro

namespace gust::coro {
namespace {

// find() has a direct-mapped cache in front of the id map: ids that share a slot, and ids of
// ended coroutines, must still resolve correctly.
TEST(SchedulerFind, CollidingAndEndedIdsResolveCorrectly) {
    loop::Loop loop;
    Scheduler sched(loop);
    std::vector<CoroutineId> ids;
    for (int i = 0; i < 3000; ++i) {
        auto id = sched.create([] { (void)Scheduler::current()->yield(); });
        ASSERT_TRUE(id.ok());
        ids.push_back(id.value());
    }
    for (CoroutineId id : ids) {
        Coroutine *co = sched.find(id);
        ASSERT_NE(co, nullptr);
        EXPECT_EQ(co->id(), id);
    }
    // End every other one; the rest stay findable, the ended ones are gone.
    for (size_t i = 0; i < ids.size(); i += 2) ASSERT_TRUE(sched.resume(ids[i]).ok());
    for (size_t i = 0; i < ids.size(); ++i) {
        Coroutine *co = sched.find(ids[i]);
        if (i % 2 == 0) {
            EXPECT_EQ(co, nullptr);
        } else {
            ASSERT_NE(co, nullptr);
            EXPECT_EQ(co->id(), ids[i]);
        }
    }
    for (size_t i = 1; i < ids.size(); i += 2) ASSERT_TRUE(sched.resume(ids[i]).ok());
    EXPECT_EQ(sched.find(ids.back() + 1), nullptr);
    EXPECT_EQ(sched.run(), 0u);
}

}  // namespace
}  // namespace gust::coro
