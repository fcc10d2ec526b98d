// Chunked transfer coding (RFC 9112 §7.1), decoded incrementally and strictly:
// hex sizes without sign, whitespace or overflow, CRLF everywhere, trailers as
// well-formed field lines. The decoder stops exactly at the end of the body.
#include "gust/proto/http1.h"
#include "proto/http1_chars.h"

namespace gust::proto::http1 {
namespace {

constexpr int kMaxSizeDigits = 15;  // 2^60 bytes: far above any limit, and no overflow

}  // namespace

int64_t ChunkedDecoder::fail(int status, const char *reason) {
    state_ = State::kError;
    error_status_ = status;
    error_reason_ = reason;
    return kMalformed;
}

int64_t ChunkedDecoder::feed(const char *data, size_t len, Sink &sink) {
    if (state_ == State::kError) return kMalformed;
    size_t i = 0;
    while (i < len && state_ != State::kDone) {
        const char c = data[i];
        switch (state_) {
            case State::kSize: {
                const int v = hex_value(c);
                if (v >= 0) {
                    if (++size_digits_ > kMaxSizeDigits) return fail(400, "chunk size too large");
                    chunk_left_ = chunk_left_ * 16 + static_cast<uint64_t>(v);
                } else if (c == ';' && size_digits_ > 0) {
                    state_ = State::kExtension;
                    trailer_bytes_ = 0;
                } else if (c == '\r' && size_digits_ > 0) {
                    state_ = State::kSizeLf;
                } else {
                    return fail(400, "malformed chunk size");
                }
                ++i;
                break;
            }
            case State::kExtension:
                // Extensions are ignored, but their bytes must be printable and bounded.
                if (c == '\r') {
                    state_ = State::kSizeLf;
                } else if (!is_field_char(static_cast<unsigned char>(c))) {
                    return fail(400, "control character in chunk extension");
                } else if (++trailer_bytes_ > max_trailer_bytes_) {
                    return fail(400, "chunk extension too long");
                }
                ++i;
                break;
            case State::kSizeLf:
                if (c != '\n') return fail(400, "chunk size line not ended by CRLF");
                ++i;
                if (chunk_left_ == 0) {
                    state_ = State::kTrailerStart;
                    trailer_bytes_ = 0;
                } else {
                    if (chunk_left_ > max_body_ - body_bytes_) return fail(413, "body larger than allowed");
                    state_ = State::kData;
                }
                break;
            case State::kData: {
                const size_t take = (len - i) < chunk_left_ ? (len - i) : static_cast<size_t>(chunk_left_);
                sink.on_body_data(std::string_view(data + i, take));
                i += take;
                chunk_left_ -= take;
                body_bytes_ += take;
                if (chunk_left_ == 0) state_ = State::kDataCr;
                break;
            }
            case State::kDataCr:
                if (c != '\r') return fail(400, "chunk data longer than its size");
                state_ = State::kDataLf;
                ++i;
                break;
            case State::kDataLf:
                if (c != '\n') return fail(400, "chunk data not ended by CRLF");
                state_ = State::kSize;
                size_digits_ = 0;
                ++i;
                break;
            case State::kTrailerStart:
                if (c == '\r') {
                    state_ = State::kFinalLf;
                } else if (is_tchar(static_cast<unsigned char>(c))) {
                    state_ = State::kTrailerLine;
                    trailer_line_has_colon_ = false;
                } else {
                    return fail(400, "malformed trailer");
                }
                ++i;
                break;
            case State::kTrailerLine:
                if (++trailer_bytes_ > max_trailer_bytes_) return fail(400, "trailer section too large");
                if (c == '\r') {
                    if (!trailer_line_has_colon_) return fail(400, "malformed trailer");
                    state_ = State::kTrailerLf;
                } else if (!trailer_line_has_colon_) {
                    if (c == ':') {
                        trailer_line_has_colon_ = true;
                    } else if (!is_tchar(static_cast<unsigned char>(c))) {
                        return fail(400, "malformed trailer name");
                    }
                } else if (!is_field_char(static_cast<unsigned char>(c))) {
                    return fail(400, "control character in trailer");
                }
                ++i;
                break;
            case State::kTrailerLf:
                if (c != '\n') return fail(400, "trailer not ended by CRLF");
                state_ = State::kTrailerStart;
                ++i;
                break;
            case State::kFinalLf:
                if (c != '\n') return fail(400, "chunked body not ended by CRLF");
                state_ = State::kDone;
                ++i;
                break;
            case State::kDone:
            case State::kError: break;
        }
    }
    return static_cast<int64_t>(i);
}

}  // namespace gust::proto::http1
