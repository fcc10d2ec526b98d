// Range: bytes=... (RFC 9110 §14.1.2): first-last, first- and -suffix specs, comma-separated.
#include "gust/proto/http_range.h"

#include <algorithm>
#include <limits>

#include "gust/proto/http1.h"
#include "proto/http1_chars.h"

namespace gust::proto::http {
namespace {

using http1::equals_lower;
constexpr auto trim = http1::trim_ows;

// Digits only, no sign, no overflow; -1 otherwise.
off_t number(std::string_view s) {
    if (s.empty() || s.size() > 18) return -1;
    off_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return -1;
        v = v * 10 + (c - '0');
    }
    return v;
}

}  // namespace

int parse_byte_ranges(std::string_view value, off_t size, std::vector<ByteRange> *out) {
    out->clear();
    value = trim(value);
    const size_t eq = value.find('=');
    if (eq == std::string_view::npos || !equals_lower(trim(value.substr(0, eq)), "bytes")) return 0;
    std::string_view set = value.substr(eq + 1);
    size_t specs = 0;
    while (true) {
        const size_t comma = set.find(',');
        const std::string_view spec = trim(set.substr(0, comma));
        if (!spec.empty()) {
            if (++specs > kMaxByteRanges) {
                out->clear();
                return 0;
            }
            const size_t dash = spec.find('-');
            if (dash == std::string_view::npos) return -1;
            const std::string_view a = spec.substr(0, dash), b = spec.substr(dash + 1);
            ByteRange r;
            if (a.empty()) {  // -suffix: the last N bytes
                const off_t n = number(b);
                if (n < 0) return -1;
                if (n > 0 && size > 0) out->push_back({std::max<off_t>(0, size - n), size - 1});
            } else {
                r.first = number(a);
                const off_t last = b.empty() ? std::numeric_limits<off_t>::max() : number(b);
                if (r.first < 0 || last < 0 || last < r.first) return -1;
                r.last = std::min(last, size - 1);
                if (r.first < size) out->push_back(r);
            }
        }
        if (comma == std::string_view::npos) break;
        set.remove_prefix(comma + 1);
    }
    return out->empty() ? -1 : 1;
}

}  // namespace gust::proto::http
