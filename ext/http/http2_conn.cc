// HTTP/2 connections of a Swoole\Http\Server worker (open_http2_protocol: h2c by prior knowledge
// or Upgrade, h2 by ALPN): the reactor hands over the connection's raw bytes once they start with
// the client preface (proto/framing_http.cc), and an Http2Session (http2_session.h) turns them into
// requests, each run by onRequest in its own coroutine. This file is the worker's side: sessions by
// id, output through the server's send path, GOAWAY when the worker stops, max_request per stream.
#include <sys/uio.h>

#include <algorithm>
#include <memory>
#include <string>
#include <unordered_map>

#include "gust/proto/framing.h"
#include "http/http2_session.h"
#include "server/send.h"

namespace gust::php::http {
namespace {

namespace h2 = proto::h2;

struct ServerHttp2Conn : Http2Session {
    srv::Server *s = nullptr;
    srv::Port *port = nullptr;
    server::SessionId id = 0;
    // Bytes taken from the session and not yet accepted by the connection's output: the session
    // gives more only once they are, so a slow reader holds at most one chunk here and the rest
    // waits in the streams' queues (whose writers park: stream_buffer_limit).
    // Written straight from the session's frames and the streams' body chunks (writev, no copy)
    // where this process writes the socket and it is not TLS; else through the server's send path
    // from a flat copy (`backlog`).
    h2::OutputBatch batch;
    bool gathered = true;
    std::string backlog;
    size_t backlog_sent = 0;
    bool waiting_room = false;  // notify_when_room() is armed

    const HttpSettings &http_settings() const override { return settings_of(s); }
    zend_long local_port() const override { return port ? port->port : 0; }
    bool peer(zend_string **, zend_long *) const override { return false; }  // the server knows it
    double send_timeout() const override { return s->settings.send_timeout; }
    bool write_out() override;
    bool write_gathered();
    bool write_flat();
    void wait_for_room();
    void close_connection() override { (void)srv::close_session(s, id, false); }
    void on_request(int32_t stream_id, Http2Request &&request) override {
        srv::count_request(s);  // max_request may stop the worker: GOAWAY then names this stream
        dispatch(stream_id, std::move(request));
    }
    void dispatch(int32_t stream_id, Http2Request &&request);
};

// The worker's HTTP/2 connections by session (one server per worker process).
std::unordered_map<server::SessionId, std::shared_ptr<ServerHttp2Conn>> g_conns;

std::shared_ptr<ServerHttp2Conn> new_conn(srv::Server *s, srv::Port *port, server::SessionId id) {
    auto conn = std::make_shared<ServerHttp2Conn>();
    conn->s = s;
    conn->port = port;
    conn->id = id;
    const size_t max_body = static_cast<size_t>(std::max<zend_long>(1, s->settings.package_max_length));
    conn->h2 = std::make_unique<h2::ServerConnection>(http2_settings_of(settings_of(s), max_body));
    return conn;
}

// Never waits: a full output leaves the rest in `batch` or `backlog` (or in the session) until
// notify_when_room() calls flush() again.
bool ServerHttp2Conn::write_out() { return gathered ? write_gathered() : write_flat(); }

bool ServerHttp2Conn::write_gathered() {
    constexpr size_t kBatch = 1 << 20;  // about 64 DATA frames of 16 KiB per writev
    constexpr int kPieces = 256;
    for (;;) {
        if (batch.empty()) {
            batch.clear();
            if (h2->take_output(&batch, kBatch) == 0) return true;
        }
        iovec iov[kPieces];
        const int count = static_cast<int>(batch.fill(iov, kPieces));
        size_t offered = 0;
        for (int i = 0; i < count; ++i) offered += iov[i].iov_len;
        size_t written = 0;
        switch (srv::write_gathered(s, id, iov, count, &written)) {
            case srv::GatherSend::kWritten: break;
            case srv::GatherSend::kFailed: closed = true; return false;
            case srv::GatherSend::kUnsupported:
                // TLS, or PROCESS mode relaying through the master: from here on, flat copies.
                gathered = false;
                batch.copy_to(&backlog);
                batch.clear();
                return write_flat();
        }
        batch.consume(written);
        if (written < offered) {
            wait_for_room();
            return false;
        }
    }
}

bool ServerHttp2Conn::write_flat() {
    // One attempt stays under both output limits, so it is taken whole or not at all.
    const size_t piece = static_cast<size_t>(std::max<zend_long>(
        4096, std::min<zend_long>({256 * 1024, s->settings.buffer_output_size, s->settings.socket_buffer_size})));
    for (;;) {
        if (backlog_sent == backlog.size()) {
            backlog.clear();
            backlog_sent = 0;
            if (h2->take_output(&backlog, piece) == 0) return true;
        }
        const size_t n = std::min(piece, backlog.size() - backlog_sent);
        switch (srv::try_send_bytes(s, id, std::string_view(backlog).substr(backlog_sent, n))) {
            case srv::TrySend::kSent: backlog_sent += n; break;
            case srv::TrySend::kFull: wait_for_room(); return false;
            case srv::TrySend::kFailed: closed = true; return false;
        }
    }
}

void ServerHttp2Conn::wait_for_room() {
    if (waiting_room) return;
    waiting_room = true;
    std::weak_ptr<Http2Session> self = weak_from_this();
    srv::notify_when_room(s, id, [self] {
        if (std::shared_ptr<Http2Session> c = self.lock()) {
            static_cast<ServerHttp2Conn *>(c.get())->waiting_room = false;
            c->flush();
        }
    });
}

void ServerHttp2Conn::dispatch(int32_t stream_id, Http2Request &&request) {
    std::string method;
    const std::string bytes = http2_request_bytes(request, &method);
    zend_string *data = zend_string_init(bytes.data(), bytes.size(), 0);
    static proto::http1::RequestHead head;  // its views point into `data`, which the Request keeps
    proto::http1::Limits limits;
    limits.max_head_bytes = static_cast<size_t>(std::max<zend_long>(64, s->settings.http_framing.max_header_size));
    const int head_len = proto::http1::parse_request_head(ZSTR_VAL(data), ZSTR_LEN(data), &head, limits);
    if (head_len <= 0) {
        zend_string_release(data);
        (void)h2->submit_response(stream_id, head.error_status ? head.error_status : 400, {}, true);
        return;
    }
    std::shared_ptr<Transport> stream = stream_transport(stream_id, method == "HEAD");
    const int static_status = serve_static(s, id, head, stream.get());  // before any PHP, as on HTTP/1.1
    if (static_status != 0) {
        zend_string_release(data);
        if (static_status < 0) (void)h2->submit_response(stream_id, -static_status, {}, true);
        return;
    }
    int status = 0;
    zend_object *req = make_request(s, port, id, data, head, static_cast<size_t>(head_len), &status);
    zend_string_release(data);
    if (!req) {
        (void)h2->submit_response(stream_id, status ? status : 400, {}, true);
        return;
    }
    mark_http2_request(req);
    zend_object *resp = make_response_on(std::move(stream), id, head);
    zval args[2];
    ZVAL_OBJ(&args[0], req);
    ZVAL_OBJ(&args[1], resp);
    if (!srv::run_callback(s, port, srv::kRequest, args, 2)) {
        ResponseObject *r = response_from(resp);
        r->status = 404;
        (void)end_response_with(r, std::string_view());
    }
    zval_ptr_dtor(&args[0]);
    zval_ptr_dtor(&args[1]);
}

}  // namespace

bool http2_package(srv::Server *s, srv::Port *port, server::SessionId id, zend_string *data) {
    auto it = g_conns.find(id);
    if (it == g_conns.end()) {
        if (!port || !port->http2 || ZSTR_LEN(data) < h2::kClientPreface.size() ||
            std::string_view(ZSTR_VAL(data), h2::kClientPreface.size()) != h2::kClientPreface) {
            return false;
        }
        it = g_conns.emplace(id, new_conn(s, port, id)).first;
    }
    std::shared_ptr<ServerHttp2Conn> conn = it->second;
    const bool more = conn->h2->receive(ZSTR_VAL(data), ZSTR_LEN(data));
    zend_string_release(data);
    conn->handle_events();
    if (s->worker.stopping || s->worker.recycling) {
        // The stop came first (max_request counts this very package): what it just took still
        // runs, and GOAWAY tells the peer not to send more here.
        conn->go_away();
    }
    conn->flush();
    if (!more && !conn->closed) {
        conn->closed = true;
        (void)srv::close_session(s, id, false);
    }
    return true;
}

bool http2_counts_own_requests(srv::Server *, server::SessionId id, std::string_view package) {
    return g_conns.count(id) || package.substr(0, h2::kClientPreface.size()) == h2::kClientPreface;
}

void http2_worker_stopping(srv::Server *, std::vector<server::SessionId> *keep) {
    // Copies: flush() may close a connection, and its close erases it from g_conns.
    std::vector<std::shared_ptr<ServerHttp2Conn>> conns;
    for (auto &[id, conn] : g_conns) conns.push_back(conn);
    for (auto &conn : conns) {
        if (!conn || conn->closed) continue;
        conn->go_away();
        if (!conn->closed) keep->push_back(conn->id);
    }
}

int http2_upgrade(srv::Server *s, srv::Port *port, server::SessionId id, zend_string *data) {
    if (!port || !port->http2 || g_conns.count(id)) return 0;
    // Cheap filter before a parse: only a head naming HTTP2-Settings can be an h2c upgrade.
    std::string_view bytes(ZSTR_VAL(data), ZSTR_LEN(data));
    bytes = bytes.substr(0, bytes.find("\r\n\r\n") + 4);  // the head (an upgrade has no body)
    const std::string_view needle = "http2-settings:";
    auto hit = std::search(bytes.begin(), bytes.end(), needle.begin(), needle.end(),
                           [](char a, char b) { return (a >= 'A' && a <= 'Z' ? a + 32 : a) == b; });
    if (hit == bytes.end()) return 0;
    static proto::http1::RequestHead head;
    proto::http1::Limits limits;
    limits.max_head_bytes = bytes.size();
    if (proto::http1::parse_request_head(bytes.data(), bytes.size(), &head, limits) <= 0) return 0;
    if (!proto::framing::is_h2c_upgrade(head)) return 0;
    const std::optional<std::string> settings = h2::decode_http2_settings(head.header("http2-settings"));
    if (!settings) return 400;
    std::shared_ptr<ServerHttp2Conn> conn = new_conn(s, port, id);
    if (!conn->h2->upgrade(*settings, head.method == "HEAD")) return 400;
    Http2Request request;
    request.headers = http2_upgrade_headers(head);
    zend_string_release(data);  // `head` is copied out; nothing points into `data` any more
    static constexpr std::string_view kSwitching =
        "HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n";
    if (!srv::send_bytes_to_session(s, id, kSwitching)) return 1;
    g_conns.emplace(id, conn);
    conn->flush();                          // the server's SETTINGS: its connection preface
    conn->dispatch(1, std::move(request));  // counted already: it came as an HTTP/1.1 package
    conn->flush();
    return 1;
}

void http2_session_closed(server::SessionId id) {
    auto it = g_conns.find(id);
    if (it == g_conns.end()) return;
    it->second->closed = true;
    it->second->wake_all();
    g_conns.erase(it);
}

}  // namespace gust::php::http
