// The session and its input side: nghttp2 options and callbacks turned into Events, with the
// bounds nghttp2 leaves to the application (header list size, body size, control-frame flood).
#include <algorithm>
#include <cstring>

#include "proto/http2_server_internal.h"

namespace gust::proto::h2 {
namespace {

using Impl = ServerConnection::Impl;

Impl *impl_of(void *user_data) { return static_cast<Impl *>(user_data); }

int on_begin_frame(nghttp2_session *, const nghttp2_frame_hd *hd, void *user_data) {
    Impl *impl = impl_of(user_data);
    if (hd->type == NGHTTP2_HEADERS && (hd->stream_id & 1) && hd->stream_id < impl->max_request_id &&
        !impl->find(hd->stream_id) && !impl->known_closed_or_forgotten(hd->stream_id)) {
        impl->protocol_error = true;  // a stream id below one already used, never opened
        return NGHTTP2_ERR_CALLBACK_FAILURE;
    }
    const bool progress = (hd->type == NGHTTP2_HEADERS || hd->type == NGHTTP2_DATA ||
                           hd->type == NGHTTP2_CONTINUATION || hd->type == NGHTTP2_RST_STREAM) &&
                          (hd->length > 0 || (hd->flags & NGHTTP2_FLAG_END_STREAM));
    if (progress || impl->spend_control_token()) return 0;
    impl->calm = true;
    return NGHTTP2_ERR_CALLBACK_FAILURE;
}

int on_begin_headers(nghttp2_session *, const nghttp2_frame *frame, void *user_data) {
    Impl *impl = impl_of(user_data);
    if (frame->hd.type != NGHTTP2_HEADERS) return 0;
    if (frame->headers.cat == NGHTTP2_HCAT_REQUEST) {
        impl->streams[frame->hd.stream_id] = StreamState{};
        impl->max_request_id = std::max(impl->max_request_id, frame->hd.stream_id);
    } else if (StreamState *stream = impl->find(frame->hd.stream_id)) {
        stream->headers.clear();  // trailers
        stream->header_bytes = 0;
    }
    return 0;
}

int on_header(nghttp2_session *, const nghttp2_frame *frame, const uint8_t *name, size_t namelen, const uint8_t *value,
              size_t valuelen, uint8_t, void *user_data) {
    Impl *impl = impl_of(user_data);
    StreamState *stream = impl->find(frame->hd.stream_id);
    if (!stream || stream->rejected) return 0;
    // RFC 9113 §6.5.2: the size of a field is its name and value plus 32 octets.
    stream->header_bytes += namelen + valuelen + 32;
    if (stream->header_bytes > impl->settings.max_header_list_size) {
        // Ends this stream only; nghttp2 keeps decoding the block so HPACK state stays in sync.
        stream->rejected = true;
        return NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE;
    }
    stream->headers.push_back({std::string(reinterpret_cast<const char *>(name), namelen),
                               std::string(reinterpret_cast<const char *>(value), valuelen)});
    return 0;
}

int on_data_chunk(nghttp2_session *, uint8_t, int32_t stream_id, const uint8_t *data, size_t len, void *user_data) {
    Impl *impl = impl_of(user_data);
    StreamState *stream = impl->find(stream_id);
    if (!stream || stream->rejected) return 0;
    impl->credit_body(len);
    stream->body_bytes += len;
    if (stream->body_bytes > impl->settings.max_request_body) {
        impl->reject(stream_id, stream, kCancel);
        return 0;
    }
    auto &events = impl->events();
    if (!events.empty() && events.back().kind == Event::kData && events.back().stream_id == stream_id) {
        events.back().data.append(reinterpret_cast<const char *>(data), len);
    } else {
        Event event(Event::kData, stream_id);
        event.data.assign(reinterpret_cast<const char *>(data), len);
        impl->push(std::move(event));
    }
    return 0;
}

int on_frame_recv(nghttp2_session *, const nghttp2_frame *frame, void *user_data) {
    Impl *impl = impl_of(user_data);
    const int32_t id = frame->hd.stream_id;
    StreamState *stream = id ? impl->find(id) : nullptr;
    if (!stream || stream->rejected) return 0;
    const bool end = frame->hd.flags & NGHTTP2_FLAG_END_STREAM;
    if (frame->hd.type == NGHTTP2_HEADERS) {
        Event event(frame->headers.cat == NGHTTP2_HCAT_REQUEST ? Event::kRequest : Event::kTrailers, id);
        event.headers = std::move(stream->headers);
        stream->headers.clear();
        impl->push(std::move(event));
        if (end) impl->push(Event(Event::kRequestEnd, id));
    } else if (frame->hd.type == NGHTTP2_DATA && end) {
        impl->push(Event(Event::kRequestEnd, id));
    }
    return 0;
}

int on_stream_close(nghttp2_session *, int32_t stream_id, uint32_t error_code, void *user_data) {
    Impl *impl = impl_of(user_data);
    auto it = impl->streams.find(stream_id);
    if (it == impl->streams.end()) return 0;
    impl->streams.erase(it);
    impl->remember_closed(stream_id);
    impl->push(Event(Event::kStreamClosed, stream_id, error_code));
    return 0;
}

}  // namespace

void Impl::remember_closed(int32_t stream_id) {
    constexpr size_t kRemembered = 1024;
    recently_closed.push_back(stream_id);
    recently_closed_set.insert(stream_id);
    if (recently_closed.size() > kRemembered) {
        recently_closed_set.erase(recently_closed.front());
        recently_closed.pop_front();
    }
}

bool Impl::known_closed_or_forgotten(int32_t stream_id) const {
    if (recently_closed_set.count(stream_id)) return true;
    // Once the memory is full, ids older than it cannot be told apart: leave them to nghttp2.
    return recently_closed.size() >= 1024 && stream_id < recently_closed.front();
}

bool Impl::spend_control_token() {
    const auto now = std::chrono::steady_clock::now();
    const double seconds = std::chrono::duration<double>(now - refilled).count();
    refilled = now;
    tokens = std::min<double>(static_cast<double>(settings.control_frame_burst),
                              tokens + seconds * static_cast<double>(settings.control_frame_rate));
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
}

void Impl::credit_body(size_t bytes) {
    const uint64_t before = body_bytes_moved / 1024;
    body_bytes_moved += bytes;
    tokens = std::min<double>(static_cast<double>(settings.control_frame_burst),
                              tokens + static_cast<double>(body_bytes_moved / 1024 - before));
}

void Impl::reject(int32_t stream_id, StreamState *stream, uint32_t error_code) {
    stream->rejected = true;
    nghttp2_submit_rst_stream(session, NGHTTP2_FLAG_NONE, stream_id, error_code);
}

ServerConnection::ServerConnection(const ServerSettings &settings) : impl_(std::make_unique<Impl>()) {
    impl_->owner = this;
    impl_->settings = settings;
    impl_->tokens = static_cast<double>(settings.control_frame_burst);
    impl_->refilled = std::chrono::steady_clock::now();

    nghttp2_session_callbacks *callbacks = nullptr;
    nghttp2_session_callbacks_new(&callbacks);
    nghttp2_session_callbacks_set_on_begin_frame_callback(callbacks, on_begin_frame);
    nghttp2_session_callbacks_set_on_begin_headers_callback(callbacks, on_begin_headers);
    nghttp2_session_callbacks_set_on_header_callback(callbacks, on_header);
    nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks, on_data_chunk);
    nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks, on_frame_recv);
    nghttp2_session_callbacks_set_on_stream_close_callback(callbacks, on_stream_close);
    nghttp2_session_callbacks_set_send_data_callback(callbacks, send_response_data);

    nghttp2_option *option = nullptr;
    nghttp2_option_new(&option);
    nghttp2_option_set_stream_reset_rate_limit(option, settings.reset_burst, settings.reset_rate);
    nghttp2_option_set_max_continuations(option, settings.max_continuations);
    nghttp2_option_set_max_settings(option, settings.max_settings_entries);
    nghttp2_option_set_max_outbound_ack(option, settings.max_outbound_ack);

    const int rv = nghttp2_session_server_new2(&impl_->session, callbacks, impl_.get(), option);
    nghttp2_option_del(option);
    nghttp2_session_callbacks_del(callbacks);
    if (rv != 0) {
        failed_ = true;
        return;
    }
    const nghttp2_settings_entry entries[] = {
        {NGHTTP2_SETTINGS_HEADER_TABLE_SIZE, settings.header_table_size},
        {NGHTTP2_SETTINGS_ENABLE_PUSH, 0},
        {NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, settings.max_concurrent_streams},
        {NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE, settings.initial_window_size},
        {NGHTTP2_SETTINGS_MAX_FRAME_SIZE, settings.max_frame_size},
        {NGHTTP2_SETTINGS_MAX_HEADER_LIST_SIZE, settings.max_header_list_size},
    };
    if (nghttp2_submit_settings(impl_->session, NGHTTP2_FLAG_NONE, entries, std::size(entries)) != 0) failed_ = true;
}

ServerConnection::~ServerConnection() {
    if (impl_->session) nghttp2_session_del(impl_->session);
}

bool ServerConnection::receive(const void *data, size_t len) {
    if (failed_) return false;
    const ssize_t rv = nghttp2_session_mem_recv(impl_->session, static_cast<const uint8_t *>(data), len);
    if (rv < 0) {
        // A bad client preface has no GOAWAY to answer with (the peer is not speaking HTTP/2);
        // anything else gets one naming the reason before the close.
        if (rv != NGHTTP2_ERR_BAD_CLIENT_MAGIC) {
            uint32_t code = kProtocolError;
            if (rv == NGHTTP2_ERR_FLOODED || impl_->calm) code = kEnhanceYourCalm;
            if (rv == NGHTTP2_ERR_CALLBACK_FAILURE && !impl_->calm && !impl_->protocol_error) code = kInternalError;
            nghttp2_session_terminate_session(impl_->session, code);
        } else {
            failed_ = true;
        }
        return false;
    }
    return nghttp2_session_want_read(impl_->session) != 0;
}

std::optional<std::string> decode_http2_settings(std::string_view field) {
    while (!field.empty() && field.back() == '=') field.remove_suffix(1);
    std::string out;
    out.reserve(field.size() * 3 / 4);
    uint32_t bits = 0;
    int have = 0;
    for (char c : field) {
        int v;
        if (c >= 'A' && c <= 'Z') v = c - 'A';
        else if (c >= 'a' && c <= 'z') v = c - 'a' + 26;
        else if (c >= '0' && c <= '9') v = c - '0' + 52;
        else if (c == '-') v = 62;
        else if (c == '_') v = 63;
        else return std::nullopt;
        bits = (bits << 6) | static_cast<uint32_t>(v);
        have += 6;
        if (have >= 8) {
            have -= 8;
            out += static_cast<char>((bits >> have) & 0xff);
        }
    }
    // A leftover of 6 bits cannot end base64; leftover bits must be zero.
    if (have >= 6 || (bits & ((1u << have) - 1)) != 0) return std::nullopt;
    if (out.size() % 6 != 0) return std::nullopt;
    return out;
}

bool ServerConnection::upgrade(std::string_view settings_payload, bool head_request) {
    if (failed_) return false;
    const int rv = nghttp2_session_upgrade2(impl_->session, reinterpret_cast<const uint8_t *>(settings_payload.data()),
                                            settings_payload.size(), head_request ? 1 : 0, nullptr);
    if (rv != 0) return false;
    impl_->streams[1] = StreamState{};
    return true;
}

std::vector<Event> ServerConnection::take_events() {
    std::vector<Event> out(std::make_move_iterator(events_.begin()), std::make_move_iterator(events_.end()));
    events_.clear();
    return out;
}

void ServerConnection::shutdown() {
    if (failed_) return;
    nghttp2_submit_goaway(impl_->session, NGHTTP2_FLAG_NONE, nghttp2_session_get_last_proc_stream_id(impl_->session),
                          kNoError, nullptr, 0);
}

bool ServerConnection::goaway(uint32_t error_code, std::string_view debug_data) {
    if (failed_) return false;
    return nghttp2_submit_goaway(impl_->session, NGHTTP2_FLAG_NONE,
                                 nghttp2_session_get_last_proc_stream_id(impl_->session), error_code,
                                 reinterpret_cast<const uint8_t *>(debug_data.data()), debug_data.size()) == 0;
}

bool ServerConnection::ping(std::string_view opaque) {
    if (failed_ || opaque.size() > 8) return false;
    uint8_t data[8] = {};
    std::copy(opaque.begin(), opaque.end(), data);
    return nghttp2_submit_ping(impl_->session, NGHTTP2_FLAG_NONE, data) == 0;
}

void ServerConnection::terminate(uint32_t error_code) {
    if (failed_) return;
    nghttp2_session_terminate_session(impl_->session, error_code);
}

size_t ServerConnection::open_streams() const { return impl_->streams.size(); }

int32_t ServerConnection::last_stream_id() const {
    return failed_ ? 0 : nghttp2_session_get_last_proc_stream_id(impl_->session);
}

}  // namespace gust::proto::h2
