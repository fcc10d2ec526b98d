// Monotonic time. Loops read the clock once per iteration through a Clock so
// tests can inject a fake one.
#pragma once

#include <cstdint>

namespace gust {

using Nanos = int64_t;
constexpr Nanos kNanosPerMicro = 1000;
constexpr Nanos kNanosPerMilli = 1000 * 1000;
constexpr Nanos kNanosPerSecond = 1000 * 1000 * 1000;

// CLOCK_MONOTONIC in nanoseconds.
Nanos monotonic_now();
// CLOCK_REALTIME in nanoseconds since the Unix epoch.
Nanos wall_now();

class Clock {
public:
    virtual ~Clock() = default;
    virtual Nanos now() const = 0;
};

class MonotonicClock final : public Clock {
public:
    Nanos now() const override { return monotonic_now(); }
    static MonotonicClock &instance();
};

// A clock that moves only when told to; for hermetic tests.
class FakeClock final : public Clock {
public:
    explicit FakeClock(Nanos start = 0) : now_(start) {}
    Nanos now() const override { return now_; }
    void advance(Nanos by) { now_ += by; }
    void set(Nanos to) { now_ = to; }

private:
    Nanos now_;
};

}  // namespace gust
