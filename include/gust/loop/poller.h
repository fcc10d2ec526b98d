// Poller: the readiness backend under a Loop (epoll, poll, a fake for tests;
// io_uring later). Callers only ever see this interface.
#pragma once

#include <cstdint>
#include <memory>

#include "gust/base/clock.h"
#include "gust/base/result.h"

namespace gust::loop {

enum IoEvents : uint32_t {
    kReadable = 1u << 0,
    kWritable = 1u << 1,
    kError = 1u << 2,   // reported, never requested
    kHangup = 1u << 3,  // reported, never requested
};

struct ReadyEvent {
    uint64_t token;   // what was given to add()/modify()
    uint32_t events;  // IoEvents
};

class Poller {
public:
    virtual ~Poller() = default;
    // Register fd for `events` (kReadable|kWritable, may be 0). `token` comes back in ReadyEvent.
    virtual Status add(int fd, uint32_t events, uint64_t token) = 0;
    virtual Status modify(int fd, uint32_t events, uint64_t token) = 0;
    // Must be called before the fd is closed.
    virtual Status remove(int fd) = 0;
    // Wait up to `timeout` (< 0: forever, 0: do not block). Returns how many of `out` were filled.
    // EINTR is reported as 0 events.
    virtual Result<int> wait(ReadyEvent *out, int capacity, Nanos timeout) = 0;
    virtual const char *name() const = 0;
};

enum class PollerKind { kEpoll, kPoll };

std::unique_ptr<Poller> make_poller(PollerKind kind);

}  // namespace gust::loop
