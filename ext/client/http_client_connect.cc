// Swoole\Coroutine\Http\Client: the connection of a request (DNS or a name resolver's node,
// connect, TLS, keep-alive reuse) and sending the request over it.
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "common/module.h"
#include "coroutine/coroutine.h"
#include "client/http_client_io.h"

#include "gust/base/error.h"
#include "gust/net/dns.h"

namespace gust::php::http_client::io {

namespace {

// TLS over the fresh connection in st->sock: the handshake and the peer's verification, within
// the connect timeout. 0 or an error for errCode (the reason in st->tls_error).
int start_tls(Io &io, const std::string &host) {
    State *st = io.st;
    const Settings &s = io.s;
    if (!st->tls_ctx || st->tls_ctx->config() != s.tls) {
        st->tls_ctx.reset();
        auto ctx = net::TlsContext::create(net::TlsRole::kClient, s.tls, &st->tls_error);
        if (!ctx.ok()) {
            reset_socket(st);
            return kSwErrSslHandshakeFailed;
        }
        st->tls_ctx = std::move(ctx.value());
    }
    std::string name = s.ssl_host_name;
    if (name.empty() && host.rfind("unix:", 0) != 0) name = host;
    st->tls = std::make_unique<net::TlsSession>(st->tls_ctx, *st->sock, name);
    Nanos t = io.budget(s.connect_timeout);
    Status hs = t == 0 ? Status(Error{kErrTimedOut}) : st->tls->handshake(t);
    if (hs.ok()) return 0;
    int err = hs.code() == kErrTlsVerify ? kSwErrSslVerifyFailed
              : hs.code() == kErrTls     ? kSwErrSslHandshakeFailed
                                         : swoole_code_of(hs.code());
    if (hs.code() == kErrTlsVerify || hs.code() == kErrTls) st->tls_error = st->tls->error();
    reset_socket(st);
    return err;
}

// Whether the name resolvers answered for `host` in this request (asked once per request; none
// added: false at once).
bool resolver_node(Io &io, const std::string &host) {
    if (!io.resolvers_asked) {
        io.resolvers_asked = true;
        io.resolver_answered = name_resolver_nodes(host, true, &io.nodes);
    }
    return io.resolver_answered;
}

// A fresh connection to the client's host:port. 0 or an error for errCode.
int connect(Io &io, const std::string &host, int port) {
    State *st = io.st;
    std::vector<net::Address> addrs;
    if (host.rfind("unix:", 0) == 0) {
        auto a = net::Address::from_unix(std::string_view(host).substr(5));
        if (!a.ok()) return EINVAL;
        addrs.push_back(a.value());
    } else if (auto literal = net::Address::from_ip(host, static_cast<uint16_t>(port)); literal.ok()) {
        addrs.push_back(literal.value());  // an address, not a name: no resolver is asked
    } else if (resolver_node(io, host)) {
        // A name resolver plugged in answered: "ip" or "ip:port" (the port is the node's).
        if (io.next_node >= io.nodes.size()) return kSwErrDnsFailed;
        std::string named = io.nodes[io.next_node++];
        int node_port = port;
        size_t colon = named.rfind(':');
        if (colon != std::string::npos && named.find(':') == colon) {
            node_port = atoi(named.c_str() + colon + 1);
            named.resize(colon);
        }
        auto a = net::Address::from_ip(named, static_cast<uint16_t>(node_port));
        if (!a.ok()) return kSwErrDnsFailed;
        addrs.push_back(a.value());
    } else if (EG(exception)) {
        return kSwErrDnsFailed;
    } else {
        net::ResolveOptions ro;
        ro.timeout = io.budget(option_nanos(options().socket_dns_timeout));
        if (ro.timeout == 0) return ETIMEDOUT;
        if (ro.timeout < 0) ro.timeout = 5 * kNanosPerSecond;
        auto r = net::resolve(host, static_cast<uint16_t>(port), ro);
        if (!r.ok() || r.value().empty()) return r.code() == kErrTimedOut ? kSwErrDnsTimeout : kSwErrDnsFailed;
        addrs = std::move(r.value());
    }
    int err = ECONNREFUSED;
    for (const net::Address &a : addrs) {
        auto s = net::CoSocket::open(a.family(), SOCK_STREAM);
        if (!s.ok()) return swoole_code_of(s.code());
        std::unique_ptr<net::CoSocket> sock = std::move(s.value());
        if (a.family() != AF_UNIX) {
            int one = 1;
            (void)setsockopt(sock->fd(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
        }
        Nanos t = io.budget(io.s.connect_timeout);
        if (t == 0) return ETIMEDOUT;
        Status c = sock->connect(a, t);
        if (c.ok()) {
            st->sock = std::move(sock);
            st->generation = loop_state_if_any() ? loop_state_if_any()->generation : 0;
            st->rbuf.clear();
            st->reused = false;
            return io.s.ssl ? start_tls(io, host) : 0;
        }
        err = swoole_code_of(c.code());
        if (err == ETIMEDOUT || err == ECANCELED) return err;  // the time is spent: do not try the next
    }
    return err;
}

// A kept-alive connection the server closed while idle (or left bytes on) is useless.
bool idle_connection_alive(State *st) {
    if (!st->rbuf.empty() || (st->tls && st->tls->pending())) return false;
    char b;
    ssize_t n = ::recv(st->sock->fd(), &b, 1, MSG_PEEK | MSG_DONTWAIT);
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
}

int send_request(Io &io, const Request &req) {
    // Head and a small body in one write: one segment, one packet.
    if (req.body.size() <= 64 * 1024) {
        std::string first = req.head + req.body;
        if (int e = io.send(first.data(), first.size())) return e;
    } else {
        if (int e = io.send(req.head.data(), req.head.size())) return e;
        if (int e = io.send(req.body.data(), req.body.size())) return e;
    }
    for (const FilePart &f : req.files) {
        if (int e = io.send(f.before.data(), f.before.size())) return e;
        int fd = ::open(f.path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) return errno;
        std::string buf(kReadChunk, '\0');
        uint64_t done = 0;
        int err = 0;
        while (done < f.length) {
            size_t want = f.length - done < kReadChunk ? static_cast<size_t>(f.length - done) : kReadChunk;
            ssize_t n = ::pread(fd, buf.data(), want, static_cast<off_t>(f.offset + done));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                err = n < 0 ? errno : EIO;  // the file shrank: the Content-Length sent cannot be met
                break;
            }
            if ((err = io.send(buf.data(), static_cast<size_t>(n)))) break;
            done += static_cast<uint64_t>(n);
        }
        ::close(fd);
        if (err) return err;
    }
    if (!req.tail.empty()) return io.send(req.tail.data(), req.tail.size());
    return 0;
}

}  // namespace

// Connects when there is no live connection, then sends `req`. *reused: the connection had already
// carried a response (so a failure may be its idle close, worth one retry).
Outcome send_phase(Io &io, const std::string &host, int port, const Request &req, bool *reused) {
    State *st = io.st;
    if (st->sock && !idle_connection_alive(st)) {
        reset_socket(st);
        st->rbuf.clear();
    }
    *reused = false;
    if (!st->sock) {
        if (int e = connect(io, host, port)) return Outcome{e, kStatusConnectFailed};
    }
    *reused = st->reused;
    if (int e = send_request(io, req))
        return Outcome{e, e == ETIMEDOUT ? kStatusRequestTimeout : kStatusSendFailed, *reused};
    return Outcome{};
}

}  // namespace gust::php::http_client::io
