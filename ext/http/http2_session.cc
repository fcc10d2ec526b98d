// The carrier-independent part of an HTTP/2 connection (http2_session.h): request collection,
// the flush loop, write() parking, and each stream's Transport.
#include "http/http2_session.h"

#include <unistd.h>

#include <algorithm>
#include <vector>

#include "zend/options.h"

namespace gust::php::http {

namespace h2 = proto::h2;

// A request stream's Transport: parses the Response's HTTP/1.1 output into HTTP/2.
struct Http2Stream : Transport {
    std::shared_ptr<Http2Session> conn;
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
    bool send_file(const char *, int fd, off_t offset, size_t length) override;
    void response_done(bool close_connection) override;
    bool close() override;
    const HttpSettings &settings() const override;
    bool peer(zend_string **host, zend_long *port) const override { return conn && conn->peer(host, port); }
    zend_long local_port() const override;
    bool ws_upgrade(ResponseObject *) override { return false; }
    bool ws_upgraded() const override { return false; }
    bool ws_push(zval *, zend_long, zend_long) override { return false; }
    void ws_recv(double, zval *out) override { ZVAL_FALSE(out); }

    bool parse_head();
    bool parse_body();
    bool send_plain(std::string bytes);
    bool send_body(h2::BodyChunk chunk);
    bool wait_writable();
    void end(const h2::Headers *trailers);
};

void read_http2_settings(HttpSettings *h, HashTable *ht) {
    auto setting_u32 = [&](const char *name, zend_long def, zend_long lo, zend_long hi) {
        return static_cast<uint32_t>(std::clamp<zend_long>(opt::long_of(ht, name, def), lo, hi));
    };
    h->http2_header_table_size = setting_u32("http2_header_table_size", 4096, 0, UINT32_MAX >> 1);
    h->http2_initial_window_size = setting_u32("http2_initial_window_size", 65535, 0, (1u << 31) - 1);
    h->http2_max_concurrent_streams = setting_u32("http2_max_concurrent_streams", 128, 1, UINT32_MAX >> 1);
    h->http2_max_frame_size = setting_u32("http2_max_frame_size", 16384, 16384, (1 << 24) - 1);
    h->http2_max_header_list_size = setting_u32("http2_max_header_list_size", 65536, 1024, UINT32_MAX >> 1);
}

proto::h2::ServerSettings http2_settings_of(const HttpSettings &h, size_t max_request_body) {
    h2::ServerSettings out;
    out.header_table_size = h.http2_header_table_size;
    out.initial_window_size = h.http2_initial_window_size;
    out.max_concurrent_streams = h.http2_max_concurrent_streams;
    out.max_frame_size = h.http2_max_frame_size;
    out.max_header_list_size = h.http2_max_header_list_size;
    out.max_request_body = std::max<size_t>(1, max_request_body);
    return out;
}

void Http2Session::flush() {
    if (closed) return;
    if (flushing_) {
        flush_again_ = true;
        return;
    }
    std::shared_ptr<Http2Session> self = shared_from_this();  // a close may drop the carrier's reference
    flushing_ = true;
    bool drained;
    do {
        flush_again_ = false;
        drained = write_out();
    } while (flush_again_ && !closed);
    flushing_ = false;
    if (closed) {
        wake_all();
        close_connection();
        return;
    }
    // Stream events raised while writing (kWritable, kStreamClosed) are bookkeeping only here.
    handle_events();
    if (drained && h2->finished() && !closed) {
        closed = true;
        wake_all();
        close_connection();
    }
}

void Http2Session::go_away() {
    if (going_away || closed) return;
    going_away = true;
    h2->shutdown();
    flush();
}

std::shared_ptr<Transport> Http2Session::stream_transport(int32_t stream_id, bool head_request) {
    auto stream = std::make_shared<Http2Stream>();
    stream->conn = shared_from_this();
    stream->id = stream_id;
    stream->head_request = head_request;
    return stream;
}

void Http2Session::handle_events() {
    for (h2::Event &e : h2->take_events()) {
        switch (e.kind) {
            case h2::Event::kRequest: requests_[e.stream_id].headers = std::move(e.headers); break;
            case h2::Event::kData: {
                auto it = requests_.find(e.stream_id);
                if (it != requests_.end()) it->second.body += e.data;
                break;
            }
            case h2::Event::kRequestEnd: {
                auto it = requests_.find(e.stream_id);
                if (it == requests_.end()) break;
                Http2Request request = std::move(it->second);
                requests_.erase(it);
                on_request(e.stream_id, std::move(request));
                break;
            }
            case h2::Event::kStreamClosed:
                requests_.erase(e.stream_id);
                wake(e.stream_id);
                break;
            case h2::Event::kWritable: wake(e.stream_id); break;
            default: break;
        }
    }
}

void Http2Session::wake(int32_t stream_id) {
    auto it = parked_.find(stream_id);
    if (it == parked_.end()) return;
    coro::Coroutine *co = it->second;
    parked_.erase(it);
    if (LoopState *rt = loop_state_if_any()) rt->scheduler->wake(co, 0);
}

void Http2Session::wake_all() {
    std::vector<int32_t> ids;
    for (auto &[id, co] : parked_) ids.push_back(id);
    for (int32_t id : ids) wake(id);
}

void append_lower(std::string &out, std::string_view v) {
    for (char c : v) out += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
}

std::string http2_request_bytes(const Http2Request &request, std::string *method) {
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

void mark_http2_request(zend_object *request) {
    static uint32_t offset = property_offset(request->ce, "server");
    zval *server = property_slot(request, offset);
    if (Z_TYPE_P(server) != IS_ARRAY) return;
    SEPARATE_ARRAY(server);
    zval protocol;
    ZVAL_STRINGL(&protocol, "HTTP/2", 6);
    zend_hash_str_update(Z_ARRVAL_P(server), "server_protocol", sizeof("server_protocol") - 1, &protocol);
}

bool Http2Stream::alive() const { return conn && !conn->closed && conn->h2->stream_open(id); }

const HttpSettings &Http2Stream::settings() const { return conn ? conn->http_settings() : settings_of(nullptr); }

zend_long Http2Stream::local_port() const { return conn ? conn->local_port() : 0; }

bool Http2Stream::send(std::string_view bytes) {
    if (!alive() || ended) return false;
    bool ok;
    if (head_done && !chunked && pending.empty()) {
        ok = send_plain(std::string(bytes));  // body bytes after the head: no detour through `pending`
    } else {
        pending.append(bytes);
        ok = (head_done || parse_head()) && (!head_done || parse_body());
    }
    conn->flush();
    // A write that ended the stream is done: the stream (or, after GOAWAY, the connection) may be
    // closed already, which is its success, not a failure.
    return ok && (ended || wait_writable());
}

// Each piece of the file is read into a buffer of its own (not zero-filled first: pread fills it)
// that the stream's queue takes over: the DATA frames then point into it (OutputBatch), so no body
// byte is copied again before writev.
bool Http2Stream::send_file(const char *, int fd, off_t offset, size_t length) {
    constexpr size_t kPiece = 256 * 1024;
    while (length > 0) {
        if (!alive() || ended) return false;
        const size_t want = std::min(length, kPiece);
        std::shared_ptr<char[]> buf = std::make_shared_for_overwrite<char[]>(want);
        const ssize_t got = pread(fd, buf.get(), want, offset);
        if (got <= 0) return false;
        offset += got;
        length -= static_cast<size_t>(got);
        bool ok;
        if (head_done && !chunked && pending.empty()) {
            ok = send_body({buf, {buf.get(), static_cast<size_t>(got)}});
            conn->flush();
            ok = ok && (ended || wait_writable());
        } else {
            ok = send({buf.get(), static_cast<size_t>(got)});  // no head out yet, or chunked: the general path
        }
        if (!ok) return false;
    }
    return true;
}

// Bounded memory: a coroutine that writes faster than the peer reads waits here until its
// stream's queue drains under stream_buffer_limit; a peer that keeps the window shut for
// send_timeout gets the stream reset (zero-window stall).
bool Http2Stream::wait_writable() {
    std::shared_ptr<Http2Session> c = conn;  // the connection may close while parked
    while (alive() && !c->h2->stream_writable(id)) {
        PhpCoroutine *p = current();
        LoopState *rt = loop_state_if_any();
        if (!p || !rt) return true;  // outside a coroutine: nothing can wait, the queue grows
        c->parked_[id] = rt->scheduler->running();
        const double limit = c->send_timeout();
        const int rc = rt->scheduler->park(limit > 0 ? seconds_to_nanos(limit) : -1,
                                           coro::WaitInfo{"Http2", static_cast<uint64_t>(id), "write"});
        c->parked_.erase(id);
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

// "Name: value\r\n" lines (each ending with CRLF) as fields with lower-case names.
static h2::Headers header_lines(std::string_view block) {
    h2::Headers out;
    size_t pos = 0;
    while (pos < block.size()) {
        const size_t eol = block.find("\r\n", pos);
        std::string_view line = block.substr(pos, eol - pos);
        pos = eol + 2;
        const size_t colon = line.find(':');
        if (colon == std::string_view::npos) continue;
        std::string name;
        append_lower(name, line.substr(0, colon));
        std::string_view value = line.substr(colon + 1);
        while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
        out.push_back({std::move(name), std::string(value)});
    }
    return out;
}

bool Http2Stream::parse_head() {
    const size_t end = pending.find("\r\n\r\n");
    if (end == std::string::npos) return true;  // wait for the rest of the head
    std::string_view head(pending.data(), end + 2);
    // "HTTP/1.1 200 OK\r\n"
    const size_t sp = head.find(' ');
    if (sp == std::string_view::npos) return false;
    const int status = atoi(std::string(head.substr(sp + 1, 3)).c_str());
    h2::Headers headers;
    for (h2::Header &h : header_lines(head.substr(head.find("\r\n") + 2))) {
        // Connection-specific fields do not exist in HTTP/2 (RFC 9113 §8.2.2).
        if (h.name == "connection" || h.name == "keep-alive" || h.name == "proxy-connection" || h.name == "upgrade")
            continue;
        if (h.name == "transfer-encoding") {
            chunked = true;
            continue;
        }
        if (h.name == "content-length") remaining = static_cast<size_t>(strtoull(h.value.c_str(), nullptr, 10));
        headers.push_back(std::move(h));
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
        const bool ok = send_plain(std::move(pending));
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
            if (!bare) trailers = header_lines(std::string_view(pending.data() + eol + 2, done + 2 - (eol + 2)));
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
// The stream's queue takes the buffer over (no copy).
bool Http2Stream::send_plain(std::string bytes) {
    if (bytes.empty()) return send_body({});
    auto owner = std::make_shared<const std::string>(std::move(bytes));
    return send_body({owner, *owner});
}

// Body bytes past the head, cut at the Content-Length the head gave (the rest is not sent).
bool Http2Stream::send_body(h2::BodyChunk chunk) {
    const size_t n = std::min(remaining, chunk.bytes.size());
    if (remaining != SIZE_MAX) remaining -= n;
    ended = remaining == 0;
    chunk.bytes = chunk.bytes.substr(0, n);
    return conn->h2->send_chunk(id, std::move(chunk), ended);
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

// The h2c upgrade request's fields as stream 1's headers (hop-by-hop fields dropped).
h2::Headers http2_upgrade_headers(const proto::http1::RequestHead &head) {
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

bool is_http2_stream(const Transport *t) { return dynamic_cast<const Http2Stream *>(t) != nullptr; }

int http2_ping(Transport *t, std::string_view opaque) {
    auto *stream = dynamic_cast<Http2Stream *>(t);
    if (!stream) return -1;
    std::shared_ptr<Http2Session> conn = stream->conn;
    if (!conn || conn->closed || !conn->h2->ping(opaque)) return 0;
    conn->flush();
    return conn->closed ? 0 : 1;
}

int http2_goaway(Transport *t, uint32_t error_code, std::string_view debug_data) {
    auto *stream = dynamic_cast<Http2Stream *>(t);
    if (!stream) return -1;
    std::shared_ptr<Http2Session> conn = stream->conn;
    if (!conn || conn->closed || !conn->h2->goaway(error_code, debug_data)) return 0;
    conn->flush();
    return 1;
}

}  // namespace gust::php::http
