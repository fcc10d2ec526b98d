// Swoole\Coroutine\Http\Server's parts shared by its files: the server's state, an accepted
// connection (the HTTP/1.1 and WebSocket Transport), routing and request deadlines. co_http_server.cc
// serves HTTP/1.1, co_http_ws.cc WebSocket after an upgrade, co_http2.cc HTTP/2.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "coserver/coserver.h"
#include "gust/net/tls.h"
#include "gust/proto/compress.h"
#include "gust/proto/framing.h"
#include "http/http.h"
#include "http/http2_session.h"
#include "socket/socket_internal.h"
#include "zend/object.h"

namespace gust::php::cosrv {

namespace framing = proto::framing;
namespace http1 = proto::http1;

struct Handler {
    std::string pattern;
    zval fn;
    zend_fcall_info_cache fcc;
};

struct HttpServerState;
struct CoHttp2Stream;

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
    // permessage-deflate (websocket_compression): the request's offers (empty when the server does
    // not compress), and the codecs once upgrade() accepted one.
    std::string ws_extensions;
    std::optional<proto::compress::Inflater> ws_inflater;
    std::optional<proto::compress::Deflater> ws_deflater;
    size_t ws_max_message = 2 * 1024 * 1024;  // package_max_length: an inflated message's bound

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
    // open_http2_protocol: a connection that starts with the client preface speaks HTTP/2; each
    // of its requests waits here until its own coroutine picks it up (co_http2.cc).
    bool http2 = false;
    zend_object *self = nullptr;                // the server object (start() to its end)
    size_t max_request_body = 2 * 1024 * 1024;  // package_max_length
    bool ws_compression = false;                // websocket_compression: permessage-deflate accepted
    std::unordered_map<zend_long, std::shared_ptr<CoHttp2Stream>> h2_streams;
    zend_long next_stream_key = 0;

    ~HttpServerState() {
        for (Handler &h : handlers) zval_ptr_dtor(&h.fn);
    }
    void gc(zend_get_gc_buffer *buf) {
        for (Handler &h : handlers) zend_get_gc_buffer_add_zval(buf, &h.fn);
    }
};
using ServerClass = zobj::Class<HttpServerState>;

const Handler *route(HttpServerState *st, std::string_view path);

// request_timeout: armed while a handler runs (it lives on the serving coroutine's stack, and
// the timer can only fire while that coroutine waits). Past it, as in Swoole\Http\Server
// (ext/http/http_deadline.cc): a 503 if nothing was sent yet, else the response is cut off (the
// connection closed, or an HTTP/2 stream reset); the coroutine is canceled with a timeout, so its
// wait and every later one fail at once.
struct Deadline {
    Conn *conn = nullptr;                  // HTTP/1.1: the connection ends after a deadline
    http::Transport *transport = nullptr;  // where the response goes
    http::ResponseObject *response = nullptr;
    coro::CoroutineId cid = 0;
    loop::TimerId timer = 0;
    uint64_t guard = 0;  // cpu_guard's handle: PHP that never yields is reached too
    bool fired = false;
};
void deadline_arm(HttpServerState *st, Deadline *d, Conn *c, http::Transport *t, zend_object *response);
void deadline_disarm(Deadline *d);

// Runs handler `h` (nullptr: 404) on `request`/`response` under the deadline. False when it threw.
bool call_handler(HttpServerState *st, const Handler *h, zend_object *request, zend_object *response, Conn *c,
                  http::Transport *t);

// co_http2.cc: the connection's stream is HTTP/2 (it began with the client preface, `first` holds
// what was read of it): serves it until the peer or the server ends it.
void serve_http2(HttpServerState *st, const std::shared_ptr<Conn> &c, std::string_view first);
// An HTTP/1.1 request asking `Upgrade: h2c` (proto::framing::is_h2c_upgrade): answers 101, serves
// the request as stream 1 and the connection as HTTP/2 (`rest`: bytes read after the request).
// False, with nothing sent, when its HTTP2-Settings field is bad (the caller answers 400).
bool serve_h2c_upgrade(HttpServerState *st, const std::shared_ptr<Conn> &c, const http1::RequestHead &head,
                       std::string_view rest);
void setup_http2();  // MINIT: the streams' coroutine entry

}  // namespace gust::php::cosrv
