#include "gust/coro/wait_queue.h"

#include <algorithm>
#include <atomic>

namespace gust::coro {
namespace {
std::atomic<uint64_t> g_next_object_id{1};  // names objects in deadlock reports
}

WaitQueue::WaitQueue(const char *kind) : kind_(kind), object_id_(g_next_object_id.fetch_add(1)) {}

WaitQueue::~WaitQueue() { wake_all(kErrClosed); }

int WaitQueue::wait(Nanos timeout, const char *op, void *slot) {
    Scheduler *s = Scheduler::current();
    if (!s || !s->running()) return kErrNotInCoroutine;
    Waiter w{s->running(), slot, true};
    waiters_.push_back(&w);
    int rc = s->park(timeout, WaitInfo{kind_, object_id_, op});
    if (w.linked) {
        // Timed out, canceled or deadlocked: still queued, so leave quietly.
        waiters_.erase(std::find(waiters_.begin(), waiters_.end(), &w));
    }
    return rc;
}

bool WaitQueue::wake_one(int result, void **slot) {
    if (waiters_.empty()) return false;
    Waiter *w = waiters_.front();
    waiters_.pop_front();
    w->linked = false;
    if (slot) *slot = w->slot;
    Scheduler::current()->wake(w->co, result);
    return true;
}

bool WaitQueue::wake_one_now(int result) {
    if (waiters_.empty()) return false;
    Waiter *w = waiters_.front();
    waiters_.pop_front();
    w->linked = false;
    Scheduler::current()->wake_now(w->co, result);
    return true;
}

size_t WaitQueue::wake_all(int result) {
    size_t n = 0;
    while (wake_one(result)) ++n;
    return n;
}

}  // namespace gust::coro
