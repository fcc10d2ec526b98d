// Swoole\Coroutine\Http2\Client: the connection — DNS, TCP, TLS offering ALPN "h2", the bytes the
// protocol queues going out, the server's bytes going in. One coroutine reads at a time; any
// coroutine may send, and one that finds another sending leaves its frames to it (the sender
// loops until the protocol has nothing left).
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <cerrno>
#include <cstring>

#include "client/http2_client.h"
#include "client/client_common.h"
#include "common/errors.h"
#include "common/module.h"

#include "gust/base/error.h"
#include "gust/net/dns.h"

namespace gust::php::http2_client {
namespace {

constexpr size_t kReadChunk = 64 * 1024;
// Request body accepted beyond what the server's window lets out before send()/write() wait.
constexpr size_t kMaxPendingBody = 4u << 20;

// An HTTP/2 setting from `http2_<name>` (Swoole's server keys) or `<name>`, kept in range.
void setting_of(HashTable *ht, const char *name, uint32_t &out, uint32_t lo, uint32_t hi) {
    std::string k = std::string("http2_") + name;
    zval *v = zend_hash_str_find(ht, k.data(), k.size());
    if (!v) v = zend_hash_str_find(ht, name, strlen(name));
    if (!v) return;
    zend_long n = zval_get_long(v);
    out = static_cast<uint32_t>(n < static_cast<zend_long>(lo) ? lo : n > static_cast<zend_long>(hi) ? hi : n);
}

zval *prop(zend_object *self, const char *name, size_t len) {
    zval rv;
    return zend_read_property(ce_client, self, name, len, 1, &rv);
}

// errCode for a core failure of the socket or TLS.
int code_of(State *st, int core) {
    if (core == kErrTlsVerify) return code(SwooleError::kSslVerifyFailed);
    if (core == kErrTls) return code(SwooleError::kSslHandshakeFailed);
    (void)st;
    return swoole_code_of(core);
}

// The socket is from a runtime that ended (a fatal error): forget it without touching its loop.
void drop_stale(State *st) {
    if (!st->sock) return;
    LoopState *rt = loop_state_if_any();
    if (rt && rt->generation == st->generation) return;
    st->tls.reset();
    st->sock->abandon();
    st->sock.reset();
}

}  // namespace

void set_error(zend_object *self, int err, const char *msg) {
    if (!msg) msg = strerror_of(err);
    zend_update_property_long(ce_client, self, ZEND_STRL("errCode"), set_last_error(err));
    zend_update_property_string(ce_client, self, ZEND_STRL("errMsg"), msg);
}

Settings read_settings(zend_object *self) {
    Settings s;
    const Options &o = options();
    s.connect_timeout = option_nanos(o.socket_connect_timeout);
    s.read_timeout = option_nanos(o.socket_read_timeout);
    s.write_timeout = option_nanos(o.socket_write_timeout);
    s.tls.alpn = "h2";
    zval *z = prop(self, ZEND_STRL("setting"));
    if (Z_TYPE_P(z) != IS_ARRAY) return s;
    HashTable *ht = Z_ARRVAL_P(z);
    // `timeout` is every operation's timeout (Swoole's socket setting); the specific keys win.
    Nanos t = client_common::nanos_setting(ht, "timeout", 0);
    if (t != 0) s.connect_timeout = s.read_timeout = s.write_timeout = t;
    s.connect_timeout = client_common::nanos_setting(ht, "connect_timeout", s.connect_timeout);
    s.read_timeout = client_common::nanos_setting(ht, "read_timeout", s.read_timeout);
    s.write_timeout = client_common::nanos_setting(ht, "write_timeout", s.write_timeout);
    client_common::read_tls_settings(ht, s.tls, s.ssl_host_name);
    s.http_compression = client_common::bool_setting(ht, "http_compression", s.http_compression);
    proto::http2::Settings &l = s.h2.local;
    setting_of(ht, "header_table_size", l.header_table_size, 0, 1u << 20);
    setting_of(ht, "initial_window_size", l.initial_window_size, 0, 0x7fffffff);
    setting_of(ht, "max_concurrent_streams", l.max_concurrent_streams, 1, 1u << 20);
    setting_of(ht, "max_frame_size", l.max_frame_size, 16384, (1u << 24) - 1);
    setting_of(ht, "max_header_list_size", l.max_header_list_size, 1024, 64u << 20);
    return s;
}

bool open_connection(zend_object *self) {
    State *st = state_of(self);
    drop_stale(st);
    st->s = read_settings(self);
    const Settings &s = st->s;
    zval *hz = prop(self, ZEND_STRL("host"));
    std::string host = Z_TYPE_P(hz) == IS_STRING ? std::string(Z_STRVAL_P(hz), Z_STRLEN_P(hz)) : "";
    int port = static_cast<int>(zval_get_long(prop(self, ZEND_STRL("port"))));
    bool ssl = zend_is_true(prop(self, ZEND_STRL("ssl")));
    Nanos deadline_free = s.connect_timeout;

    std::vector<net::Address> addrs;
    zend_long type = 1;  // SWOOLE_SOCK_TCP
    if (host.rfind("unix:", 0) == 0) {
        std::string_view path = std::string_view(host).substr(5);
        while (path.size() > 1 && path[0] == '/' && path[1] == '/') path.remove_prefix(1);
        auto a = net::Address::from_unix(path);
        if (!a.ok()) {
            set_error(self, EINVAL);
            return false;
        }
        addrs.push_back(a.value());
        type = 5;  // SWOOLE_SOCK_UNIX_STREAM
    } else {
        net::ResolveOptions ro;
        ro.timeout = option_nanos(options().socket_dns_timeout);
        if (ro.timeout < 0) ro.timeout = 5 * kNanosPerSecond;
        auto r = net::resolve(host, static_cast<uint16_t>(port), ro);
        if (!r.ok() || r.value().empty()) {
            set_error(self, code(r.code() == kErrTimedOut ? SwooleError::kDnslookupResolveTimeout
                                                          : SwooleError::kDnslookupResolveFailed));
            return false;
        }
        addrs = std::move(r.value());
    }
    int err = ECONNREFUSED;
    for (const net::Address &a : addrs) {
        auto so = net::CoSocket::open(a.family(), SOCK_STREAM);
        if (!so.ok()) {
            err = swoole_code_of(so.code());
            break;
        }
        std::unique_ptr<net::CoSocket> sock = std::move(so.value());
        if (a.family() != AF_UNIX) {
            int one = 1;
            (void)setsockopt(sock->fd(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
            type = a.family() == AF_INET6 ? 3 : 1;  // SWOOLE_SOCK_TCP6 : SWOOLE_SOCK_TCP
        }
        Status c = sock->connect(a, deadline_free);
        if (c.ok()) {
            st->sock = std::move(sock);
            err = 0;
            break;
        }
        err = swoole_code_of(c.code());
        if (err == ETIMEDOUT || err == ECANCELED) break;
    }
    if (err) {
        set_error(self, err);
        return false;
    }
    st->generation = loop_state_if_any() ? loop_state_if_any()->generation : 0;
    if (ssl) {
        std::string why;
        if (!st->tls_ctx || st->tls_ctx->config() != s.tls) {
            st->tls_ctx.reset();
            auto ctx = net::TlsContext::create(net::TlsRole::kClient, s.tls, &why);
            if (!ctx.ok()) {
                st->sock.reset();
                set_error(self, code(SwooleError::kSslHandshakeFailed), why.c_str());
                return false;
            }
            st->tls_ctx = std::move(ctx.value());
        }
        std::string name = s.ssl_host_name.empty() && type != 5 ? host : s.ssl_host_name;
        st->tls = std::make_unique<net::TlsSession>(st->tls_ctx, *st->sock, name);
        Status hs = st->tls->handshake(s.connect_timeout);
        if (!hs.ok()) {
            int e = code_of(st, hs.code());
            std::string m = hs.code() == kErrTls || hs.code() == kErrTlsVerify ? st->tls->error() : "";
            st->tls.reset();
            st->sock.reset();
            set_error(self, e, m.empty() ? nullptr : m.c_str());
            return false;
        }
    }
    st->conn = std::make_unique<proto::http2::Client>(s.h2);
    st->goaway = false;
    zend_update_property_long(ce_client, self, ZEND_STRL("sock"), st->sock->fd());
    zend_update_property_long(ce_client, self, ZEND_STRL("type"), type);
    zend_update_property_bool(ce_client, self, ZEND_STRL("connected"), true);
    return flush(self);
}

void close_connection(zend_object *self) {
    State *st = state_of(self);
    drop_stale(st);
    if (st->tls) st->tls->shutdown();
    st->tls.reset();
    if (st->sock) st->sock->close();
    st->sock.reset();
    st->conn.reset();
    st->clear_streams();
    st->goaway = false;
    zend_update_property_bool(ce_client, self, ZEND_STRL("connected"), false);
    zend_update_property_long(ce_client, self, ZEND_STRL("sock"), -1);
}

bool flush(zend_object *self) {
    State *st = state_of(self);
    if (st->flushing) return true;  // the sending coroutine takes these frames too
    if (!st->conn || !st->sock) {
        set_error(self, code(SwooleError::kClientNoConnection), "client is not connected to server");
        return false;
    }
    st->flushing = true;
    int err = 0;
    std::string why;
    while (st->conn) {
        std::string out = st->conn->take_output();
        if (out.empty()) break;
        auto r = st->tls ? st->tls->send_all(out.data(), out.size(), st->s.write_timeout)
                         : st->sock->send_all(out.data(), out.size(), st->s.write_timeout);
        if (!r.ok()) {
            err = code_of(st, r.code());
            if (st->tls && (r.code() == kErrTls)) why = st->tls->error();
            break;
        }
    }
    // The object may have been closed by another coroutine while this one was parked.
    st = state_of(self);
    st->flushing = false;
    if (err) {
        close_connection(self);
        set_error(self, err, why.empty() ? nullptr : why.c_str());
        return false;
    }
    return true;
}

bool read_some(zend_object *self, Nanos timeout) {
    State *st = state_of(self);
    if (!st->conn || !st->sock) {
        set_error(self, code(SwooleError::kClientNoConnection), "client is not connected to server");
        return false;
    }
    std::string buf(kReadChunk, '\0');
    auto r = st->tls ? st->tls->recv(buf.data(), buf.size(), timeout) : st->sock->recv(buf.data(), buf.size(), timeout);
    st = state_of(self);
    if (!st->conn) {  // closed meanwhile by another coroutine
        set_error(self, code(SwooleError::kClientNoConnection), "client is not connected to server");
        return false;
    }
    if (!r.ok() || r.value() == 0) {
        int err = !r.ok() ? code_of(st, r.code()) : ECONNRESET;
        const char *msg = r.ok() ? "the server closed the connection" : nullptr;
        if (!r.ok() && err == ETIMEDOUT) {
            // A timeout leaves the connection usable, as Swoole's recv() does.
            set_error(self, ETIMEDOUT);
            return false;
        }
        close_connection(self);
        set_error(self, err, msg);
        return false;
    }
    int rc = st->conn->feed(buf.data(), r.value());
    if (rc < 0) {
        std::string msg = std::string("HTTP/2 protocol error from the server: ") + proto::http2::Client::error_name(rc);
        flush(self);  // our GOAWAY, best effort
        close_connection(self);
        set_error(self, code(SwooleError::kHttp2InternalError), msg.c_str());
        return false;
    }
    return flush(self);
}

bool wait_for_window(zend_object *self) {
    State *st = state_of(self);
    int rounds = 0;
    while (st->conn && st->conn->pending_bytes() > kMaxPendingBody) {
        // A reader is already taking the server's frames (WINDOW_UPDATEs among them).
        if (st->reading) return true;
        if (++rounds > 1 << 20) break;
        st->reading = true;
        bool ok = read_some(self, st->s.write_timeout);
        st = state_of(self);
        st->reading = false;
        if (!ok) return false;
    }
    return true;
}

ClientObject::~ClientObject() {
    drop_stale(st);
    delete st;  // closes the socket; nobody waits on it: a waiting call holds a reference
}

}  // namespace gust::php::http2_client
