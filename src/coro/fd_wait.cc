#include "gust/coro/fd_wait.h"

#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <utility>

#include "gust/base/error.h"
#include "gust/loop/loop.h"

namespace gust::coro {
namespace {

class FdWatch final : public loop::IoHandler {
public:
    FdWatch(Scheduler &scheduler, int fd) : scheduler_(scheduler), fd_(fd) {}

    Status link(FdWaiter *w) {
        loop::Loop &loop = scheduler_.loop();
        uint32_t want = interest_ | w->events;
        if (!watch_.valid()) {
            auto id = loop.watch(fd_, want, this);
            if (!id.ok()) return id.error();
            watch_ = id.value();
        } else if (want != interest_) {
            Status st = loop.update(watch_, want);
            if (!st.ok()) return st;
        }
        interest_ = want;
        w->prev = nullptr;
        w->next = head_;
        if (head_) head_->prev = w;
        head_ = w;
        w->linked = true;
        return {};
    }

    void unlink(FdWaiter *w) {
        if (w->prev) w->prev->next = w->next;
        if (w->next) w->next->prev = w->prev;
        if (head_ == w) head_ = w->next;
        w->prev = w->next = nullptr;
        w->linked = false;
    }

    // Interest follows the waiters not yet fired; false when none remain (the caller deletes this).
    bool refresh() {
        if (!head_) {
            if (watch_.valid()) scheduler_.loop().unwatch(watch_);
            watch_ = {};
            interest_ = 0;
            return false;
        }
        uint32_t want = 0;
        for (FdWaiter *w = head_; w; w = w->next) {
            if (!w->fired) want |= w->events;
        }
        if (want != interest_ && scheduler_.loop().update(watch_, want).ok()) interest_ = want;
        return true;
    }

    void wake_all_closed() {
        while (FdWaiter *w = head_) {
            unlink(w);
            w->closed = true;
            scheduler_.wake(w->co, kErrClosed);
        }
    }

    void on_io(uint32_t events) override;

    // Unwatches and drops the waiters without touching them (their frames are gone).
    void forget() {
        if (watch_.valid()) scheduler_.loop().unwatch(watch_);
        watch_ = {};
        head_ = nullptr;
    }

    loop::Loop *loop() const { return &scheduler_.loop(); }
    int fd() const { return fd_; }

private:
    Scheduler &scheduler_;
    int fd_;
    loop::WatchId watch_{};
    uint32_t interest_ = 0;
    FdWaiter *head_ = nullptr;
};

// Loops are per thread, so is the table: fds with waiters now, empty between operations.
thread_local std::map<std::pair<loop::Loop *, int>, FdWatch *> t_watches;

void drop_if_idle(FdWatch *fw) {
    if (fw->refresh()) return;
    t_watches.erase({fw->loop(), fw->fd()});
    delete fw;
}

// Fired waiters stay linked until their coroutine runs and unlinks them: a close meanwhile must
// still find them (their operation has to fail, not go on with a freed object).
void FdWatch::on_io(uint32_t events) {
    const bool failed = (events & (loop::kError | loop::kHangup)) != 0;
    for (FdWaiter *w = head_; w; w = w->next) {
        if (w->fired || !(failed || (w->events & events))) continue;
        w->fired = events;
        scheduler_.wake(w->co, 0);
    }
    (void)refresh();  // no interest left for fired waiters: no busy loop until they run
}

}  // namespace

Status add_fd_waiter(FdWaiter *w) {
    Scheduler *sched = Scheduler::current();
    Coroutine *co = sched ? sched->running() : nullptr;
    if (!co) return Error{kErrNotInCoroutine};
    if (w->fd < 0) return Error{kErrInvalid};
    w->co = co;
    w->fired = 0;
    w->closed = false;
    const auto key = std::make_pair(&sched->loop(), w->fd);
    auto it = t_watches.find(key);
    FdWatch *fw = it != t_watches.end() ? it->second : nullptr;
    const bool fresh = fw == nullptr;
    if (fresh) fw = new FdWatch(*sched, w->fd);
    Status st = fw->link(w);
    if (!st.ok()) {
        if (fresh) delete fw;
        return st;
    }
    if (fresh) t_watches.emplace(key, fw);
    return {};
}

void remove_fd_waiter(FdWaiter *w) {
    if (!w->linked) return;
    Scheduler *sched = Scheduler::current();
    auto it = sched ? t_watches.find({&sched->loop(), w->fd}) : t_watches.end();
    if (it == t_watches.end()) {
        w->linked = false;
        return;
    }
    it->second->unlink(w);
    drop_if_idle(it->second);
}

int park_on_fd_waiters(Nanos timeout, WaitInfo what) {
    Scheduler *sched = Scheduler::current();
    if (!sched || !sched->running()) return kErrNotInCoroutine;
    return sched->park(timeout, what);
}

bool close_fd_waiters(int fd) {
    Scheduler *sched = Scheduler::current();
    if (!sched) return false;
    auto it = t_watches.find({&sched->loop(), fd});
    if (it == t_watches.end()) return false;
    FdWatch *fw = it->second;
    fw->wake_all_closed();
    drop_if_idle(fw);
    return true;
}

void forget_fd_waits(loop::Loop *loop) {
    for (auto it = t_watches.begin(); it != t_watches.end();) {
        if (it->first.first != loop) {
            ++it;
            continue;
        }
        it->second->forget();
        delete it->second;
        it = t_watches.erase(it);
    }
}

Result<uint32_t> wait_fd(int fd, uint32_t events, Nanos timeout, WaitInfo what) {
    FdWaiter w;
    w.fd = fd;
    w.events = events;
    Status st = add_fd_waiter(&w);
    if (!st.ok()) return Error{st.code()};
    int rc = park_on_fd_waiters(timeout, what);
    remove_fd_waiter(&w);
    if (rc == 0 && w.closed) rc = kErrClosed;
    if (rc != 0) return Error{rc};
    return w.fired;
}

namespace {

bool child_exited(pid_t pid) {
    siginfo_t info;
    memset(&info, 0, sizeof(info));
    int r = waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT);
    return r != 0 || info.si_pid == pid;  // an error (no such child) also means: do not wait
}

}  // namespace

int wait_child_exit(pid_t pid, Nanos timeout) {
    Scheduler *sched = Scheduler::current();
    if (!sched || !sched->running()) return kErrNotInCoroutine;
    if (child_exited(pid)) return 0;
    const Nanos deadline = timeout < 0 ? -1 : deadline_after(monotonic_now(), timeout);
#ifdef SYS_pidfd_open
    int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
    if (pidfd >= 0) {
        auto ready = wait_fd(pidfd, loop::kReadable, timeout, WaitInfo{"process", static_cast<uint64_t>(pid), "exit"});
        ::close(pidfd);
        return ready.ok() ? 0 : ready.code();
    }
#endif
    Nanos pause = kNanosPerMilli;  // no pidfd: poll, parking between attempts (1 ms doubling to 32)
    while (!child_exited(pid)) {
        Nanos step = pause;
        if (deadline >= 0) {
            Nanos left = deadline - monotonic_now();
            if (left <= 0) return kErrTimedOut;
            if (left < step) step = left;
        }
        int rc = sched->sleep(step);
        if (rc != 0) return rc;
        if (pause < 32 * kNanosPerMilli) pause *= 2;
    }
    return 0;
}

}  // namespace gust::coro
