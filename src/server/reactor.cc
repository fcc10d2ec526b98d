#include "gust/server/reactor.h"
#include "server/reactor_internal.h"

#include <linux/sockios.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <sys/sendfile.h>

#include <cerrno>
#include <deque>

#include "gust/base/error.h"
#include "gust/base/log.h"
#include "gust/net/socket.h"

namespace gust::server {

Reactor::Reactor(loop::Loop &loop, ReactorEvents &events, ReactorOptions options)
    : loop_(loop), events_(events), options_(options), next_id_(options.first_id) {}

Reactor::~Reactor() {
    for (auto &[id, s] : sessions_) {
        drop_files(*s);
        if (s->read_timer != 0) loop_.cancel_timer(s->read_timer);
        if (s->handshake_timer != 0) loop_.cancel_timer(s->handshake_timer);
        if (s->retransmit_timer != 0) loop_.cancel_timer(s->retransmit_timer);
        if (s->watch.valid()) loop_.unwatch(s->watch);
        if (s->info.fd >= 0) net::sys::close(s->info.fd);
    }
    for (auto &l : listeners_) {
        if (l->resume_timer) loop_.cancel_timer(l->resume_timer);
        if (l->watch.valid()) loop_.unwatch(l->watch);
        if (l->fd >= 0) net::sys::close(l->fd);
    }
}

Result<int> Reactor::add_listener(const ListenOptions &o) {
    if (o.type != SOCK_STREAM && o.type != SOCK_DGRAM) return Error{kErrInvalid};
    int fd = net::sys::open_socket(o.address.family(), o.type);
    if (fd < 0) return Error{fd};
    int rc = 0;
    if (o.address.is_ip()) {
        net::sys::set_reuse_addr(fd, true);
        if (o.reuse_port) rc = net::sys::set_reuse_port(fd, true);
    }
    if (rc == 0) rc = net::sys::bind(fd, o.address);
    if (rc == 0 && o.type == SOCK_STREAM) rc = net::sys::listen(fd, o.backlog);
    if (rc < 0) {
        net::sys::close(fd);
        return Error{rc};
    }
    return adopt_listener(fd, o);
}

Reactor::Listener &Reactor::push_listener(int fd, const ListenOptions &o) {
    auto l = std::make_unique<Listener>();
    l->reactor = this;
    l->index = static_cast<int>(listeners_.size());
    l->fd = fd;
    l->type = o.type;
    l->tcp_nodelay = o.tcp_nodelay && o.address.is_ip();
    l->framing = o.type == SOCK_STREAM || o.tls ? o.framing : nullptr;  // DTLS sessions are framed too
    l->header_timeout = o.header_timeout;
    l->body_timeout = o.body_timeout;
    l->tls = o.tls;
    if (o.type == SOCK_DGRAM && o.tls && fd >= 0) l->dtls = std::make_unique<net::DtlsListener>(o.tls, fd);
    l->handshake_timeout = o.handshake_timeout;
    listeners_.push_back(std::move(l));
    return *listeners_.back();
}

Result<int> Reactor::adopt_listener(int fd, const ListenOptions &o) {
    if (fd < 0 || (o.type != SOCK_STREAM && o.type != SOCK_DGRAM)) return Error{kErrInvalid};
    Listener &l = push_listener(fd, o);
    if (started_) {
        auto w = loop_.watch(fd, loop::kReadable, &l);
        if (!w.ok()) return w.error();
        l.watch = w.value();
    }
    return l.index;
}

Result<net::Address> Reactor::listener_address(int port_index) const {
    if (port_index < 0 || port_index >= listener_count()) return Error{kErrNotFound};
    net::Address a;
    int rc = net::sys::local_address(listeners_[static_cast<size_t>(port_index)]->fd, &a);
    if (rc < 0) return Error{rc};
    return a;
}

Status Reactor::start() {
    if (started_) return {};
    for (auto &l : listeners_) {
        if (l->fd < 0) continue;  // a passive port
        auto w = loop_.watch(l->fd, loop::kReadable, l.get());
        if (!w.ok()) return w.error();
        l->watch = w.value();
    }
    started_ = true;
    return {};
}

void Reactor::stop_accepting() {
    for (auto &l : listeners_) {
        if (l->resume_timer) loop_.cancel_timer(l->resume_timer);
        l->resume_timer = 0;
        if (l->watch.valid()) loop_.unwatch(l->watch);
        l->watch = {};
        if (l->fd >= 0) net::sys::close(l->fd);
        l->fd = -1;
    }
}

void Reactor::shutdown() {
    stop_accepting();
    std::vector<SessionId> ids;
    ids.reserve(sessions_.size());
    for (auto &[id, s] : sessions_) ids.push_back(id);
    for (SessionId id : ids) {
        auto it = sessions_.find(id);
        if (it != sessions_.end() && !it->second->dead) finish_close(*it->second, CloseCause::kServer);
    }
    reap();
}

void Reactor::on_accept(Listener &l) {
    // A bounded batch per readiness report: other fds get their turn, and the level-triggered
    // watch reports the rest.
    for (size_t i = 0; i < options_.accept_batch; ++i) {
        net::Address peer;
        int fd = net::sys::accept(l.fd, &peer);
        if (fd == -EAGAIN || fd == -EWOULDBLOCK) return;
        if (fd < 0) {
            if (fd == -EMFILE || fd == -ENFILE) {
                // No fd to accept with: the connection stays queued and the listener stays
                // ready, so stop watching it for a moment instead of spinning on it.
                GUST_LOG_WARN("accept: %s; pausing the listener for 100 ms", error_message(fd));
                (void)loop_.update(l.watch, 0);
                Listener *lp = &l;
                if (!l.resume_timer) {
                    l.resume_timer = loop_.add_timer(100 * kNanosPerMilli, 0, [this, lp](loop::TimerId) {
                        lp->resume_timer = 0;
                        if (lp->fd >= 0 && lp->watch.valid()) (void)loop_.update(lp->watch, loop::kReadable);
                    });
                }
            }
            return;
        }
        serve_accepted(l, fd, peer);
    }
}

Status Reactor::take(int port_index, int fd) {
    if (fd < 0 || port_index < 0 || port_index >= listener_count()) return Error{kErrInvalid};
    Listener &l = *listeners_[static_cast<size_t>(port_index)];
    if (l.type != SOCK_STREAM) return Error{kErrInvalid};
    net::Address peer;
    (void)net::sys::peer_address(fd, &peer);
    serve_accepted(l, fd, peer);
    return {};
}

void Reactor::serve_accepted(Listener &l, int fd, const net::Address &peer, std::unique_ptr<net::TlsEngine> engine) {
    if (sessions_.size() + held_outside_ >= options_.max_connections) {
        // Refused: accepted and closed at once, so the listener does not stay ready.
        ++stats_.refused;
        net::sys::close(fd);
        events_.on_refused(l.index);
        return;
    }
    if (l.tcp_nodelay && l.type == SOCK_STREAM) net::sys::set_tcp_nodelay(fd, true);
    auto s = std::make_unique<Session>();
    s->reactor = this;
    // Skips ids the embedder cannot take yet; with at most max_connections live sessions one of
    // the next max_connections ids is free, so the loop is bounded.
    for (size_t tries = 0; tries < options_.max_connections && !events_.session_id_free(next_id_); ++tries) {
        next_id_ += options_.id_step;
    }
    s->info.id = next_id_;
    next_id_ += options_.id_step;
    s->info.port_index = l.index;
    s->info.fd = fd;
    s->info.peer = peer;
    s->info.connected_at = loop_.now();
    s->output = mem::Buffer();
    if (l.framing) s->splitter = std::make_unique<proto::framing::Splitter>(*l.framing);
    s->listener = &l;
    auto w = loop_.watch(fd, loop::kReadable, s.get());
    if (!w.ok()) {
        net::sys::close(fd);
        return;
    }
    s->watch = w.value();
    s->interest = loop::kReadable;
    Session &ref = *s;
    sessions_.emplace(ref.info.id, std::move(s));
    ++stats_.accepted;
    if (l.tls) {
        ref.tls = engine ? std::move(engine) : std::make_unique<net::TlsEngine>(l.tls, fd);
        ref.announced = false;
        const SessionId id = ref.info.id;
        ref.handshake_timer = loop_.add_timer(l.handshake_timeout, 0, [this, id](loop::TimerId) {
            auto it = sessions_.find(id);
            if (it == sessions_.end() || it->second->dead) return;
            it->second->handshake_timer = 0;
            ++stats_.tls_failures;
            events_.on_refused(it->second->info.port_index);
            GUST_LOG_WARN("TLS handshake with %s not done in time; closing it",
                          it->second->info.peer.to_string().c_str());
            finish_close(*it->second, CloseCause::kProtocol);
            reap();
        });
        loop_.set_timer_ref(ref.handshake_timer, false);
        advance_handshake(ref);  // the ClientHello may be here already
        reap();
        return;
    }
    {
        CallbackScope scope(callback_depth_);
        events_.on_connect(ref.info);
    }
    reap();
}

void Reactor::on_datagram(Listener &l) {
    if (l.dtls) {
        accept_dtls(l);
        return;
    }
    std::vector<char> buf(options_.datagram_max);
    for (int i = 0; i < 64; ++i) {
        net::Address from;
        ssize_t n = net::sys::recvfrom(l.fd, buf.data(), buf.size(), &from);
        if (n < 0) return;  // -EAGAIN: drained; other errors are per-datagram (ICMP) and skipped
        stats_.bytes_received += static_cast<uint64_t>(n);
        CallbackScope scope(callback_depth_);
        events_.on_packet(l.index, Slice(buf.data(), static_cast<size_t>(n)), from);
    }
}

void Reactor::on_session_io(Session &s, uint32_t events) {
    if (s.dead) return;
    if (!s.announced) {
        advance_handshake(s);
        reap();
        return;
    }
    if (events & loop::kWritable) flush_session(s);
    const bool readable = (events & (loop::kReadable | loop::kHangup | loop::kError)) ||
                          (s.read_wants_write && (events & loop::kWritable));
    if (!s.dead && !s.info.paused && readable) read_session(s);
    if (s.adopted && !s.dead) note_holding(s);
    reap();
}

void Reactor::read_session(Session &s) {
    char buf[64 * 1024];
    const size_t chunk = std::min(sizeof(buf), options_.read_chunk);
    for (int i = 0; i < 16 && !s.dead && !s.info.paused; ++i) {
        ssize_t n = session_recv(s, buf, chunk);
        if (n == -EAGAIN || n == -EWOULDBLOCK) {
            if (s.read_wants_write) update_interest(s);
            return;
        }
        if (n == 0 || (n < 0 && s.lingering)) {
            finish_close(s, CloseCause::kPeer);
            return;
        }
        if (n < 0) {
            finish_close(s, n == -ECONNRESET ? CloseCause::kPeer : CloseCause::kError);
            return;
        }
        s.info.bytes_received += static_cast<uint64_t>(n);
        stats_.bytes_received += static_cast<uint64_t>(n);
        s.info.last_receive = loop_.now();
        if (s.lingering && (s.lingered += static_cast<size_t>(n)) > kLingerBytes) {
            finish_close(s, CloseCause::kProtocol);
            return;
        }
        if (s.closing) continue;  // closing: input is read and dropped until the output is out
        if (s.splitter) {
            deliver_framed(s, Slice(buf, static_cast<size_t>(n)));
        } else {
            CallbackScope scope(callback_depth_);
            events_.on_receive(s.info, Slice(buf, static_cast<size_t>(n)));
        }
        // A short read drained the socket; TLS reads stop at a record, so they go on to EAGAIN.
        if (!s.tls && static_cast<size_t>(n) < chunk) return;
    }
    // Bytes left decrypted in the engine are invisible to the poller: come back for them.
    if (s.tls && !s.dead && !s.info.paused && s.tls->pending() > 0) schedule_tls_read(s.info.id);
}

void Reactor::deliver_framed(Session &s, Slice bytes) {
    if (s.refused) return;
    if (s.input.empty() && !s.splitter->in_body()) s.request_started = loop_.now();
    // With nothing buffered, whole packages are cut straight from the bytes just read (no copy, no
    // allocation per request); only a remainder is kept in the session's input. The splitter never
    // asks for more than package_max_length bytes, so the input stays bounded.
    const bool direct = s.input.empty();
    if (!direct && !s.input.append(bytes).ok()) {
        finish_close(s, CloseCause::kError);
        return;
    }
    Slice pending = direct ? bytes : s.input.readable();
    size_t used = 0;  // bytes of `pending` consumed
    // A pause (the embedder's backpressure) stops delivery too, not only reading: the packages
    // already buffered wait for resume().
    while (!s.dead && !s.closing && !s.info.paused) {
        auto step = s.splitter->next(pending.sub(used));
        if (step.send_continue && !hand_over_answer(s, 100)) {
            (void)send(s.info.id, Slice(proto::http1::kContinueResponse));
        }
        if (step.status == proto::framing::Splitter::kNeedMore) {
            used += step.consume;
            break;
        }
        if (step.status < 0) {
            ++stats_.framing_errors;
            GUST_LOG_WARN("session %lld from %s: %s; closing it", static_cast<long long>(s.info.id),
                          s.info.peer.to_string().c_str(), s.splitter->reason());
            if (const int code = s.splitter->websocket_close_code()) {
                close_websocket(s, code);
            } else {
                // A raw-TCP framing (length, EOF, package_length_func) has no answer to give: the
                // peer learns of the dropped bytes by an RST (ECONNRESET) once the answers to its
                // earlier packages are out, not by a plain EOF. HTTP ports (HTTP/1, h2, WebSocket)
                // answer or say GOAWAY and linger, as before.
                const int status = s.splitter->http_status();
                if (status == 0 && !s.splitter->is_http()) s.reset_when_ended = true;
                refuse(s, status);
            }
            return;
        }
        {
            CallbackScope scope(callback_depth_);
            delivering_head_ = s.splitter->ready_head(&delivering_head_len_);
            events_.on_receive(s.info, step.package);
            delivering_head_ = nullptr;
        }
        used += step.consume;
        s.request_started = loop_.now();
    }
    if (s.dead) return;
    if (!direct) {
        s.input.consume(used);
    } else if (used < pending.size() && !s.closing && !s.input.append(pending.sub(used)).ok()) {
        finish_close(s, CloseCause::kError);
        return;
    }
    if (s.input.empty()) s.input.release();  // idle sessions hold no input memory
    arm_read_timer(s);
}

void Reactor::close_websocket(Session &s, int code) {
    // A close frame with the code and no reason (RFC 6455 §5.5.1), after whatever is queued.
    const char frame[4] = {static_cast<char>(0x88), 2, static_cast<char>(code >> 8), static_cast<char>(code & 0xff)};
    s.input.clear();
    (void)send(s.info.id, Slice(frame, sizeof frame));
    if (s.dead || s.closing) return;
    s.linger = true;
    if (s.idle()) {
        end_session(s, CloseCause::kProtocol);
    } else {
        s.closing = true;
        update_interest(s);
    }
}

bool Reactor::hand_over_answer(Session &s, int status) {
    CallbackScope scope(callback_depth_);
    return events_.on_http_answer(s.info, status);
}

void Reactor::refuse(Session &s, int status) {
    if (status != 0 && !s.dead && !s.closing && hand_over_answer(s, status)) {
        // The embedder answers after the requests before this one, then closes.
        s.refused = true;
        s.linger = true;
        s.input.clear();
        s.input.release();
        if (s.read_timer != 0) loop_.cancel_timer(s.read_timer);
        s.read_timer = 0;
        return;
    }
    if (status != 0 && !s.dead && !s.closing) {
        s.input.clear();
        (void)send(s.info.id, Slice(proto::http1::error_response(status)));
    }
    if (s.dead || s.closing) return;
    s.linger = true;
    if (s.idle()) {
        end_session(s, CloseCause::kProtocol);
    } else {
        s.closing = true;  // the answer goes out first
        update_interest(s);
    }
}

void Reactor::arm_read_timer(Session &s) {
    const Listener &l = *s.listener;
    if (s.dead || s.closing || s.refused || (l.header_timeout == 0 && l.body_timeout == 0)) return;
    if (s.splitter->in_websocket() || s.splitter->in_http2()) {
        // WebSocket frames and HTTP/2 connections have no read deadline here (heartbeat_* and the
        // application's pings do).
        if (s.read_timer != 0) loop_.cancel_timer(s.read_timer);
        s.read_timer = 0;
        return;
    }
    const bool partial = !s.input.empty() || s.splitter->in_body();
    const bool body = s.splitter->in_body();
    if (!partial || (s.read_timer != 0 && s.read_timer_for_body != body)) {
        if (s.read_timer != 0) loop_.cancel_timer(s.read_timer);
        s.read_timer = 0;
    }
    if (!partial || s.read_timer != 0) return;
    const Nanos timeout = body ? l.body_timeout : l.header_timeout;
    if (timeout == 0) return;
    const Nanos since = body ? s.info.last_receive : s.request_started;
    const Nanos left = std::max<Nanos>(since + timeout - loop_.now(), kNanosPerMilli);
    const SessionId id = s.info.id;
    s.read_timer_for_body = body;
    s.read_timer = loop_.add_timer(left, 0, [this, id](loop::TimerId) { on_read_timer(id); });
    loop_.set_timer_ref(s.read_timer, false);
}

void Reactor::on_read_timer(SessionId id) {
    auto it = sessions_.find(id);
    if (it == sessions_.end()) return;
    Session &s = *it->second;
    s.read_timer = 0;
    if (s.dead || s.closing || s.refused) return;
    const Listener &l = *s.listener;
    const bool body = s.splitter->in_body();
    const Nanos timeout = body ? l.body_timeout : l.header_timeout;
    const Nanos since = body ? s.info.last_receive : s.request_started;
    if (timeout != 0 && loop_.now() >= since + timeout && (body || !s.input.empty())) {
        GUST_LOG_WARN("session %lld from %s: request %s not received in time; closing it", static_cast<long long>(id),
                      s.info.peer.to_string().c_str(), body ? "body" : "head");
        refuse(s, s.splitter->is_http() ? 408 : 0);
        reap();
        return;
    }
    arm_read_timer(s);
}

bool Reactor::write_output(Session &s) {
    for (;;) {
        while (!s.output.empty()) {
            ssize_t n = session_send(s, s.output.data(), s.output.size());
            if (n == -EAGAIN || n == -EWOULDBLOCK) return true;
            if (n < 0) {
                finish_close(s, n == -EPIPE || n == -ECONNRESET ? CloseCause::kPeer : CloseCause::kError);
                return false;
            }
            s.output.consume(static_cast<size_t>(n));
            count_sent(s, static_cast<size_t>(n));
        }
        if (s.files.empty()) return true;
        Session::FileSegment &f = s.files.front();
        if (s.tls && f.left > 0) {
            // No sendfile through TLS: the file's next piece goes through the output buffer.
            char piece[64 * 1024];
            const ssize_t n = ::pread(f.fd, piece, std::min(sizeof piece, f.left), f.offset);
            if (n <= 0) {
                GUST_LOG_WARN("session %lld: file stopped %zu bytes short; closing it",
                              static_cast<long long>(s.info.id), f.left);
                finish_close(s, CloseCause::kError);
                return false;
            }
            f.offset += n;
            f.left -= static_cast<size_t>(n);
            if (!s.output.append(piece, static_cast<size_t>(n)).ok()) {
                finish_close(s, CloseCause::kError);
                return false;
            }
            continue;
        }
        while (f.left > 0) {
            ssize_t n = ::sendfile(s.info.fd, f.fd, &f.offset, std::min<size_t>(f.left, 1 << 20));
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
            if (n < 0 && (errno == EPIPE || errno == ECONNRESET)) {
                finish_close(s, CloseCause::kPeer);
                return false;
            }
            if (n <= 0) {
                // The file shrank or cannot be read: the promised length cannot be kept, so the
                // connection cannot go on (the peer would wait for the missing bytes).
                GUST_LOG_WARN("session %lld: sendfile stopped %zu bytes short; closing it",
                              static_cast<long long>(s.info.id), f.left);
                finish_close(s, CloseCause::kError);
                return false;
            }
            f.left -= static_cast<size_t>(n);
            count_sent(s, static_cast<size_t>(n));
        }
        ::close(f.fd);
        s.queued_after -= f.after.size();
        s.output = std::move(f.after);
        s.files.pop_front();
    }
}

void Reactor::count_sent(Session &s, size_t n) {
    s.info.bytes_sent += n;
    stats_.bytes_sent += n;
    s.info.last_send = loop_.now();
}

void Reactor::flush_session(Session &s) {
    if (!write_output(s)) return;
    s.wants_room = false;  // the callback's next write_now() asks again if it needs to
    {
        CallbackScope scope(callback_depth_);
        events_.on_output_written(s.info, s.output.size() + s.queued_after);
    }
    if (s.dead) return;
    if (s.idle()) {
        s.output.release();  // idle sessions hold no output memory
        if (s.buffer_full) {
            s.buffer_full = false;
            CallbackScope scope(callback_depth_);
            events_.on_buffer_empty(s.info);
        }
        if (s.closing && !s.dead) {
            end_session(s, CloseCause::kServer);
            return;
        }
    }
    update_interest(s);
}

void Reactor::update_interest(Session &s) {
    if (s.dead || !s.announced) return;  // the handshake sets its own interest
    uint32_t want = (s.info.paused ? 0u : loop::kReadable) |
                    (s.idle() && !s.read_wants_write && !s.wants_room ? 0u : loop::kWritable);
    if (want != s.interest && loop_.update(s.watch, want).ok()) s.interest = want;
}

Status Reactor::send(SessionId id, Slice data) {
    auto it = sessions_.find(id);
    if (it == sessions_.end() || it->second->dead || it->second->closing) return Error{kErrNotFound};
    Session &s = *it->second;
    if (data.empty()) return {};
    size_t offset = 0;
    const bool was_idle = s.idle();
    if (was_idle) {
        // Nothing queued: write straight from the caller's bytes, queue only the rest.
        ssize_t n = session_send(s, data.data(), data.size());
        if (n >= 0) {
            offset = static_cast<size_t>(n);
            count_sent(s, static_cast<size_t>(n));
        } else if (n != -EAGAIN && n != -EWOULDBLOCK) {
            return Error{static_cast<int>(n)};  // the read side reports the close
        }
    }
    if (offset < data.size()) {
        size_t rest = data.size() - offset;
        const size_t limit =
            was_idle ? std::max(options_.output_buffer_limit, options_.idle_send_limit) : options_.output_buffer_limit;
        if (s.output.size() + s.queued_after + rest > limit) {
            if (!s.buffer_full) {
                s.buffer_full = true;
                CallbackScope scope(callback_depth_);
                events_.on_buffer_full(s.info);
            }
            return Error{kErrLimit};
        }
        mem::Buffer &queue = s.files.empty() ? s.output : s.files.back().after;
        Status st = queue.append(data.data() + offset, rest);
        if (!st.ok()) return st;
        if (!s.files.empty()) s.queued_after += rest;
        update_interest(s);
        if (s.adopted) note_holding(s);
    }
    return {};
}

Result<size_t> Reactor::write_now(SessionId id, const iovec *iov, int count) {
    auto it = sessions_.find(id);
    if (it == sessions_.end() || it->second->dead || it->second->closing) return Error{kErrNotFound};
    Session &s = *it->second;
    if (s.tls) return Error{kErrInvalid};
    size_t want = 0;
    for (int i = 0; i < count; ++i) want += iov[i].iov_len;
    size_t written = 0;
    if (s.idle() && want > 0) {
        msghdr msg{};
        msg.msg_iov = const_cast<iovec *>(iov);
        msg.msg_iovlen = static_cast<size_t>(count);
        ssize_t n;
        do {
            n = ::sendmsg(s.info.fd, &msg, MSG_NOSIGNAL);
        } while (n < 0 && errno == EINTR);
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return Error{-errno};  // the read side reports it
        if (n > 0) {
            written = static_cast<size_t>(n);
            count_sent(s, written);
        }
    }
    if (written < want && !s.wants_room) {
        s.wants_room = true;
        update_interest(s);
    }
    return written;
}

Status Reactor::send_file(SessionId id, int file_fd, off_t offset, size_t length) {
    auto it = sessions_.find(id);
    if (it == sessions_.end() || it->second->dead || it->second->closing) {
        ::close(file_fd);
        return Error{kErrNotFound};
    }
    Session &s = *it->second;
    if (length == 0) {
        ::close(file_fd);
        return {};
    }
    const bool was_idle = s.idle();
    s.files.push_back(Session::FileSegment{file_fd, offset, length, mem::Buffer()});
    if (was_idle) {
        flush_session(s);
    } else {
        update_interest(s);
    }
    if (s.adopted && !s.dead) note_holding(s);
    if (callback_depth_ == 0) reap();
    return {};
}

Status Reactor::sendto(int port_index, const net::Address &to, Slice data) {
    if (port_index < 0 || port_index >= listener_count()) return Error{kErrNotFound};
    Listener &l = *listeners_[static_cast<size_t>(port_index)];
    if (l.type != SOCK_DGRAM || l.fd < 0) return Error{kErrInvalid};
    ssize_t n = net::sys::sendto(l.fd, data.data(), data.size(), to);
    if (n < 0) return Error{static_cast<int>(n)};
    stats_.bytes_sent += static_cast<uint64_t>(n);
    return {};
}

Status Reactor::close(SessionId id, bool reset) {
    auto it = sessions_.find(id);
    if (it == sessions_.end() || it->second->dead || it->second->closing) return Error{kErrNotFound};
    Session &s = *it->second;
    if (reset) {
        s.reset = true;
        linger lg{1, 0};  // close with RST, dropping unsent data
        setsockopt(s.info.fd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
        s.output.clear();
        drop_files(s);
    }
    // An HTTP/2 peer may still be sending (a PING after its GOAWAY): closing with its bytes unread
    // would reset the connection and could destroy our last frames before the peer reads them.
    if (!reset && s.splitter && s.splitter->in_http2()) s.linger = true;
    if (s.idle()) {
        end_session(s, CloseCause::kServer);
    } else {
        s.closing = true;
        update_interest(s);
    }
    if (callback_depth_ == 0) reap();
    return {};
}

Status Reactor::pause(SessionId id) {
    auto it = sessions_.find(id);
    if (it == sessions_.end() || it->second->dead) return Error{kErrNotFound};
    it->second->info.paused = true;
    update_interest(*it->second);
    return {};
}

Status Reactor::resume(SessionId id) {
    auto it = sessions_.find(id);
    if (it == sessions_.end() || it->second->dead) return Error{kErrNotFound};
    Session &s = *it->second;
    const bool was_paused = s.info.paused;
    s.info.paused = false;
    update_interest(s);
    if (was_paused && s.tls && s.tls->pending() > 0) schedule_tls_read(id);
    if (was_paused && s.splitter && !s.input.empty()) {
        // Packages buffered while paused go out from the loop, never from inside the caller.
        loop_.defer([this, id] {
            auto found = sessions_.find(id);
            if (found == sessions_.end() || found->second->dead || found->second->info.paused) return;
            deliver_framed(*found->second, Slice());
            reap();
        });
    }
    return {};
}

void Reactor::end_session(Session &s, CloseCause cause) {
    if (s.lingering || s.dead) return;
    // An RST drops what the kernel has not sent yet: only with nothing left to send.
    int unsent = 0;
    if (s.reset_when_ended && !s.reset && s.info.fd >= 0 && !s.tls && ioctl(s.info.fd, SIOCOUTQ, &unsent) == 0 &&
        unsent == 0) {
        s.reset = true;
        linger lg{1, 0};
        setsockopt(s.info.fd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
    }
    if (!s.linger || s.tls || s.reset || s.info.fd < 0) {
        finish_close(s, cause);
        return;
    }
    s.lingering = true;
    s.closing = true;
    ++lingering_;
    ++stats_.closed;
    s.linger_cause = cause == CloseCause::kServer ? CloseCause::kProtocol : cause;
    ::shutdown(s.info.fd, SHUT_WR);
    const SessionId id = s.info.id;
    s.linger_timer = loop_.add_timer(kLingerTime, 0, [this, id](loop::TimerId) {
        auto it = sessions_.find(id);
        if (it == sessions_.end() || it->second->dead) return;
        it->second->linger_timer = 0;
        finish_close(*it->second, CloseCause::kProtocol);
        reap();
    });
    loop_.set_timer_ref(s.linger_timer, false);
    update_interest(s);
    // For the embedder the connection is over now; only the socket waits for the peer.
    if (s.announced) {
        CallbackScope scope(callback_depth_);
        events_.on_close(s.info, s.linger_cause);
    }
}

void Reactor::finish_close(Session &s, CloseCause cause) {
    if (s.dead) return;
    s.dead = true;
    if (s.lingering) cause = s.linger_cause;  // however it ends, it ended for that reason
    if (s.linger_timer != 0) loop_.cancel_timer(s.linger_timer);
    s.linger_timer = 0;
    if (s.read_timer != 0) loop_.cancel_timer(s.read_timer);
    s.read_timer = 0;
    if (s.handshake_timer != 0) loop_.cancel_timer(s.handshake_timer);
    s.handshake_timer = 0;
    if (s.retransmit_timer != 0) loop_.cancel_timer(s.retransmit_timer);
    s.retransmit_timer = 0;
    drop_files(s);
    if (s.watch.valid()) loop_.unwatch(s.watch);
    s.watch = {};
    // close_notify for a close of ours (never after an error, or with the RST of a reset).
    if (s.tls && (cause == CloseCause::kServer || cause == CloseCause::kProtocol) && !s.reset) s.tls->shutdown();
    s.tls.reset();
    // An adopted socket has another copy in the process that handed it over: shut the connection
    // down so it ends now (a reset's RST waits for that copy's close instead).
    if (s.adopted && !s.reset && s.info.fd >= 0) ::shutdown(s.info.fd, SHUT_RDWR);
    net::sys::close(s.info.fd);
    if (s.lingering) {
        --lingering_;  // counted as closed when it began
    } else {
        ++stats_.closed;
    }
    if (s.announced && !s.lingering) {  // a lingering session was reported when it began
        CallbackScope scope(callback_depth_);
        events_.on_close(s.info, cause);
    }
    auto it = sessions_.find(s.info.id);
    if (it != sessions_.end()) {
        dead_.push_back(std::move(it->second));
        sessions_.erase(it);
    }
}

void Reactor::drop_files(Session &s) {
    for (auto &f : s.files) ::close(f.fd);
    s.files.clear();
    s.queued_after = 0;
}

void Reactor::reap() {
    if (callback_depth_ == 0) dead_.clear();
}

bool Reactor::exists(SessionId id) const {
    auto it = sessions_.find(id);
    return it != sessions_.end() && !it->second->dead && !it->second->closing;
}

size_t Reactor::queued_bytes(SessionId id) const {
    auto it = sessions_.find(id);
    return it == sessions_.end() ? 0 : it->second->output.size() + it->second->queued_after;
}

size_t Reactor::buffered_input(SessionId id) const {
    auto it = sessions_.find(id);
    return it == sessions_.end() ? 0 : it->second->input.size();
}

const SessionInfo *Reactor::info(SessionId id) const {
    auto it = sessions_.find(id);
    return it == sessions_.end() || it->second->dead || it->second->lingering ? nullptr : &it->second->info;
}

std::vector<SessionId> Reactor::list(SessionId after, size_t count) const {
    std::vector<SessionId> ids;
    for (auto &[id, s] : sessions_) {
        if (id > after && !s->dead && !s->lingering) ids.push_back(id);
    }
    std::sort(ids.begin(), ids.end());
    if (ids.size() > count) ids.resize(count);
    return ids;
}

ReactorStats Reactor::stats() const {
    ReactorStats out = stats_;
    out.connections = sessions_.size() - lingering_;
    return out;
}

}  // namespace gust::server
