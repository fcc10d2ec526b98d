// The output side: response HEADERS, body bytes queued per stream and handed to nghttp2 by a
// data provider that defers while the queue is empty, trailers, and the bytes to write.
#include <algorithm>
#include <cstring>

#include "proto/http2_server_internal.h"

namespace gust::proto::h2 {

std::vector<nghttp2_nv> to_nv(const Headers &headers, const std::string *status) {
    std::vector<nghttp2_nv> nv;
    nv.reserve(headers.size() + 1);
    auto add = [&](const std::string &name, const std::string &value) {
        nv.push_back({reinterpret_cast<uint8_t *>(const_cast<char *>(name.data())),
                      reinterpret_cast<uint8_t *>(const_cast<char *>(value.data())), name.size(), value.size(),
                      NGHTTP2_NV_FLAG_NONE});
    };
    static const std::string kStatus = ":status";
    if (status) add(kStatus, *status);
    for (const Header &h : headers) add(h.name, h.value);
    return nv;
}

// Body bytes are not copied into nghttp2's frame buffer (NGHTTP2_DATA_FLAG_NO_COPY): the read
// callback only sizes the frame, and send_response_data() appends its header and the stream's
// queued bytes straight to take_output()'s destination. One copy less per body byte.
ssize_t read_response_body(nghttp2_session *session, int32_t stream_id, uint8_t *, size_t length, uint32_t *data_flags,
                           nghttp2_data_source *, void *user_data) {
    auto *impl = static_cast<ServerConnection::Impl *>(user_data);
    StreamState *stream = impl->find(stream_id);
    if (!stream) return NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE;
    const size_t n = std::min(length, stream->queued());
    if (n == 0 && !stream->out_end) {
        stream->deferred = true;
        return NGHTTP2_ERR_DEFERRED;
    }
    *data_flags |= NGHTTP2_DATA_FLAG_NO_COPY;
    impl->credit_body(n);
    if (stream->queued() == n && stream->out_end) {
        *data_flags |= NGHTTP2_DATA_FLAG_EOF;
        if (stream->has_trailers) {
            std::vector<nghttp2_nv> nv = to_nv(stream->trailers);
            // nghttp2 allows submitting trailers from here; it ends the stream with them.
            if (nghttp2_submit_trailer(session, stream_id, nv.data(), nv.size()) == 0) {
                *data_flags |= NGHTTP2_DATA_FLAG_NO_END_STREAM;
            }
        }
    }
    return static_cast<ssize_t>(n);
}

void StreamState::take(std::string *to, size_t length) {
    out_bytes -= length;
    while (length > 0) {
        const std::string &front = out.front();
        const size_t n = std::min(length, front.size() - out_pos);
        to->append(front, out_pos, n);
        out_pos += n;
        length -= n;
        if (out_pos == front.size()) {
            out.pop_front();
            out_pos = 0;
        }
    }
}

int send_response_data(nghttp2_session *, nghttp2_frame *frame, const uint8_t *framehd, size_t length,
                       nghttp2_data_source *, void *user_data) {
    auto *impl = static_cast<ServerConnection::Impl *>(user_data);
    StreamState *stream = impl->find(frame->hd.stream_id);
    if (!impl->output || !stream || stream->queued() < length) return NGHTTP2_ERR_CALLBACK_FAILURE;
    std::string &out = *impl->output;
    out.append(reinterpret_cast<const char *>(framehd), 9);
    const size_t padlen = frame->data.padlen;
    if (padlen > 0) out.push_back(static_cast<char>(padlen - 1));
    stream->take(&out, length);
    if (padlen > 1) out.append(padlen - 1, '\0');
    if (stream->over_limit && stream->queued() < impl->settings.stream_buffer_limit) {
        stream->over_limit = false;
        impl->push(Event(Event::kWritable, frame->hd.stream_id));
    }
    return 0;
}

bool ServerConnection::submit_response(int32_t stream_id, int status, const Headers &headers, bool end_stream) {
    if (failed_) return false;
    StreamState *stream = impl_->find(stream_id);
    if (!stream || stream->responded || stream->rejected) return false;
    const std::string code = std::to_string(status);
    std::vector<nghttp2_nv> nv = to_nv(headers, &code);
    nghttp2_data_provider provider{};
    provider.read_callback = read_response_body;
    if (nghttp2_submit_response(impl_->session, stream_id, nv.data(), nv.size(), end_stream ? nullptr : &provider) !=
        0) {
        return false;
    }
    stream->responded = true;
    if (end_stream) stream->out_end = true;
    return true;
}

bool ServerConnection::send_data(int32_t stream_id, std::string_view data, bool end_stream) {
    if (failed_) return false;
    StreamState *stream = impl_->find(stream_id);
    if (!stream || !stream->responded || stream->out_end || stream->rejected) return false;
    if (!data.empty()) {
        stream->out.emplace_back(data);
        stream->out_bytes += data.size();
    }
    stream->out_end = end_stream;
    if (stream->queued() >= impl_->settings.stream_buffer_limit) stream->over_limit = true;
    if (stream->deferred && (!data.empty() || end_stream)) {
        stream->deferred = false;
        nghttp2_session_resume_data(impl_->session, stream_id);
    }
    return true;
}

bool ServerConnection::send_trailers(int32_t stream_id, const Headers &trailers) {
    if (failed_) return false;
    StreamState *stream = impl_->find(stream_id);
    if (!stream || !stream->responded || stream->out_end || stream->rejected) return false;
    stream->trailers = trailers;
    stream->has_trailers = true;
    return send_data(stream_id, {}, true);
}

bool ServerConnection::stream_writable(int32_t stream_id) const {
    const StreamState *stream = impl_->find(stream_id);
    return stream && stream->queued() < impl_->settings.stream_buffer_limit;
}

bool ServerConnection::stream_open(int32_t stream_id) const { return impl_->find(stream_id) != nullptr; }

size_t ServerConnection::stream_queued(int32_t stream_id) const {
    const StreamState *stream = impl_->find(stream_id);
    return stream ? stream->queued() : 0;
}

void ServerConnection::reset_stream(int32_t stream_id, uint32_t error_code) {
    if (failed_) return;
    if (StreamState *stream = impl_->find(stream_id)) impl_->reject(stream_id, stream, error_code);
}

size_t ServerConnection::take_output(std::string *out, size_t max) {
    if (failed_) return 0;
    const size_t start = out->size();
    impl_->output = out;  // no-copy DATA frames are appended by send_response_data()
    while (out->size() - start < max) {
        const uint8_t *data = nullptr;
        const size_t before = out->size();
        const ssize_t n = nghttp2_session_mem_send(impl_->session, &data);
        if (n < 0) {
            failed_ = true;
            break;
        }
        if (n == 0 && out->size() == before) break;  // nothing serialised and no DATA sent
        if (n > 0) out->append(reinterpret_cast<const char *>(data), static_cast<size_t>(n));
    }
    impl_->output = nullptr;
    return out->size() - start;
}

bool ServerConnection::want_write() const { return !failed_ && nghttp2_session_want_write(impl_->session) != 0; }

bool ServerConnection::finished() const {
    return failed_ || (!nghttp2_session_want_read(impl_->session) && !nghttp2_session_want_write(impl_->session));
}

}  // namespace gust::proto::h2
