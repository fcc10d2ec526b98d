// Cost of one coroutine switch: a coroutine that yields in a loop, resumed by
// the thread. Each iteration is two switches (in and out); the counter
// "ns_per_switch" divides accordingly. A raw Context ping-pong shows the floor.
#include <benchmark/benchmark.h>

#include "gust/coro/context.h"
#include "gust/coro/coroutine.h"
#include "gust/coro/stack_pool.h"

namespace {
using namespace gust;

void BM_SchedulerYieldResume(benchmark::State &state) {
    loop::Loop loop;
    coro::Scheduler sched(loop);
    bool stop = false;
    auto id = sched.create([&] {
        while (!stop) (void)sched.yield();
    });
    for (auto _ : state) (void)sched.resume(id.value());
    stop = true;
    (void)sched.resume(id.value());
    state.counters["ns_per_switch"] = benchmark::Counter(static_cast<double>(state.iterations()) * 2,
                                                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_SchedulerYieldResume);

struct Raw {
    coro::Context main;
    coro::Context co;
};

void raw_entry(void *arg) {
    auto *r = static_cast<Raw *>(arg);
    r->co.on_enter();
    for (;;) r->co.switch_to(r->main);
}

void BM_RawContextSwitch(benchmark::State &state) {
    coro::StackPool pool;
    coro::Stack stack = pool.acquire();
    Raw r;
    r.co = coro::Context(stack.base, stack.size, &raw_entry, &r);
    for (auto _ : state) r.main.switch_to(r.co);
    r.co.release();
    state.counters["ns_per_switch"] = benchmark::Counter(static_cast<double>(state.iterations()) * 2,
                                                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
    // The coroutine is left suspended forever; its stack goes back with the pool.
}
BENCHMARK(BM_RawContextSwitch);

}  // namespace

BENCHMARK_MAIN();
