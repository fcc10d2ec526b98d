// The output side: response HEADERS, body bytes queued per stream and handed to nghttp2 by a
// data provider that defers while the queue is empty, trailers, and the bytes to write.
#include <sys/uio.h>

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
        const std::string_view front = out.front().bytes;
        const size_t n = std::min(length, front.size() - out_pos);
        to->append(front.substr(out_pos, n));
        out_pos += n;
        length -= n;
        if (out_pos == front.size()) {
            out.pop_front();
            out_pos = 0;
        }
    }
}

void StreamState::take(OutputBatch *to, size_t length) {
    out_bytes -= length;
    while (length > 0) {
        const BodyChunk &front = out.front();
        const size_t n = std::min(length, front.bytes.size() - out_pos);
        to->append_chunk(front, out_pos, n);
        out_pos += n;
        length -= n;
        if (out_pos == front.bytes.size()) {
            out.pop_front();
            out_pos = 0;
        }
    }
}

int send_response_data(nghttp2_session *, nghttp2_frame *frame, const uint8_t *framehd, size_t length,
                       nghttp2_data_source *, void *user_data) {
    auto *impl = static_cast<ServerConnection::Impl *>(user_data);
    StreamState *stream = impl->find(frame->hd.stream_id);
    if (!(impl->output || impl->batch) || !stream || stream->queued() < length) return NGHTTP2_ERR_CALLBACK_FAILURE;
    const size_t padlen = frame->data.padlen;
    char head[10];
    memcpy(head, framehd, 9);
    if (padlen > 0) head[9] = static_cast<char>(padlen - 1);
    const size_t head_len = padlen > 0 ? 10 : 9;
    static const char kZeros[256] = {};  // padding is at most 255 bytes
    if (impl->batch) {
        impl->batch->append_bytes(head, head_len);
        stream->take(impl->batch, length);
        if (padlen > 1) impl->batch->append_bytes(kZeros, padlen - 1);
    } else {
        impl->output->append(head, head_len);
        stream->take(impl->output, length);
        if (padlen > 1) impl->output->append(kZeros, padlen - 1);
    }
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
    return send_owned_data(stream_id, std::string(data), end_stream);
}

bool ServerConnection::send_owned_data(int32_t stream_id, std::string &&data, bool end_stream) {
    if (data.empty()) return send_chunk(stream_id, {}, end_stream);
    auto owner = std::make_shared<const std::string>(std::move(data));
    return send_chunk(stream_id, {owner, *owner}, end_stream);
}

bool ServerConnection::send_chunk(int32_t stream_id, BodyChunk chunk, bool end_stream) {
    if (failed_) return false;
    StreamState *stream = impl_->find(stream_id);
    if (!stream || !stream->responded || stream->out_end || stream->rejected) return false;
    const bool some = !chunk.bytes.empty();
    if (some) {
        stream->out_bytes += chunk.bytes.size();
        stream->out.push_back(std::move(chunk));
    }
    stream->out_end = end_stream;
    if (stream->queued() >= impl_->settings.stream_buffer_limit) stream->over_limit = true;
    if (stream->deferred && (some || end_stream)) {
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

namespace {

// nghttp2_session_mem_send() until about `max` bytes went to `out` (through `append` for the
// frames it serialises; DATA frames go straight there from send_response_data).
template <typename Out, typename Append>
size_t drain_session(nghttp2_session *session, Out size_of, size_t max, bool *failed, Append append) {
    const size_t start = size_of();
    while (size_of() - start < max) {
        const uint8_t *data = nullptr;
        const size_t before = size_of();
        const ssize_t n = nghttp2_session_mem_send(session, &data);
        if (n < 0) {
            *failed = true;
            break;
        }
        if (n == 0 && size_of() == before) break;  // nothing serialised and no DATA sent
        if (n > 0) append(data, static_cast<size_t>(n));
    }
    return size_of() - start;
}

}  // namespace

size_t ServerConnection::take_output(std::string *out, size_t max) {
    if (failed_) return 0;
    impl_->output = out;
    const size_t n = drain_session(
        impl_->session, [out] { return out->size(); }, max, &failed_,
        [out](const uint8_t *data, size_t len) { out->append(reinterpret_cast<const char *>(data), len); });
    impl_->output = nullptr;
    return n;
}

size_t ServerConnection::take_output(OutputBatch *out, size_t max) {
    if (failed_) return 0;
    impl_->batch = out;
    const size_t n = drain_session(
        impl_->session, [out] { return out->size(); }, max, &failed_,
        [out](const uint8_t *data, size_t len) { out->append_bytes(data, len); });
    impl_->batch = nullptr;
    return n;
}

// ---- OutputBatch

void OutputBatch::clear() {
    bytes_.clear();
    pieces_.clear();
    first_ = first_done_ = total_ = sent_ = 0;
}

void OutputBatch::append_bytes(const void *data, size_t len) {
    if (len == 0) return;
    const size_t at = bytes_.size();
    bytes_.append(static_cast<const char *>(data), len);
    total_ += len;
    if (!pieces_.empty() && !pieces_.back().owner && pieces_.back().offset + pieces_.back().len == at) {
        pieces_.back().len += len;
        return;
    }
    pieces_.push_back({nullptr, nullptr, at, len});
}

void OutputBatch::append_chunk(const BodyChunk &chunk, size_t offset, size_t len) {
    if (len < 512) {  // an iovec (and the shared reference) costs more than copying a few bytes
        append_bytes(chunk.bytes.data() + offset, len);
        return;
    }
    pieces_.push_back({chunk.owner, chunk.bytes.data() + offset, 0, len});
    total_ += len;
}

size_t OutputBatch::fill(iovec *iov, size_t max) const {
    size_t count = 0;
    for (size_t i = first_; i < pieces_.size() && count < max; ++i, ++count) {
        const Piece &p = pieces_[i];
        const size_t skip = i == first_ ? first_done_ : 0;
        iov[count].iov_base = const_cast<char *>(p.base(bytes_) + skip);
        iov[count].iov_len = p.len - skip;
    }
    return count;
}

void OutputBatch::consume(size_t n) {
    sent_ += n;
    while (n > 0 && first_ < pieces_.size()) {
        Piece &p = pieces_[first_];
        const size_t left = p.len - first_done_;
        if (n < left) {
            first_done_ += n;
            return;
        }
        n -= left;
        p.owner.reset();  // written: its chunk may go
        ++first_;
        first_done_ = 0;
    }
}

void OutputBatch::copy_to(std::string *out) const {
    for (size_t i = first_; i < pieces_.size(); ++i) {
        const Piece &p = pieces_[i];
        const size_t skip = i == first_ ? first_done_ : 0;
        out->append(p.base(bytes_) + skip, p.len - skip);
    }
}

bool ServerConnection::want_write() const { return !failed_ && nghttp2_session_want_write(impl_->session) != 0; }

bool ServerConnection::finished() const {
    return failed_ || (!nghttp2_session_want_read(impl_->session) && !nghttp2_session_want_write(impl_->session));
}

}  // namespace gust::proto::h2
