// HTTP framing (framing::Mode::kHttp): the reactor cuts a connection's bytes into whole requests.
// Input: [n_cuts][max_length][max_head][2 bytes per cut][stream]. Properties:
//   - the requests, the error (and its HTTP status) and the bytes left over are the same whether the
//     stream arrives whole or cut at the points the input chooses: no second interpretation that
//     depends on how the bytes were read;
//   - every package is a prefix of the buffer, and the worker's own parse of it agrees with where
//     the framing cut it (head length + Content-Length, or the end of the chunked body);
//   - "100 Continue" is signalled at most once per request, only for a request whose head asks for it
//     and announces a body, and exactly when a read ends with the head and no body byte yet;
//   - once failed, the splitter stays failed; once finished(), every byte is dropped, nothing delivered.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "gust/proto/framing.h"
#include "gust/proto/http1.h"

using namespace gust;
using namespace gust::proto;
using namespace gust::proto::framing;

namespace {

#define CHECK(cond)           \
    do {                      \
        if (!(cond)) abort(); \
    } while (0)

struct Outcome {
    std::vector<std::string> packages;
    std::vector<size_t> continues;  // for each "100 Continue": how many packages were delivered before it
    int error = 0;
    int http_status = 0;
    bool finished = false;
    size_t dropped = 0;  // bytes dropped after the connection's last request
    std::string left;    // unconsumed bytes at the end
};

struct DiscardSink final : http1::ChunkedDecoder::Sink {
    void on_body_data(std::string_view) override {}
};

Outcome run(const Framing &framing, const std::string &stream, const std::vector<size_t> &cuts) {
    Splitter splitter(framing);
    Outcome out;
    std::string buffer;
    size_t from = 0;
    for (size_t i = 0; i <= cuts.size(); i++) {
        const size_t to = i < cuts.size() ? cuts[i] : stream.size();
        buffer.append(stream, from, to - from);
        from = to;
        for (;;) {
            const bool was_finished = splitter.finished();
            auto step = splitter.next(mem::Slice(buffer));
            if (step.status < 0) {
                CHECK(!was_finished);
                CHECK(splitter.reason() != nullptr);
                CHECK(step.status == -kErrProtocol || step.status == -kErrLimit);
                const int status = splitter.http_status();
                CHECK(status == 400 || status == 413 || status == 414 || status == 417 || status == 431 ||
                      status == 501 || status == 505);
                out.error = step.status;
                out.http_status = status;
                // Failed for good: the rest of the stream changes nothing.
                buffer.append(stream, from, std::string::npos);
                auto again = splitter.next(mem::Slice(buffer));
                CHECK(again.status == step.status && again.package.size() == 0 && !again.send_continue);
                return out;
            }
            if (was_finished) {
                CHECK(step.status == Splitter::kNeedMore && step.package.size() == 0 && !step.send_continue);
                CHECK(step.consume == buffer.size());
            }
            if (step.send_continue) {
                CHECK(step.status == Splitter::kNeedMore);
                out.continues.push_back(out.packages.size());
            }
            if (step.status == Splitter::kNeedMore) {
                CHECK(step.consume <= buffer.size());
                CHECK(step.consume == 0 || was_finished);
                out.dropped += step.consume;
                buffer.erase(0, step.consume);
                break;
            }
            CHECK(step.status == Splitter::kReady);
            CHECK(step.consume > 0 && step.consume <= buffer.size());
            CHECK(step.package.data() == buffer.data() && step.package.size() == step.consume);
            out.packages.push_back(step.package.str());
            buffer.erase(0, step.consume);
        }
    }
    out.finished = splitter.finished();
    out.left = buffer;
    return out;
}

http1::Limits limits_of(const Framing &framing) {
    http1::Limits limits;
    limits.max_head_bytes = framing.options().http_max_head;
    return limits;
}

// The worker parses each package again: its head must parse, and the body must end where the package ends.
void check_package_agrees_with_parser(const Framing &framing, const std::string &package) {
    http1::RequestHead head;
    const int rc = http1::parse_request_head(package.data(), package.size(), &head, limits_of(framing));
    CHECK(rc > 0 && static_cast<size_t>(rc) <= package.size());
    const size_t head_len = static_cast<size_t>(rc);
    switch (head.framing) {
        case http1::BodyFraming::kNone: CHECK(package.size() == head_len); break;
        case http1::BodyFraming::kLength:
            CHECK(head.content_length <= framing.options().max_length);
            CHECK(package.size() == head_len + head.content_length);
            break;
        case http1::BodyFraming::kChunked: {
            http1::ChunkedDecoder decoder(framing.options().max_length);
            DiscardSink sink;
            const int64_t used = decoder.feed(package.data() + head_len, package.size() - head_len, sink);
            CHECK(used == static_cast<int64_t>(package.size() - head_len) && decoder.done());
            break;
        }
    }
}

// Whether request `k` (starting at `start` in the stream) must get a "100 Continue" for these reads.
bool continue_due(const Framing &framing, const std::string &stream, size_t start, const std::vector<size_t> &ends) {
    http1::RequestHead head;
    const int rc = http1::parse_request_head(stream.data() + start, stream.size() - start, &head, limits_of(framing));
    if (rc <= 0) return false;
    const bool has_body = head.framing == http1::BodyFraming::kChunked ||
                          (head.framing == http1::BodyFraming::kLength && head.content_length > 0);
    if (!head.expect_continue || !has_body) return false;
    if (head.framing == http1::BodyFraming::kLength && head.content_length > framing.options().max_length) {
        return false;  // refused with 413 at the head
    }
    const size_t head_end = start + static_cast<size_t>(rc);
    // The head is parsed in the first read that completes it; the signal goes out when that read holds no body.
    const auto first = std::lower_bound(ends.begin(), ends.end(), head_end);
    return first != ends.end() && *first == head_end;
}

void check_continues(const Framing &framing, const std::string &stream, const Outcome &out,
                     const std::vector<size_t> &cuts) {
    std::vector<size_t> ends = cuts;
    ends.push_back(stream.size());
    std::vector<size_t> expected;
    size_t start = 0;
    for (size_t k = 0; k <= out.packages.size(); k++) {
        if (k == out.packages.size() && (out.finished || start >= stream.size())) break;
        if (continue_due(framing, stream, start, ends)) expected.push_back(k);
        if (k < out.packages.size()) start += out.packages[k].size();
    }
    CHECK(out.continues == expected);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 3 || size > 8192) return 0;
    const size_t n_cuts = data[0] % 16;
    Options o;
    o.mode = Mode::kHttp;
    o.max_length = 1 + data[1] * 16u;      // small bodies reach 413
    o.http_max_head = 64 + data[2] * 32u;  // small heads reach 431 / 414
    size_t pos = 3;
    if (size < pos + 2 * n_cuts) return 0;
    std::vector<size_t> raw_cuts;
    for (size_t i = 0; i < n_cuts; i++, pos += 2) raw_cuts.push_back(data[pos] | (size_t{data[pos + 1]} << 8));
    const std::string stream(reinterpret_cast<const char *>(data + pos), size - pos);
    std::vector<size_t> cuts;
    for (size_t c : raw_cuts) {
        if (!stream.empty()) cuts.push_back(c % (stream.size() + 1));
    }
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());

    auto framing = Framing::create(o);
    CHECK(framing.ok());
    const Outcome whole = run(*framing, stream, {});
    const Outcome split = run(*framing, stream, cuts);
    std::vector<size_t> bytewise(stream.size() > 512 ? 0 : stream.size());
    for (size_t i = 0; i < bytewise.size(); i++) bytewise[i] = i;
    const Outcome one_by_one = run(*framing, stream, bytewise);

    for (const Outcome *out : {&whole, &split, &one_by_one}) {
        CHECK(out->packages == whole.packages);
        CHECK(out->error == whole.error && out->http_status == whole.http_status);
        CHECK(out->finished == whole.finished);
        for (const auto &p : out->packages) check_package_agrees_with_parser(*framing, p);
        if (out->error == 0) {
            // Bytes stay in order: packages, then what was dropped after the last request, then what waits.
            size_t total = out->dropped + out->left.size();
            for (const auto &p : out->packages) total += p.size();
            CHECK(total == stream.size());
            if (!out->finished) CHECK(out->left == whole.left);
            if (out->finished) CHECK(out->dropped + out->left.size() == whole.dropped + whole.left.size());
        }
    }
    check_continues(*framing, stream, whole, {});
    check_continues(*framing, stream, split, cuts);
    check_continues(*framing, stream, one_by_one, bytewise);
    return 0;
}
