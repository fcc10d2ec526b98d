// HTTP/2 connections of a Swoole\Http\Server worker (open_http2_protocol, h2c by prior
// knowledge): the reactor hands over the connection's raw bytes once they start with the client
// preface (proto/framing_http.cc), and proto::h2::ServerConnection turns them into requests.
// Each request runs onRequest in its own coroutine with the usual Request/Response; the
// Response writes through a Transport bound to its stream (Http2Stream), which turns the
// HTTP/1.1 bytes the Response serialises back into HEADERS, DATA and trailers — so the
// Response code has one writer and this file is the only HTTP/2-aware part of the binding.
#include <unistd.h>

#include <algorithm>
#include <memory>
#include <string>
#include <unordered_map>

#include "coroutine/coroutine.h"
#include "gust/proto/framing.h"
#include "gust/proto/http2_server.h"
#include "http/http.h"
#include "server/send.h"

namespace gust::php::http {
namespace {

namespace h2 = proto::h2;

struct Http2Conn;

// A request stream's Transport: parses the Response's HTTP/1.1 output into HTTP/2.
struct Http2Stream : Transport {
    std::shared_ptr<Http2Conn> conn;
    int32_t id = 0;
    bool head_request = false;
    std::string pending;  // Response bytes not turned into frames yet
    bool head_done = false;
    bool chunked = false;
    bool ended = false;
    size_t remaining = SIZE_MAX;  // Content-Length left (SIZE_MAX: until response_done)

    bool alive() const override;
    bool carries_trailers() const override { return true; }
    bool send(std::string_view bytes) override;
    bool send_file(const char *, int fd, off_t offset, size_t length) override {
        std::string buf(std::min<size_t>(length, 128 * 1024), '\0');
        while (length > 0) {
            const ssize_t n = pread(fd, buf.data(), std::min(length, buf.size()), offset);
            if (n <= 0) return false;
            if (!send(std::string_view(buf.data(), static_cast<size_t>(n)))) return false;
            offset += n;
            length -= static_cast<size_t>(n);
        }
        return true;
    }
    void response_done(bool close_connection) override;
    bool close() override;
    const HttpSettings &settings() const override;
    bool peer(zend_string **, zend_long *) const override { return false; }
    zend_long local_port() const override;
    bool ws_upgrade(ResponseObject *) override { return false; }
    bool ws_upgraded() const override { return false; }
    bool ws_push(zval *, zend_long, zend_long) override { return false; }
    void ws_recv(double, zval *out) override { ZVAL_FALSE(out); }

    bool parse_head();
    bool parse_body();
    bool send_plain(std::string_view bytes);
    bool wait_writable();
    void end(const h2::Headers *trailers);
};

struct PendingRequest {
    h2::Headers headers;
    std::string body;
};

struct Http2Conn : std::enable_shared_from_this<Http2Conn> {
    srv::Server *s = nullptr;
    srv::Port *port = nullptr;
    server::SessionId id = 0;
    std::unique_ptr<h2::ServerConnection> h2;
    std::unordered_map<int32_t, PendingRequest> requests;
    // Coroutines whose write() waits for their stream's queue to drain (kWritable or its end).
    std::unordered_map<int32_t, coro::Coroutine *> parked;
    bool closed = false;
    bool going_away = false;  // the worker stops: GOAWAY sent, the streams taken finish
    // Bytes taken from the session and not yet accepted by the connection's output: the session
    // gives more only once they are, so a slow reader holds at most one chunk here and the
    // rest waits in the streams' queues (whose writers park: stream_buffer_limit).
    std::string backlog;
    size_t backlog_sent = 0;
    bool waiting_room = false;  // notify_when_room() is armed
    bool flushing = false;
    bool flush_again = false;

    void flush();
    bool write_out();
    void close_now();
    void handle_events();
    void wake(int32_t stream_id);
    void wake_all();
    void dispatch(int32_t stream_id, PendingRequest &&request);
};

// The worker's HTTP/2 connections by session (one server per worker process).
std::unordered_map<server::SessionId, std::shared_ptr<Http2Conn>> g_conns;

h2::ServerSettings settings_for(srv::Server *s) {
    const HttpSettings &h = settings_of(s);
    h2::ServerSettings out;
    out.header_table_size = h.http2_header_table_size;
    out.initial_window_size = h.http2_initial_window_size;
    out.max_concurrent_streams = h.http2_max_concurrent_streams;
    out.max_frame_size = h.http2_max_frame_size;
    out.max_header_list_size = h.http2_max_header_list_size;
    out.max_request_body = static_cast<size_t>(std::max<zend_long>(1, s->settings.package_max_length));
    return out;
}

// Writes what the session has to send, never waiting: a full output leaves the rest in
// `backlog` (or in the session) until notify_when_room() calls flush() again.
void Http2Conn::flush() {
    if (closed) return;
    if (flushing) {  // re-entered from a callback of the write: the outer call loops
        flush_again = true;
        return;
    }
    flushing = true;
    bool drained;
    do {
        flush_again = false;
        drained = write_out();
    } while (flush_again && !closed);
    flushing = false;
    if (closed) {
        close_now();
        return;
    }
    // Stream events raised while writing (kWritable, kStreamClosed) are bookkeeping only here.
    handle_events();
    if (drained && h2->finished()) close_now();
}

bool Http2Conn::write_out() {
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
            case srv::TrySend::kFull:
                if (!waiting_room) {
                    waiting_room = true;
                    std::weak_ptr<Http2Conn> self = weak_from_this();
                    srv::notify_when_room(s, id, [self] {
                        if (std::shared_ptr<Http2Conn> c = self.lock()) {
                            c->waiting_room = false;
                            c->flush();
                        }
                    });
                }
                return false;
            case srv::TrySend::kFailed: closed = true; return false;
        }
    }
}

void Http2Conn::close_now() {
    closed = true;
    wake_all();
    (void)srv::close_session(s, id, false);
}

void Http2Conn::handle_events() {
    for (h2::Event &e : h2->take_events()) {
        switch (e.kind) {
            case h2::Event::kRequest: requests[e.stream_id].headers = std::move(e.headers); break;
            case h2::Event::kData: {
                auto it = requests.find(e.stream_id);
                if (it != requests.end()) it->second.body += e.data;
                break;
            }
            case h2::Event::kRequestEnd: {
                auto it = requests.find(e.stream_id);
                if (it == requests.end()) break;
                PendingRequest request = std::move(it->second);
                requests.erase(it);
                srv::count_request(s);  // max_request may stop the worker: GOAWAY names this stream
                dispatch(e.stream_id, std::move(request));
                break;
            }
            case h2::Event::kStreamClosed:
                requests.erase(e.stream_id);
                wake(e.stream_id);
                break;
            case h2::Event::kWritable: wake(e.stream_id); break;
            default: break;
        }
    }
}

void Http2Conn::wake(int32_t stream_id) {
    auto it = parked.find(stream_id);
    if (it == parked.end()) return;
    coro::Coroutine *co = it->second;
    parked.erase(it);
    if (LoopState *rt = loop_state_if_any()) rt->scheduler->wake(co, 0);
}

void Http2Conn::wake_all() {
    std::vector<int32_t> ids;
    for (auto &[id, co] : parked) ids.push_back(id);
    for (int32_t id : ids) wake(id);
}

void append_lower(std::string &out, std::string_view v) {
    for (char c : v) out += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
}

// The request as the HTTP/1.1 bytes the Request parser reads (pseudo-headers to the request
// line and Host; split cookie fields joined, RFC 9113 §8.2.3).
std::string to_http1(const PendingRequest &request, std::string *method) {
    std::string_view path = "/", authority;
    std::string cookies, fields;
    for (const h2::Header &h : request.headers) {
        if (h.name == ":method") *method = h.value;
        if (h.name == ":path") path = h.value;
        if (h.name == ":authority") authority = h.value;
        if (h.name.empty() || h.name[0] == ':') continue;
        if (h.name == "content-length" || h.name == "transfer-encoding" || h.name == "connection") continue;
        if (h.name == "host" && !authority.empty()) continue;
        if (h.name == "cookie") {
            if (!cookies.empty()) cookies += "; ";
            cookies += h.value;
            continue;
        }
        fields.append(h.name).append(": ").append(h.value).append("\r\n");
    }
    std::string out;
    out.reserve(fields.size() + request.body.size() + 128);
    out.append(*method).append(" ").append(path).append(" HTTP/1.1\r\n");
    if (!authority.empty()) out.append("host: ").append(authority).append("\r\n");
    out += fields;
    if (!cookies.empty()) out.append("cookie: ").append(cookies).append("\r\n");
    if (!request.body.empty())
        out.append("content-length: ").append(std::to_string(request.body.size())).append("\r\n");
    out.append("\r\n").append(request.body);
    return out;
}

void set_server_protocol(zend_object *request) {
    static uint32_t offset = property_offset(request->ce, "server");
    zval *server = property_slot(request, offset);
    if (Z_TYPE_P(server) != IS_ARRAY) return;
    SEPARATE_ARRAY(server);
    zval protocol;
    ZVAL_STRINGL(&protocol, "HTTP/2", 6);
    zend_hash_str_update(Z_ARRVAL_P(server), "server_protocol", sizeof("server_protocol") - 1, &protocol);
}

void Http2Conn::dispatch(int32_t stream_id, PendingRequest &&request) {
    std::string method;
    const std::string bytes = to_http1(request, &method);
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
    int status = 0;
    zend_object *req = make_request(s, port, id, data, head, static_cast<size_t>(head_len), &status);
    zend_string_release(data);
    if (!req) {
        (void)h2->submit_response(stream_id, status ? status : 400, {}, true);
        return;
    }
    set_server_protocol(req);
    auto stream = std::make_shared<Http2Stream>();
    // find, not []: a connection closed meanwhile must not come back as an empty entry.
    auto found = g_conns.find(id);
    if (found != g_conns.end()) stream->conn = found->second;
    stream->id = stream_id;
    stream->head_request = method == "HEAD";
    zend_object *resp = make_response_on(stream, id, head);
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

bool Http2Stream::alive() const { return conn && !conn->closed && conn->h2->stream_open(id); }

const HttpSettings &Http2Stream::settings() const { return settings_of(conn ? conn->s : nullptr); }

zend_long Http2Stream::local_port() const { return conn && conn->port ? conn->port->port : 0; }

bool Http2Stream::send(std::string_view bytes) {
    if (!alive() || ended) return false;
    bool ok;
    if (head_done && !chunked && pending.empty()) {
        ok = send_plain(bytes);  // body bytes after the head: no detour through `pending`
    } else {
        pending.append(bytes);
        ok = (head_done || parse_head()) && (!head_done || parse_body());
    }
    conn->flush();
    // A write that ended the stream is done: the stream (or, after GOAWAY, the connection) may be
    // closed already, which is its success, not a failure.
    return ok && (ended || wait_writable());
}

// Bounded memory: a coroutine that writes faster than the peer reads waits here until its
// stream's queue drains under stream_buffer_limit; a peer that keeps the window shut for
// send_timeout gets the stream reset (zero-window stall).
bool Http2Stream::wait_writable() {
    std::shared_ptr<Http2Conn> c = conn;  // the connection may close while parked
    while (alive() && !c->h2->stream_writable(id)) {
        PhpCoroutine *p = current();
        LoopState *rt = loop_state_if_any();
        if (!p || !rt) return true;  // outside a coroutine: nothing can wait, the queue grows
        c->parked[id] = rt->scheduler->running();
        const double limit = c->s->settings.send_timeout;
        const int rc = rt->scheduler->park(limit > 0 ? seconds_to_nanos(limit) : -1,
                                           coro::WaitInfo{"Http2", static_cast<uint64_t>(id), "write"});
        c->parked.erase(id);
        if (!resumed(p)) return false;
        if (rc != 0) {
            if (!c->closed) {
                c->h2->reset_stream(id, h2::kCancel);
                c->flush();
            }
            return false;
        }
    }
    return alive();
}

bool Http2Stream::parse_head() {
    const size_t end = pending.find("\r\n\r\n");
    if (end == std::string::npos) return true;  // wait for the rest of the head
    std::string_view head(pending.data(), end + 2);
    // "HTTP/1.1 200 OK\r\n"
    const size_t sp = head.find(' ');
    if (sp == std::string_view::npos) return false;
    const int status = atoi(std::string(head.substr(sp + 1, 3)).c_str());
    size_t pos = head.find("\r\n") + 2;
    h2::Headers headers;
    while (pos < head.size()) {
        const size_t eol = head.find("\r\n", pos);
        std::string_view line = head.substr(pos, eol - pos);
        pos = eol + 2;
        const size_t colon = line.find(':');
        if (colon == std::string_view::npos) continue;
        std::string name;
        append_lower(name, line.substr(0, colon));
        std::string_view value = line.substr(colon + 1);
        while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
        // Connection-specific fields do not exist in HTTP/2 (RFC 9113 §8.2.2).
        if (name == "connection" || name == "keep-alive" || name == "proxy-connection" || name == "upgrade") continue;
        if (name == "transfer-encoding") {
            chunked = true;
            continue;
        }
        if (name == "content-length")
            remaining = static_cast<size_t>(strtoull(std::string(value).c_str(), nullptr, 10));
        headers.push_back({std::move(name), std::string(value)});
    }
    pending.erase(0, end + 4);
    head_done = true;
    if (head_request || status == 204 || status == 304) remaining = 0;
    const bool no_body = !chunked && remaining == 0;
    if (!conn->h2->submit_response(id, status, headers, no_body)) return false;
    if (no_body) ended = true;
    return true;
}

bool Http2Stream::parse_body() {
    if (ended) {
        pending.clear();
        return true;
    }
    if (!chunked) {
        const bool ok = send_plain(pending);
        pending.clear();
        return ok;
    }
    // The chunks the Response writes: "hex\r\ndata\r\n", then "0\r\n" trailers "\r\n".
    while (!pending.empty()) {
        const size_t eol = pending.find("\r\n");
        if (eol == std::string::npos) return true;
        const size_t size = static_cast<size_t>(strtoull(pending.substr(0, eol).c_str(), nullptr, 16));
        if (size == 0) {
            const size_t done = pending.find("\r\n\r\n", eol);
            const bool bare = pending.compare(eol + 2, 2, "\r\n") == 0;
            if (!bare && done == std::string::npos) return true;
            h2::Headers trailers;
            if (!bare) {
                std::string_view block(pending.data() + eol + 2, done + 2 - (eol + 2));
                size_t pos = 0;
                while (pos < block.size()) {
                    const size_t e = block.find("\r\n", pos);
                    std::string_view line = block.substr(pos, e - pos);
                    pos = e + 2;
                    const size_t colon = line.find(':');
                    if (colon == std::string_view::npos) continue;
                    std::string name;
                    append_lower(name, line.substr(0, colon));
                    std::string_view value = line.substr(colon + 1);
                    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
                    trailers.push_back({std::move(name), std::string(value)});
                }
            }
            pending.clear();
            end(trailers.empty() ? nullptr : &trailers);
            return true;
        }
        if (pending.size() < eol + 2 + size + 2) return true;
        if (!conn->h2->send_data(id, std::string_view(pending).substr(eol + 2, size), false)) return false;
        pending.erase(0, eol + 2 + size + 2);
    }
    return true;
}

// Body bytes of a Content-Length (or close-delimited) response; what passes its length is dropped.
bool Http2Stream::send_plain(std::string_view bytes) {
    const size_t n = std::min(remaining, bytes.size());
    if (remaining != SIZE_MAX) remaining -= n;
    const bool last = remaining == 0;
    ended = last;
    return conn->h2->send_data(id, bytes.substr(0, n), last);
}

void Http2Stream::end(const h2::Headers *trailers) {
    if (ended) return;
    ended = true;
    if (trailers) {
        (void)conn->h2->send_trailers(id, *trailers);
    } else {
        (void)conn->h2->send_data(id, {}, true);
    }
}

void Http2Stream::response_done(bool) {
    if (!alive()) return;
    if (!head_done) {
        // A Response that ended without a head it could parse: answer 500 rather than hang.
        (void)conn->h2->submit_response(id, 500, {}, true);
        ended = true;
    } else {
        end(nullptr);
    }
    conn->flush();
}

bool Http2Stream::close() {
    if (!alive()) return false;
    conn->h2->reset_stream(id, h2::kCancel);
    conn->flush();
    return true;
}

}  // namespace

bool http2_package(srv::Server *s, srv::Port *port, server::SessionId id, zend_string *data) {
    auto it = g_conns.find(id);
    if (it == g_conns.end()) {
        if (!port || !port->http2 || ZSTR_LEN(data) < h2::kClientPreface.size() ||
            std::string_view(ZSTR_VAL(data), h2::kClientPreface.size()) != h2::kClientPreface) {
            return false;
        }
        auto conn = std::make_shared<Http2Conn>();
        conn->s = s;
        conn->port = port;
        conn->id = id;
        conn->h2 = std::make_unique<h2::ServerConnection>(settings_for(s));
        it = g_conns.emplace(id, std::move(conn)).first;
    }
    std::shared_ptr<Http2Conn> conn = it->second;
    const bool more = conn->h2->receive(ZSTR_VAL(data), ZSTR_LEN(data));
    zend_string_release(data);
    conn->handle_events();
    if (!conn->going_away && (s->worker.stopping || s->worker.recycling)) {
        // The stop came first (max_request counts this very package): what it just took still
        // runs, and GOAWAY tells the peer not to send more here.
        conn->going_away = true;
        conn->h2->shutdown();
    }
    conn->flush();
    if (!more && !conn->closed) {
        conn->closed = true;
        (void)srv::close_session(s, id, false);
    }
    return true;
}

namespace {

std::shared_ptr<Http2Conn> live_conn_of(Transport *t) {
    auto *stream = dynamic_cast<Http2Stream *>(t);
    if (!stream) return nullptr;
    return stream->conn;
}

}  // namespace

bool http2_counts_own_requests(srv::Server *, server::SessionId id, std::string_view package) {
    return g_conns.count(id) || package.substr(0, h2::kClientPreface.size()) == h2::kClientPreface;
}

bool is_http2_stream(const Transport *t) { return dynamic_cast<const Http2Stream *>(t) != nullptr; }

int http2_ping(Transport *t, std::string_view opaque) {
    auto *stream = dynamic_cast<Http2Stream *>(t);
    if (!stream) return -1;
    std::shared_ptr<Http2Conn> conn = live_conn_of(t);
    if (!conn || conn->closed || !conn->h2->ping(opaque)) return 0;
    conn->flush();
    return conn->closed ? 0 : 1;
}

int http2_goaway(Transport *t, uint32_t error_code, std::string_view debug_data) {
    if (!dynamic_cast<Http2Stream *>(t)) return -1;
    std::shared_ptr<Http2Conn> conn = live_conn_of(t);
    if (!conn || conn->closed || !conn->h2->goaway(error_code, debug_data)) return 0;
    conn->flush();
    return 1;
}

void http2_worker_stopping(srv::Server *, std::vector<server::SessionId> *keep) {
    // Copies: flush() may close a connection, and its close erases it from g_conns.
    std::vector<std::shared_ptr<Http2Conn>> conns;
    for (auto &[id, conn] : g_conns) conns.push_back(conn);
    for (auto &conn : conns) {
        if (!conn || conn->closed) continue;
        if (!conn->going_away) {
            conn->going_away = true;
            conn->h2->shutdown();
            conn->flush();
        }
        if (!conn->closed) keep->push_back(conn->id);
    }
}

namespace {

// The h2c upgrade request's fields as stream 1's headers (hop-by-hop fields dropped).
h2::Headers upgrade_headers(const proto::http1::RequestHead &head) {
    h2::Headers out;
    out.push_back({":method", std::string(head.method)});
    out.push_back({":scheme", "http"});
    out.push_back({":authority", std::string(head.host)});
    out.push_back({":path", std::string(head.target)});
    for (size_t i = 0; i < head.header_count; ++i) {
        std::string name;
        append_lower(name, head.headers[i].name);
        if (name == "connection" || name == "upgrade" || name == "http2-settings" || name == "host" ||
            name == "keep-alive" || name == "proxy-connection" || name == "transfer-encoding" ||
            name == "content-length") {
            continue;
        }
        out.push_back({std::move(name), std::string(head.headers[i].value)});
    }
    return out;
}

}  // namespace

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
    auto conn = std::make_shared<Http2Conn>();
    conn->s = s;
    conn->port = port;
    conn->id = id;
    conn->h2 = std::make_unique<h2::ServerConnection>(settings_for(s));
    if (!conn->h2->upgrade(*settings, head.method == "HEAD")) return 400;
    PendingRequest request;
    request.headers = upgrade_headers(head);
    zend_string_release(data);  // `head` is copied out; nothing points into `data` any more
    static constexpr std::string_view kSwitching =
        "HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n";
    if (!srv::send_bytes_to_session(s, id, kSwitching)) return 1;
    g_conns.emplace(id, conn);
    conn->flush();  // the server's SETTINGS: its connection preface
    conn->dispatch(1, std::move(request));
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
