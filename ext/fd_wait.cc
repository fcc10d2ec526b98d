#include "fd_wait.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "coroutine.h"
#include "gust/base/error.h"

namespace gust::php {
namespace {

struct FdWatch;
// fd -> its watch while coroutines wait on it (one loop per thread, so one map per thread).
thread_local std::unordered_map<int, FdWatch *> t_watches;

struct Waiter {
    coro::Coroutine *co;
    uint32_t events;
};

struct FdWatch final : loop::IoHandler {
    int fd = -1;
    loop::Loop *loop = nullptr;
    loop::WatchId id{};
    uint32_t interest = 0;
    std::vector<Waiter> waiters;

    void on_io(uint32_t events) override {
        coro::Scheduler *sched = coro::Scheduler::current();
        bool failed = (events & (loop::kError | loop::kHangup)) != 0;
        for (const Waiter &w : waiters) {
            if (failed || (w.events & events)) sched->wake(w.co, 0);
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

}  // namespace

int wait_fd(int fd, uint32_t events, Nanos timeout) {
    coro::Scheduler *sched = coro::Scheduler::current();
    if (!sched || !sched->running()) return kErrNotInCoroutine;
    loop::Loop *loop = &sched->loop();
    FdWatch *w;
    auto it = t_watches.find(fd);
    if (it != t_watches.end() && it->second->loop == loop) {
        w = it->second;
    } else {
        w = new FdWatch();
        w->fd = fd;
        w->loop = loop;
        auto id = loop->watch(fd, events, w);
        if (!id.ok()) {
            delete w;
            int err = id.error().code;
            return err;
        }
        w->id = id.value();
        w->interest = events;
        t_watches[fd] = w;
    }
    coro::Coroutine *self = sched->running();
    w->waiters.push_back(Waiter{self, events});
    w->refresh();
    int rc = sched->park(timeout, coro::WaitInfo{"fd", static_cast<uint64_t>(fd), events & loop::kWritable ? "write" : "read"});
    auto &ws = w->waiters;
    ws.erase(std::remove_if(ws.begin(), ws.end(), [self](const Waiter &x) { return x.co == self; }), ws.end());
    if (ws.empty()) {
        loop->unwatch(w->id);
        t_watches.erase(fd);
        delete w;
    } else {
        w->refresh();
    }
    return rc;
}

}  // namespace gust::php
