// Memory per parked coroutine: park N coroutines on one channel, then report
// the VmRSS growth per coroutine and the process's memory-mapping count
// (/proc/self/maps lines; the kernel's limit is vm.max_map_count, 65530 by
// default). Usage: bench_coro_rss [N] (default 100000).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#include "gust/coro/channel.h"

namespace {

long vm_rss_kb() {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("VmRSS:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
    }
    return -1;
}

long map_count() {
    std::ifstream in("/proc/self/maps");
    std::string line;
    long n = 0;
    while (std::getline(in, line)) ++n;
    return n;
}

}  // namespace

int main(int argc, char **argv) {
    using namespace gust;
    const long n = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 100000;
    loop::Loop loop;
    coro::Scheduler sched(loop);
    coro::Channel<int> ch(1);
    long popped = 0;
    // Warm up the allocator and the first slab so the delta measures coroutines, not setup.
    (void)sched.create([] {});
    const long rss0 = vm_rss_kb();
    const long maps0 = map_count();
    for (long i = 0; i < n; ++i) {
        auto r = sched.create([&] {
            if (ch.pop().ok()) ++popped;
        });
        if (!r.ok()) {
            std::fprintf(stderr, "create failed at %ld: %d\n", i, r.code());
            return 1;
        }
    }
    const long rss1 = vm_rss_kb();
    const long maps1 = map_count();
    const coro::SchedulerStats st = sched.stats();
    std::printf("coroutines=%ld rss_per_coro_bytes=%ld maps=%ld maps_added=%ld pool_mappings=%zu guarded=%zu "
                "stack_size=%zu\n",
                n, n ? (rss1 - rss0) * 1024 / n : 0, maps1, maps1 - maps0, st.stacks.mappings, st.stacks.guarded,
                sched.options().stacks.stack_size);
    ch.close();
    sched.run();
    if (popped != 0 || sched.stats().live != 0) {
        std::fprintf(stderr, "unexpected: popped=%ld live=%zu\n", popped, sched.stats().live);
        return 1;
    }
    return 0;
}
