// Bounded decoders on arbitrary bytes. Properties: Inflater::inflate and decompress never
// crash and never give more than max_out bytes (nor reserve more than max_out plus one decode
// chunk), whether the input comes whole or in two pieces; a failed inflate leaves `out` as it
// was; and what the Deflater writes, the Inflater reads back.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "gust/proto/compress.h"

using namespace gust::proto::compress;

namespace {

void check(bool ok) {
    if (!ok) abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 3) return 0;
    const uint8_t flags = data[0];
    const size_t max_out = static_cast<size_t>(data[1]) * 64;  // 0 .. 16 KiB: small, so limits are hit
    const std::string_view in(reinterpret_cast<const char *>(data + 3), size - 3);
    const size_t split = in.empty() ? 0 : data[2] % (in.size() + 1);

    // permessage-deflate, in two pieces.
    const int window_bits = 8 + (flags & 7);
    const bool takeover = flags & 8;
    auto inf = Inflater::create(window_bits, takeover);
    check(inf.ok());
    std::string out = "x";
    gust::Status st = inf->inflate(in.substr(0, split), out, max_out, false);
    check(st.ok() ? out.size() <= 1 + max_out : out == "x");
    if (st.ok()) {
        const size_t before = out.size();
        st = inf->inflate(in.substr(split), out, max_out, true);
        check(st.ok() ? out.size() <= before + max_out : out.size() == before);
        check(out.capacity() <= 32 + 2 * max_out + kDecodeChunk);
    }
    if (!st.ok()) {
        check(st.code() == gust::kErrLimit || st.code() == gust::kErrProtocol);
        std::string again;
        check(inf->inflate("\x00\x00\xff\xff", again, 100).code() == st.code());  // failed for good
    }

    // Whole bodies.
    for (Encoding e : {Encoding::kGzip, Encoding::kDeflate, Encoding::kBrotli, Encoding::kIdentity}) {
        auto r = decompress(e, in, max_out);
        if (r.ok()) {
            check(r->size() <= max_out);
        } else {
            check(r.code() == gust::kErrLimit || r.code() == gust::kErrProtocol);
        }
    }

    // What the Deflater writes, an Inflater with the same settings reads back.
    if (window_bits >= 9 && in.size() <= 4096) {
        auto def = Deflater::create(1 + flags % 9, window_bits, takeover);
        auto back = Inflater::create(window_bits, takeover);
        check(def.ok() && back.ok());
        for (int round = 0; round < 2; ++round) {
            std::string wire, plain;
            check(def->deflate(in, wire).ok());
            wire.append("\x00\x00\xff\xff", 4);
            check(back->inflate(wire, plain, in.size()).ok() && plain == in);
        }
    }
    return 0;
}
