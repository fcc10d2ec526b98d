// Name resolution that never blocks the loop: getaddrinfo() runs on a small
// pool of worker threads and the answer is posted back to the loop, waking the
// coroutine that asked. IP literals and "localhost" never leave the calling
// thread. See docs/core-net.md for why a thread pool and not c-ares.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gust/base/clock.h"
#include "gust/base/result.h"
#include "gust/net/address.h"

namespace gust::net {

struct ResolveOptions {
    int family = AF_UNSPEC;  // AF_INET, AF_INET6 or AF_UNSPEC (both)
    Nanos timeout = 5 * kNanosPerSecond;
};

// Addresses for `host` with `port`, in the resolver's order. Must run in a coroutine.
// kErrDns when the name does not resolve (the message is in *reason when given),
// kErrTimedOut, kErrCanceled, kErrNotInCoroutine.
Result<std::vector<Address>> resolve(std::string_view host, uint16_t port, const ResolveOptions &options = {},
                                     std::string *reason = nullptr);

// Lookups ever handed to the worker threads (tests check the fast paths skip them).
uint64_t resolver_thread_lookups();

}  // namespace gust::net
