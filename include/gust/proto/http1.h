// HTTP/1.1 request framing (RFC 9112): a strict, zero-copy parser for the
// request head and an incremental chunked-body decoder. Pure functions over
// bytes — no I/O, no allocation — so both can be fuzzed alone.
//
// Contract (picohttpparser style): parse_request_head() returns the number of
// bytes the head occupies (> 0), kNeedMore, or kMalformed with an HTTP status
// and a reason in the RequestHead. Any framing that could be read two ways is
// refused, never guessed: the server answers the status and closes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace gust::proto::http1 {

constexpr int kNeedMore = -2;
constexpr int kMalformed = -1;

struct Limits {
    size_t max_head_bytes = 16 * 1024;  // request line + headers + blank line
    size_t max_headers = 128;
};

struct Header {
    std::string_view name;   // as sent (case preserved); compare case-insensitively
    std::string_view value;  // optional whitespace trimmed on both sides
};

enum class BodyFraming : uint8_t {
    kNone,     // no body (no Content-Length and no Transfer-Encoding)
    kLength,   // Content-Length bytes follow
    kChunked,  // Transfer-Encoding: chunked
};

// ASCII case-insensitive equality for header names and tokens (inline: parsers call it per header).
inline bool equals_ignore_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = static_cast<char>(x + 32);
        if (y >= 'A' && y <= 'Z') y = static_cast<char>(y + 32);
        if (x != y) return false;
    }
    return true;
}

// equals_ignore_case() against a literal already in lower case: half the work per character.
inline bool equals_lower(std::string_view a, std::string_view lower) {
    if (a.size() != lower.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        char x = a[i];
        if (x >= 'A' && x <= 'Z') x = static_cast<char>(x + 32);
        if (x != lower[i]) return false;
    }
    return true;
}

// The first of `count` headers named `name` (case-insensitive), or an empty view with found=false.
std::string_view find_header(const Header *headers, size_t count, std::string_view name, bool *found);

struct RequestHead {
    static constexpr size_t kHeaderCapacity = 128;

    std::string_view method;
    std::string_view target;          // request-target exactly as sent
    int version_minor = 1;            // HTTP/1.<minor>; only 0 and 1 are accepted
    Header headers[kHeaderCapacity];  // only the first header_count are meaningful
    size_t header_count = 0;

    BodyFraming framing = BodyFraming::kNone;
    uint64_t content_length = 0;
    bool keep_alive = true;        // after this request, per version and Connection
    bool expect_continue = false;  // Expect: 100-continue
    bool upgrade = false;          // Connection: upgrade + Upgrade header present
    std::string_view host;

    // Set when kMalformed is returned: the status to answer (400, 417, 431, 501, 505) and why.
    int error_status = 0;
    const char *error_reason = nullptr;

    // Back to the state of a fresh head without touching the header array (4 KiB that only
    // header_count entries of are ever read): parsing runs twice per request.
    void reset() {
        method = target = host = {};
        version_minor = 1;
        header_count = 0;
        framing = BodyFraming::kNone;
        content_length = 0;
        keep_alive = true;
        expect_continue = upgrade = false;
        error_status = 0;
        error_reason = nullptr;
    }

    // First header with this name (ASCII case-insensitive), or an empty view with found=false.
    std::string_view header(std::string_view name, bool *found = nullptr) const;

    // This head = `from`, whose views point into bytes starting at `from_base`, with every view
    // moved to the same offsets in an identical copy of those bytes at `to_base` (a head parsed in
    // one buffer, used with a copy of the request: no second parse).
    void copy_rebased(const RequestHead &from, const char *from_base, const char *to_base);
};

// Parses one request head from the start of `data`. `scan_from` lets a caller
// that already saw a prefix resume the search for the blank line (pass the
// previous length; 0 is always correct). Leading empty lines (CRLF) before the
// request line are skipped, as RFC 9112 §2.2 allows.
int parse_request_head(const char *data, size_t len, RequestHead *head, const Limits &limits = {},
                       size_t scan_from = 0);

// The reason phrase of a status code ("Not Found"), or nullptr for a code it does not know.
const char *reason_phrase(int status);

// The whole response a server sends before closing a connection whose request it refused
// (400, 408, 413, 414, 417, 431, 501, 505, or any other known code): status line, Connection:
// close, Content-Length and a one-line text body. Static storage.
std::string_view error_response(int status);

// The interim response to `Expect: 100-continue`.
inline constexpr std::string_view kContinueResponse = "HTTP/1.1 100 Continue\r\n\r\n";

// True when `v` holds a CR, LF or NUL: a value that would split or end a header
// line (response splitting). Check every header name and value an application
// sets before writing it.
bool has_forbidden_header_chars(std::string_view v);

// Incremental decoder for a chunked body. Feed it whatever bytes arrived; it
// hands out body data as views into the input (no copy) and stops exactly at
// the end of the body, so pipelined requests after it stay untouched.
class ChunkedDecoder {
public:
    class Sink {
    public:
        virtual void on_body_data(std::string_view data) = 0;

    protected:
        ~Sink() = default;
    };

    explicit ChunkedDecoder(uint64_t max_body = UINT64_MAX, size_t max_trailer_bytes = 8 * 1024)
        : max_body_(max_body), max_trailer_bytes_(max_trailer_bytes) {}

    // Returns bytes consumed (>= 0; all of `len` unless the body ended inside it),
    // or kMalformed with error_status() set (400, or 413 when max_body is exceeded).
    int64_t feed(const char *data, size_t len, Sink &sink);
    bool done() const { return state_ == State::kDone; }
    uint64_t body_bytes() const { return body_bytes_; }
    int error_status() const { return error_status_; }
    const char *error_reason() const { return error_reason_; }

private:
    enum class State : uint8_t {
        kSize,          // hex digits of the chunk size
        kExtension,     // ";name=value" after the size
        kSizeLf,        // LF after the size line's CR
        kData,          // chunk data
        kDataCr,        // CR after the data
        kDataLf,        // LF after the data
        kTrailerStart,  // start of a trailer line or the final CRLF
        kTrailerLine,   // inside a trailer field line
        kTrailerLf,     // LF of a trailer line
        kFinalLf,       // LF of the final empty line
        kDone,
        kError,
    };
    int64_t fail(int status, const char *reason);

    State state_ = State::kSize;
    uint64_t chunk_left_ = 0;
    int size_digits_ = 0;
    uint64_t body_bytes_ = 0;
    uint64_t max_body_;
    size_t max_trailer_bytes_;
    size_t trailer_bytes_ = 0;
    bool trailer_line_has_colon_ = false;
    int error_status_ = 0;
    const char *error_reason_ = nullptr;
};

}  // namespace gust::proto::http1
