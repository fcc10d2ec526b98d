#include "gust/coro/fd_wait.h"

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "gust/base/error.h"
#include "gust/loop/loop.h"

namespace gust::coro {
namespace {

// One loop watch per (loop, fd) while any coroutine waits on it: several coroutines may wait on
// one fd at once (a reader and a writer of one socket), which a second watch would refuse.
struct FdWatch final : loop::IoHandler {
    struct Waiter {
        Coroutine *co;
        uint32_t events;
        uint32_t *ready;  // in the waiting coroutine's frame
    };
    loop::Loop *loop = nullptr;
    Scheduler *scheduler = nullptr;
    loop::WatchId id{};
    uint32_t interest = 0;
    std::vector<Waiter> waiters;

    void on_io(uint32_t events) override {
        const bool failed = (events & (loop::kError | loop::kHangup)) != 0;
        for (Waiter &w : waiters) {
            if (!failed && !(w.events & events)) continue;
            if (*w.ready == 0) scheduler->wake(w.co, 0);  // a no-op unless still parked
            *w.ready |= events;
        }
    }
    void refresh() {
        uint32_t want = 0;
        for (const Waiter &w : waiters) want |= w.events;
        if (want != interest) {
            (void)loop->update(id, want);
            interest = want;
        }
    }
};

// Loops are per thread, so is the table.
thread_local std::map<std::pair<loop::Loop *, int>, FdWatch *> t_watches;

}  // namespace

Result<uint32_t> wait_fd(int fd, uint32_t events, Nanos timeout, WaitInfo what) {
    Scheduler *sched = Scheduler::current();
    if (!sched || !sched->running()) return Error{kErrNotInCoroutine};
    loop::Loop *loop = &sched->loop();
    const auto key = std::make_pair(loop, fd);
    FdWatch *w;
    if (auto it = t_watches.find(key); it != t_watches.end()) {
        w = it->second;
    } else {
        w = new FdWatch();
        w->loop = loop;
        w->scheduler = sched;
        auto id = loop->watch(fd, events, w);
        if (!id.ok()) {
            delete w;
            return id.error();
        }
        w->id = id.value();
        w->interest = events;
        t_watches[key] = w;
    }
    Coroutine *self = sched->running();
    uint32_t ready = 0;
    w->waiters.push_back(FdWatch::Waiter{self, events, &ready});
    w->refresh();
    int rc = sched->park(timeout, what);
    auto &ws = w->waiters;
    ws.erase(std::remove_if(ws.begin(), ws.end(), [self](const FdWatch::Waiter &x) { return x.co == self; }),
             ws.end());
    if (ws.empty()) {
        loop->unwatch(w->id);
        t_watches.erase(key);
        delete w;
    } else {
        w->refresh();
    }
    if (rc != 0) return Error{rc};
    return ready;
}

}  // namespace gust::coro
