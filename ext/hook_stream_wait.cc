// See hook_stream_wait.h.
#include "hook_stream_wait.h"

#include <sys/time.h>

#include <unordered_map>

#include "coroutine.h"
#include "gust/base/error.h"

namespace gust::php::stream_wait {
namespace {

class FdWatch final : public loop::IoHandler {
public:
    FdWatch(loop::Loop &loop, int fd) : loop_(loop), fd_(fd) {}

    bool link(Waiter *w) {
        uint32_t want = interest_ | w->events;
        if (!watch_.valid()) {
            auto id = loop_.watch(fd_, want, this);
            if (!id.ok()) return false;
            watch_ = id.value();
        } else if (want != interest_ && !loop_.update(watch_, want).ok()) {
            return false;
        }
        interest_ = want;
        w->prev = nullptr;
        w->next = head_;
        if (head_) head_->prev = w;
        head_ = w;
        w->linked = true;
        return true;
    }

    void unlink(Waiter *w) {
        if (w->prev) w->prev->next = w->next;
        if (w->next) w->next->prev = w->prev;
        if (head_ == w) head_ = w->next;
        w->prev = w->next = nullptr;
        w->linked = false;
    }

    bool empty() const { return head_ == nullptr; }

    // Interest follows the remaining waiters; false when none remain (the caller deletes this).
    bool refresh() {
        uint32_t want = 0;
        for (Waiter *w = head_; w; w = w->next) want |= w->events;
        if (want == 0) {
            loop_.unwatch(watch_);
            watch_ = {};
            interest_ = 0;
            return false;
        }
        if (want != interest_ && loop_.update(watch_, want).ok()) interest_ = want;
        return true;
    }

    // Wakes every waiter (closed or not) and forgets them.
    void wake_all(bool closed) {
        coro::Scheduler *s = runtime()->scheduler.get();
        while (Waiter *w = head_) {
            unlink(w);
            w->closed = closed;
            s->wake(w->co, closed ? kErrClosed : 0);
        }
    }

    void on_io(uint32_t events) override;

private:
    loop::Loop &loop_;
    int fd_;
    loop::WatchId watch_{};
    uint32_t interest_ = 0;
    Waiter *head_ = nullptr;
};

std::unordered_map<int, FdWatch *> &watches() {
    static std::unordered_map<int, FdWatch *> map;  // fds with waiters now; empty between operations
    return map;
}

void drop_if_idle(int fd, FdWatch *fw) {
    if (fw->refresh()) return;
    watches().erase(fd);
    delete fw;
}

void FdWatch::on_io(uint32_t events) {
    coro::Scheduler *s = runtime()->scheduler.get();
    const bool failed = (events & (loop::kError | loop::kHangup)) != 0;
    for (Waiter *w = head_; w;) {
        Waiter *next = w->next;
        if (failed || (w->events & events)) {
            w->fired |= events;
            unlink(w);
            s->wake(w->co, 0);
        }
        w = next;
    }
    drop_if_idle(fd_, this);  // may delete this
}

}  // namespace

bool add(Waiter *w) {
    Runtime *rt = runtime();
    coro::Coroutine *co = rt ? rt->scheduler->running() : nullptr;
    if (!co || w->fd < 0) return false;
    w->co = co;
    w->fired = 0;
    w->closed = false;
    auto &map = watches();
    auto it = map.find(w->fd);
    FdWatch *fw = it != map.end() ? it->second : nullptr;
    const bool fresh = fw == nullptr;
    if (fresh) fw = new FdWatch(*rt->loop, w->fd);
    if (!fw->link(w)) {
        if (fresh) delete fw;
        return false;
    }
    if (fresh) map.emplace(w->fd, fw);
    return true;
}

void remove(Waiter *w) {
    if (!w->linked) return;
    auto &map = watches();
    auto it = map.find(w->fd);
    if (it == map.end()) {
        w->linked = false;
        return;
    }
    FdWatch *fw = it->second;
    fw->unlink(w);
    drop_if_idle(w->fd, fw);
}

Outcome park(Nanos timeout, const char *op) {
    int rc = runtime()->scheduler->park(timeout, coro::WaitInfo{"Stream", 0, op});
    if (rc == 0) return kReady;
    if (rc == kErrClosed) return kClosed;
    if (rc == kErrTimedOut) return kTimedOut;
    return kAborted;
}

Outcome wait(int fd, uint32_t events, Nanos timeout, const char *op) {
    Waiter w;
    w.fd = fd;
    w.events = events;
    if (!add(&w)) return kAborted;
    Outcome out = park(timeout, op);
    remove(&w);
    if (out == kReady && w.closed) out = kClosed;
    return out;
}

bool close_fd(int fd) {
    auto &map = watches();
    auto it = map.find(fd);
    if (it == map.end()) return false;
    FdWatch *fw = it->second;
    fw->wake_all(true);
    drop_if_idle(fd, fw);
    return true;
}

Nanos from_timeval(const struct timeval *tv) {
    if (!tv || tv->tv_sec < 0) return -1;
    return static_cast<Nanos>(tv->tv_sec) * kNanosPerSecond + static_cast<Nanos>(tv->tv_usec) * kNanosPerMicro;
}

}  // namespace gust::php::stream_wait
