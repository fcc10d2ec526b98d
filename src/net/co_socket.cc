#include "gust/net/co_socket.h"

#include <cerrno>

#include "gust/net/socket.h"

namespace gust::net {
namespace {

// Absolute deadline on the loop clock for a relative timeout (< 0: none).
Nanos deadline_after(Nanos timeout) {
    if (timeout < 0) return -1;
    loop::Loop *loop = loop::Loop::current();
    return (loop ? loop->now() : monotonic_now()) + timeout;
}

Nanos remaining(Nanos deadline) {
    if (deadline < 0) return -1;
    loop::Loop *loop = loop::Loop::current();
    Nanos left = deadline - (loop ? loop->now() : monotonic_now());
    return left > 0 ? left : 0;
}

}  // namespace

Result<std::unique_ptr<CoSocket>> CoSocket::open(int family, int type) {
    int fd = sys::open_socket(family, type);
    if (fd < 0) return Error{fd};
    return std::make_unique<CoSocket>(fd);
}

CoSocket::CoSocket(int fd) : fd_(fd) {}

CoSocket::~CoSocket() { close(); }

void CoSocket::abandon() {
    loop_ = nullptr;
    watch_ = {};
    // Their coroutines went with the loop (freed unwound or not, after a fatal error): the
    // flags they pointed at are gone too.
    for (Waiter &w : waiters_) w = Waiter{};
    close();
}

void CoSocket::close() {
    if (fd_ < 0) return;
    if (loop_ && watch_.valid()) loop_->unwatch(watch_);
    watch_ = {};
    interest_ = 0;
    sys::close(fd_);
    fd_ = -1;
    for (Waiter &w : waiters_) {
        if (!w.co) continue;
        *w.closed = true;
        if (coro::Scheduler *s = coro::Scheduler::current()) s->wake(w.co, kErrClosed);
        w = Waiter{};
    }
}

std::vector<coro::CoroutineId> CoSocket::close_keeping_waiters() {
    std::vector<coro::CoroutineId> parked;
    if (fd_ < 0) return parked;
    for (Waiter *w : {&waiters_[kWrite], &waiters_[kRead]}) {
        if (!w->co) continue;
        *w->closed = true;  // its wait() returns kErrClosed without touching the socket
        parked.push_back(w->co->id());
        *w = Waiter{};
    }
    close();
    return parked;
}

void CoSocket::update_interest() {
    uint32_t want =
        (waiters_[kRead].co ? uint32_t{loop::kReadable} : 0u) | (waiters_[kWrite].co ? uint32_t{loop::kWritable} : 0u);
    if (!loop_) return;
    if (want != interest_) {
        if (!watch_.valid()) {
            auto w = loop_->watch(fd_, want, this);
            if (w.ok()) watch_ = w.value();
        } else {
            (void)loop_->update(watch_, want);
        }
        interest_ = want;
    }
    // Only a waiting coroutine keeps the loop alive, never an idle socket (a listener, a keep-alive
    // connection); flipping the reference is free, unlike changing the interest.
    if (watch_.valid()) loop_->set_watch_ref(watch_, want != 0);
}

int CoSocket::wait(Direction dir, Nanos deadline) {
    if (fd_ < 0) return kErrClosed;
    coro::Scheduler *sched = coro::Scheduler::current();
    if (!sched || !sched->running()) return kErrNotInCoroutine;
    if (waiters_[dir].co) return kErrBusy;
    Nanos timeout = remaining(deadline);
    if (timeout == 0) return kErrTimedOut;
    loop_ = &sched->loop();
    bool closed = false;
    waiters_[dir] = Waiter{sched->running(), &closed};
    update_interest();
    int rc =
        sched->park(timeout, coro::WaitInfo{"Socket", static_cast<uint64_t>(fd_), dir == kRead ? "read" : "write"});
    if (closed) return kErrClosed;  // the socket may be gone: touch nothing
    waiters_[dir] = Waiter{};
    if (!waiters_[kRead].co && !waiters_[kWrite].co && watch_.valid()) loop_->set_watch_ref(watch_, false);
    // Interest is dropped lazily in on_io (readiness with nobody waiting), saving a syscall
    // when the coroutine waits again right away, as stream loops do.
    return rc;
}

void CoSocket::on_io(uint32_t events) {
    coro::Scheduler *sched = coro::Scheduler::current();
    const bool failed = events & (loop::kError | loop::kHangup);
    bool idle = false;
    if ((events & loop::kReadable) || failed) {
        if (waiters_[kRead].co) {
            sched->wake(waiters_[kRead].co, 0);
            waiters_[kRead].co = nullptr;
            waiters_[kRead].closed = nullptr;
        } else {
            idle = true;
        }
    }
    if ((events & loop::kWritable) || failed) {
        if (waiters_[kWrite].co) {
            sched->wake(waiters_[kWrite].co, 0);
            waiters_[kWrite].co = nullptr;
            waiters_[kWrite].closed = nullptr;
        } else {
            idle = true;
        }
    }
    // Level-triggered: readiness nobody waits for would be reported every iteration.
    if (idle) update_interest();
}

Status CoSocket::bind(const Address &addr) {
    if (addr.family() == AF_INET || addr.family() == AF_INET6) sys::set_reuse_addr(fd_, true);
    int rc = sys::bind_replacing_stale(fd_, addr);
    return rc < 0 ? Status(Error{rc}) : Status();
}

Status CoSocket::listen(int backlog) {
    int rc = sys::listen(fd_, backlog);
    return rc < 0 ? Status(Error{rc}) : Status();
}

Result<std::unique_ptr<CoSocket>> CoSocket::accept(Nanos timeout, Address *peer) {
    const Nanos deadline = deadline_after(timeout);
    for (;;) {
        if (fd_ < 0) return Error{kErrClosed};
        int fd = sys::accept(fd_, peer);
        if (fd >= 0) return std::make_unique<CoSocket>(fd);
        if (fd != -EAGAIN) return Error{fd};
        if (int rc = wait(kRead, deadline); rc != 0) return Error{rc};
    }
}

Status CoSocket::connect(const Address &addr, Nanos timeout) {
    int rc = sys::connect(fd_, addr);
    if (rc == 0) return {};
    if (rc != -EINPROGRESS && rc != -EAGAIN) return Error{rc};
    if (int w = wait(kWrite, deadline_after(timeout)); w != 0) return Error{w};
    rc = sys::socket_error(fd_);
    return rc < 0 ? Status(Error{rc}) : Status();
}

// Retries a non-blocking operation, parking on `dir` whenever it would block.
template <typename Op>
Result<size_t> CoSocket::io(Direction dir, Nanos deadline, Op op) {
    for (;;) {
        if (fd_ < 0) return Error{kErrClosed};
        ssize_t n = op();
        if (n >= 0) return static_cast<size_t>(n);
        if (n != -EAGAIN) return Error{static_cast<int>(n)};
        if (int rc = wait(dir, deadline); rc != 0) return Error{rc};
    }
}

Result<size_t> CoSocket::recv(void *buf, size_t len, Nanos timeout) {
    const Nanos deadline = deadline_after(timeout);
    if (drained_) {
        drained_ = false;
        // Only where parking is what a read that would block does anyway: in a coroutine, a
        // timeout left, nobody else reading.
        coro::Scheduler *sched = coro::Scheduler::current();
        if (timeout != 0 && len > 0 && fd_ >= 0 && sched && sched->running() && !waiters_[kRead].co) {
            // Timed out: the read below still takes what may have come with the deadline.
            if (int rc = wait(kRead, deadline); rc != 0 && rc != kErrTimedOut) return Error{rc};
        }
    }
    auto r = io(kRead, deadline, [&] { return sys::recv(fd_, buf, len); });
    if (r.ok()) drained_ = r.value() > 0 && r.value() < len;
    return r;
}

Result<size_t> CoSocket::recv_all(void *buf, size_t len, Nanos timeout) {
    const Nanos deadline = deadline_after(timeout);
    size_t got = 0;
    while (got < len) {
        auto r = recv(static_cast<char *>(buf) + got, len - got, deadline < 0 ? -1 : remaining(deadline));
        if (!r.ok()) return r.error();
        if (r.value() == 0) break;  // end of stream
        got += r.value();
    }
    return got;
}

Result<size_t> CoSocket::send(const void *buf, size_t len, Nanos timeout) {
    return io(kWrite, deadline_after(timeout), [&] { return sys::send(fd_, buf, len); });
}

Result<size_t> CoSocket::send_all(const void *buf, size_t len, Nanos timeout) {
    const Nanos deadline = deadline_after(timeout);
    size_t sent = 0;
    while (sent < len) {
        auto r = send(static_cast<const char *>(buf) + sent, len - sent, deadline < 0 ? -1 : remaining(deadline));
        if (!r.ok()) return r.error();
        sent += r.value();
    }
    return sent;
}

Result<size_t> CoSocket::recvfrom(void *buf, size_t len, Address *from, Nanos timeout) {
    return io(kRead, deadline_after(timeout), [&] { return sys::recvfrom(fd_, buf, len, from); });
}

Result<size_t> CoSocket::sendto(const void *buf, size_t len, const Address &to, Nanos timeout) {
    return io(kWrite, deadline_after(timeout), [&] { return sys::sendto(fd_, buf, len, to); });
}

Status CoSocket::wait_ready(bool writable, Nanos timeout) {
    int rc = wait(writable ? kWrite : kRead, deadline_after(timeout));
    return rc ? Status(Error{rc}) : Status();
}

Status CoSocket::shutdown(int how) {
    if (fd_ < 0) return Error{kErrClosed};
    int rc = sys::shutdown(fd_, how);
    return rc < 0 ? Status(Error{rc}) : Status();
}

Result<Address> CoSocket::local_address() const {
    Address a;
    int rc = sys::local_address(fd_, &a);
    if (rc < 0) return Error{rc};
    return a;
}

Result<Address> CoSocket::peer_address() const {
    Address a;
    int rc = sys::peer_address(fd_, &a);
    if (rc < 0) return Error{rc};
    return a;
}

}  // namespace gust::net
