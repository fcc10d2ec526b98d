// TLS sessions of the reactor: the handshake before on_connect, and reads and writes through the
// session's engine (docs/php-tls.md).
#include <sys/socket.h>

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
