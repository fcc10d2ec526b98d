// A poller driven by the test: it records registrations, returns the readiness
// the test injected, and "sleeps" by advancing a FakeClock by the timeout the
// loop asked for — timer tests run instantly and deterministically.
#pragma once

#include <cerrno>
#include <map>
#include <vector>

#include "gust/base/clock.h"
#include "gust/loop/poller.h"

namespace gust::loop::testing {

class FakePoller final : public Poller {
public:
    explicit FakePoller(FakeClock *clock) : clock_(clock) {}

    std::map<int, uint64_t> tokens;               // fd -> token currently registered
    std::vector<std::pair<int, uint32_t>> ready;  // (fd, events) for the next wait
    std::vector<Nanos> waits;                     // every timeout the loop asked for

    Status add(int fd, uint32_t, uint64_t token) override {
        if (tokens.count(fd)) return Error{-EEXIST};
        tokens[fd] = token;
        return {};
    }
    Status modify(int fd, uint32_t, uint64_t token) override {
        if (!tokens.count(fd)) return Error{-ENOENT};
        tokens[fd] = token;
        return {};
    }
    Status remove(int fd) override {
        if (!tokens.erase(fd)) return Error{-ENOENT};
        return {};
    }
    Result<int> wait(ReadyEvent *out, int capacity, Nanos timeout) override {
        waits.push_back(timeout);
        int n = 0;
        for (auto &[fd, events] : ready) {
            if (n < capacity && tokens.count(fd)) out[n++] = ReadyEvent{tokens[fd], events};
        }
        ready.clear();
        if (n == 0 && timeout > 0) clock_->advance(timeout);
        return n;
    }
    const char *name() const override { return "fake"; }

private:
    FakeClock *clock_;
};

}  // namespace gust::loop::testing
