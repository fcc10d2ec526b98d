#include "gust/base/clock.h"

#include <time.h>

namespace gust {

static Nanos read_clock(clockid_t id) {
    timespec ts;
    clock_gettime(id, &ts);
    return static_cast<Nanos>(ts.tv_sec) * kNanosPerSecond + ts.tv_nsec;
}

Nanos monotonic_now() { return read_clock(CLOCK_MONOTONIC); }
Nanos wall_now() { return read_clock(CLOCK_REALTIME); }

MonotonicClock &MonotonicClock::instance() {
    static MonotonicClock clock;
    return clock;
}

}  // namespace gust
