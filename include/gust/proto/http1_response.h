// HTTP/1.1 response heads (RFC 9112 §4, §6.3) for the coroutine HTTP client: the status line,
// the header fields and the decision how the body is delimited. A pure function over bytes —
// no I/O, no allocation — with the request parser's contract: bytes of the head (> 0),
// kNeedMore, or kMalformed with a reason. Chunked bodies go to http1::ChunkedDecoder.
//
// A client meets servers it does not control, so it is lenient where reading stays unambiguous
// (a bare LF ends a line, the reason phrase may be missing) and strict where two readings of the
// body would differ (conflicting Content-Length values, a non-numeric length).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "gust/proto/http1.h"

namespace gust::proto::http1 {

enum class ResponseFraming : uint8_t {
    kNone,        // no body: HEAD request, 1xx, 204, 304, or Content-Length: 0
    kLength,      // content_length bytes follow
    kChunked,     // Transfer-Encoding ending in chunked
    kUntilClose,  // the body ends when the server closes the connection
};

struct ResponseHead {
    static constexpr size_t kHeaderCapacity = 128;

    int version_minor = 1;    // HTTP/1.<minor>; 0 and 1 accepted
    int status = 0;           // 100..999
    std::string_view reason;  // may be empty
    Header headers[kHeaderCapacity];
    size_t header_count = 0;

    ResponseFraming framing = ResponseFraming::kNone;
    uint64_t content_length = 0;
    // The connection may carry another request after this response: per version and
    // Connection, and never after a close-delimited body or a Transfer-Encoding/Content-Length
    // conflict (RFC 9112 §6.3 point 3).
    bool keep_alive = true;

    const char *error_reason = nullptr;  // set with kMalformed

    void reset() {
        version_minor = 1;
        status = 0;
        reason = {};
        header_count = 0;
        framing = ResponseFraming::kNone;
        content_length = 0;
        keep_alive = true;
        error_reason = nullptr;
    }

    // First header with this name (ASCII case-insensitive).
    std::string_view header(std::string_view name, bool *found = nullptr) const;
};

struct ResponseLimits {
    size_t max_head_bytes = 64 * 1024;  // status line + headers + blank line
    size_t max_headers = ResponseHead::kHeaderCapacity;
};

// Parses one response head at the start of `data`. `request_was_head`: the request was HEAD,
// so no body follows whatever the headers say. `scan_from` resumes the search for the end of
// the head (pass the length seen before; 0 is always correct).
int parse_response_head(const char *data, size_t len, ResponseHead *head, bool request_was_head = false,
                        const ResponseLimits &limits = {}, size_t scan_from = 0);

// True when the comma-separated header value holds `token` (ASCII case-insensitive), as for
// Connection: keep-alive, Upgrade or Transfer-Encoding lists.
bool header_has_token(std::string_view value, std::string_view token);

}  // namespace gust::proto::http1
