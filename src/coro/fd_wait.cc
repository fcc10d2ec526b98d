#include "gust/coro/fd_wait.h"

#include "gust/base/error.h"
#include "gust/loop/loop.h"

namespace gust::coro {
namespace {

struct FdWaiter final : loop::IoHandler {
    Scheduler *scheduler = nullptr;
    Coroutine *co = nullptr;
    uint32_t ready = 0;
    void on_io(uint32_t events) override {
        if (ready == 0) scheduler->wake(co, 0);
        ready |= events;
    }
};

}  // namespace

Result<uint32_t> wait_fd(int fd, uint32_t events, Nanos timeout, WaitInfo what) {
    Scheduler *sched = Scheduler::current();
    if (!sched || !sched->running()) return Error{kErrNotInCoroutine};
    FdWaiter waiter;
    waiter.scheduler = sched;
    waiter.co = sched->running();
    auto watch = sched->loop().watch(fd, events, &waiter);
    if (!watch.ok()) return watch.error();
    int rc = sched->park(timeout, what);
    sched->loop().unwatch(watch.value());
    if (rc != 0) return Error{rc};
    return waiter.ready;
}

}  // namespace gust::coro
