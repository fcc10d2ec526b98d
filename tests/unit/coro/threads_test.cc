// Schedulers on several threads at once, and a worker thread waking a parked
// coroutine through Loop::post (the pattern for offloaded work such as DNS).
// Run under TSan too.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "gust/coro/channel.h"
#include "gust/coro/sync.h"

namespace gust::coro {
namespace {

TEST(Threads, EachThreadHasItsOwnSchedulerAndCurrentCoroutine) {
    constexpr int kThreads = 4;
    constexpr int kRounds = 2000;
    std::vector<int64_t> sums(kThreads, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([t, &sums] {
            loop::Loop loop;
            Scheduler sched(loop);
            EXPECT_EQ(Scheduler::current(), &sched);
            Channel<int> ch(4);
            (void)sched.create([&] {
                for (int i = 1; i <= kRounds; ++i) (void)ch.push(i);
                ch.close();
            });
            (void)sched.create([&] {
                for (;;) {
                    auto v = ch.pop();
                    if (!v.ok()) break;
                    sums[t] += v.value();
                    EXPECT_EQ(current()->id(), 2);
                }
            });
            EXPECT_EQ(sched.run(), 0u);
        });
    }
    for (auto &th : threads) th.join();
    for (int64_t s : sums) EXPECT_EQ(s, int64_t{kRounds} * (kRounds + 1) / 2);
}

TEST(Threads, WorkerWakesAParkedCoroutineThroughPost) {
    loop::Loop loop;
    Scheduler sched(loop);
    int result = 0;
    int answer = 0;
    std::thread worker;
    (void)sched.create([&] {
        Coroutine *self = current();
        loop.add_external_ref();  // the worker's reply keeps the loop (and us) alive
        worker = std::thread([&loop, &sched, &answer, self] {
            int computed = 6 * 7;
            loop.post([&loop, &sched, &answer, self, computed] {
                answer = computed;
                loop.remove_external_ref();
                sched.wake(self, 0);
            });
        });
        result = sched.park(-1, WaitInfo{"Worker", 1, "reply"});
    });
    EXPECT_EQ(sched.run(), 0u);
    worker.join();
    EXPECT_EQ(result, 0);
    EXPECT_EQ(answer, 42);
}

}  // namespace
}  // namespace gust::coro
