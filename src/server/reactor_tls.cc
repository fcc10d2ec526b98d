// TLS sessions of the reactor: the handshake before on_connect, and reads and writes through the
// session's engine (docs/php-tls.md).
#include <sys/socket.h>

#include <algorithm>
#include <cstring>

#include "gust/base/error.h"
#include "gust/base/log.h"
#include "gust/net/socket.h"
#include "server/reactor_internal.h"

namespace gust::server {

void Reactor::advance_handshake(Session &s) {
    const int rc = s.tls->handshake();
    if (rc == -EAGAIN) {
        const uint32_t want = s.tls->wants_write() ? loop::kWritable : loop::kReadable;
        if (want != s.interest && loop_.update(s.watch, want).ok()) s.interest = want;
        arm_retransmit(s);
        return;
    }
    if (rc < 0) {
        ++stats_.tls_failures;
        events_.on_refused(s.info.port_index);
        // Swoole's wording, which log readers (and its test suite) look for.
        GUST_LOG_WARN("Socket::ssl_accept(): bad SSL client[%s], reason=%d, error_string=%s",
                      s.info.peer.to_string().c_str(), s.tls->reason(), s.tls->error().c_str());
        finish_close(s, CloseCause::kProtocol);
        return;
    }
    if (s.handshake_timer != 0) loop_.cancel_timer(s.handshake_timer);
    s.handshake_timer = 0;
    if (s.retransmit_timer != 0) loop_.cancel_timer(s.retransmit_timer);
    s.retransmit_timer = 0;
    // ALPN chose h2 (an HTTP/2 port offers it): the session is HTTP/2 from its first byte.
    if (s.splitter && s.tls->alpn_selected() == "h2") s.splitter->require_http2();
    s.announced = true;
    update_interest(s);
    {
        CallbackScope scope(callback_depth_);
        events_.on_connect(s.info);
    }
    // Application data may have come with the handshake's last flight and sit decrypted in the
    // engine, where the poller cannot see it.
    if (!s.dead && !s.info.paused) read_session(s);
}

void Reactor::arm_retransmit(Session &s) {
    const Nanos due = s.tls->timer_due_in();
    if (due < 0 || s.retransmit_timer != 0) return;
    const SessionId id = s.info.id;
    s.retransmit_timer = loop_.add_timer(std::max<Nanos>(due, 1), 0, [this, id](loop::TimerId) {
        auto it = sessions_.find(id);
        if (it == sessions_.end() || it->second->dead) return;
        Session &t = *it->second;
        t.retransmit_timer = 0;
        if (t.tls->on_timer() < 0) {
            ++stats_.tls_failures;
            events_.on_refused(t.info.port_index);
            finish_close(t, CloseCause::kProtocol);
        } else {
            advance_handshake(t);
        }
        reap();
    });
    loop_.set_timer_ref(s.retransmit_timer, false);
}

void Reactor::accept_dtls(Listener &l) {
    // Bounded per readiness report (the poller reports again while datagrams wait).
    for (int i = 0; i < 16; ++i) {
        net::DtlsListener::Client c;
        const int rc = l.dtls->accept(&c);
        if (rc == -EAGAIN) return;
        if (rc < 0) {
            GUST_LOG_WARN("DTLS: cannot open a socket for a client: %s", strerror(-rc));
            return;
        }
        serve_accepted(l, c.fd, c.peer, std::move(c.engine));
    }
}

ssize_t Reactor::session_recv(Session &s, char *buf, size_t len) {
    if (!s.tls) return net::sys::recv(s.info.fd, buf, len);
    const ssize_t n = s.tls->read(buf, len);
    s.read_wants_write = n == -EAGAIN && s.tls->wants_write();
    if (n < 0 && n != -EAGAIN && n != -ECONNRESET) {
        GUST_LOG_WARN("session %lld from %s: TLS: %s", static_cast<long long>(s.info.id),
                      s.info.peer.to_string().c_str(), s.tls->error().c_str());
    }
    return n;
}

ssize_t Reactor::session_send(Session &s, const char *data, size_t len) {
    if (!s.tls) return net::sys::send(s.info.fd, data, len);
    if (!s.tls->established()) return -EAGAIN;
    return s.tls->write(data, len);
}

void Reactor::schedule_tls_read(SessionId id) {
    loop_.defer([this, id] {
        auto it = sessions_.find(id);
        if (it == sessions_.end() || it->second->dead || it->second->info.paused) return;
        read_session(*it->second);
        reap();
    });
}

}  // namespace gust::server
