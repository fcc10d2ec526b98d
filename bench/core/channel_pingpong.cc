// Two coroutines bounce a value over two channels; every hop parks one side
// and wakes the other through the scheduler's loop hook. Reported per round
// trip (two hops, four switches).
#include <benchmark/benchmark.h>

#include <cstdlib>

#include "gust/coro/channel.h"

namespace {
using namespace gust;

void BM_ChannelPingPong(benchmark::State &state) {
    loop::Loop loop;
    coro::Scheduler sched(loop);
    const auto capacity = static_cast<size_t>(state.range(0));
    constexpr int64_t kRounds = 100000;
    for (auto _ : state) {
        coro::Channel<int64_t> ping(capacity), pong(capacity);
        (void)sched.create([&] {
            for (;;) {
                auto v = ping.pop();
                if (!v.ok()) break;
                (void)pong.push(v.value() + 1);
            }
        });
        (void)sched.create([&] {
            int64_t v = 0;
            for (int64_t i = 0; i < kRounds; ++i) {
                (void)ping.push(v);
                v = pong.pop().value();
            }
            if (v != kRounds) std::abort();
            ping.close();
        });
        sched.run();
    }
    state.SetItemsProcessed(state.iterations() * kRounds);
    state.counters["ns_per_round_trip"] = benchmark::Counter(static_cast<double>(state.iterations() * kRounds),
                                                             benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_ChannelPingPong)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
