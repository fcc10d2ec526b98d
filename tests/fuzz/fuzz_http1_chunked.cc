// Chunked decoder: feeding the input in two pieces (split picked by the first
// byte) must give exactly the same body, end position and verdict as feeding
// it whole; the body never exceeds the limit.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "gust/proto/http1.h"

using namespace gust::proto::http1;

namespace {
struct Collect : ChunkedDecoder::Sink {
    std::string body;
    void on_body_data(std::string_view d) override { body.append(d); }
};
void check(bool ok) {
    if (!ok) abort();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    std::vector<char> input(data + 1, data + size);
    const size_t n = input.size();
    const size_t split = n ? data[0] % (n + 1) : 0;
    constexpr uint64_t kMaxBody = 1000;

    ChunkedDecoder whole(kMaxBody, 64);
    Collect a;
    const int64_t rc = whole.feed(input.data(), n, a);

    ChunkedDecoder parts(kMaxBody, 64);
    Collect b;
    int64_t first = parts.feed(input.data(), split, b);
    int64_t total = first;
    if (first >= 0 && !parts.done()) {
        check(first == static_cast<int64_t>(split));
        const int64_t second = parts.feed(input.data() + split, n - split, b);
        total = second < 0 ? second : first + second;
    }
    check((rc < 0) == (total < 0));
    if (rc >= 0) {
        check(total == rc && whole.done() == parts.done());
        check(a.body == b.body);
    } else {
        check(whole.error_status() == parts.error_status());
    }
    check(a.body.size() <= kMaxBody && whole.body_bytes() == a.body.size());
    return 0;
}
