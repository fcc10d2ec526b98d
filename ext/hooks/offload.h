// Runs a blocking library call on the blocking-call thread pool while the calling coroutine parks
// (SQLite's calls, libpq's getaddrinfo). Shared by the hooks that patch a library's imports.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>

#include "gust/base/error.h"
#include "gust/coro/blocking.h"

namespace gust::php::hooks {

// `call()` on the pool, parked until it returns; its result. Outside a coroutine it runs here. If
// the coroutine is canceled meanwhile, the call is still running with the caller's arguments (it
// may point into this frame): this thread then waits for it, blocking, before returning.
template <class Call>
auto offload(Call call, coro::WaitInfo what) -> decltype(call()) {
    using Result = decltype(call());
    struct Outcome {
        std::mutex mutex;
        std::condition_variable done_cv;
        bool done = false;
        Result value{};
    };
    auto outcome = std::make_shared<Outcome>();
    const int rc = coro::run_blocking(
        [outcome, call] {
            Result r = call();
            std::lock_guard<std::mutex> lock(outcome->mutex);
            outcome->value = r;
            outcome->done = true;
            outcome->done_cv.notify_all();
        },
        -1, what);
    if (rc == kErrNotInCoroutine) return call();
    std::unique_lock<std::mutex> lock(outcome->mutex);
    outcome->done_cv.wait(lock, [&] { return outcome->done; });
    return outcome->value;
}

}  // namespace gust::php::hooks
