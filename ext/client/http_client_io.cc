// Swoole\Coroutine\Http\Client: the connection (DNS, connect, keep-alive reuse and one reconnect
// of a dropped keep-alive connection), sending a request and reading its response (RFC 9112 §6.3
// framing, chunked, close-delimited, 1xx skipped, gzip/deflate/br decoded within a bound).
//
// run_io() holds C++ objects while the coroutine parks; that is safe because a parked coroutine
// is either resumed (and returns through here) or, after a fatal error elsewhere, never runs
// again and its memory is released without unwinding. PHP state is touched only before and after.
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "common/module.h"
#include "coroutine/coroutine.h"
#include "client/http_client.h"
#include "client/client_common.h"

extern "C" {
#include "ext/standard/url.h"
}

#include "gust/base/error.h"
#include "gust/net/dns.h"
#include "gust/proto/http1.h"
#include "gust/proto/http1_response.h"

namespace gust::php::http_client {

using client_common::add_cookie;
using client_common::urlencode_array;
namespace {

namespace h1 = proto::http1;

constexpr size_t kReadChunk = 64 * 1024;
constexpr int kMaxInterim = 32;  // 1xx responses skipped before the final one

// What happened to one attempt; err is a positive errno or a Swoole code, 0 on success.
struct Outcome {
    int err = 0;
    zend_long status = 0;  // statusCode on failure
    bool retry = false;    // sending on the reused connection failed: try a fresh one
};

struct Io {
    zend_object *self;  // for write_func's first argument
    State *st;
    const Settings &s;
    Nanos deadline;  // the `timeout` of the whole request, -1 for none
    // The nodes the name resolvers gave for this request's host (a Cluster's, in the order to
    // try), asked at its first connect; each later connect takes the next one (fail-over).
    bool resolvers_asked = false;
    bool resolver_answered = false;
    std::vector<std::string> nodes;
    size_t next_node = 0;

    // The timeout of one operation: its own, cut to what is left of the whole request.
    Nanos budget(Nanos own) const {
        if (deadline < 0) return own;
        Nanos left = deadline - monotonic_now();
        if (left <= 0) return 0;
        return own < 0 || left < own ? left : own;
    }

    // More bytes into st->rbuf: > 0 bytes, 0 at end of stream, < 0 a negated error.
    int64_t fill() {
        if (!st->sock) return -ECONNRESET;
        size_t old = st->rbuf.size();
        st->rbuf.resize(old + kReadChunk);
        auto r = conn_recv(st, st->rbuf.data() + old, kReadChunk, budget(s.read_timeout));
        st->rbuf.resize(old + (r.ok() ? r.value() : 0));
        if (!r.ok()) return -swoole_code_of(r.code());
        return static_cast<int64_t>(r.value());
    }

    int send(const char *data, size_t len) {
        if (!st->sock) return ECONNRESET;
        auto r = conn_send_all(st, data, len, budget(s.write_timeout));
        return r.ok() ? 0 : swoole_code_of(r.code());
    }
};

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

// Where body bytes go: the response string (bounded) or the download file.
struct BodySink final : h1::ChunkedDecoder::Sink {
    std::string *body;
    int fd = -1;
    size_t max_body;
    int err = 0;
    // write_func: the pieces taken since the last deliver(), one per chunk or per read.
    bool stream = false;
    std::vector<std::string> pieces;
    void on_body_data(std::string_view d) override { add(d.data(), d.size()); }
    void add(const char *p, size_t n) {
        if (err || n == 0) return;
        if (stream && fd < 0) {
            pieces.emplace_back(p, n);
            return;
        }
        if (fd >= 0) {
            while (n > 0) {
                ssize_t w = ::write(fd, p, n);
                if (w < 0 && errno == EINTR) continue;
                if (w < 0) {
                    err = errno;
                    return;
                }
                p += w;
                n -= static_cast<size_t>(w);
            }
            return;
        }
        if (body->size() + n > max_body) {
            err = EMSGSIZE;
            return;
        }
        body->append(p, n);
    }
};

// Maps a read failure to Swoole's status: timeout -2, anything else (reset, EOF) -3.
Outcome read_failure(int64_t rc) {
    if (rc == 0) return Outcome{ECONNRESET, kStatusServerReset};
    int e = static_cast<int>(-rc);
    return Outcome{e, e == ETIMEDOUT ? kStatusRequestTimeout : kStatusServerReset};
}

int open_download(const Request &req, int *fd);                                 // below
void publish_head(zend_object *self, const Response &resp, const Settings &s);  // below

// write_func: hands the sink's pieces to the script's callback, in order. The response's status
// and headers are published first, so the callback can read them. The callback may close the
// client (the request then ends as reset by the server, as in Swoole) or throw (it ends at once).
Outcome deliver(Io &io, BodySink &sink, const Response &resp, bool *head_published) {
    State *st = io.st;
    for (std::string &piece : sink.pieces) {
        if (!*head_published) {
            publish_head(io.self, resp, io.s);
            *head_published = true;
        }
        zval args[2], ret;
        ZVAL_OBJ_COPY(&args[0], io.self);
        ZVAL_STRINGL(&args[1], piece.data(), piece.size());
        st->write_func.call(args, 2, &ret);
        zval_ptr_dtor(&args[0]);
        zval_ptr_dtor(&args[1]);
        zval_ptr_dtor(&ret);
        if (EG(exception)) {
            sink.pieces.clear();
            return Outcome{ECANCELED, kStatusServerReset};
        }
        if (!st->sock) {
            sink.pieces.clear();
            return Outcome{ECONNRESET, kStatusServerReset};
        }
    }
    sink.pieces.clear();
    return Outcome{};
}

// download(): the file is opened (created, truncated unless resuming) once a response head came,
// so a request that gets no answer leaves no file behind; *download_fd stays open for the caller
// to close.
Outcome read_response(Io &io, const Request &req, Response &resp, int *download_fd) {
    State *st = io.st;
    // 4 KiB of header slots: on the heap, not on the coroutine's small stack nor in static TLS.
    auto head_slot = std::make_unique<h1::ResponseHead>();
    h1::ResponseHead &head = *head_slot;
    int interim = 0;
    size_t scanned = 0;
    int rc;
    while (true) {
        rc = h1::parse_response_head(st->rbuf.data(), st->rbuf.size(), &head, req.head_request, {}, scanned);
        if (rc == h1::kMalformed) return Outcome{EPROTO, kStatusServerReset};
        if (rc == h1::kNeedMore) {
            scanned = st->rbuf.size();
            int64_t n = io.fill();
            // No retry once the request went out, even when nothing came back: the server may
            // have acted on it (as Swoole, which retries only a 502/503 answer).
            if (n <= 0) return read_failure(n);
            continue;
        }
        if (head.status < 200 && !(req.upgrade && head.status == 101)) {
            if (++interim > kMaxInterim) return Outcome{EPROTO, kStatusServerReset};
            st->rbuf.erase(0, static_cast<size_t>(rc));
            scanned = 0;
            continue;
        }
        break;
    }
    resp.status = head.status;
    resp.keep_alive = head.keep_alive;
    resp.headers.clear();
    for (size_t i = 0; i < head.header_count; ++i)
        resp.headers.emplace_back(std::string(head.headers[i].name), std::string(head.headers[i].value));
    h1::ResponseFraming framing = head.framing;
    uint64_t length = head.content_length;
    st->rbuf.erase(0, static_cast<size_t>(rc));
    if (req.upgrade && resp.status == 101) return Outcome{};  // the rest of rbuf is WebSocket frames
    if (req.download && *download_fd < 0) {
        if (int e = open_download(req, download_fd)) return Outcome{e, kStatusSendFailed};
    }
    const int fd = *download_fd;

    BodySink sink;
    sink.body = &resp.body;
    sink.fd = fd;
    sink.max_body = io.s.max_body;
    sink.stream = io.s.write_func && st->write_func.is_set() && !req.head_request;
    bool head_published = false;
    Outcome streamed;
    if (framing == h1::ResponseFraming::kLength) {
        if (fd < 0 && !sink.stream && length > io.s.max_body) return Outcome{EMSGSIZE, kStatusServerReset};
        while (true) {
            size_t take = st->rbuf.size() < length ? st->rbuf.size() : static_cast<size_t>(length);
            sink.add(st->rbuf.data(), take);
            st->rbuf.erase(0, take);
            length -= take;
            if (sink.err) return Outcome{sink.err, kStatusServerReset};
            if (streamed = deliver(io, sink, resp, &head_published); streamed.err) return streamed;
            if (length == 0) break;
            int64_t n = io.fill();
            if (n <= 0) return read_failure(n);
        }
    } else if (framing == h1::ResponseFraming::kChunked) {
        h1::ChunkedDecoder dec;
        while (true) {
            int64_t used = dec.feed(st->rbuf.data(), st->rbuf.size(), sink);
            if (used < 0) return Outcome{EPROTO, kStatusServerReset};
            st->rbuf.erase(0, static_cast<size_t>(used));
            if (sink.err) return Outcome{sink.err, kStatusServerReset};
            if (streamed = deliver(io, sink, resp, &head_published); streamed.err) return streamed;
            if (dec.done()) break;
            int64_t n = io.fill();
            if (n <= 0) return read_failure(n);
        }
    } else if (framing == h1::ResponseFraming::kUntilClose) {
        while (true) {
            sink.add(st->rbuf.data(), st->rbuf.size());
            st->rbuf.clear();
            if (sink.err) return Outcome{sink.err, kStatusServerReset};
            if (streamed = deliver(io, sink, resp, &head_published); streamed.err) return streamed;
            int64_t n = io.fill();
            if (n == 0) break;
            if (n < 0) return read_failure(n);
        }
        resp.keep_alive = false;
    }
    return Outcome{};
}

// Decodes a compressed body in place by its Content-Encoding.
int decode_body(Response &resp, size_t max_body) {
    std::string_view coding;
    for (const auto &[name, value] : resp.headers) {
        if (h1::equals_ignore_case(name, "content-encoding")) coding = value;
    }
    return client_common::decode_content(coding, resp.body, max_body);
}

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

int open_download(const Request &req, int *fd) {
    int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (req.download_offset > 0 ? 0 : O_TRUNC);
    *fd = ::open(req.download_path.c_str(), flags, 0644);
    if (*fd < 0) return errno;
    if (req.download_offset > 0 && ::lseek(*fd, req.download_offset, SEEK_SET) < 0) {
        int e = errno;
        ::close(*fd);
        *fd = -1;
        return e;
    }
    return 0;
}

// After send_phase (`sent`): the response, sending again on a fresh connection when a reused one
// died before answering; then the body decoded and the connection kept or closed. Only C++ state
// is touched.
Outcome receive_phase(Io &io, const std::string &host, int port, const Request &req, Response &resp, Outcome sent,
                      bool reused, int *download_fd) {
    State *st = io.st;
    const Settings &s = io.s;
    Outcome o = sent;
    for (int attempt = 0;; ++attempt) {
        if (o.err == 0) o = read_response(io, req, resp, download_fd);
        if (o.err == 0) break;
        reset_socket(st);
        st->rbuf.clear();
        st->reused = false;
        if (!(o.retry && reused && attempt < s.max_retries)) break;
        resp = Response{};
        o = send_phase(io, host, port, req, &reused);
    }
    if (o.err) return o;
    if (!req.download && !req.upgrade && s.http_compression && !s.write_func) {
        if (int e = decode_body(resp, s.max_body)) {
            reset_socket(st);
            st->rbuf.clear();
            return Outcome{e, kStatusServerReset};
        }
    }
    if (req.upgrade) return o;
    if (resp.keep_alive && s.keep_alive) {
        st->reused = true;
    } else {
        reset_socket(st);
        st->rbuf.clear();
        st->reused = false;
    }
    return o;
}

Io io_for(zend_object *self, State *st, const Settings &s) {
    return Io{self, st, s, s.total_timeout > 0 ? monotonic_now() + s.total_timeout : -1};
}

// The request's write_func, from the `setting` property (a value that is not callable warns and
// leaves the body buffered).
void load_write_func(zend_object *self, State *st, Settings &s) {
    st->write_func.reset();
    if (!s.write_func) return;
    zval *setting = prop(self, ZEND_STRL("setting"));
    zval *fn =
        Z_TYPE_P(setting) == IS_ARRAY ? zend_hash_str_find(Z_ARRVAL_P(setting), ZEND_STRL("write_func")) : nullptr;
    if (!fn || !st->write_func.assign(fn, "write_func")) s.write_func = false;
}

// Lets go of the request's write_func when the request ends: a callable that captured the client
// would otherwise keep it alive through State, where the cycle collector does not look.
struct WriteFuncScope {
    State *st;
    ~WriteFuncScope() { st->write_func.reset(); }
};

// Whether an attempt's node failed so that the next node of a resolver's cluster may take the
// request: it refused the connection, or answered 502 / 503.
bool node_failed(const Outcome &o, const Response &resp) {
    if (o.err) return o.status == kStatusConnectFailed;
    return resp.status == 502 || resp.status == 503;
}

// The whole request: connection, send, response. When a name resolver gave several nodes, a
// failed node gives way to the next, up to max_retries attempts in all.
Outcome run_io(zend_object *self, State *st, const Settings &s, const std::string &host, int port, const Request &req,
               Response &resp) {
    Io io = io_for(self, st, s);
    const int attempts = s.max_retries > 1 ? s.max_retries : 1;
    for (int attempt = 1;; ++attempt) {
        int download_fd = -1;
        bool reused = false;
        Outcome sent = send_phase(io, host, port, req, &reused);
        Outcome o = receive_phase(io, host, port, req, resp, sent, reused, &download_fd);
        if (download_fd >= 0) ::close(download_fd);
        if (req.upgrade || attempt >= attempts || io.next_node >= io.nodes.size() || !node_failed(o, resp)) return o;
        reset_socket(st);
        st->rbuf.clear();
        st->reused = false;
        resp = Response{};
    }
}

// A header received more than once becomes the list of its values, in order (as Swoole does).
void add_header(zval *headers, const std::string &key, const std::string &value) {
    zval *seen = zend_hash_str_find(Z_ARRVAL_P(headers), key.data(), key.size());
    if (!seen) {
        add_assoc_stringl_ex(headers, key.data(), key.size(), value.data(), value.size());
        return;
    }
    if (Z_TYPE_P(seen) != IS_ARRAY) {
        zval list;
        array_init(&list);
        add_next_index_zval(&list, seen);  // takes over the first value
        ZVAL_COPY_VALUE(seen, &list);
    }
    add_next_index_stringl(seen, value.data(), value.size());
}

void publish_head(zend_object *self, const Response &resp, const Settings &s) {
    set_long(self, ZEND_STRL("statusCode"), resp.status);
    zval headers, set_cookies, cookies;
    array_init(&headers);
    array_init(&set_cookies);
    zval *old = prop(self, ZEND_STRL("cookies"));
    if (Z_TYPE_P(old) == IS_ARRAY) {
        ZVAL_ARR(&cookies, zend_array_dup(Z_ARRVAL_P(old)));
    } else {
        array_init(&cookies);
    }
    for (auto &[name, value] : resp.headers) {
        std::string key = name;
        if (s.lowercase_header) {
            for (char &c : key) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
        }
        if (h1::equals_ignore_case(name, "set-cookie")) {
            add_next_index_stringl(&set_cookies, value.data(), value.size());
            add_cookie(&cookies, value);
        }
        add_header(&headers, key, value);
    }
    zend_update_property(ce_client, self, ZEND_STRL("headers"), &headers);
    zend_update_property(ce_client, self, ZEND_STRL("set_cookie_headers"), &set_cookies);
    zend_update_property(ce_client, self, ZEND_STRL("cookies"), &cookies);
    zval_ptr_dtor(&headers);
    zval_ptr_dtor(&set_cookies);
    zval_ptr_dtor(&cookies);
}

void publish(zend_object *self, Response &resp, const Settings &s) {
    publish_head(self, resp, s);
    zend_update_property_stringl(ce_client, self, ZEND_STRL("body"), resp.body.data(), resp.body.size());
}

// `connected`, and on failure errCode/errMsg/statusCode (the connection closed): true when `o` failed.
bool report_failure(zend_object *self, State *st, const Outcome &o) {
    zend_update_property_bool(ce_client, self, ZEND_STRL("connected"), st->sock != nullptr);
    if (!o.err) return false;
    bool tls_failure = o.err == kSwErrSslVerifyFailed || o.err == kSwErrSslHandshakeFailed;
    std::string detail = tls_failure && !st->tls_error.empty()
                             ? (o.err == kSwErrSslVerifyFailed ? "SSL " : "SSL handshake failed: ") + st->tls_error
                             : std::string();
    fail(self, o.err, o.status, detail.empty() ? nullptr : detail.c_str());
    return true;
}

}  // namespace

bool deferred_recv(zend_object *self, double timeout) {
    PhpCoroutine *p = current();
    State *st = client_of(self)->st;
    std::unique_ptr<State::Deferred> d = std::move(st->deferred);
    Settings s = read_settings(self);
    if (timeout > 0) s.read_timeout = s.total_timeout = seconds_to_nanos(timeout);
    load_write_func(self, st, s);
    WriteFuncScope write_func_scope{st};
    Io io = io_for(self, st, s);
    int download_fd = -1;
    Response resp;
    Outcome o = receive_phase(io, d->host, d->port, d->req, resp, Outcome{}, d->reused, &download_fd);
    if (download_fd >= 0) ::close(download_fd);
    if (!resumed(p)) return false;
    if (report_failure(self, st, o)) return false;
    publish(self, resp, s);
    return true;
}

bool execute(zend_object *self, const std::string &path, bool upgrade, Response *out) {
    PhpCoroutine *p = current();
    Settings s = read_settings(self);
    State *st = client_of(self)->st;
    drop_stale_socket(st);
    if (st->websocket && !upgrade) close_connection(self);  // a WebSocket connection carries no more requests
    if (st->deferred) {  // an earlier deferred request was never recv()'d: its answer goes with its connection
        st->deferred.reset();
        close_connection(self);
    }
    // The script closed `$client->socket`: this request connects anew.
    if (st->socket_obj && !st->deferred && st->sock) (void)closed_through_socket_object(self);
    st->ws_lost = false;
    load_write_func(self, st, s);
    WriteFuncScope write_func_scope{st};
    Request req;
    req.upgrade = upgrade;
    bool built = build_request(self, path, req, s);
    if (!built || EG(exception)) {
        reset_request(self);
        return false;
    }
    zval *host_prop = prop(self, ZEND_STRL("host"));
    std::string host = Z_TYPE_P(host_prop) == IS_STRING ? Z_STRVAL_P(host_prop) : "";
    int port = static_cast<int>(zval_get_long(prop(self, ZEND_STRL("port"))));
    if (s.via_proxy(upgrade)) {  // the connection is the proxy's; the request names the origin
        host = s.proxy_host;
        port = s.proxy_port;
    }
    st->last_head = req.head;
    set_long(self, ZEND_STRL("errCode"), 0);
    zend_update_property_string(ce_client, self, ZEND_STRL("errMsg"), "");
    set_long(self, ZEND_STRL("statusCode"), 0);
    zend_update_property_string(ce_client, self, ZEND_STRL("body"), "");
    reset_request(self);

    if (st->defer && !upgrade) {
        Io io = io_for(self, st, s);
        bool reused = false;
        Outcome sent = send_phase(io, host, port, req, &reused);
        if (sent.err && sent.retry) sent = send_phase(io, host, port, req, &reused);  // the idle close, once
        if (!resumed(p)) return false;
        if (report_failure(self, st, sent)) return false;
        st->deferred.reset(new State::Deferred{std::move(req), host, port, reused});
        return true;
    }
    Response resp;
    Outcome o = run_io(self, st, s, host, port, req, resp);
    if (!resumed(p)) return false;
    if (report_failure(self, st, o)) return false;
    publish(self, resp, s);
    if (upgrade) {
        if (!ws_accept(self, req, resp, s)) return false;
    }
    if (out) *out = std::move(resp);
    return true;
}

}  // namespace gust::php::http_client
