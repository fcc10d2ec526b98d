// Loop: one thread's event loop — fd readiness, timers, signals, and work
// posted from other threads. Not thread-safe except post() and wake().
//
// Lifecycle rules:
//  - A Loop belongs to the thread that calls run(); every method but post()
//    and wake() must be called on that thread.
//  - watch() hands back a WatchId carrying a generation. unwatch() retires the
//    id before the fd is closed; an event already collected for a retired id
//    (even if the fd number is reused at once) is dropped, never delivered to
//    the new owner.
//  - Timer and watch callbacks may add or cancel timers and watches, including
//    their own.
//  - run() returns when stop() is called or nothing is left that keeps the loop
//    alive: no referenced watches, timers or signal handlers, no posted work,
//    and every keep-alive hook reports idle.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "gust/base/clock.h"
#include "gust/base/result.h"
#include "gust/loop/poller.h"

namespace gust::loop {

// Receives readiness for a watched fd. The handler must outlive its watch.
class IoHandler {
public:
    virtual void on_io(uint32_t events) = 0;

protected:
    ~IoHandler() = default;
};

struct WatchId {
    uint32_t slot = 0;
    uint32_t generation = 0;  // 0 means "no watch"
    bool valid() const { return generation != 0; }
};

using TimerId = uint64_t;  // 0 is never a valid timer
using TimerFn = void (*)(void *arg, TimerId id);

// Called once per loop iteration before it blocks. Returns true when it has
// work pending, so the loop must not block in the poller (e.g. runnable
// coroutines); and the same hooks decide whether the loop is still alive.
class IterationHook {
public:
    virtual bool before_wait() = 0;  // run pending work; true if more is pending right now
    virtual bool keeps_alive() = 0;  // true while the hook's owner needs the loop to keep running

protected:
    ~IterationHook() = default;
};

struct LoopOptions {
    PollerKind poller = PollerKind::kEpoll;
    std::unique_ptr<Poller> custom_poller;  // overrides `poller` (tests: fake poller)
    const Clock *clock = nullptr;           // default: MonotonicClock
    int max_events_per_wait = 256;
};

struct LoopStats {
    uint64_t iterations = 0;
    uint64_t io_events = 0;
    uint64_t timers_fired = 0;
    uint64_t stale_events_dropped = 0;
    size_t watches = 0;
    size_t timers = 0;
    size_t signals = 0;  // signal numbers with a handler (watch_signal)
};

class Loop {
public:
    explicit Loop(LoopOptions options = {});
    ~Loop();
    Loop(const Loop &) = delete;
    Loop &operator=(const Loop &) = delete;

    // The loop running on the calling thread, or nullptr.
    static Loop *current();

    // ---- fd readiness
    Result<WatchId> watch(int fd, uint32_t events, IoHandler *handler);
    Status update(WatchId id, uint32_t events);
    // Safe to call from inside the handler itself. Call before close(fd).
    void unwatch(WatchId id);
    // An unreferenced watch does not keep run() alive (e.g. a listening socket in a test).
    void set_watch_ref(WatchId id, bool ref);

    // ---- timers (O(log n) add and cancel)
    // Fires once after `delay`, then every `interval` if interval > 0.
    TimerId add_timer(Nanos delay, Nanos interval, TimerFn fn, void *arg);
    TimerId add_timer(Nanos delay, Nanos interval, std::function<void(TimerId)> fn);
    // Returns false when the id is unknown (already fired or canceled).
    bool cancel_timer(TimerId id);
    bool timer_exists(TimerId id) const;
    void set_timer_ref(TimerId id, bool ref);
    // When the timer fires next (monotonic ns), or -1.
    Nanos timer_deadline(TimerId id) const;

    // ---- signals (signalfd; the signal is blocked in the calling thread)
    // `ref` false: the handler does not keep run() alive (Swoole's Process::signal()).
    Status watch_signal(int signo, std::function<void(int signo)> fn, bool ref = true);
    void unwatch_signal(int signo);

    // ---- fork
    // In a child process after fork(): the kernel objects the loop shares with its parent (the
    // epoll set, the wake eventfd) are replaced by the child's own, with every watch registered
    // again, so that unwatching or tearing the loop down here leaves the parent's untouched.
    Status after_fork();

    // ---- work
    // Thread-safe: run fn on the loop thread soon; wakes the loop via eventfd.
    void post(std::function<void()> fn);
    // Thread-safe: make a blocked wait() return.
    void wake();
    // Same thread: run fn after the current callbacks, before blocking again.
    void defer(std::function<void()> fn);

    // Work in flight elsewhere (e.g. a DNS lookup on a worker thread) that will post
    // back: while any such reference is held, run() does not end.
    void add_external_ref();
    void remove_external_ref();

    void add_hook(IterationHook *hook);
    void remove_hook(IterationHook *hook);

    // ---- running
    void run();
    // One iteration, blocking at most `max_wait` (< 0: as long as needed). Returns false if nothing keeps it alive.
    bool run_once(Nanos max_wait = -1);
    void stop();
    bool running() const;

    // Monotonic time read once per iteration (and refreshed after the wait).
    Nanos now() const;
    void refresh_now();

    LoopStats stats() const;
    const char *poller_name() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace gust::loop
