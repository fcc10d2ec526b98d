// Monotonic time. Loops read the clock once per iteration through a Clock so
// tests can inject a fake one.
#pragma once

#include <cstdint>

namespace gust {

using Nanos = int64_t;
constexpr Nanos kNanosPerMicro = 1000;
constexpr Nanos kNanosPerMilli = 1000 * 1000;
constexpr Nanos kNanosPerSecond = 1000 * 1000 * 1000;

// The longest delay anything waits (~146 years): larger ones are clamped to it, so deadlines
// computed as now + delay never overflow.
constexpr Nanos kNanosMax = INT64_MAX / 2;

// now + delay without overflow (delay clamped to [0, kNanosMax]).
constexpr Nanos deadline_after(Nanos now, Nanos delay) {
    if (delay < 0) delay = 0;
    if (delay > kNanosMax) delay = kNanosMax;
    return now > INT64_MAX - delay ? INT64_MAX : now + delay;
}

// Seconds as a PHP/Swoole timeout: < 0 (or NaN) means "no timeout" (-1); huge values and
// infinity clamp to kNanosMax instead of overflowing.
constexpr Nanos seconds_to_nanos(double seconds) {
    if (!(seconds >= 0)) return -1;
    if (seconds >= static_cast<double>(kNanosMax) / 1e9) return kNanosMax;
    return static_cast<Nanos>(seconds * 1e9);
}

// count * unit, saturating at kNanosMax (count >= 0).
constexpr Nanos scaled_nanos(int64_t count, Nanos unit) {
    if (count <= 0) return 0;
    return count > kNanosMax / unit ? kNanosMax : count * unit;
}

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
