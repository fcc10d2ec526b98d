// Swoole\Coroutine\Http\Server: an HTTP/1.1 server inside a coroutine. start() accepts on a
// listening Coroutine\Socket; each connection gets a coroutine that cuts its stream into requests
// with the server's own HTTP framing (proto/framing: the same limits and refusals — 400, 413,
// 431... then close — as Swoole\Http\Server), and runs the handler whose pattern is the longest
// prefix of the path with the HTTP server's Request and Response (ext/http/). The Response writes
// to the connection through http::Transport. Requests of one connection run one after another
// (keep-alive and pipelining); a handler that keeps its Response unanswered ends the reading.
#include <unistd.h>

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "coroutine/cpu_guard.h"
#include "coserver/coserver.h"
#include "gust/base/log.h"
#include "gust/net/tls.h"
#include "gust/proto/framing.h"
#include "gust/proto/websocket.h"
#include "http/http.h"
#include "socket/socket_internal.h"
#include "websocket/websocket.h"
#include "zend/options.h"

extern "C" {
#include "ext/standard/base64.h"
#include "ext/standard/sha1.h"
}
#include "stubs/coroutine_server_arginfo.h"

namespace gust::php::cosrv {

zend_class_entry *ce_co_http_server = nullptr;

namespace {

namespace framing = proto::framing;
namespace http1 = proto::http1;

struct Handler {
    std::string pattern;
    zval fn;
    zend_fcall_info_cache fcc;
};

struct HttpServerState;

// One accepted connection: what its Responses write to.
struct Conn : http::Transport {
    std::unique_ptr<net::CoSocket> sock;
    std::unique_ptr<net::TlsSession> tls;  // an SSL server's session over `sock` (goes first)
    std::shared_ptr<const http::HttpSettings> settings_;
    std::string peer_host;
    zend_long peer_port = 0, port = 0;
    bool response_pending = false;  // a Response of it is not done yet
    bool close_after = false;       // the last response ended the connection
    bool serving = true;            // its coroutine still reads requests
    Nanos write_timeout = -1;
    // The stream: what arrived and is not consumed yet (from `start`), cut by `splitter`.
    std::unique_ptr<framing::Splitter> splitter;
    std::string buf;
    size_t start = 0;
    // WebSocket: the current request's Sec-WebSocket-Key (empty: it asks no upgrade), and whether
    // Response::upgrade() answered it.
    std::string ws_key;
    bool upgraded = false;
    bool ws_closing = false;  // a close frame went out

    // More bytes onto `buf`: 0 at end of stream, > 0 bytes, or a negative core error code.
    int64_t fill(Nanos timeout) {
        if (start > 0) {
            buf.erase(0, start);
            start = 0;
        }
        char tmp[16 * 1024];
        auto r = tls ? tls->recv(tmp, sizeof tmp, timeout) : sock->recv(tmp, sizeof tmp, timeout);
        if (!r.ok()) return -static_cast<int64_t>(r.code() ? r.code() : 1);
        buf.append(tmp, r.value());
        return static_cast<int64_t>(r.value());
    }
    bool ws_upgrade(http::ResponseObject *r) override;
    bool ws_upgraded() const override { return upgraded && alive(); }
    bool ws_push(zval *data, zend_long opcode, zend_long flags) override;
    void ws_recv(double timeout, zval *out) override;

    bool alive() const override { return sock && sock->is_open(); }
    bool send(std::string_view bytes) override {
        if (!alive()) return false;
        auto r = tls ? tls->send_all(bytes.data(), bytes.size(), write_timeout)
                     : sock->send_all(bytes.data(), bytes.size(), write_timeout);
        return r.ok();
    }
    bool send_file(const char *, int fd, off_t offset, size_t length) override {
        char buf[64 * 1024];
        while (length > 0) {
            const ssize_t n = pread(fd, buf, std::min(length, sizeof buf), offset);
            if (n <= 0) return false;
            if (!send(std::string_view(buf, static_cast<size_t>(n)))) return false;
            offset += n;
            length -= static_cast<size_t>(n);
        }
        return true;
    }
    void response_done(bool close_connection) override {
        response_pending = false;
        close_after |= close_connection;
        // The reading coroutine has gone (the script kept the Response): nothing else closes it.
        if (!serving) (void)close();
    }
    bool close() override {
        if (!alive()) return false;
        sock->close();
        return true;
    }
    const http::HttpSettings &settings() const override { return *settings_; }
    bool peer(zend_string **host, zend_long *p) const override {
        if (peer_host.empty()) return false;
        *host = zend_string_init(peer_host.data(), peer_host.size(), 0);
        *p = peer_port;
        return true;
    }
    zend_long local_port() const override { return port; }
};

struct HttpServerState {
    std::vector<Handler> handlers;
    std::shared_ptr<const http::HttpSettings> settings;
    std::unique_ptr<framing::Framing> framing;
    Nanos read_timeout = -1;
    Nanos request_timeout = 0;  // request_timeout (0: none)
    // SSL: the context every connection's handshake uses, and how long a handshake may take.
    std::shared_ptr<net::TlsContext> tls_ctx;
    Nanos handshake_timeout = -1;
    bool running = false;
    zend_long port = 0;
    // The connections being served (shutdown() closes them) and the ones accepted whose coroutine
    // has not picked them up yet.
    std::unordered_set<Conn *> live;
    std::unordered_map<zend_long, std::shared_ptr<Conn>> handoff;
    zend_long next_id = 0;

    ~HttpServerState() {
        for (Handler &h : handlers) zval_ptr_dtor(&h.fn);
    }
    void gc(zend_get_gc_buffer *buf) {
        for (Handler &h : handlers) zend_get_gc_buffer_add_zval(buf, &h.fn);
    }
};
using ServerClass = zobj::Class<HttpServerState>;

zval *prop(zval *self, const char *name) {
    zval rv;
    return zend_read_property(ce_co_http_server, Z_OBJ_P(self), name, strlen(name), 1, &rv);
}

sock::SocketState *listener_of(zval *self) {
    zval *s = prop(self, "socket_");
    return Z_TYPE_P(s) == IS_OBJECT ? sock::SocketClass::from(Z_OBJ_P(s)) : nullptr;
}

const Handler *route(HttpServerState *st, std::string_view path) {
    const Handler *best = nullptr;
    for (const Handler &h : st->handlers) {
        if (path.substr(0, h.pattern.size()) == h.pattern && (!best || h.pattern.size() > best->pattern.size())) {
            best = &h;
        }
    }
    return best;
}

// request_timeout: armed while a handler runs (it lives on the serving coroutine's stack, and
// the timer can only fire while that coroutine waits). Past it, as in Swoole\Http\Server
// (ext/http/http_deadline.cc): a 503 if nothing was sent yet, else the connection is closed; and
// the coroutine is canceled with a timeout, so its wait and every later one fail at once.
struct Deadline {
    Conn *conn = nullptr;
    http::ResponseObject *response = nullptr;
    coro::CoroutineId cid = 0;
    loop::TimerId timer = 0;
    uint64_t guard = 0;  // cpu_guard's handle: PHP that never yields is reached too
    bool fired = false;
};

constexpr std::string_view kTimeoutBody = "<html><body><h1>503 Service Unavailable</h1>"
                                          "<p>The request took longer than the server allows.</p></body></html>\n";

void deadline_expired(void *arg, loop::TimerId) {
    auto *d = static_cast<Deadline *>(arg);
    d->timer = 0;
    http::ResponseObject *r = d->response;
    if (r->ended || r->detached || !r->current) return;  // answered in time
    d->fired = true;
    if (!r->headers_sent) {
        // A 503 is small: it goes out without waiting (the handler is parked, not writing).
        r->status = 503;
        r->reason.clear();
        r->keep_alive = false;
        (void)http::end_response_with(r, kTimeoutBody);
    } else {
        r->ended = true;
        r->current = false;
        d->conn->response_done(true);
        (void)d->conn->close();
    }
    d->conn->close_after = true;
    if (LoopState *rt = loop_state_if_any()) (void)rt->scheduler->cancel(d->cid, kErrTimedOut);
}

cpu_guard::Verdict deadline_guard_verdict(void *arg, bool running) {
    auto *d = static_cast<Deadline *>(arg);
    http::ResponseObject *r = d->response;
    if (!d->fired && (r->ended || r->detached || !r->current)) return cpu_guard::Verdict::kAnswered;
    if (!running) return cpu_guard::Verdict::kWaiting;
    if (d->timer) {
        if (LoopState *rt = loop_state_if_any()) rt->loop->cancel_timer(d->timer);
    }
    deadline_expired(d, 0);
    return cpu_guard::Verdict::kInterrupt;
}

void deadline_arm(HttpServerState *st, Deadline *d, Conn *c, zend_object *response) {
    LoopState *rt = loop_state_if_any();
    if (st->request_timeout <= 0 || !rt) return;
    d->conn = c;
    d->response = http::response_from(response);
    d->cid = coro::current_id();
    d->timer = rt->loop->add_timer(st->request_timeout, 0, deadline_expired, d);
    d->guard = cpu_guard::watch(d->cid, monotonic_now() + st->request_timeout, deadline_guard_verdict, d);
}

void deadline_disarm(Deadline *d) {
    cpu_guard::forget(d->guard);
    d->guard = 0;
    if (!d->timer) return;
    if (LoopState *rt = loop_state_if_any()) rt->loop->cancel_timer(d->timer);
    d->timer = 0;
}

// One whole request: parse it, run its handler. False when the connection must stop (an exception).
bool serve_request(HttpServerState *st, const std::shared_ptr<Conn> &c, zend_string *data,
                   const http1::RequestHead &head, size_t head_len) {
    int status = 0;
    zend_object *request = http::make_request(nullptr, nullptr, c->sock->fd(), data, head, head_len, &status, c.get());
    if (!request) {
        (void)c->send(http1::error_response(status ? status : 400));
        c->close_after = true;
        return true;
    }
    c->response_pending = true;
    zend_object *response = http::make_response_on(c, c->sock->fd(), head);
    std::string_view path = head.target.substr(0, head.target.find('?'));
    const Handler *h = route(st, path);
    bool ok = true;
    if (!h) {
        http::ResponseObject *r = http::response_from(response);
        r->status = 404;
        (void)http::end_response_with(r, "<h1>Page Not Found</h1>");
    } else {
        zval args[2], retval, fn;
        ZVAL_OBJ(&args[0], request);
        ZVAL_OBJ(&args[1], response);
        GC_ADDREF(request);
        GC_ADDREF(response);
        ZVAL_COPY(&fn, &h->fn);  // the handler may replace itself
        zend_fcall_info_cache fcc = h->fcc;
        zend_fcall_info fci;
        fci.size = sizeof(fci);
        ZVAL_COPY_VALUE(&fci.function_name, &fn);
        fci.object = nullptr;
        fci.retval = &retval;
        fci.params = args;
        fci.param_count = 2;
        fci.named_params = nullptr;
        ZVAL_UNDEF(&retval);
        Deadline deadline;
        deadline_arm(st, &deadline, c.get(), response);
        (void)zend_call_function(&fci, &fcc);
        deadline_disarm(&deadline);
        zval_ptr_dtor(&retval);
        zval_ptr_dtor(&fn);
        zval_ptr_dtor(&args[0]);
        zval_ptr_dtor(&args[1]);
        ok = !EG(exception);
    }
    OBJ_RELEASE(request);
    OBJ_RELEASE(response);  // unanswered and not kept: a 500 now
    return ok;
}

// The connection's coroutine: requests in order until the peer goes, a request ends the
// connection, the server shuts down, or a handler keeps its Response unanswered.
void serve_connection(HttpServerState *st, const std::shared_ptr<Conn> &c) {
    c->splitter = std::make_unique<framing::Splitter>(*st->framing);
    static http1::RequestHead head;  // reused (zeroing one costs 4 KiB); not kept past a request
    while (st->running && c->alive() && !c->close_after) {
        const char *base = c->buf.data() + c->start;
        auto step = c->splitter->next(mem::Slice(base, c->buf.size() - c->start));
        if (step.send_continue) (void)c->send(http1::kContinueResponse);
        if (step.status == framing::Splitter::kNeedMore) {
            if (c->splitter->finished() || c->fill(st->read_timeout) <= 0) break;
            continue;
        }
        if (step.status < 0) {
            const int status = c->splitter->http_status();
            (void)c->send(http1::error_response(status ? status : 400));
            break;
        }
        size_t head_len = 0;
        const http1::RequestHead *ready = c->splitter->ready_head(&head_len);
        zend_string *data = zend_string_init(step.package.data(), step.package.size(), 0);
        c->start += step.consume;
        if (ready) {
            head.copy_rebased(*ready, base, ZSTR_VAL(data));
        } else {
            http1::Limits limits;
            limits.max_head_bytes = st->framing->options().http_max_head;
            const int n = http1::parse_request_head(ZSTR_VAL(data), ZSTR_LEN(data), &head, limits);
            if (n <= 0) {
                zend_string_release(data);
                (void)c->send(http1::error_response(head.error_status ? head.error_status : 400));
                break;
            }
            head_len = static_cast<size_t>(n);
        }
        bool found = false;
        const std::string_view upgrade = head.header("upgrade", &found);
        const bool wants_ws = found && http1::equals_ignore_case(upgrade, "websocket");
        c->ws_key = wants_ws ? std::string(head.header("sec-websocket-key")) : std::string();
        const bool ok = serve_request(st, c, data, head, head_len);
        zend_string_release(data);
        // After an upgrade request the stream is WebSocket frames (the splitter switched): only
        // the handler that upgraded could read them.
        if (!ok || c->response_pending || wants_ws || c->upgraded) break;
    }
    c->serving = false;
    if (!c->response_pending) (void)c->close();
}

constexpr std::string_view kWsGuid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

bool Conn::ws_upgrade(http::ResponseObject *r) {
    if (upgraded) return true;
    if (ws_key.empty() || !r->current) {
        php_error_docref(nullptr, E_WARNING, "the request is not a WebSocket upgrade request");
        return false;
    }
    PHP_SHA1_CTX ctx;
    unsigned char digest[20];
    PHP_SHA1Init(&ctx);
    PHP_SHA1Update(&ctx, reinterpret_cast<const unsigned char *>(ws_key.data()), ws_key.size());
    PHP_SHA1Update(&ctx, reinterpret_cast<const unsigned char *>(kWsGuid.data()), kWsGuid.size());
    PHP_SHA1Final(digest, &ctx);
    zend_string *accept = php_base64_encode(digest, sizeof digest);
    std::string answer = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         "Sec-WebSocket-Accept: ";
    answer.append(ZSTR_VAL(accept), ZSTR_LEN(accept));
    answer += "\r\nSec-WebSocket-Version: 13\r\n";
    zend_string_release(accept);
    // What the script set on the Response before upgrade() goes out with the 101, as in Swoole.
    bool has_server = false;
    answer += http::upgrade_header_lines(r, &has_server);
    if (!has_server) answer += "Server: swoole-http-server\r\n";
    answer += "\r\n";
    r->ended = true;  // answered: no 500 when it goes
    r->current = false;
    response_pending = false;
    if (!send(answer)) return false;
    upgraded = true;
    return true;
}

bool Conn::ws_push(zval *data, zend_long opcode, zend_long flags) {
    if (!upgraded || ws_closing || !alive()) {
        php_error_docref(nullptr, E_WARNING, "the connection is not an open WebSocket connection");
        return false;
    }
    zend_string *payload;
    if (Z_TYPE_P(data) == IS_OBJECT && instanceof_function(Z_OBJCE_P(data), srv::ce_ws_frame)) {
        zval rv;
        zend_object *f = Z_OBJ_P(data);
        payload = zval_get_string(zend_read_property(f->ce, f, ZEND_STRL("data"), 1, &rv));
        opcode = zval_get_long(zend_read_property(f->ce, f, ZEND_STRL("opcode"), 1, &rv));
        flags = zval_get_long(zend_read_property(f->ce, f, ZEND_STRL("flags"), 1, &rv));
    } else {
        payload = zval_get_string(data);
    }
    bool ok = false;
    if (opcode < 0 || opcode > 0xf) {
        php_error_docref(nullptr, E_WARNING, "the opcode (" ZEND_LONG_FMT ") is not a WebSocket opcode", opcode);
    } else {
        // No permessage-deflate is offered here: COMPRESS is ignored.
        const std::string frame =
            srv::ws_frame_bytes(static_cast<uint8_t>(opcode), std::string_view(ZSTR_VAL(payload), ZSTR_LEN(payload)),
                                flags & ~srv::kWsFlagCompress, false);
        ok = send(frame);
        if (ok && opcode == 8) ws_closing = true;
    }
    zend_string_release(payload);
    return ok;
}

void Conn::ws_recv(double timeout, zval *out) {
    ZVAL_FALSE(out);
    if (!upgraded) {
        php_error_docref(nullptr, E_WARNING, "the connection is not a WebSocket connection (call upgrade() first)");
        return;
    }
    const Nanos deadline = timeout > 0 ? monotonic_now() + seconds_to_nanos(timeout) : -1;
    std::string message;
    uint8_t message_opcode = 0;
    for (;;) {
        if (!alive()) {
            ZVAL_EMPTY_STRING(out);
            return;
        }
        auto step = splitter->next(mem::Slice(buf.data() + start, buf.size() - start));
        if (step.status == framing::Splitter::kNeedMore) {
            const Nanos left = deadline < 0 ? -1 : std::max<Nanos>(deadline - monotonic_now(), 1);
            const int64_t n = fill(left);
            if (n == 0) ZVAL_EMPTY_STRING(out);  // the peer went: "", as Swoole
            if (n <= 0) return;
            continue;
        }
        if (step.status < 0) {
            const uint16_t code =
                static_cast<uint16_t>(splitter->websocket_close_code() ? splitter->websocket_close_code() : 1002);
            (void)send(srv::ws_frame_bytes(8, gust::proto::ws::close_payload(code, {}), srv::kWsFlagFin, false));
            (void)close();
            return;
        }
        std::string frame(step.package.data(), step.package.size());
        start += step.consume;
        proto::ws::FrameHeader h;
        if (proto::ws::parse_frame_header(reinterpret_cast<const uint8_t *>(frame.data()), frame.size(), &h) <= 0) {
            (void)close();
            return;
        }
        char *p = frame.data() + h.header_length;
        const size_t len = static_cast<size_t>(h.payload_length);
        if (h.masked) proto::ws::apply_mask(reinterpret_cast<uint8_t *>(p), len, h.mask);
        const std::string_view payload(p, len);
        switch (h.opcode) {
            case 9:  // ping: answered here
                (void)send(srv::ws_frame_bytes(10, payload, srv::kWsFlagFin, false));
                continue;
            case 10:  // pong
                continue;
            case 8: {  // close: answered with the same code, then the Frame for the script
                uint16_t code = srv::kCloseNoStatus;
                std::string_view reason;
                if (len >= 2) {
                    code = static_cast<uint16_t>((static_cast<uint8_t>(p[0]) << 8) | static_cast<uint8_t>(p[1]));
                    reason = payload.substr(2);
                }
                if (!ws_closing) {
                    (void)send(
                        srv::ws_frame_bytes(8, payload.substr(0, std::min<size_t>(len, 2)), srv::kWsFlagFin, false));
                    ws_closing = true;
                }
                ZVAL_OBJ(out, srv::ws_make_close_frame(sock->fd(), code, reason));
                return;
            }
            case 0:  // continuation of the message being assembled
                message.append(payload);
                break;
            default:
                message_opcode = h.opcode;
                message.assign(payload);
                break;
        }
        if (h.fin) {
            ZVAL_OBJ(out,
                     srv::ws_make_frame(sock->fd(), message, message_opcode ? message_opcode : 1, srv::kWsFlagFin));
            return;
        }
    }
}

// An SSL server's handshake on a new connection, in its coroutine (bounded: a peer that never
// sends its ClientHello does not hold it). False: the peer failed it or went; it is closed.
bool handshake(HttpServerState *st, Conn *c) {
    c->tls = std::make_unique<net::TlsSession>(st->tls_ctx, *c->sock);
    const Status hs = c->tls->handshake(st->handshake_timeout);
    if (hs.ok()) return true;
    if (hs.code() == kErrTls || hs.code() == kErrTlsVerify) {
        GUST_LOG_WARN("Socket::ssl_accept(): bad SSL client[%s:" ZEND_LONG_FMT "], reason=%s", c->peer_host.c_str(),
                      c->peer_port, c->tls->error().empty() ? "handshake failed" : c->tls->error().c_str());
    }
    c->tls.reset();
    return false;
}

// The internal function each connection's coroutine runs: (server, connection id).
zend_internal_function g_conn_main;

ZEND_NAMED_FUNCTION(connection_main) {
    zval *server;
    zend_long id;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_OBJECT(server)
        Z_PARAM_LONG(id)
    ZEND_PARSE_PARAMETERS_END();
    HttpServerState *st = ServerClass::from(Z_OBJ_P(server));
    auto it = st->handoff.find(id);
    if (it == st->handoff.end()) return;
    std::shared_ptr<Conn> c = std::move(it->second);
    st->handoff.erase(it);
    st->live.insert(c.get());
    if (st->tls_ctx && !handshake(st, c.get())) {
        st->live.erase(c.get());
        (void)c->close();
        return;
    }
    serve_connection(st, c);
    st->live.erase(c.get());
}

bool load_settings(HttpServerState *st, HashTable *ht) {
    using namespace opt;
    auto h = std::make_shared<http::HttpSettings>();
    h->parse_post = bool_of(ht, "http_parse_post", true);
    h->parse_cookie = bool_of(ht, "http_parse_cookie", true);
    h->parse_files = bool_of(ht, "http_parse_files", true);
    h->upload_tmp_dir = string_of(ht, "upload_tmp_dir", "/tmp");
    h->compression = bool_of(ht, "http_compression", true);
    h->compression_level = static_cast<int>(
        std::clamp<zend_long>(long_of(ht, "http_compression_level", long_of(ht, "http_gzip_level", 1)), 1, 9));
    h->compression_min_length = std::max<zend_long>(0, long_of(ht, "compression_min_length", 20));
    st->settings = std::move(h);
    framing::Options o;
    o.mode = framing::Mode::kHttp;
    o.websocket = true;  // an upgrade request switches the stream to frames (Response::upgrade())
    const zend_long max_length = long_of(ht, "package_max_length", 2 * 1024 * 1024);
    o.max_length = static_cast<uint32_t>(std::clamp<zend_long>(max_length, 1024, UINT32_MAX / 4));
    o.http_max_head =
        static_cast<uint32_t>(std::clamp<zend_long>(long_of(ht, "http_max_header_size", 16 * 1024), 1024, 1024 * 1024));
    auto f = framing::Framing::create(o);
    if (!f.ok()) {
        php_error_docref(nullptr, E_WARNING, "invalid settings: %s", framing::Framing::invalid_reason(o));
        return false;
    }
    st->framing = std::make_unique<framing::Framing>(std::move(f.value()));
    // A connection that sends nothing for this long is closed (default: Co::set()'s socket_read_timeout).
    const double timeout = double_of(ht, "timeout", double_of(ht, "read_timeout", options().socket_read_timeout));
    st->read_timeout = timeout <= 0 ? -1 : seconds_to_nanos(timeout);
    // The handshake: `timeout` too, else Co::set()'s socket_connect_timeout (a connect's bound).
    const double hs = double_of(ht, "timeout", options().socket_connect_timeout);
    st->handshake_timeout = hs <= 0 ? -1 : seconds_to_nanos(hs);
    const double request_timeout = double_of(ht, "request_timeout", 0);
    st->request_timeout = request_timeout <= 0 ? 0 : seconds_to_nanos(request_timeout);
    return true;
}

}  // namespace

void setup_http_server_class(zend_class_entry *ce) {
    ServerClass::install(ce);
    // The listening Coroutine\Socket, kept in a private property so the GC sees it.
    zval undef;
    ZVAL_NULL(&undef);
    zend_declare_property_ex(ce, zend_string_init_interned(ZEND_STRL("socket_"), 1), &undef, ZEND_ACC_PRIVATE, nullptr);
    memset(&g_conn_main, 0, sizeof g_conn_main);
    g_conn_main.type = ZEND_INTERNAL_FUNCTION;
    g_conn_main.function_name = zend_string_init_interned(ZEND_STRL("Swoole\\Coroutine\\Http\\Server::connection"), 1);
    g_conn_main.handler = connection_main;
    g_conn_main.num_args = 0;
    g_conn_main.required_num_args = 0;
    // As the engine does for the internal functions of a module at MINIT.
    ZEND_MAP_PTR_INIT(g_conn_main.run_time_cache, static_cast<void **>(zend_map_ptr_new()));
}

}  // namespace gust::php::cosrv

using namespace gust;
using namespace gust::php;
using namespace gust::php::cosrv;

ZEND_METHOD(Swoole_Coroutine_Http_Server, __construct) {
    zend_string *host;
    zend_long port = 0;
    bool ssl = false, reuse_port = false;
    ZEND_PARSE_PARAMETERS_START(1, 4)
        Z_PARAM_STR(host)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(port)
        Z_PARAM_BOOL(ssl)
        Z_PARAM_BOOL(reuse_port)
    ZEND_PARSE_PARAMETERS_END();
    zval sock;
    ZVAL_UNDEF(&sock);
    int type = AF_INET;
    if (!open_listener(ZEND_THIS, ce_co_http_server, host, port, reuse_port, &sock, &type)) {
        zval_ptr_dtor(&sock);
        RETURN_THROWS();
    }
    zend_update_property(ce_co_http_server, Z_OBJ_P(ZEND_THIS), ZEND_STRL("socket_"), &sock);
    zval_ptr_dtor(&sock);
    zend_update_property_bool(ce_co_http_server, Z_OBJ_P(ZEND_THIS), ZEND_STRL("ssl"), ssl);
    ServerClass::from(Z_OBJ_P(ZEND_THIS))->port = zval_get_long(prop(ZEND_THIS, "port"));
}

ZEND_METHOD(Swoole_Coroutine_Http_Server, set) {
    zval *settings;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ARRAY(settings)
    ZEND_PARSE_PARAMETERS_END();
    zval merged;
    ZVAL_ARR(&merged, zend_array_dup(Z_ARRVAL_P(prop(ZEND_THIS, "settings"))));
    zend_hash_merge(Z_ARRVAL(merged), Z_ARRVAL_P(settings), zval_add_ref, 1);
    zend_update_property(ce_co_http_server, Z_OBJ_P(ZEND_THIS), ZEND_STRL("settings"), &merged);
    zval_ptr_dtor(&merged);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Http_Server, handle) {
    zend_string *pattern;
    zval *fn;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_STR(pattern)
        Z_PARAM_ZVAL(fn)
    ZEND_PARSE_PARAMETERS_END();
    zend_fcall_info_cache fcc;
    char *error = nullptr;
    if (!zend_is_callable_ex(fn, nullptr, 0, nullptr, &fcc, &error)) {
        zend_argument_type_error(2, "must be a valid callback, %s", error ? error : "not callable");
        if (error) efree(error);
        RETURN_THROWS();
    }
    HttpServerState *st = ServerClass::from(Z_OBJ_P(ZEND_THIS));
    const std::string p(ZSTR_VAL(pattern), ZSTR_LEN(pattern));
    for (Handler &h : st->handlers) {
        if (h.pattern == p) {
            zval old;
            ZVAL_COPY_VALUE(&old, &h.fn);
            ZVAL_COPY(&h.fn, fn);
            h.fcc = fcc;
            zval_ptr_dtor(&old);
            return;
        }
    }
    Handler h;
    h.pattern = p;
    ZVAL_COPY(&h.fn, fn);
    h.fcc = fcc;
    st->handlers.push_back(h);
}

ZEND_METHOD(Swoole_Coroutine_Http_Server, start) {
    ZEND_PARSE_PARAMETERS_NONE();
    zval *self = ZEND_THIS;
    PhpCoroutine *p = require_coroutine();
    if (!p) RETURN_THROWS();
    HttpServerState *st = ServerClass::from(Z_OBJ_P(self));
    sock::SocketState *ls = listener_of(self);
    if (!ls || !ls->sock || !ls->sock->is_open()) {
        zend_update_property_long(ce_co_http_server, Z_OBJ_P(self), ZEND_STRL("errCode"), EBADF);
        RETURN_FALSE;
    }
    HashTable *settings = Z_ARRVAL_P(prop(self, "settings"));
    if (!load_settings(st, settings)) RETURN_FALSE;
    st->tls_ctx.reset();
    if (zend_is_true(prop(self, "ssl"))) {
        // The certificate and key are loaded once, here: a bad one fails start().
        sock::read_ssl_settings(ls, settings);
        if (ls->tls_config.cert_file.empty() || ls->tls_config.key_file.empty()) {
            php_error_docref(nullptr, E_WARNING, "an SSL server needs ssl_cert_file and ssl_key_file");
            zend_update_property_long(ce_co_http_server, Z_OBJ_P(self), ZEND_STRL("errCode"), EINVAL);
            RETURN_FALSE;
        }
        if (sock::ensure_tls_context(ls, true) != 0) {
            php_error_docref(nullptr, E_WARNING, "SSL settings refused: %s", ls->tls_error.c_str());
            zend_update_property_long(ce_co_http_server, Z_OBJ_P(self), ZEND_STRL("errCode"),
                                      static_cast<zend_long>(code(SwooleError::kSslHandshakeFailed)));
            RETURN_FALSE;
        }
        st->tls_ctx = ls->tls_ctx;
    }
    st->running = true;
    zval server_zv;
    ZVAL_OBJ_COPY(&server_zv, Z_OBJ_P(self));  // the connections' coroutines use the server
    zend_fcall_info_cache fcc{};
    fcc.function_handler = reinterpret_cast<zend_function *>(&g_conn_main);
    zval callable;
    ZVAL_NULL(&callable);
    while (st->running) {
        auto r = ls->sock->accept(-1);
        if (!resumed(p)) break;
        if (!r.ok()) {
            const int code = sock::code_of(r.code());
            if (code == ETIMEDOUT) continue;
            if (code == EMFILE || code == ENFILE) continue;
            if (code != ECANCELED && st->running) {
                zend_update_property_long(ce_co_http_server, Z_OBJ_P(self), ZEND_STRL("errCode"), code);
                php_error_docref(nullptr, E_WARNING, "accept failed, Error: %s[%d]", strerror(code), code);
            }
            break;
        }
        auto c = std::make_shared<Conn>();
        c->sock = std::move(r.value());
        c->settings_ = st->settings;
        c->port = st->port;
        if (auto peer = c->sock->peer_address(); peer.ok()) {
            c->peer_host = peer.value().host();
            c->peer_port = peer.value().is_ip() ? peer.value().port() : 0;
        }
        const zend_long id = ++st->next_id;
        st->handoff.emplace(id, c);
        zval args[2];
        ZVAL_COPY_VALUE(&args[0], &server_zv);
        ZVAL_LONG(&args[1], id);
        if (create(&fcc, &callable, args, 2) < 0) st->handoff.erase(id);
        if (check_pending()) break;
    }
    st->running = false;
    zval_ptr_dtor(&server_zv);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Http_Server, shutdown) {
    ZEND_PARSE_PARAMETERS_NONE();
    HttpServerState *st = ServerClass::from(Z_OBJ_P(ZEND_THIS));
    st->running = false;
    // Closing the listener wakes start()'s accept(); closing each connection wakes its reader.
    if (sock::SocketState *ls = listener_of(ZEND_THIS)) {
        if (ls->sock) ls->sock->close();
        zend_update_property_long(ce_co_http_server, Z_OBJ_P(ZEND_THIS), ZEND_STRL("fd"), -1);
    }
    std::vector<Conn *> live(st->live.begin(), st->live.end());
    for (Conn *c : live) (void)c->close();
}
