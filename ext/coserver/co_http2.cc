// HTTP/2 on Swoole\Coroutine\Http\Server (open_http2_protocol): h2c by prior knowledge, and h2
// over TLS when ALPN chose it. The connection's coroutine reads and feeds an http::Http2Session;
// each request runs its handler in a coroutine of its own (streams are concurrent, as in
// Swoole), with the same Request/Response as HTTP/1.1. Output is written by whichever coroutine
// flushes; a flush that meets a full socket waits there, and flushes meanwhile leave their bytes
// to it (Http2Session::flush is never re-entered), so frames keep their order.
#include <sys/socket.h>

#include "coserver/co_http_internal.h"
#include "http/http2_session.h"

namespace gust::php::cosrv {

namespace {

namespace h2 = proto::h2;

struct CoHttp2Conn : http::Http2Session {
    std::shared_ptr<Conn> conn;
    HttpServerState *st = nullptr;
    zend_object *server = nullptr;  // the Coroutine\Http\Server, kept alive by the reading coroutine
    int handlers_running = 0;
    bool lingering = false;  // our side is shut: the reader drains, then closes

    const http::HttpSettings &http_settings() const override { return conn->settings(); }
    zend_long local_port() const override { return conn->local_port(); }
    bool peer(zend_string **host, zend_long *port) const override { return conn->peer(host, port); }
    double send_timeout() const override {
        return conn->write_timeout < 0 ? -1 : static_cast<double>(conn->write_timeout) / 1e9;
    }
    bool write_out() override {
        std::string out;
        while (h2->take_output(&out, 256 * 1024) > 0) {
            if (!conn->send(out)) {  // waits while the socket is full: the peer reads at its pace
                closed = true;
                return false;
            }
            out.clear();
        }
        return true;
    }
    // Closing with the peer's late frames unread would reset the connection, and the peer could
    // lose our GOAWAY: end our side and let the reading coroutine drain until the peer closes.
    void close_connection() override {
        lingering = true;
        if (conn->tls) conn->tls->shutdown();
        if (conn->alive()) (void)conn->sock->shutdown(SHUT_WR);
    }
    void on_request(int32_t stream_id, http::Http2Request &&request) override;
};

}  // namespace

// A request waiting for its coroutine (HttpServerState::h2_streams).
struct CoHttp2Stream {
    std::shared_ptr<CoHttp2Conn> conn;
    int32_t stream_id = 0;
    http::Http2Request request;
};

namespace {

zend_internal_function g_stream_main;

void CoHttp2Conn::on_request(int32_t stream_id, http::Http2Request &&request) {
    auto pending = std::make_shared<CoHttp2Stream>();
    pending->conn = std::static_pointer_cast<CoHttp2Conn>(shared_from_this());
    pending->stream_id = stream_id;
    pending->request = std::move(request);
    const zend_long key = ++st->next_stream_key;
    st->h2_streams.emplace(key, std::move(pending));
    zend_fcall_info_cache fcc{};
    fcc.function_handler = reinterpret_cast<zend_function *>(&g_stream_main);
    zval callable, args[2];
    ZVAL_NULL(&callable);
    ZVAL_OBJ(&args[0], server);
    ZVAL_LONG(&args[1], key);
    if (create(&fcc, &callable, args, 2) < 0) {
        st->h2_streams.erase(key);
        h2->reset_stream(stream_id, h2::kInternalError);
    }
}

// One stream's request, in its own coroutine: (server, key in h2_streams).
ZEND_NAMED_FUNCTION(stream_main) {
    zval *server;
    zend_long key;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_OBJECT(server)
        Z_PARAM_LONG(key)
    ZEND_PARSE_PARAMETERS_END();
    HttpServerState *st = ServerClass::from(Z_OBJ_P(server));
    auto it = st->h2_streams.find(key);
    if (it == st->h2_streams.end()) return;
    std::shared_ptr<CoHttp2Stream> pending = std::move(it->second);
    st->h2_streams.erase(it);
    std::shared_ptr<CoHttp2Conn> c = pending->conn;
    const int32_t id = pending->stream_id;
    if (c->closed) return;
    std::string method;
    const std::string bytes = http::http2_request_bytes(pending->request, &method);
    pending.reset();
    zend_string *data = zend_string_init(bytes.data(), bytes.size(), 0);
    http1::RequestHead head;  // its views point into `data`, which the Request keeps
    http1::Limits limits;
    limits.max_head_bytes = std::max<size_t>(64, st->framing->options().http_max_head);
    const int head_len = http1::parse_request_head(ZSTR_VAL(data), ZSTR_LEN(data), &head, limits);
    int status = head.error_status;
    zend_object *request = nullptr;
    if (head_len > 0) {
        request = http::make_request(nullptr, nullptr, c->conn->sock->fd(), data, head, static_cast<size_t>(head_len),
                                     &status, c->conn.get());
    }
    if (!request) {
        zend_string_release(data);
        (void)c->h2->submit_response(id, status ? status : 400, {}, true);
        c->flush();
        return;
    }
    http::mark_http2_request(request);
    std::shared_ptr<http::Transport> stream = c->stream_transport(id, method == "HEAD");
    zend_object *response = http::make_response_on(stream, c->conn->sock->fd(), head);
    std::string_view path = head.target.substr(0, head.target.find('?'));
    ++c->handlers_running;
    (void)call_handler(st, route(st, path), request, response, nullptr, stream.get());
    --c->handlers_running;
    zend_string_release(data);
    OBJ_RELEASE(request);
    OBJ_RELEASE(response);  // unanswered and not kept: a 500 now
}

}  // namespace

namespace {

std::shared_ptr<CoHttp2Conn> new_session(HttpServerState *st, const std::shared_ptr<Conn> &c) {
    auto session = std::make_shared<CoHttp2Conn>();
    session->conn = c;
    session->st = st;
    session->h2 = std::make_unique<h2::ServerConnection>(http::http2_settings_of(c->settings(), st->max_request_body));
    session->server = st->self;
    return session;
}

void serve(HttpServerState *st, const std::shared_ptr<Conn> &c, const std::shared_ptr<CoHttp2Conn> &session,
           std::string_view first) {
    std::string bytes(first);
    for (;;) {
        const bool more = session->h2->receive(bytes.data(), bytes.size());
        session->handle_events();
        if (!st->running) session->go_away();
        session->flush();
        if (!more || session->closed) break;
        bytes.clear();
        c->buf.clear();
        c->start = 0;
        int64_t n;
        // Idle is bounded by the read timeout only while no handler of the connection runs.
        for (;;) {
            n = c->fill(st->read_timeout);
            const bool timed_out = n == -static_cast<int64_t>(kErrTimedOut) || n == -ETIMEDOUT;
            if (!timed_out || session->handlers_running == 0 || !c->alive() || !st->running) break;
        }
        if (n <= 0) break;
        bytes.swap(c->buf);
    }
    if (session->lingering) {
        // Bounded: one second, and what the peer sends meanwhile is dropped unread.
        const Nanos until = monotonic_now() + kNanosPerSecond;
        for (Nanos left; (left = until - monotonic_now()) > 0 && c->fill(left) > 0;) {
            c->buf.clear();
            c->start = 0;
        }
    }
    if (!session->closed) {
        session->closed = true;
        session->wake_all();
    }
    (void)c->close();
}

}  // namespace

void serve_http2(HttpServerState *st, const std::shared_ptr<Conn> &c, std::string_view first) {
    serve(st, c, new_session(st, c), first);
}

bool serve_h2c_upgrade(HttpServerState *st, const std::shared_ptr<Conn> &c, const http1::RequestHead &head,
                       std::string_view rest) {
    const std::optional<std::string> settings = h2::decode_http2_settings(head.header("http2-settings"));
    std::shared_ptr<CoHttp2Conn> session = new_session(st, c);
    if (!settings || !session->h2->upgrade(*settings, head.method == "HEAD")) return false;
    http::Http2Request request;
    request.headers = http::http2_upgrade_headers(head);
    std::string first(rest);  // `rest` may point into the connection's buffer, which serve() reuses
    if (!c->send("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n")) return true;
    session->flush();  // the server's SETTINGS: its connection preface
    session->on_request(1, std::move(request));
    serve(st, c, session, first);
    return true;
}

void setup_http2() {
    memset(&g_stream_main, 0, sizeof g_stream_main);
    g_stream_main.type = ZEND_INTERNAL_FUNCTION;
    g_stream_main.function_name =
        zend_string_init_interned(ZEND_STRL("Swoole\\Coroutine\\Http\\Server::http2Stream"), 1);
    g_stream_main.handler = stream_main;
    // As the engine does for the internal functions of a module at MINIT.
    ZEND_MAP_PTR_INIT(g_stream_main.run_time_cache, static_cast<void **>(zend_map_ptr_new()));
}

}  // namespace gust::php::cosrv
