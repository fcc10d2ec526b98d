// Request-head parser, fed whole and split: the first byte picks a split
// point. Properties: never crashes or reads out of bounds; a prefix of a
// complete valid head is "need more"; resuming the scan at the split gives the
// same head as parsing it in one go.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "gust/proto/http1.h"

using namespace gust::proto::http1;

static void check(bool ok) {
    if (!ok) abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    const size_t split_seed = data[0];
    // Copy into an exact-size buffer so ASan catches any read past the end.
    std::vector<char> input(data + 1, data + size);
    const char *p = input.data();
    const size_t n = input.size();

    Limits limits;
    limits.max_head_bytes = 4096;
    limits.max_headers = 32;
    static RequestHead whole, part, resumed;
    const int rc = parse_request_head(p, n, &whole, limits);
    check(rc == kNeedMore || rc == kMalformed || (rc > 0 && static_cast<size_t>(rc) <= n));
    if (rc == kMalformed) check(whole.error_status >= 400 && whole.error_status < 600 && whole.error_reason);
    if (rc <= 0) return 0;

    const size_t split = n ? (split_seed * 7919u) % static_cast<size_t>(rc) : 0;
    check(parse_request_head(p, split, &part, limits) == kNeedMore);
    check(parse_request_head(p, n, &resumed, limits, split) == rc);
    check(resumed.method == whole.method && resumed.target == whole.target);
    check(resumed.header_count == whole.header_count && resumed.framing == whole.framing);
    check(resumed.content_length == whole.content_length && resumed.keep_alive == whole.keep_alive);
    for (size_t i = 0; i < whole.header_count; ++i) {
        // Every header value stays inside the head and has no CR/LF/NUL in it.
        const std::string_view v = whole.headers[i].value;
        check(v.data() >= p && v.data() + v.size() <= p + rc);
        check(v.find('\r') == std::string_view::npos && v.find('\n') == std::string_view::npos);
        check(v.find('\0') == std::string_view::npos);
    }
    return 0;
}
