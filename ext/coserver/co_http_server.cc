// Swoole\Coroutine\Http\Server: an HTTP/1.1 server inside a coroutine. start() accepts on a
// listening Coroutine\Socket; each connection gets a coroutine that cuts its stream into requests
// with the server's own HTTP framing (proto/framing: the same limits and refusals — 400, 413,
// 431... then close — as Swoole\Http\Server), and runs the handler whose pattern is the longest
// prefix of the path with the HTTP server's Request and Response (ext/http/). The Response writes
// to the connection through http::Transport. Requests of one connection run one after another
// (keep-alive and pipelining); a handler that keeps its Response unanswered ends the reading.
// A connection that starts with the HTTP/2 client preface (open_http2_protocol) goes to co_http2.cc.
#include <unistd.h>

#include <string>
#include <vector>

#include "coroutine/cpu_guard.h"
#include "coserver/co_http_internal.h"
#include "gust/base/log.h"
#include "zend/options.h"

#include "stubs/coroutine_server_arginfo.h"

namespace gust::php::cosrv {

zend_class_entry *ce_co_http_server = nullptr;

namespace {

zval *prop(zval *self, const char *name) {
    zval rv;
    return zend_read_property(ce_co_http_server, Z_OBJ_P(self), name, strlen(name), 1, &rv);
}

sock::SocketState *listener_of(zval *self) {
    zval *s = prop(self, "socket_");
    return Z_TYPE_P(s) == IS_OBJECT ? sock::SocketClass::from(Z_OBJ_P(s)) : nullptr;
}

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
        d->transport->response_done(true);
        (void)d->transport->close();
    }
    if (d->conn) d->conn->close_after = true;
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

}  // namespace

void deadline_arm(HttpServerState *st, Deadline *d, Conn *c, http::Transport *t, zend_object *response) {
    LoopState *rt = loop_state_if_any();
    if (st->request_timeout <= 0 || !rt) return;
    d->conn = c;
    d->transport = t;
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

const Handler *route(HttpServerState *st, std::string_view path) {
    const Handler *best = nullptr;
    for (const Handler &h : st->handlers) {
        if (path.substr(0, h.pattern.size()) == h.pattern && (!best || h.pattern.size() > best->pattern.size())) {
            best = &h;
        }
    }
    return best;
}
bool call_handler(HttpServerState *st, const Handler *h, zend_object *request, zend_object *response, Conn *c,
                  http::Transport *t) {
    if (!h) {
        http::ResponseObject *r = http::response_from(response);
        r->status = 404;
        (void)http::end_response_with(r, "<h1>Page Not Found</h1>");
        return true;
    }
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
    deadline_arm(st, &deadline, c, t, response);
    (void)zend_call_function(&fci, &fcc);
    deadline_disarm(&deadline);
    zval_ptr_dtor(&retval);
    zval_ptr_dtor(&fn);
    zval_ptr_dtor(&args[0]);
    zval_ptr_dtor(&args[1]);
    return !EG(exception);
}

namespace {

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
    const bool ok = call_handler(st, route(st, path), request, response, c.get(), c.get());
    OBJ_RELEASE(request);
    OBJ_RELEASE(response);  // unanswered and not kept: a 500 now
    return ok;
}

// The connection's coroutine: requests in order until the peer goes, a request ends the
// connection, the server shuts down, or a handler keeps its Response unanswered.
void serve_connection(HttpServerState *st, const std::shared_ptr<Conn> &c) {
    c->splitter = std::make_unique<framing::Splitter>(*st->framing);
    if (st->http2 && c->tls && c->tls->alpn_selected() == "h2") c->splitter->require_http2();
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
            // No status: a stream that cannot be answered in HTTP/1.1 (a broken HTTP/2 preface,
            // RFC 9113 §3.4) is closed without an answer, as Swoole\Http\Server's reactor does.
            const int status = c->splitter->http_status();
            if (status != 0 && !c->splitter->in_http2()) (void)c->send(http1::error_response(status));
            break;
        }
        if (c->splitter->in_http2()) {
            // The client preface: the rest of the connection is HTTP/2.
            std::string first(step.package.data(), step.package.size());
            c->start += step.consume;
            first.append(c->buf, c->start, std::string::npos);
            c->buf.clear();
            c->start = 0;
            serve_http2(st, c, first);
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
        if (st->http2 && framing::is_h2c_upgrade(head)) {
            std::string_view rest(c->buf.data() + c->start, c->buf.size() - c->start);
            const bool taken = serve_h2c_upgrade(st, c, head, rest);
            zend_string_release(data);
            if (!taken) (void)c->send(http1::error_response(400));
            break;
        }
        bool found = false;
        const std::string_view upgrade = head.header("upgrade", &found);
        const bool wants_ws = found && http1::equals_ignore_case(upgrade, "websocket");
        c->ws_key = wants_ws ? std::string(head.header("sec-websocket-key")) : std::string();
        c->ws_extensions =
            wants_ws && st->ws_compression ? std::string(head.header("sec-websocket-extensions")) : std::string();
        const bool ok = serve_request(st, c, data, head, head_len);
        zend_string_release(data);
        // After an upgrade request the stream is WebSocket frames (the splitter switched): only
        // the handler that upgraded could read them.
        if (!ok || c->response_pending || wants_ws || c->upgraded) break;
    }
    c->serving = false;
    if (!c->response_pending) (void)c->close();
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
    http::read_http2_settings(h.get(), ht);
    st->settings = std::move(h);
    st->http2 = bool_of(ht, "open_http2_protocol", true);  // on unless turned off, as in Swoole
    framing::Options o;
    o.mode = framing::Mode::kHttp;
    o.websocket = true;  // an upgrade request switches the stream to frames (Response::upgrade())
    st->ws_compression = bool_of(ht, "websocket_compression", false);
    o.websocket_rsv1 = st->ws_compression;  // each connection checks RSV1 against what it negotiated
    o.http2 = st->http2;                    // the client preface switches the stream to HTTP/2 (co_http2.cc)
    const zend_long max_length = long_of(ht, "package_max_length", 2 * 1024 * 1024);
    o.max_length = static_cast<uint32_t>(std::clamp<zend_long>(max_length, 1024, UINT32_MAX / 4));
    st->max_request_body = o.max_length;
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
    setup_http2();
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
        // HTTP/2 over TLS is chosen by ALPN; ssl_alpn_protocols, when set, decides alone.
        if (ls->tls_config.alpn.empty() && st->http2) ls->tls_config.alpn = "h2,http/1.1";
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
    st->self = Z_OBJ_P(self);
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
        c->ws_max_message = st->max_request_body;
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
