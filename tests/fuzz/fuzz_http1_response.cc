// Response-head parser, fed whole and split: the first two bytes pick a split point and
// whether the request was HEAD. Properties: never crashes or reads out of bounds; a prefix of
// a complete head is "need more" (or already refused); resuming at the split gives the same
// head; every view lies inside the head; bodyless statuses never get a body.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "gust/proto/http1_response.h"

using namespace gust::proto::http1;

static void check(bool ok) {
    if (!ok) abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) return 0;
    const size_t split_seed = data[0];
    const bool head_request = data[1] & 1;
    std::vector<char> input(data + 2, data + size);
    const char *p = input.data();
    const size_t n = input.size();

    ResponseLimits limits;
    limits.max_head_bytes = 4096;
    limits.max_headers = 32;
    static ResponseHead whole, part, resumed;
    const int rc = parse_response_head(p, n, &whole, head_request, limits);
    check(rc == kNeedMore || rc == kMalformed || (rc > 0 && static_cast<size_t>(rc) <= n));
    if (rc == kMalformed) check(whole.error_reason != nullptr);
    if (rc <= 0) return 0;

    check(whole.status >= 100 && whole.status <= 999);
    if (head_request || whole.status < 200 || whole.status == 204 || whole.status == 304)
        check(whole.framing == ResponseFraming::kNone);
    if (whole.framing == ResponseFraming::kUntilClose) check(!whole.keep_alive);
    if (whole.framing == ResponseFraming::kLength) check(whole.content_length > 0);

    const size_t split = (split_seed * 7919u) % static_cast<size_t>(rc);
    const int prc = parse_response_head(p, split, &part, head_request, limits);
    check(prc == kNeedMore);
    check(parse_response_head(p, n, &resumed, head_request, limits, split) == rc);
    check(resumed.status == whole.status && resumed.header_count == whole.header_count);
    check(resumed.framing == whole.framing && resumed.content_length == whole.content_length);
    check(resumed.keep_alive == whole.keep_alive);
    for (size_t i = 0; i < whole.header_count; ++i) {
        const auto &h = whole.headers[i];
        check(h.name.data() >= p && h.name.data() + h.name.size() <= p + rc);
        check(h.value.data() >= p && h.value.data() + h.value.size() <= p + rc);
        for (char c : h.value) check(c != '\r' && c != '\n' && c != '\0');
    }
    return 0;
}
