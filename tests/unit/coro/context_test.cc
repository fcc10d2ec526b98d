// The raw context switch and the stack pool, without a scheduler; plus the
// process-ending paths (stack overflow, escaping exceptions) as death tests.
#include <gtest/gtest.h>

#include <cfenv>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "gust/coro/context.h"
#include "gust/coro/coroutine.h"
#include "gust/coro/stack_pool.h"

namespace gust::coro {
namespace {

struct PingPong {
    Context main;
    Context co;
    std::vector<int> trace;
    int rounding_seen_in_co = 0;
};

void ping_pong_entry(void *arg) {
    auto *p = static_cast<PingPong *>(arg);
    p->co.on_enter();
    for (int i = 0; i < 3; ++i) {
        p->trace.push_back(100 + i);
        p->co.switch_to(p->main);
    }
    p->co.switch_to_final(p->main);
}

TEST(Context, SwitchesBackAndForthOnItsOwnStack) {
    StackPool pool;
    Stack stack = pool.acquire();
    ASSERT_NE(stack.base, nullptr);
    PingPong p;
    p.co = Context(stack.base, stack.size, &ping_pong_entry, &p);
    for (int i = 0; i < 3; ++i) {
        p.trace.push_back(i);
        p.main.switch_to(p.co);
    }
    p.main.switch_to(p.co);  // the entry finishes with switch_to_final
    p.co.release();
    pool.release(stack);
    EXPECT_EQ(p.trace, (std::vector<int>{0, 100, 1, 101, 2, 102}));
}

void rounding_entry(void *arg) {
    auto *p = static_cast<PingPong *>(arg);
    p->co.on_enter();
    p->rounding_seen_in_co = fegetround();
    fesetround(FE_UPWARD);  // this context's own floating-point mode
    p->co.switch_to(p->main);
    p->rounding_seen_in_co = fegetround();
    p->co.switch_to_final(p->main);
}

TEST(Context, FloatingPointControlWordsArePerContext) {
    StackPool pool;
    Stack stack = pool.acquire();
    PingPong p;
    p.co = Context(stack.base, stack.size, &rounding_entry, &p);
    fesetround(FE_TOWARDZERO);
    p.main.switch_to(p.co);
    EXPECT_EQ(p.rounding_seen_in_co, FE_TONEAREST);  // a new context starts with the defaults
    EXPECT_EQ(fegetround(), FE_TOWARDZERO);          // ours came back unchanged
    p.main.switch_to(p.co);
    EXPECT_EQ(p.rounding_seen_in_co, FE_UPWARD);
    fesetround(FE_TONEAREST);
    p.co.release();
    pool.release(stack);
}

TEST(StackPool, GuardsTheFirstStacksThenCarvesSlabs) {
    StackOptions o;
    o.stack_size = 64 * 1024;
    o.guarded_budget = 3;
    o.slab_stacks = 8;
    StackPool pool(o);
    std::vector<Stack> stacks;
    for (int i = 0; i < 3 + 8 + 1; ++i) stacks.push_back(pool.acquire());
    for (int i = 0; i < 3; ++i) EXPECT_TRUE(stacks[i].guarded) << i;
    for (size_t i = 3; i < stacks.size(); ++i) EXPECT_FALSE(stacks[i].guarded) << i;
    StackStats s = pool.stats();
    EXPECT_EQ(s.guarded, 3u);
    EXPECT_EQ(s.in_use, 12u);
    EXPECT_EQ(s.mappings, 3u * 2 + 2);  // guarded: 2 each; two slabs: 1 each
    EXPECT_EQ(s.free, 7u);              // the second slab's rest
    for (const Stack &st : stacks) {
        // Slab stacks give up 32 bytes at their low end to the canary.
        EXPECT_EQ(st.size, st.guarded ? 64u * 1024 : 64u * 1024 - 32);
        EXPECT_TRUE(StackPool::canary_intact(st));
    }
    for (const Stack &st : stacks) pool.release(st);
    EXPECT_EQ(pool.stats().in_use, 0u);
    EXPECT_EQ(pool.stats().free, 19u);
}

TEST(StackPool, ReleasedStacksAreReusedAndReturnedToTheKernelAboveTheHighWaterMark) {
    StackOptions o;
    o.guarded_budget = 0;
    o.slab_stacks = 4;
    o.keep_free = 4;
    StackPool pool(o);
    Stack a = pool.acquire();
    pool.release(a);
    Stack b = pool.acquire();
    EXPECT_EQ(a.base, b.base);  // last released, first reused: its pages are still warm

    // Fill the free list up to the mark, then one more release goes over it.
    std::vector<Stack> more;
    for (int i = 0; i < 4; ++i) more.push_back(pool.acquire());
    auto *probe = static_cast<char *>(b.base) + 4096;
    *probe = 42;
    for (const Stack &s : more) pool.release(s);  // free list: 4 == keep_free
    pool.release(b);                              // above the mark: madvise(DONTNEED)
    EXPECT_EQ(*probe, 0);                         // the page was dropped and reads back as zeros
    EXPECT_TRUE(StackPool::canary_intact(b));     // the canary was rewritten
}

TEST(StackPoolDeathTest, OverwrittenCanaryAbortsOnRelease) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_DEATH(
        {
            StackOptions o;
            o.guarded_budget = 0;
            StackPool pool(o);
            Stack s = pool.acquire();
            memset(static_cast<char *>(s.base) - 16, 0xAB, 16);  // just below the usable range
            pool.release(s);
        },
        "stack overflow detected");
}

TEST(CoroutineDeathTest, EscapingExceptionTerminatesWithTheCoroutineId) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_DEATH(
        {
            loop::Loop loop;
            Scheduler sched(loop);
            (void)sched.create([] { throw std::runtime_error("boom"); });
        },
        "uncaught C\\+\\+ exception in coroutine 1: boom");
}

TEST(CoroutineDeathTest, UnguardedOverflowIsCaughtAtTheNextSwitch) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_DEATH(
        {
            loop::Loop loop;
            SchedulerOptions o;
            o.stacks.guarded_budget = 0;
            Scheduler sched(loop, o);
            (void)sched.create([] {
                // Stand-in for a deep recursion: scribble just below the low end of our own stack.
                memset(static_cast<char *>(current()->stack_base()) - 32, 0, 32);
                (void)Scheduler::current()->yield();
            });
        },
        "coroutine 1 overflowed its stack");
}

}  // namespace
}  // namespace gust::coro
