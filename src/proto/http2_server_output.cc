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

ssize_t read_response_body(nghttp2_session *session, int32_t stream_id, uint8_t *buf, size_t length,
                           uint32_t *data_flags, nghttp2_data_source *, void *user_data) {
    auto *impl = static_cast<ServerConnection::Impl *>(user_data);
    StreamState *stream = impl->find(stream_id);
    if (!stream) return NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE;
    const size_t n = std::min(length, stream->queued());
    if (n == 0 && !stream->out_end) {
        stream->deferred = true;
        return NGHTTP2_ERR_DEFERRED;
    }
    if (n) std::memcpy(buf, stream->out.data() + stream->out_pos, n);
    stream->out_pos += n;
    impl->credit_body(n);
    if (stream->out_pos == stream->out.size()) {
        stream->out.clear();
        stream->out_pos = 0;
    } else if (stream->out_pos > stream->out.size() / 2) {
        stream->out.erase(0, stream->out_pos);
        stream->out_pos = 0;
    }
    if (stream->queued() == 0 && stream->out_end) {
        *data_flags |= NGHTTP2_DATA_FLAG_EOF;
        if (stream->has_trailers) {
            std::vector<nghttp2_nv> nv = to_nv(stream->trailers);
            // nghttp2 allows submitting trailers from here; it ends the stream with them.
            if (nghttp2_submit_trailer(session, stream_id, nv.data(), nv.size()) == 0) {
                *data_flags |= NGHTTP2_DATA_FLAG_NO_END_STREAM;
            }
        }
    }
    if (stream->over_limit && stream->queued() < impl->settings.stream_buffer_limit) {
        stream->over_limit = false;
        impl->push(Event(Event::kWritable, stream_id));
    }
    return static_cast<ssize_t>(n);
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
    stream->out.append(data);
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
    while (out->size() - start < max) {
        const uint8_t *data = nullptr;
        const ssize_t n = nghttp2_session_mem_send(impl_->session, &data);
        if (n < 0) {
            failed_ = true;
            break;
        }
        if (n == 0) break;
        out->append(reinterpret_cast<const char *>(data), static_cast<size_t>(n));
    }
    return out->size() - start;
}

bool ServerConnection::want_write() const { return !failed_ && nghttp2_session_want_write(impl_->session) != 0; }

bool ServerConnection::finished() const {
    return failed_ || (!nghttp2_session_want_read(impl_->session) && !nghttp2_session_want_write(impl_->session));
}

}  // namespace gust::proto::h2
