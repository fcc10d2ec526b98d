// Timer heap costs with 100,000 timers pending: add+cancel of one more timer
// (the common "arm a timeout, then the I/O wins" pattern), cancel of a timer
// from the middle of the heap, and the fire rate of due timers.
#include <benchmark/benchmark.h>

#include <memory>
#include <random>
#include <vector>

#include "gust/loop/fake_poller.h"
#include "gust/loop/loop.h"

namespace {

using namespace gust;
using namespace gust::loop;

constexpr int kPending = 100000;

struct Fixture {
    FakeClock clock{kNanosPerSecond};
    std::unique_ptr<Loop> loop;
    std::vector<TimerId> pending;
    std::mt19937_64 rng{7};

    Fixture() {
        LoopOptions o;
        o.custom_poller = std::make_unique<testing::FakePoller>(&clock);
        o.clock = &clock;
        loop = std::make_unique<Loop>(std::move(o));
        pending.reserve(kPending);
        for (int i = 0; i < kPending; ++i) pending.push_back(loop->add_timer(far(), 0, noop, nullptr));
    }
    Nanos far() { return 3600 * kNanosPerSecond + static_cast<Nanos>(rng() % (3600 * kNanosPerSecond)); }
    static void noop(void *, TimerId) {}
};

void BM_TimerAddCancel_100kPending(benchmark::State &state) {
    Fixture f;
    for (auto _ : state) {
        TimerId id = f.loop->add_timer(f.far(), 0, Fixture::noop, nullptr);
        benchmark::DoNotOptimize(f.loop->cancel_timer(id));
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TimerAddCancel_100kPending);

// Cancel a random pending timer (from anywhere in the heap) and arm a replacement.
void BM_TimerCancelMiddleAndReadd_100kPending(benchmark::State &state) {
    Fixture f;
    for (auto _ : state) {
        size_t at = f.rng() % f.pending.size();
        benchmark::DoNotOptimize(f.loop->cancel_timer(f.pending[at]));
        f.pending[at] = f.loop->add_timer(f.far(), 0, Fixture::noop, nullptr);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TimerCancelMiddleAndReadd_100kPending);

// Due timers fired per second: each round arms 1,000 timers due now (on top of
// the 100k far-future ones) and runs one loop iteration that fires them.
void BM_TimerFire_100kPending(benchmark::State &state) {
    Fixture f;
    constexpr int kBatch = 1000;
    uint64_t fired = 0;
    auto count = [](void *arg, TimerId) { ++*static_cast<uint64_t *>(arg); };
    for (auto _ : state) {
        for (int i = 0; i < kBatch; ++i) f.loop->add_timer(i, 0, count, &fired);
        f.clock.advance(kBatch);
        f.loop->run_once(0);
    }
    if (fired != static_cast<uint64_t>(state.iterations()) * kBatch) state.SkipWithError("not every timer fired");
    state.SetItemsProcessed(static_cast<int64_t>(fired));
}
BENCHMARK(BM_TimerFire_100kPending);

}  // namespace

BENCHMARK_MAIN();
