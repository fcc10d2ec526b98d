// create() + first switch + finish: a coroutine whose body returns at once,
// so each iteration is one full lifecycle on a pooled (warm) stack.
#include <benchmark/benchmark.h>

#include <vector>

#include "gust/coro/coroutine.h"

namespace {
using namespace gust;

void BM_CreateRunFinish(benchmark::State &state) {
    loop::Loop loop;
    coro::Scheduler sched(loop);
    int64_t n = 0;
    for (auto _ : state) {
        auto id = sched.create([&n] { ++n; });
        benchmark::DoNotOptimize(id);
    }
    if (n != state.iterations()) state.SkipWithError("coroutine did not run");
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_CreateRunFinish);

// The same with the coroutine parking once and being woken from the loop hook:
// create, park, wake, run from before_wait(), finish.
void BM_CreateParkWakeFinish(benchmark::State &state) {
    loop::Loop loop;
    coro::Scheduler sched(loop);
    constexpr int kBatch = 1000;
    std::vector<coro::Coroutine *> parked;
    parked.reserve(kBatch);
    for (auto _ : state) {
        for (int i = 0; i < kBatch; ++i) {
            (void)sched.create([&] {
                parked.push_back(coro::current());
                sched.park(-1, coro::WaitInfo{"Bench", 0, "park"});
            });
        }
        for (coro::Coroutine *co : parked) sched.wake(co);
        parked.clear();
        sched.run();
    }
    state.SetItemsProcessed(state.iterations() * kBatch);
}
BENCHMARK(BM_CreateParkWakeFinish);

}  // namespace

BENCHMARK_MAIN();
