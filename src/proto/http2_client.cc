// proto::http2::Client over an nghttp2 client session (Debian's libnghttp2): nghttp2 owns the
// framing, HPACK, flow control and the stream state machine; the callbacks here turn what it
// parsed into Events and feed request bodies from per-stream buffers.
#include "gust/proto/http2_client.h"

#include <nghttp2/nghttp2.h>

#include <algorithm>
#include <cstring>
#include <unordered_map>

namespace gust::proto::http2 {

namespace {

// Per header field, the HPACK accounting of RFC 9113 §6.5.2 (name + value + 32).
constexpr size_t kFieldOverhead = 32;

struct Stream {
    // Request body not yet taken by nghttp2: out[out_off..).
    std::string out;
    size_t out_off = 0;
    bool out_end = false;   // no write() after this body
    bool has_body = false;  // opened with a data provider (streaming or a body)
    // The header block being received.
    std::vector<Header> headers;
    int status = 0;
    size_t header_bytes = 0;
    bool got_head = false;  // the final response head has arrived (a later block is trailers)
    bool remote_ended = false;
    std::string data;  // the DATA frame being received (chunks until the frame ends)

    size_t pending() const { return out.size() - out_off; }
};

}  // namespace

struct Client::Impl {
    Client *owner;
    nghttp2_session *session = nullptr;
    std::unordered_map<int32_t, Stream> streams;
    int fatal = 0;             // a negative nghttp2 code once the session is broken
    std::string fatal_reason;  // nghttp2's words for the connection error
    bool goaway_received = false;
    bool goaway_sent = false;  // by goaway()
    std::string first_head;    // the server's first frame header, until it is known to be SETTINGS
    bool preface_ok = false;
    std::string out;  // frames serialized by feed(), handed out by take_output()

    // Serializes what nghttp2 has queued into `out`.
    void drain() {
        while (true) {
            const uint8_t *p = nullptr;
            ssize_t n = nghttp2_session_mem_send(session, &p);
            if (n <= 0) {
                if (n < 0 && !fatal) fatal = static_cast<int>(n);
                return;
            }
            out.append(reinterpret_cast<const char *>(p), static_cast<size_t>(n));
        }
    }

    Stream *find(int32_t id) {
        auto it = streams.find(id);
        return it == streams.end() ? nullptr : &it->second;
    }

    // False when too many events wait undelivered (a server flooding us with frames).
    bool push(Event &&e) {
        if (owner->events_.size() >= owner->options_.max_pending_events) return false;
        owner->events_.push_back(std::move(e));
        return true;
    }

    static Impl *self(void *user) { return static_cast<Impl *>(user); }

    static int on_begin_headers(nghttp2_session *, const nghttp2_frame *frame, void *user) {
        if (Stream *s = self(user)->find(frame->hd.stream_id)) {
            s->headers.clear();
            s->status = 0;
            s->header_bytes = 0;
        }
        return 0;
    }

    static int on_header(nghttp2_session *, const nghttp2_frame *frame, const uint8_t *name, size_t namelen,
                         const uint8_t *value, size_t valuelen, uint8_t, void *user) {
        Impl *im = self(user);
        Stream *s = im->find(frame->hd.stream_id);
        if (!s) return 0;
        s->header_bytes += namelen + valuelen + kFieldOverhead;
        // A block that decodes to more than we announced (an HPACK bomb): reset this stream.
        if (s->header_bytes > im->owner->options_.local.max_header_list_size) {
            return NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE;
        }
        std::string_view n(reinterpret_cast<const char *>(name), namelen);
        std::string_view v(reinterpret_cast<const char *>(value), valuelen);
        if (!n.empty() && n[0] == ':') {
            if (n == ":status") {
                int st = 0;
                for (char c : v) st = c >= '0' && c <= '9' && st < 1000 ? st * 10 + (c - '0') : 1000;
                s->status = st;
            }
            return 0;
        }
        s->headers.emplace_back(std::string(n), std::string(v));
        return 0;
    }

    static int on_data_chunk(nghttp2_session *, uint8_t, int32_t stream_id, const uint8_t *data, size_t len,
                             void *user) {
        if (Stream *s = self(user)->find(stream_id)) s->data.append(reinterpret_cast<const char *>(data), len);
        return 0;
    }

    static int on_frame_recv(nghttp2_session *, const nghttp2_frame *frame, void *user) {
        Impl *im = self(user);
        int32_t id = frame->hd.stream_id;
        if (id > im->owner->last_server_stream_id_) im->owner->last_server_stream_id_ = id;
        bool end = (frame->hd.flags & NGHTTP2_FLAG_END_STREAM) != 0;
        Event e{};
        switch (frame->hd.type) {
            case NGHTTP2_HEADERS: {
                Stream *s = im->find(id);
                if (!s) return 0;
                bool trailers = s->got_head;
                // 1xx heads are informational: the final head follows (RFC 9110 §15.2).
                if (!trailers && s->status >= 100 && s->status < 200 && !end) return 0;
                if (!trailers) s->got_head = true;
                if (end) s->remote_ended = true;
                e.kind = Event::kHeaders;
                e.stream_id = id;
                e.end_stream = end;
                e.trailers = trailers;
                e.status = s->status;
                e.headers = std::move(s->headers);
                s->headers.clear();
                break;
            }
            case NGHTTP2_DATA: {
                Stream *s = im->find(id);
                if (!s) return 0;
                if (end) s->remote_ended = true;
                e.kind = Event::kData;
                e.stream_id = id;
                e.end_stream = end;
                e.data = std::move(s->data);
                s->data.clear();
                break;
            }
            case NGHTTP2_GOAWAY:
                im->goaway_received = true;
                e.kind = Event::kGoaway;
                e.error_code = frame->goaway.error_code;
                e.last_stream_id = frame->goaway.last_stream_id;
                e.data.assign(reinterpret_cast<const char *>(frame->goaway.opaque_data), frame->goaway.opaque_data_len);
                break;
            case NGHTTP2_PING:
                if (!(frame->hd.flags & NGHTTP2_FLAG_ACK)) return 0;  // nghttp2 answers it
                e.kind = Event::kPingAck;
                break;
            case NGHTTP2_SETTINGS:
                if (frame->hd.flags & NGHTTP2_FLAG_ACK) return 0;
                e.kind = Event::kSettings;
                break;
            default: return 0;
        }
        return im->push(std::move(e)) ? 0 : NGHTTP2_ERR_CALLBACK_FAILURE;
    }

    static int on_stream_close(nghttp2_session *, int32_t stream_id, uint32_t error_code, void *user) {
        Impl *im = self(user);
        auto it = im->streams.find(stream_id);
        if (it == im->streams.end()) return 0;
        Event e{};
        e.kind = Event::kStreamClose;
        e.stream_id = stream_id;
        e.error_code = error_code;
        e.remote_ended = it->second.remote_ended;
        im->streams.erase(it);
        return im->push(std::move(e)) ? 0 : NGHTTP2_ERR_CALLBACK_FAILURE;
    }

    // nghttp2 found a connection error and terminates the session with a GOAWAY of its own.
    static int on_frame_send(nghttp2_session *, const nghttp2_frame *frame, void *user) {
        Impl *im = self(user);
        if (frame->hd.type != NGHTTP2_GOAWAY || im->goaway_sent) return 0;
        if (!im->fatal) im->fatal = NGHTTP2_ERR_PROTO;
        if (im->fatal_reason.empty()) {
            im->fatal_reason =
                std::string("the server broke the protocol (") + nghttp2_http2_strerror(frame->goaway.error_code) + ")";
        }
        return 0;
    }

    static int on_invalid_frame(nghttp2_session *, const nghttp2_frame *, int lib_error_code, void *user) {
        Impl *im = self(user);
        if (im->fatal_reason.empty()) im->fatal_reason = nghttp2_strerror(lib_error_code);
        return 0;
    }

    // nghttp2 asks for the next piece of a request body.
    static ssize_t read_body(nghttp2_session *, int32_t stream_id, uint8_t *buf, size_t length, uint32_t *flags,
                             nghttp2_data_source *, void *user) {
        Stream *s = self(user)->find(stream_id);
        if (!s) return NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE;
        size_t n = std::min(length, s->pending());
        if (n) memcpy(buf, s->out.data() + s->out_off, n);
        s->out_off += n;
        if (s->out_off == s->out.size()) {
            s->out.clear();
            s->out_off = 0;
            if (s->out_end) {
                *flags |= NGHTTP2_DATA_FLAG_EOF;
            } else if (n == 0) {
                return NGHTTP2_ERR_DEFERRED;  // write() resumes it
            }
        }
        return static_cast<ssize_t>(n);
    }
};

Client::Client(const ClientOptions &options) : options_(options), impl_(std::make_unique<Impl>()) {
    impl_->owner = this;
    nghttp2_session_callbacks *cb = nullptr;
    nghttp2_session_callbacks_new(&cb);
    nghttp2_session_callbacks_set_on_begin_headers_callback(cb, Impl::on_begin_headers);
    nghttp2_session_callbacks_set_on_header_callback(cb, Impl::on_header);
    nghttp2_session_callbacks_set_on_data_chunk_recv_callback(cb, Impl::on_data_chunk);
    nghttp2_session_callbacks_set_on_frame_recv_callback(cb, Impl::on_frame_recv);
    nghttp2_session_callbacks_set_on_stream_close_callback(cb, Impl::on_stream_close);
    nghttp2_session_callbacks_set_on_frame_send_callback(cb, Impl::on_frame_send);
    nghttp2_session_callbacks_set_on_invalid_frame_recv_callback(cb, Impl::on_invalid_frame);
    nghttp2_option *opt = nullptr;
    nghttp2_option_new(&opt);
    // A server may not make us keep more header bytes than we announced.
    nghttp2_option_set_max_send_header_block_length(opt, 1u << 20);
    nghttp2_session_client_new2(&impl_->session, cb, impl_.get(), opt);
    nghttp2_option_del(opt);
    nghttp2_session_callbacks_del(cb);
    const Settings &l = options_.local;
    nghttp2_settings_entry iv[] = {
        {NGHTTP2_SETTINGS_HEADER_TABLE_SIZE, l.header_table_size},
        {NGHTTP2_SETTINGS_ENABLE_PUSH, 0},
        {NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, l.max_concurrent_streams},
        {NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE, l.initial_window_size},
        {NGHTTP2_SETTINGS_MAX_FRAME_SIZE, l.max_frame_size},
        {NGHTTP2_SETTINGS_MAX_HEADER_LIST_SIZE, l.max_header_list_size},
    };
    int rc = nghttp2_submit_settings(impl_->session, NGHTTP2_FLAG_NONE, iv, sizeof(iv) / sizeof(iv[0]));
    if (rc == 0 && options_.connection_window > 65535) {
        rc = nghttp2_session_set_local_window_size(
            impl_->session, NGHTTP2_FLAG_NONE, 0,
            static_cast<int32_t>(std::min<uint32_t>(options_.connection_window, 0x7fffffff)));
    }
    if (rc != 0) impl_->fatal = rc;  // only for settings out of range: every call then fails
}

Client::~Client() { nghttp2_session_del(impl_->session); }

int32_t Client::submit_request(const std::vector<Header> &headers, std::string_view body, bool end_stream) {
    if (impl_->fatal) return impl_->fatal;
    if (impl_->goaway_received || impl_->goaway_sent) return NGHTTP2_ERR_START_STREAM_NOT_ALLOWED;
    std::vector<nghttp2_nv> nva;
    nva.reserve(headers.size());
    for (const Header &h : headers) {
        nva.push_back({reinterpret_cast<uint8_t *>(const_cast<char *>(h.first.data())),
                       reinterpret_cast<uint8_t *>(const_cast<char *>(h.second.data())), h.first.size(),
                       h.second.size(), NGHTTP2_NV_FLAG_NONE});
    }
    bool has_body = !body.empty() || !end_stream;
    nghttp2_data_provider prd{};
    prd.read_callback = Impl::read_body;
    int32_t id =
        nghttp2_submit_request(impl_->session, nullptr, nva.data(), nva.size(), has_body ? &prd : nullptr, nullptr);
    if (id < 0) return id;
    Stream &s = impl_->streams[id];
    s.has_body = has_body;
    s.out.assign(body.data(), body.size());
    s.out_end = end_stream;
    return id;
}

int Client::write(int32_t stream_id, std::string_view data, bool end_stream) {
    if (impl_->fatal) return impl_->fatal;
    Stream *s = impl_->find(stream_id);
    if (!s || !s->has_body || s->out_end) return NGHTTP2_ERR_STREAM_CLOSED;
    s->out.append(data.data(), data.size());
    s->out_end = end_stream;
    int rc = nghttp2_session_resume_data(impl_->session, stream_id);
    // INVALID_ARGUMENT: the body was not deferred (nghttp2 will ask again by itself).
    return rc == NGHTTP2_ERR_INVALID_ARGUMENT ? 0 : rc;
}

int Client::reset(int32_t stream_id, uint32_t code) {
    if (impl_->fatal) return impl_->fatal;
    return nghttp2_submit_rst_stream(impl_->session, NGHTTP2_FLAG_NONE, stream_id, code);
}

int Client::ping() {
    if (impl_->fatal) return impl_->fatal;
    return nghttp2_submit_ping(impl_->session, NGHTTP2_FLAG_NONE, nullptr);
}

int Client::goaway(uint32_t code, std::string_view debug) {
    if (impl_->fatal) return impl_->fatal;
    impl_->goaway_sent = true;
    return nghttp2_submit_goaway(impl_->session, NGHTTP2_FLAG_NONE, last_server_stream_id_, code,
                                 reinterpret_cast<const uint8_t *>(debug.data()), debug.size());
}

int Client::feed(const void *data, size_t len) {
    if (impl_->fatal) return impl_->fatal;
    // RFC 9113 §3.4: the server's preface is a SETTINGS frame. nghttp2 would skip anything else
    // as an unknown frame (an HTTP/1 answer waits for megabytes of "payload"): refuse it here.
    if (!impl_->preface_ok) {
        impl_->first_head.append(static_cast<const char *>(data), std::min<size_t>(len, 9 - impl_->first_head.size()));
        if (impl_->first_head.size() == 9) {
            if (impl_->first_head[3] != NGHTTP2_SETTINGS || (impl_->first_head[4] & NGHTTP2_FLAG_ACK)) {
                impl_->fatal = NGHTTP2_ERR_PROTO;
                impl_->fatal_reason = "the server did not start with SETTINGS (not an HTTP/2 server?)";
                return impl_->fatal;
            }
            impl_->preface_ok = true;
        }
    }
    ssize_t n = nghttp2_session_mem_recv(impl_->session, static_cast<const uint8_t *>(data), len);
    if (n < 0) {
        impl_->fatal = static_cast<int>(n);
        return impl_->fatal;
    }
    // A connection error (a bad frame, a broken HPACK block) does not fail mem_recv: nghttp2 queues
    // a GOAWAY, and on_frame_send() marks the session failed when it is serialized here.
    impl_->drain();
    return impl_->fatal;
}

std::string Client::take_output() {
    // After a fatal receive error nghttp2 may still have its GOAWAY to send.
    impl_->drain();
    std::string r;
    r.swap(impl_->out);
    return r;
}

Event Client::pop_event() {
    Event e = std::move(events_.front());
    events_.pop_front();
    return e;
}

bool Client::alive() const {
    return !impl_->fatal && (nghttp2_session_want_read(impl_->session) || nghttp2_session_want_write(impl_->session));
}

bool Client::stream_open(int32_t stream_id) const { return impl_->streams.count(stream_id) != 0; }

size_t Client::pending_bytes(int32_t stream_id) const {
    auto it = impl_->streams.find(stream_id);
    return it == impl_->streams.end() ? 0 : it->second.pending();
}

size_t Client::pending_bytes() const {
    size_t n = 0;
    for (const auto &kv : impl_->streams) n += kv.second.pending();
    return n;
}

int32_t Client::next_stream_id() const {
    return static_cast<int32_t>(nghttp2_session_get_next_stream_id(impl_->session));
}

size_t Client::active_streams() const { return impl_->streams.size(); }

Settings Client::remote_settings() const {
    nghttp2_session *s = impl_->session;
    Settings r;
    r.header_table_size = nghttp2_session_get_remote_settings(s, NGHTTP2_SETTINGS_HEADER_TABLE_SIZE);
    r.max_concurrent_streams = nghttp2_session_get_remote_settings(s, NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS);
    r.initial_window_size = nghttp2_session_get_remote_settings(s, NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE);
    r.max_frame_size = nghttp2_session_get_remote_settings(s, NGHTTP2_SETTINGS_MAX_FRAME_SIZE);
    r.max_header_list_size = nghttp2_session_get_remote_settings(s, NGHTTP2_SETTINGS_MAX_HEADER_LIST_SIZE);
    return r;
}

const char *Client::error_name(int code) { return nghttp2_strerror(code); }

std::string Client::error_reason() const {
    if (!impl_->fatal_reason.empty()) return impl_->fatal_reason;
    return impl_->fatal ? nghttp2_strerror(impl_->fatal) : "";
}

}  // namespace gust::proto::http2
