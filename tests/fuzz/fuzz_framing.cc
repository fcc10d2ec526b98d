// Swoole-style stream framing. The first bytes choose the options (mode, eof,
// length type, offsets, max length), the rest is the stream. Properties: nothing
// crashes or reads past the buffer (ASan); every package is a non-empty prefix
// of the buffer within package_max_length; the outcome of the whole stream
// equals the outcome of the stream cut in two at a chosen point and of the
// stream fed byte by byte — except open_eof_check, which follows the reads by
// design and must then only keep the bytes in order with every package ending
// with the eof.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gust/proto/framing.h"

using namespace gust;
using namespace gust::proto::framing;

namespace {

struct Outcome {
    std::vector<std::string> packages;
    int error = 0;
    std::string left;
    bool operator==(const Outcome &) const = default;
};

Outcome run(const Framing &framing, const std::string &stream, const std::vector<size_t> &cuts) {
    Splitter splitter(framing);
    Outcome out;
    std::string buffer;
    size_t from = 0;
    const size_t max = framing.options().max_length;
    for (size_t i = 0; i <= cuts.size(); i++) {
        const size_t to = i < cuts.size() ? cuts[i] : stream.size();
        buffer.append(stream, from, to - from);
        from = to;
        for (;;) {
            auto step = splitter.next(mem::Slice(buffer));
            if (step.status < 0) {
                if (splitter.reason() == nullptr) abort();
                out.error = step.status;  // what is buffered by then depends on the reads
                return out;
            }
            if (step.status == Splitter::kNeedMore) break;
            if (step.status != Splitter::kReady || step.consume == 0 || step.consume > buffer.size() ||
                step.package.data() != buffer.data() || step.package.size() != step.consume || step.consume > max) {
                abort();
            }
            out.packages.push_back(step.package.str());
            buffer.erase(0, step.consume);
        }
    }
    out.left = buffer;
    return out;
}

// A length function that depends only on the bytes it sees, as a real one must:
// the byte at `at` is the body length after a header of at+1 bytes; 0xff there is garbage.
int64_t prefix_length(mem::Slice data, size_t at) {
    if (data.size() <= at) return 0;
    const auto b = static_cast<uint8_t>(data[at]);
    if (b == 0xff) return -1;
    return static_cast<int64_t>(at + 1 + b);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 8 || size > 4096) return 0;
    Options o;
    o.mode = static_cast<Mode>(data[0] % 4);
    const size_t eof_len = 1 + data[1] % kMaxEofLength;
    static const char kTypes[] = "cCsSnNlLvV";
    o.length_type = kTypes[data[1] % 10];
    o.length_offset = data[2] % 8;
    o.body_offset = data[3] % 16;
    o.max_length = 1 + data[4] * 4u;
    const size_t func_at = data[5] % 4;
    o.length_func = [func_at](mem::Slice d) { return prefix_length(d, func_at); };
    const size_t cut_seed = data[6] | (size_t{data[7]} << 8);
    size_t header = 8;
    if (o.mode == Mode::kEofCheck || o.mode == Mode::kEofSplit) {
        if (size < header + eof_len) return 0;
        o.eof.assign(reinterpret_cast<const char *>(data + header), eof_len);
        header += eof_len;
    }
    auto framing = Framing::create(o);
    if (!framing.ok()) {
        if (Framing::invalid_reason(o) == nullptr) abort();
        return 0;
    }
    const std::string stream(reinterpret_cast<const char *>(data + header), size - header);

    const Outcome whole = run(*framing, stream, {});
    const Outcome two = run(*framing, stream, {cut_seed % (stream.size() + 1)});
    std::vector<size_t> every;
    for (size_t i = 1; i < stream.size(); i++) every.push_back(i);
    const Outcome bytes = run(*framing, stream, every);

    if (o.mode != Mode::kEofCheck) {
        if (!(whole == two) || !(whole == bytes)) abort();
        return 0;
    }
    for (const Outcome *out : {&whole, &two, &bytes}) {
        std::string joined;
        for (const auto &p : out->packages) {
            if (p.size() < o.eof.size() || p.compare(p.size() - o.eof.size(), o.eof.size(), o.eof) != 0) abort();
            joined += p;
        }
        if (out->error == 0 ? joined + out->left != stream : stream.compare(0, joined.size(), joined) != 0) abort();
    }
    return 0;
}
