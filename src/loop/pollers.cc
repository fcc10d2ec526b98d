// epoll and poll backends behind the Poller interface.
#include <poll.h>
#include <sys/epoll.h>
#include <unistd.h>

#include <cerrno>
#include <unordered_map>
#include <vector>

#include "gust/loop/poller.h"

namespace gust::loop {
namespace {

uint32_t to_epoll(uint32_t events) {
    uint32_t e = 0;
    if (events & kReadable) e |= EPOLLIN | EPOLLRDHUP;
    if (events & kWritable) e |= EPOLLOUT;
    return e;
}

uint32_t from_epoll(uint32_t e) {
    uint32_t events = 0;
    if (e & (EPOLLIN | EPOLLRDHUP)) events |= kReadable;
    if (e & EPOLLOUT) events |= kWritable;
    if (e & EPOLLERR) events |= kError;
    if (e & EPOLLHUP) events |= kHangup;
    return events;
}

int to_timeout_ms(Nanos timeout) {
    if (timeout < 0) return -1;
    // Round up so a timer is never woken for early and then spun on.
    Nanos ms = (timeout + kNanosPerMilli - 1) / kNanosPerMilli;
    return ms > 24 * 3600 * 1000 ? 24 * 3600 * 1000 : static_cast<int>(ms);
}

// Level-triggered epoll: a handler that reads only part of what is pending is
// called again next iteration, so fairness needs no extra bookkeeping.
class EpollPoller final : public Poller {
public:
    EpollPoller() : epfd_(epoll_create1(EPOLL_CLOEXEC)) {}
    ~EpollPoller() override {
        if (epfd_ >= 0) close(epfd_);
    }
    Status add(int fd, uint32_t events, uint64_t token) override { return ctl(EPOLL_CTL_ADD, fd, events, token); }
    Status modify(int fd, uint32_t events, uint64_t token) override { return ctl(EPOLL_CTL_MOD, fd, events, token); }
    Status remove(int fd) override {
        if (epoll_ctl(epfd_, EPOLL_CTL_DEL, fd, nullptr) < 0) return Error{-errno};
        return {};
    }
    Result<int> wait(ReadyEvent *out, int capacity, Nanos timeout) override {
        if (buf_.size() < static_cast<size_t>(capacity)) buf_.resize(capacity);
        int n = epoll_wait(epfd_, buf_.data(), capacity, to_timeout_ms(timeout));
        if (n < 0) {
            if (errno == EINTR) return 0;
            return Error{-errno};
        }
        for (int i = 0; i < n; ++i) out[i] = ReadyEvent{buf_[i].data.u64, from_epoll(buf_[i].events)};
        return n;
    }
    const char *name() const override { return "epoll"; }
    bool valid() const { return epfd_ >= 0; }

private:
    Status ctl(int op, int fd, uint32_t events, uint64_t token) {
        epoll_event ev{};
        ev.events = to_epoll(events);
        ev.data.u64 = token;
        if (epoll_ctl(epfd_, op, fd, &ev) < 0) return Error{-errno};
        return {};
    }
    int epfd_;
    std::vector<epoll_event> buf_;
};

// poll(2): a dense pollfd array with an fd -> index map, so add/remove are O(1)
// and each wait scans every registered fd — the O(n) cost seed-003 shows.
class PollPoller final : public Poller {
public:
    Status add(int fd, uint32_t events, uint64_t token) override {
        if (index_.count(fd)) return Error{-EEXIST};
        index_[fd] = fds_.size();
        fds_.push_back(pollfd{fd, to_poll(events), 0});
        tokens_.push_back(token);
        return {};
    }
    Status modify(int fd, uint32_t events, uint64_t token) override {
        auto it = index_.find(fd);
        if (it == index_.end()) return Error{-ENOENT};
        fds_[it->second].events = to_poll(events);
        tokens_[it->second] = token;
        return {};
    }
    Status remove(int fd) override {
        auto it = index_.find(fd);
        if (it == index_.end()) return Error{-ENOENT};
        size_t at = it->second, last = fds_.size() - 1;
        if (at != last) {
            fds_[at] = fds_[last];
            tokens_[at] = tokens_[last];
            index_[fds_[at].fd] = at;
        }
        fds_.pop_back();
        tokens_.pop_back();
        index_.erase(it);
        return {};
    }
    Result<int> wait(ReadyEvent *out, int capacity, Nanos timeout) override {
        int n = ::poll(fds_.data(), fds_.size(), to_timeout_ms(timeout));
        if (n < 0) {
            if (errno == EINTR) return 0;
            return Error{-errno};
        }
        int filled = 0;
        for (size_t i = 0; i < fds_.size() && filled < capacity && n > 0; ++i) {
            short r = fds_[i].revents;
            if (r == 0) continue;
            --n;
            uint32_t events = 0;
            if (r & (POLLIN | POLLRDHUP)) events |= kReadable;
            if (r & POLLOUT) events |= kWritable;
            if (r & (POLLERR | POLLNVAL)) events |= kError;
            if (r & POLLHUP) events |= kHangup;
            out[filled++] = ReadyEvent{tokens_[i], events};
        }
        return filled;
    }
    const char *name() const override { return "poll"; }

private:
    static short to_poll(uint32_t events) {
        short e = 0;
        if (events & kReadable) e |= POLLIN | POLLRDHUP;
        if (events & kWritable) e |= POLLOUT;
        return e;
    }
    std::vector<pollfd> fds_;
    std::vector<uint64_t> tokens_;
    std::unordered_map<int, size_t> index_;
};

}  // namespace

std::unique_ptr<Poller> make_poller(PollerKind kind) {
    if (kind == PollerKind::kPoll) return std::make_unique<PollPoller>();
    auto epoll = std::make_unique<EpollPoller>();
    if (!epoll->valid()) return nullptr;
    return epoll;
}

}  // namespace gust::loop
