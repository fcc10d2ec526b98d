// Response-head parser: see gust/proto/http1_response.h.
#include "gust/proto/http1_response.h"

#include <cstring>

namespace gust::proto::http1 {
namespace {

bool is_tchar(unsigned char c) {
    // RFC 9110 §5.6.2 token characters.
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return true;
    return c != 0 && strchr("!#$%&'*+-.^_`|~", c) != nullptr;
}

bool is_ows(char c) { return c == ' ' || c == '\t'; }

std::string_view trim(std::string_view v) {
    while (!v.empty() && is_ows(v.front())) v.remove_prefix(1);
    while (!v.empty() && is_ows(v.back())) v.remove_suffix(1);
    return v;
}

int fail(ResponseHead *head, const char *reason) {
    head->error_reason = reason;
    return kMalformed;
}

// Offset just past the blank line ending the head, or 0 when it is not there yet.
size_t find_head_end(const char *data, size_t len, size_t scan_from) {
    size_t i = scan_from > 2 ? scan_from - 2 : 0;
    for (; i < len; ++i) {
        if (data[i] != '\n') continue;
        // A line ends here; the head ends when the next line is empty (LF or CRLF).
        if (i + 1 < len && data[i + 1] == '\n') return i + 2;
        if (i + 2 < len && data[i + 1] == '\r' && data[i + 2] == '\n') return i + 3;
    }
    return 0;
}

// Content-Length: digits, or a list of identical values ("5, 5", RFC 9110 §8.6).
bool parse_content_length(std::string_view v, uint64_t *out) {
    bool have = false;
    uint64_t first = 0;
    while (true) {
        size_t comma = v.find(',');
        std::string_view item = trim(v.substr(0, comma));
        if (item.empty()) return false;
        uint64_t n = 0;
        for (char c : item) {
            if (c < '0' || c > '9') return false;
            if (n > (UINT64_MAX - 9) / 10) return false;
            n = n * 10 + static_cast<uint64_t>(c - '0');
        }
        if (have && n != first) return false;
        first = n;
        have = true;
        if (comma == std::string_view::npos) break;
        v.remove_prefix(comma + 1);
    }
    *out = first;
    return true;
}

// The last coding of a Transfer-Encoding list is "chunked".
bool chunked_is_final(std::string_view v) {
    size_t comma = v.rfind(',');
    std::string_view last = trim(comma == std::string_view::npos ? v : v.substr(comma + 1));
    size_t semi = last.find(';');  // transfer parameters
    if (semi != std::string_view::npos) last = trim(last.substr(0, semi));
    return equals_ignore_case(last, "chunked");
}

}  // namespace

bool header_has_token(std::string_view value, std::string_view token) {
    while (!value.empty()) {
        size_t comma = value.find(',');
        if (equals_ignore_case(trim(value.substr(0, comma)), token)) return true;
        if (comma == std::string_view::npos) break;
        value.remove_prefix(comma + 1);
    }
    return false;
}

std::string_view ResponseHead::header(std::string_view name, bool *found) const {
    return find_header(headers, header_count, name, found);
}

int parse_response_head(const char *data, size_t len, ResponseHead *head, bool request_was_head,
                        const ResponseLimits &limits, size_t scan_from) {
    head->reset();
    // Refuse a peer that does not speak HTTP as soon as its first bytes show it.
    static constexpr std::string_view kProto = "HTTP/1.";
    size_t probe = len < kProto.size() ? len : kProto.size();
    if (memcmp(data, kProto.data(), probe) != 0) return fail(head, "not an HTTP/1.x response");

    size_t end = find_head_end(data, len, scan_from);
    if (end == 0) {
        if (len > limits.max_head_bytes) return fail(head, "response head too large");
        return kNeedMore;
    }
    if (end > limits.max_head_bytes) return fail(head, "response head too large");

    // Status line: HTTP/1.x SP 3DIGIT [SP reason]
    std::string_view all(data, end);
    size_t eol = all.find('\n');
    std::string_view line = all.substr(0, eol);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.size() < 12 || line[8] != ' ') return fail(head, "malformed status line");
    if (line[7] != '0' && line[7] != '1') return fail(head, "unsupported HTTP version");
    head->version_minor = line[7] - '0';
    int status = 0;
    for (size_t i = 9; i < 12; ++i) {
        if (line[i] < '0' || line[i] > '9') return fail(head, "malformed status code");
        status = status * 10 + (line[i] - '0');
    }
    if (status < 100) return fail(head, "malformed status code");
    head->status = status;
    if (line.size() > 12) {
        if (line[12] != ' ') return fail(head, "malformed status line");
        head->reason = line.substr(13);
    }
    for (char c : head->reason) {
        if (c == '\r' || c == '\0') return fail(head, "control character in reason phrase");
    }

    // Header fields, up to the blank line.
    size_t pos = eol + 1;
    bool have_length = false, have_te = false, te_chunked = false, conn_close = false, conn_keep_alive = false;
    while (pos < end) {
        size_t nl = all.find('\n', pos);
        std::string_view fl = all.substr(pos, nl - pos);
        pos = nl + 1;
        if (!fl.empty() && fl.back() == '\r') fl.remove_suffix(1);
        if (fl.empty()) break;  // the blank line
        if (is_ows(fl.front())) return fail(head, "folded header line");
        size_t colon = fl.find(':');
        if (colon == std::string_view::npos || colon == 0) return fail(head, "malformed header line");
        std::string_view name = fl.substr(0, colon);
        for (char c : name) {
            if (!is_tchar(static_cast<unsigned char>(c))) return fail(head, "invalid header name");
        }
        std::string_view value = trim(fl.substr(colon + 1));
        for (char c : value) {
            if (c == '\r' || c == '\0') return fail(head, "control character in header value");
        }
        if (head->header_count >= limits.max_headers || head->header_count >= ResponseHead::kHeaderCapacity)
            return fail(head, "too many header fields");
        head->headers[head->header_count++] = Header{name, value};

        if (equals_ignore_case(name, "content-length")) {
            uint64_t n = 0;
            if (!parse_content_length(value, &n)) return fail(head, "invalid Content-Length");
            if (have_length && n != head->content_length) return fail(head, "conflicting Content-Length");
            head->content_length = n;
            have_length = true;
        } else if (equals_ignore_case(name, "transfer-encoding")) {
            have_te = true;
            te_chunked = chunked_is_final(value);  // a later field line continues the list
        } else if (equals_ignore_case(name, "connection")) {
            if (header_has_token(value, "close")) conn_close = true;
            if (header_has_token(value, "keep-alive")) conn_keep_alive = true;
        }
    }

    head->keep_alive = head->version_minor == 1 ? !conn_close : (conn_keep_alive && !conn_close);

    // RFC 9112 §6.3, in its order.
    if (request_was_head || status < 200 || status == 204 || status == 304) {
        // Content-Length, if any, describes the body a GET would have had: kept in the headers only.
        head->framing = ResponseFraming::kNone;
        head->content_length = 0;
        return static_cast<int>(end);
    }
    if (have_te) {
        // Transfer-Encoding wins over Content-Length; a message carrying both may be an attempt
        // at smuggling, so the connection is not reused. HTTP/1.0 has no Transfer-Encoding:
        // such a body is read until the close.
        if (have_length) head->keep_alive = false;
        head->content_length = 0;
        if (te_chunked && head->version_minor == 1) {
            head->framing = ResponseFraming::kChunked;
        } else {
            head->framing = ResponseFraming::kUntilClose;
            head->keep_alive = false;
        }
        return static_cast<int>(end);
    }
    if (have_length) {
        head->framing = head->content_length == 0 ? ResponseFraming::kNone : ResponseFraming::kLength;
        return static_cast<int>(end);
    }
    head->framing = ResponseFraming::kUntilClose;
    head->keep_alive = false;
    return static_cast<int>(end);
}

}  // namespace gust::proto::http1
