// Strict request-head parser (RFC 9112 §2–§7, RFC 9110 §5). Every rule that
// request smugglers exploit — duplicate or malformed Content-Length, CL with
// TE, obfuscated TE, obs-fold, bare LF/CR, whitespace before the colon, control
// bytes — ends in kMalformed: one reading or none.
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "gust/proto/http1.h"
#include "proto/http1_chars.h"

namespace gust::proto::http1 {
namespace {

int fail(RequestHead *head, int status, const char *reason) {
    head->error_status = status;
    head->error_reason = reason;
    return kMalformed;
}

// Finds the CRLFCRLF ending the head at or after `from`, refusing a bare LF on the way.
// Returns the offset of the first CR of the terminator, -1 if absent, -2 on a bare LF.
long find_head_end(const char *data, size_t start, size_t len, size_t from) {
    size_t i = from > start ? from : start;
    while (i < len) {
        const void *lf = memchr(data + i, '\n', len - i);
        if (lf == nullptr) return -1;
        size_t at = static_cast<const char *>(lf) - data;
        if (at == start || data[at - 1] != '\r') return -2;
        if (at >= start + 3 && data[at - 2] == '\n' && data[at - 3] == '\r') return static_cast<long>(at - 3);
        i = at + 1;
    }
    return -1;
}

bool parse_decimal(std::string_view v, uint64_t *out) {
    if (v.empty() || v.size() > 19) return false;  // 19 digits cannot overflow uint64
    uint64_t n = 0;
    for (char c : v) {
        if (c < '0' || c > '9') return false;
        n = n * 10 + static_cast<uint64_t>(c - '0');
    }
    *out = n;
    return true;
}

// Visits the comma-separated elements of a list header, trimmed; empty elements are skipped.
template <typename Fn>
void for_each_element(std::string_view v, Fn fn) {
    size_t pos = 0;
    while (pos <= v.size()) {
        size_t comma = v.find(',', pos);
        if (comma == std::string_view::npos) comma = v.size();
        std::string_view item = trim_ows(v.substr(pos, comma - pos));
        if (!item.empty()) fn(item);
        pos = comma + 1;
    }
}

struct FramingHeaders {
    bool has_length = false;
    bool has_te = false;
    bool has_host = false;
    bool conn_close = false;
    bool conn_keep_alive = false;
    bool conn_upgrade = false;
    bool has_upgrade = false;
};

// Applies one header's meaning to the head; returns 0 or kMalformed.
int apply_header(RequestHead *head, FramingHeaders *seen, const Header &h) {
    const std::string_view name = h.name, value = h.value;
    // Only these names mean anything here, and their lengths differ: most headers stop at the switch.
    switch (name.size()) {
        case 4:   // host
        case 6:   // expect
        case 7:   // upgrade
        case 10:  // connection
        case 14:  // content-length
        case 17:  // transfer-encoding
            break;
        default: return 0;
    }
    if (equals_lower(name, "content-length")) {
        if (seen->has_length) return fail(head, 400, "duplicate Content-Length");
        if (!parse_decimal(value, &head->content_length)) return fail(head, 400, "malformed Content-Length");
        seen->has_length = true;
    } else if (equals_lower(name, "transfer-encoding")) {
        if (seen->has_te) return fail(head, 400, "duplicate Transfer-Encoding");
        seen->has_te = true;
        size_t codings = 0;
        std::string_view last;
        bool bad_token = false;
        for_each_element(value, [&](std::string_view item) {
            ++codings;
            last = item;
            for (char c : item) bad_token |= !is_tchar(static_cast<unsigned char>(c));
        });
        if (bad_token || codings == 0) return fail(head, 400, "malformed Transfer-Encoding");
        if (!equals_lower(last, "chunked")) return fail(head, 400, "Transfer-Encoding does not end in chunked");
        if (codings > 1) return fail(head, 501, "transfer coding not supported");
    } else if (equals_lower(name, "host")) {
        if (seen->has_host) return fail(head, 400, "duplicate Host");
        seen->has_host = true;
        head->host = value;
    } else if (equals_lower(name, "connection")) {
        for_each_element(value, [&](std::string_view item) {
            if (equals_lower(item, "close")) seen->conn_close = true;
            if (equals_lower(item, "keep-alive")) seen->conn_keep_alive = true;
            if (equals_lower(item, "upgrade")) seen->conn_upgrade = true;
        });
    } else if (equals_lower(name, "expect")) {
        if (!equals_lower(value, "100-continue")) return fail(head, 417, "unsupported expectation");
        head->expect_continue = true;
    } else if (equals_lower(name, "upgrade")) {
        seen->has_upgrade = true;
    }
    return 0;
}

// The first byte at or after `i` (before `end`) that may not appear in a field value: controls
// other than HTAB, and DEL. Sixteen bytes at a time while they last (values end at a CR, so the
// vector loop usually finds it), then one at a time.
size_t skip_field_chars(const char *p, size_t i, size_t end) {
#if defined(__SSE2__)
    const __m128i below_space = _mm_set1_epi8(0x1f), tab = _mm_set1_epi8('\t'), del = _mm_set1_epi8(0x7f);
    while (i + 16 <= end) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + i));
        // Unsigned v <= 0x1f: min(v, 0x1f) == v.
        const __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(v, below_space), v);
        const __m128i stop = _mm_or_si128(_mm_andnot_si128(_mm_cmpeq_epi8(v, tab), control), _mm_cmpeq_epi8(v, del));
        const int mask = _mm_movemask_epi8(stop);
        if (mask != 0) return i + static_cast<size_t>(__builtin_ctz(static_cast<unsigned>(mask)));
        i += 16;
    }
#endif
    while (i < end && is_field_char(static_cast<unsigned char>(p[i]))) ++i;
    return i;
}

// Request line: method SP request-target SP HTTP-version CRLF. Returns the offset after the CRLF.
int parse_request_line(const char *p, size_t pos, size_t end, RequestHead *head) {
    const size_t method_start = pos;
    while (pos < end && is_tchar(static_cast<unsigned char>(p[pos]))) ++pos;
    if (pos == method_start || pos >= end || p[pos] != ' ') return fail(head, 400, "malformed request line");
    head->method = std::string_view(p + method_start, pos - method_start);
    const size_t target_start = ++pos;
    while (pos < end && is_target_char(static_cast<unsigned char>(p[pos]))) ++pos;
    if (pos == target_start || pos >= end || p[pos] != ' ') return fail(head, 400, "malformed request target");
    head->target = std::string_view(p + target_start, pos - target_start);
    ++pos;
    if (end - pos < 10 || memcmp(p + pos, "HTTP/", 5) != 0 || !is_digit(p[pos + 5]) || p[pos + 6] != '.' ||
        !is_digit(p[pos + 7]) || p[pos + 8] != '\r' || p[pos + 9] != '\n') {
        return fail(head, 400, "malformed HTTP version");
    }
    if (p[pos + 5] != '1') return fail(head, 505, "HTTP version not supported");
    // RFC 9110 §6.2: a higher minor version is answered as the highest one we speak.
    head->version_minor = p[pos + 7] == '0' ? 0 : 1;
    return static_cast<int>(pos + 10);
}

}  // namespace

bool has_forbidden_header_chars(std::string_view v) {
    for (char c : v) {
        if (c == '\r' || c == '\n' || c == '\0') return true;
    }
    return false;
}

std::string_view find_header(const Header *headers, size_t count, std::string_view name, bool *found) {
    for (size_t i = 0; i < count; ++i) {
        if (equals_ignore_case(headers[i].name, name)) {
            if (found) *found = true;
            return headers[i].value;
        }
    }
    if (found) *found = false;
    return {};
}

void RequestHead::copy_rebased(const RequestHead &from, const char *from_base, const char *to_base) {
    auto move = [&](std::string_view v) {
        return v.data() ? std::string_view(to_base + (v.data() - from_base), v.size()) : std::string_view();
    };
    method = move(from.method);
    target = move(from.target);
    host = move(from.host);
    version_minor = from.version_minor;
    header_count = from.header_count;
    for (size_t i = 0; i < header_count; ++i) headers[i] = {move(from.headers[i].name), move(from.headers[i].value)};
    framing = from.framing;
    content_length = from.content_length;
    keep_alive = from.keep_alive;
    expect_continue = from.expect_continue;
    upgrade = from.upgrade;
    error_status = from.error_status;
    error_reason = from.error_reason;
}

std::string_view RequestHead::header(std::string_view name, bool *found) const {
    return find_header(headers, header_count, name, found);
}

int parse_request_head(const char *data, size_t len, RequestHead *head, const Limits &limits, size_t scan_from) {
    head->reset();
    size_t start = 0;
    while (start + 1 < len && data[start] == '\r' && data[start + 1] == '\n') start += 2;
    if (start < len && data[start] == '\n') return fail(head, 400, "bare LF");
    constexpr size_t kHardMaxHead = 64 * 1024 * 1024;  // keeps every offset in an int
    const size_t limit = start + (limits.max_head_bytes < kHardMaxHead ? limits.max_head_bytes : kHardMaxHead);
    const size_t scan_len = len < limit ? len : limit;
    const size_t resume = scan_from >= 3 ? scan_from - 3 : 0;
    const long found = find_head_end(data, start, scan_len, resume);
    if (found == -2) return fail(head, 400, "bare LF");
    if (found < 0) {
        if (len < limit) return kNeedMore;
        const bool line_done = memchr(data + start, '\n', scan_len - start) != nullptr;
        return fail(head, line_done ? 431 : 414, line_done ? "request head too large" : "request line too long");
    }
    const size_t head_end = static_cast<size_t>(found) + 2;  // just past the last header line's CRLF

    int pos = parse_request_line(data, start, head_end, head);
    if (pos < 0) return pos;
    FramingHeaders seen;
    const size_t max_headers =
        limits.max_headers < RequestHead::kHeaderCapacity ? limits.max_headers : RequestHead::kHeaderCapacity;
    size_t i = static_cast<size_t>(pos);
    while (i < head_end) {
        const char c = data[i];
        if (c == ' ' || c == '\t') return fail(head, 400, "obsolete line folding");
        const size_t name_start = i;
        while (i < head_end && is_tchar(static_cast<unsigned char>(data[i]))) ++i;
        if (i == name_start) return fail(head, 400, "malformed header name");
        if (data[i] != ':') {
            return fail(head, 400,
                        (data[i] == ' ' || data[i] == '\t') ? "whitespace before colon" : "malformed header name");
        }
        const std::string_view name(data + name_start, i - name_start);
        ++i;
        const size_t value_start = i;
        i = skip_field_chars(data, i, head_end);
        if (data[i] != '\r' || data[i + 1] != '\n') return fail(head, 400, "control character in header value");
        const std::string_view value = trim_ows(std::string_view(data + value_start, i - value_start));
        i += 2;
        if (head->header_count == max_headers) return fail(head, 431, "too many headers");
        Header &h = head->headers[head->header_count++];
        h.name = name;
        h.value = value;
        if (int rc = apply_header(head, &seen, h); rc < 0) return rc;
    }

    if (seen.has_te && head->version_minor == 0) return fail(head, 400, "Transfer-Encoding in an HTTP/1.0 request");
    if (seen.has_te && seen.has_length) return fail(head, 400, "both Content-Length and Transfer-Encoding");
    if (!seen.has_host && head->version_minor == 1) return fail(head, 400, "missing Host");
    head->framing = seen.has_te ? BodyFraming::kChunked : seen.has_length ? BodyFraming::kLength : BodyFraming::kNone;
    head->keep_alive = head->version_minor == 1 ? !seen.conn_close : (seen.conn_keep_alive && !seen.conn_close);
    head->upgrade = seen.conn_upgrade && seen.has_upgrade;
    return static_cast<int>(head_end + 2);
}

}  // namespace gust::proto::http1
