#include "gust/server/metrics_listener.h"

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <mutex>

#include "gust/net/address.h"
#include "gust/net/socket.h"
#include "gust/proto/http1.h"

namespace gust::server::metrics {
namespace {

// The listener whose thread runs in this process (one server runs per process): a child forked
// while it runs drops its fds.
std::atomic<Listener *> g_running{nullptr};

void forget_in_child() {
    if (Listener *l = g_running.exchange(nullptr)) l->forget_after_fork();
}

std::string answer(int status, std::string_view reason, std::string_view extra_headers, std::string_view body,
                   bool with_body) {
    std::string out = "HTTP/1.1 ";
    out.append(std::to_string(status)).append(" ").append(reason).append("\r\n");
    if (status == 200) out += "Content-Type: text/plain; version=0.0.4; charset=utf-8\r\n";
    else out += "Content-Type: text/plain; charset=utf-8\r\n";
    out.append(extra_headers);
    out.append("Content-Length: ").append(std::to_string(body.size())).append("\r\nConnection: close\r\n\r\n");
    if (with_body) out.append(body);
    return out;
}

}  // namespace

Result<std::unique_ptr<Listener>> Listener::bind(std::string_view address, Options options) {
    // Address::parse also takes unix paths; this listener is for host:port only.
    auto parsed = net::Address::parse(address);
    if (!parsed.ok() || !parsed.value().is_ip() || parsed.value().port() == 0) return Error{kErrInvalid};
    const net::Address &addr = parsed.value();
    const int fd = net::sys::open_socket(addr.family(), SOCK_STREAM);
    if (fd < 0) return Error{fd};
    (void)net::sys::set_reuse_addr(fd, true);
    int rc = net::sys::bind(fd, addr);
    if (rc == 0) rc = net::sys::listen(fd, 16);
    if (rc < 0) {
        net::sys::close(fd);
        return Error{rc};
    }
    std::unique_ptr<Listener> l(new Listener());
    l->options_ = std::move(options);
    l->listen_fd_ = fd;
    l->port_ = addr.port();
    return l;
}

Listener::~Listener() { stop(); }

Status Listener::start(Render render) {
    if (running_ || listen_fd_ < 0) return Error{kErrInvalid};
    static std::once_flag registered;
    std::call_once(registered, [] { pthread_atfork(nullptr, nullptr, &forget_in_child); });
    wake_fd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (wake_fd_ < 0) return Error{-errno};
    render_ = std::move(render);
    // The thread starts with every signal blocked: a signal meant for the process (SIGTERM,
    // SIGCHLD, a PHP handler's) must never run its handler here.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    const int rc = pthread_create(
        &thread_, nullptr,
        [](void *self) -> void * {
            static_cast<Listener *>(self)->run();
            return nullptr;
        },
        this);
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    if (rc != 0) {
        ::close(wake_fd_);
        wake_fd_ = -1;
        return Error{-rc};
    }
    running_ = true;
    g_running.store(this);
    return Status::ok_status();
}

void Listener::stop() {
    Listener *self = this;
    g_running.compare_exchange_strong(self, nullptr);
    if (running_) {
        const uint64_t one = 1;
        (void)!::write(wake_fd_, &one, sizeof one);
        pthread_join(thread_, nullptr);
        running_ = false;
    }
    if (wake_fd_ >= 0) ::close(wake_fd_);
    if (listen_fd_ >= 0) net::sys::close(listen_fd_);
    wake_fd_ = listen_fd_ = -1;
}

void Listener::forget_after_fork() {
    // The thread is the parent's: never joined here.
    running_ = false;
    if (wake_fd_ >= 0) ::close(wake_fd_);
    if (listen_fd_ >= 0) ::close(listen_fd_);
    wake_fd_ = listen_fd_ = -1;
}

bool Listener::wait(int fd, short events, Nanos deadline) {
    for (;;) {
        int timeout_ms = -1;  // deadline INT64_MAX: none
        if (deadline != INT64_MAX) {
            const Nanos left = deadline - monotonic_now();
            if (left <= 0) return false;
            timeout_ms = static_cast<int>((left + kNanosPerMilli - 1) / kNanosPerMilli);
        }
        pollfd p[2] = {{fd, events, 0}, {wake_fd_, POLLIN, 0}};
        const int n = ::poll(p, 2, timeout_ms);
        if (n < 0 && errno != EINTR) return false;
        if (n <= 0) continue;
        if (p[1].revents) return false;
        if (p[0].revents) return true;
    }
}

void Listener::run() {
    for (;;) {
        if (!wait(listen_fd_, POLLIN, INT64_MAX)) return;  // stop()
        net::Address peer;
        const int fd = net::sys::accept(listen_fd_, &peer);
        if (fd == -EMFILE || fd == -ENFILE || fd == -ENOBUFS || fd == -ENOMEM) {
            // Out of descriptors or memory: the connection stays queued; try again in 100 ms
            // rather than spin on a listener that stays readable.
            pollfd p = {wake_fd_, POLLIN, 0};
            if (::poll(&p, 1, 100) > 0) return;
            continue;
        }
        if (fd < 0) continue;  // gone before we took it: the next one
        serve(fd);
        net::sys::close(fd);
    }
}

void Listener::serve(int fd) {
    const Nanos deadline = monotonic_now() + options_.deadline;
    std::string request;
    proto::http1::RequestHead head;
    proto::http1::Limits limits;
    limits.max_head_bytes = options_.max_request_bytes;
    limits.max_headers = 64;
    int head_len = proto::http1::kNeedMore;
    char buf[2048];
    while (head_len == proto::http1::kNeedMore) {
        if (!wait(fd, POLLIN, deadline)) return;  // too slow, or stopping: closed unanswered
        const ssize_t n = net::sys::recv(fd, buf, sizeof buf);
        if (n == -EAGAIN) continue;
        if (n <= 0) return;
        const size_t scanned = request.size();
        request.append(buf, static_cast<size_t>(n));
        head.reset();
        head_len = proto::http1::parse_request_head(request.data(), request.size(), &head, limits,
                                                    scanned > 3 ? scanned - 3 : 0);
        if (head_len == proto::http1::kNeedMore && request.size() > options_.max_request_bytes) {
            head_len = proto::http1::kMalformed;
            head.error_status = 431;
        }
    }
    std::string out;
    const bool is_head = head_len > 0 && head.method == "HEAD";
    const std::string_view target = head.target;
    const std::string &path = options_.path;
    const bool path_matches =
        target.compare(0, path.size(), path) == 0 && (target.size() == path.size() || target[path.size()] == '?');
    if (head_len <= 0) {
        const int status = head.error_status ? head.error_status : 400;
        const char *reason = proto::http1::reason_phrase(status);
        out = answer(status, reason ? reason : "Bad Request", "", "", false);
    } else if (head.method != "GET" && !is_head) {
        out = answer(405, "Method Not Allowed", "Allow: GET, HEAD\r\n", "only GET and HEAD\n", true);
    } else if (!path_matches) {
        out = answer(404, "Not Found", "", "the metrics are at " + path + "\n", !is_head);
    } else {
        out = answer(200, "OK", "", render_(), !is_head);
        served_.fetch_add(1, std::memory_order_relaxed);
    }
    size_t sent = 0;
    while (sent < out.size()) {
        const ssize_t n = net::sys::send(fd, out.data() + sent, out.size() - sent);
        if (n == -EAGAIN) {
            if (!wait(fd, POLLOUT, deadline)) return;
            continue;
        }
        if (n <= 0) return;
        sent += static_cast<size_t>(n);
    }
    // A refused request may have more bytes coming: closing with them unread would reset the
    // connection and could destroy the answer before the client reads it. Drain a little first.
    (void)net::sys::shutdown(fd, SHUT_WR);
    const Nanos drain_until = std::min(deadline, monotonic_now() + 500 * kNanosPerMilli);
    for (size_t drained = 0; drained < 64 * 1024;) {
        if (!wait(fd, POLLIN, drain_until)) return;
        const ssize_t n = net::sys::recv(fd, buf, sizeof buf);
        if (n == -EAGAIN) continue;
        if (n <= 0) return;
        drained += static_cast<size_t>(n);
    }
}

}  // namespace gust::server::metrics
