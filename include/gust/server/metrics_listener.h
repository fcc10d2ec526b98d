// gust_metrics_listen: a plain-HTTP listener of its own that answers GET of one path with the
// metrics exposition, served by a small thread (no PHP, no event loop), so a scrape works in any
// process mode and for servers without an HTTP port. docs/metrics.md.
//
// One connection at a time, each with a deadline for the whole exchange and a bounded request:
// a slow or hostile scraper delays the next scrape by at most the deadline and blocks nothing
// else. The thread blocks every signal (they stay the process's main thread's).
#pragma once

#include <pthread.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "gust/base/clock.h"
#include "gust/base/result.h"

namespace gust::server::metrics {

class Listener {
public:
    // Called from the listener's thread for each scrape: must be safe there (no PHP).
    using Render = std::function<std::string()>;
    struct Options {
        std::string path = "/metrics";         // answered, with or without a query string; others 404
        Nanos deadline = 2 * kNanosPerSecond;  // for reading the request and writing the answer
        size_t max_request_bytes = 8 * 1024;   // a longer head is answered 431
    };

    // Binds and listens on `address`, an IP literal and a port ("127.0.0.1:9100", "[::1]:9100").
    // kErrInvalid for anything else (a name, a unix path, port 0), -errno when bind() fails.
    static Result<std::unique_ptr<Listener>> bind(std::string_view address, Options options);
    static Result<std::unique_ptr<Listener>> bind(std::string_view address) { return bind(address, Options()); }
    ~Listener();  // stop()
    Listener(const Listener &) = delete;
    Listener &operator=(const Listener &) = delete;

    // Starts the thread. While it runs, a fork()ed child closes its copies of the listener's fds
    // and leaves the thread (which the child does not have) alone.
    Status start(Render render);
    // Wakes the thread, waits for it (at most one exchange's deadline) and closes the socket.
    void stop();
    // In a child forked before start(): closes this process's copies of the fds.
    void forget_after_fork();

    uint16_t port() const { return port_; }
    // Scrapes answered with 200 (a test's witness that the thread serves).
    uint64_t served() const { return served_.load(std::memory_order_relaxed); }

private:
    Listener() = default;
    void run();
    void serve(int fd);
    // Waits for `events` on `fd` until `deadline` (or stop()); false when the time ran out or stop() came.
    bool wait(int fd, short events, Nanos deadline);

    Options options_;
    Render render_;
    int listen_fd_ = -1;
    int wake_fd_ = -1;  // eventfd written by stop()
    uint16_t port_ = 0;
    // A plain pthread (no allocation): a forked child just forgets it.
    pthread_t thread_{};
    bool running_ = false;
    std::atomic<uint64_t> served_{0};
};

}  // namespace gust::server::metrics
