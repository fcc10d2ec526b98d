// Test helpers for the compress tests: data that is part random and part repetitive, and
// decoders written straight against zlib/brotli (independent of the code under test).
#pragma once

#include <brotli/decode.h>
#include <sys/resource.h>
#include <zlib.h>

#include <random>
#include <string>
#include <string_view>

#include "gust/proto/compress.h"

namespace gust::proto::compress::test {

// `n` bytes alternating random runs and repeated HTML-ish text.
inline std::string mixed_data(size_t n, unsigned seed) {
    std::mt19937 rng(seed);
    std::string s;
    s.reserve(n);
    const std::string_view text = "<li class=\"item\"><a href=\"/page/42\">Some repeated words</a></li>\n";
    while (s.size() < n) {
        const size_t run = rng() % 2000;
        if (rng() % 2) {
            for (size_t i = 0; i < run && s.size() < n; ++i) s.push_back(static_cast<char>(rng()));
        } else {
            for (size_t i = 0; i < run && s.size() < n; ++i) s.push_back(text[i % text.size()]);
        }
    }
    return s;
}

// Everything decodable from a possibly unfinished stream (gzip, zlib or brotli).
inline std::string decode_prefix(Encoding e, std::string_view in) {
    std::string out;
    char buf[4096];
    if (e == Encoding::kBrotli) {
        BrotliDecoderState *br = BrotliDecoderCreateInstance(nullptr, nullptr, nullptr);
        size_t avail_in = in.size();
        const auto *next_in = reinterpret_cast<const uint8_t *>(in.data());
        BrotliDecoderResult r;
        size_t avail_out;
        do {  // at the end of the input the decoder may say "more input" with output still to come
            avail_out = sizeof buf;
            auto *next_out = reinterpret_cast<uint8_t *>(buf);
            r = BrotliDecoderDecompressStream(br, &avail_in, &next_in, &avail_out, &next_out, nullptr);
            out.append(buf, sizeof buf - avail_out);
        } while (r == BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT || (r != BROTLI_DECODER_RESULT_ERROR && avail_out == 0));
        BrotliDecoderDestroyInstance(br);
        return r == BROTLI_DECODER_RESULT_ERROR ? "<error>" : out;
    }
    z_stream z{};
    inflateInit2(&z, e == Encoding::kGzip ? 31 : 15);
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.data()));
    z.avail_in = static_cast<uInt>(in.size());
    int rc;
    do {
        z.next_out = reinterpret_cast<Bytef *>(buf);
        z.avail_out = sizeof buf;
        rc = inflate(&z, Z_SYNC_FLUSH);
        out.append(buf, sizeof buf - z.avail_out);
    } while (rc == Z_OK && z.avail_out == 0);
    inflateEnd(&z);
    return rc == Z_OK || rc == Z_BUF_ERROR || rc == Z_STREAM_END ? out : "<error>";
}

// A raw deflate stream of `in`; with `sync`, ended by a sync flush (not finished), as
// permessage-deflate messages are. `zeros_mib` appends that many MiB of zeros first.
inline std::string raw_deflate(std::string_view in, bool sync = false, size_t zeros_mib = 0) {
    z_stream z{};
    deflateInit2(&z, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
    std::string out;
    char buf[16384];
    const std::string zeros(zeros_mib > 0 ? 1 << 20 : 0, '\0');
    auto run = [&](std::string_view piece, int flush) {
        z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(piece.data()));
        z.avail_in = static_cast<uInt>(piece.size());
        do {
            z.next_out = reinterpret_cast<Bytef *>(buf);
            z.avail_out = sizeof buf;
            deflate(&z, flush);
            out.append(buf, sizeof buf - z.avail_out);
        } while (z.avail_out == 0);
    };
    for (size_t i = 0; i < zeros_mib; ++i) run(zeros, Z_NO_FLUSH);
    run(in, sync ? Z_SYNC_FLUSH : Z_FINISH);
    deflateEnd(&z);
    return out;
}

// The process's peak resident size so far, in KiB.
inline long max_rss_kib() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

// `mib` MiB of zeros compressed with `e` at level 9 (a few hundred KiB at most): a decompression
// bomb. Empty when the compressor fails.
inline std::string zero_bomb(Encoding e, size_t mib) {
    auto c = Compressor::create(e, 9);
    if (!c.ok()) return {};
    const std::string zeros(1 << 20, '\0');
    std::string bomb;
    for (size_t i = 0; i < mib; ++i) {
        if (!c->write(zeros, bomb).ok()) return {};
    }
    return c->finish(bomb).ok() ? bomb : std::string();
}

}  // namespace gust::proto::compress::test
