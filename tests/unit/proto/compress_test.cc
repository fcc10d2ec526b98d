// Content codings: Accept-Encoding negotiation, streaming compression, bounded decoding.
#include "gust/proto/compress.h"

#include <brotli/decode.h>
#include <gtest/gtest.h>
#include <zlib.h>

#include <random>
#include <string>
#include <vector>

#include "proto/compress_test_util.h"

namespace gust::proto::compress {
namespace {

struct NegotiationCase {
    const char *accept;
    Encoding expected;
    EncodingSet allowed = kAllEncodings;
};

TEST(CompressNegotiate, Table) {
    const EncodingSet gzip_only = encoding_bit(Encoding::kGzip);
    const EncodingSet zlib_only = encoding_bit(Encoding::kGzip) | encoding_bit(Encoding::kDeflate);
    const NegotiationCase cases[] = {
        {"", Encoding::kIdentity},
        {"   ", Encoding::kIdentity},
        {"gzip", Encoding::kGzip},
        {"deflate", Encoding::kDeflate},
        {"br", Encoding::kBrotli},
        {"gzip, deflate, br", Encoding::kBrotli},
        {"gzip, deflate", Encoding::kGzip},
        {"deflate, gzip", Encoding::kGzip},
        {"GZIP", Encoding::kGzip},
        {"Br", Encoding::kBrotli},
        {"x-gzip", Encoding::kGzip},
        {"X-GZip;q=0.4, deflate;q=0.3", Encoding::kGzip},
        {"gzip;q=0.5, br", Encoding::kBrotli},
        {"br;q=0.5, gzip", Encoding::kGzip},
        {"br;q=0.5, gzip;q=0.6, deflate;q=0.7", Encoding::kDeflate},
        {"gzip;q=1.0, br;q=1", Encoding::kBrotli},
        {"deflate;q=0.9, gzip;q=0.9", Encoding::kGzip},
        {" gzip ; q=0.8 ,\tbr ; q=0.9 ", Encoding::kBrotli},
        {"gzip;Q=0.5, br;q=0.4", Encoding::kGzip},
        {"gzip;q=0.001", Encoding::kGzip},
        {"gzip;q=0", Encoding::kIdentity},
        {"gzip;q=0.000", Encoding::kIdentity},
        {"gzip;q=0, deflate;q=0.1", Encoding::kDeflate},
        {"gzip;q=0.0001", Encoding::kIdentity},  // malformed q: element ignored
        {"gzip;q=2", Encoding::kIdentity},
        {"gzip;q=1.5", Encoding::kIdentity},
        {"gzip;q=abc, deflate", Encoding::kDeflate},
        {"gzip;q=, deflate", Encoding::kDeflate},
        {"gzip;level=1;q=0.3, br;q=0.2", Encoding::kGzip},
        {"gzip;foo, br;q=0.2", Encoding::kGzip},
        {"gzip, gzip;q=0", Encoding::kGzip},  // listed twice: the highest weight
        {"*", Encoding::kBrotli},
        {"*;q=0.5", Encoding::kBrotli},
        {"*;q=0", Encoding::kIdentity},
        {"*, br;q=0", Encoding::kGzip},
        {"br;q=0, *", Encoding::kGzip},
        {"*;q=0.2, deflate;q=0.5", Encoding::kDeflate},
        {"*;q=0, gzip", Encoding::kGzip},
        {"identity", Encoding::kIdentity},
        {"identity;q=0", Encoding::kIdentity},
        {"identity;q=0, gzip", Encoding::kGzip},
        {"identity, gzip", Encoding::kGzip},  // a tie prefers compression
        {"identity;q=1, gzip;q=0.5", Encoding::kIdentity},
        {"gzip;q=0.5, identity;q=0.4", Encoding::kGzip},
        {"compress, gzip", Encoding::kGzip},
        {"compress", Encoding::kIdentity},
        {"zstd, unknown", Encoding::kIdentity},
        {"gzipx, brr, deflat", Encoding::kIdentity},
        {",,gzip,,", Encoding::kGzip},
        {";q=1, deflate", Encoding::kDeflate},
        {"br, gzip;q=0.1", Encoding::kGzip, gzip_only},
        {"br", Encoding::kIdentity, gzip_only},
        {"*", Encoding::kGzip, zlib_only},
        {"*", Encoding::kIdentity, 0},
        {"deflate, br", Encoding::kDeflate, zlib_only},
    };
    for (const auto &c : cases) {
        EXPECT_EQ(negotiate_encoding(c.accept, c.allowed), c.expected) << '"' << c.accept << '"';
    }
}

TEST(CompressNegotiate, Tokens) {
    EXPECT_EQ(encoding_token(Encoding::kGzip), "gzip");
    EXPECT_EQ(encoding_token(Encoding::kDeflate), "deflate");
    EXPECT_EQ(encoding_token(Encoding::kBrotli), "br");
    EXPECT_EQ(encoding_token(Encoding::kIdentity), "identity");
}

TEST(CompressLevels, ClampedAndMapped) {
    EXPECT_EQ(zlib_level(0), 1);
    EXPECT_EQ(zlib_level(6), 6);
    EXPECT_EQ(zlib_level(42), 9);
    EXPECT_EQ(brotli_quality(-3), 1);
    EXPECT_EQ(brotli_quality(5), 5);
    EXPECT_EQ(brotli_quality(8), 8);
    EXPECT_EQ(brotli_quality(9), 8);
    EXPECT_EQ(brotli_quality(11), 8);
}

const Encoding kCodings[] = {Encoding::kGzip, Encoding::kDeflate, Encoding::kBrotli};

TEST(Compress, RoundTripsEveryCodingAndLevel) {
    const std::string inputs[] = {"", "a", "Hello, World!", test::mixed_data(1 << 20, 1)};
    for (Encoding e : kCodings) {
        for (int level : {0, 1, 4, 6, 9, 12}) {
            for (const auto &in : inputs) {
                auto z = compress(e, level, in);
                ASSERT_TRUE(z.ok()) << encoding_token(e) << level;
                auto back = decompress(e, *z, in.size());
                ASSERT_TRUE(back.ok()) << encoding_token(e) << level << " " << back.error().message();
                EXPECT_TRUE(*back == in) << encoding_token(e) << level << " size " << in.size();
                if (!in.empty()) {
                    EXPECT_EQ(decompress(e, *z, in.size() - 1).code(), kErrLimit);
                }
            }
        }
    }
}

TEST(Compress, OutputIsTheStandardFormat) {
    const std::string in = test::mixed_data(100000, 2);
    // gzip: RFC 1952 magic, decodable by zlib's gzip mode.
    auto gz = compress(Encoding::kGzip, 6, in);
    ASSERT_TRUE(gz.ok());
    EXPECT_EQ(static_cast<uint8_t>((*gz)[0]), 0x1f);
    EXPECT_EQ(static_cast<uint8_t>((*gz)[1]), 0x8b);
    // deflate: the zlib format (RFC 1950), which zlib's uncompress() reads.
    auto zl = compress(Encoding::kDeflate, 6, in);
    ASSERT_TRUE(zl.ok());
    std::string plain(in.size(), '\0');
    uLongf n = plain.size();
    ASSERT_EQ(uncompress(reinterpret_cast<Bytef *>(plain.data()), &n, reinterpret_cast<const Bytef *>(zl->data()),
                         zl->size()),
              Z_OK);
    EXPECT_TRUE(plain == in);
    // br: brotli's one-shot decoder.
    auto br = compress(Encoding::kBrotli, 5, in);
    ASSERT_TRUE(br.ok());
    size_t m = plain.size();
    ASSERT_EQ(BrotliDecoderDecompress(br->size(), reinterpret_cast<const uint8_t *>(br->data()), &m,
                                      reinterpret_cast<uint8_t *>(plain.data())),
              BROTLI_DECODER_RESULT_SUCCESS);
    EXPECT_TRUE(plain == in);
    EXPECT_LT(br->size(), in.size());
}

TEST(Compress, SyncFlushMakesEverythingWrittenDecodable) {
    const std::string in = test::mixed_data(300000, 3);
    for (Encoding e : kCodings) {
        auto c = Compressor::create(e, 6);
        ASSERT_TRUE(c.ok());
        std::string out;
        size_t written = 0;
        for (size_t piece : {1u, 100u, 5000u, 70000u, 0u, 123456u}) {
            ASSERT_TRUE(c->write(std::string_view(in).substr(written, piece), out, Flush::kSync).ok());
            written += piece;
            EXPECT_EQ(test::decode_prefix(e, out), in.substr(0, written)) << encoding_token(e) << written;
        }
        ASSERT_TRUE(c->write(std::string_view(in).substr(written), out).ok());
        ASSERT_TRUE(c->finish(out).ok());
        auto back = decompress(e, out, in.size());
        ASSERT_TRUE(back.ok()) << encoding_token(e);
        EXPECT_TRUE(*back == in) << encoding_token(e);
        EXPECT_EQ(c->write("x", out).code(), kErrInvalid);  // after finish
        EXPECT_EQ(c->finish(out).code(), kErrInvalid);
    }
}

TEST(Compress, CompressorIsMovable) {
    auto c = Compressor::create(Encoding::kGzip, 1);
    ASSERT_TRUE(c.ok());
    std::string out;
    ASSERT_TRUE(c->write("abc", out).ok());
    Compressor moved = std::move(*c);
    EXPECT_EQ(moved.encoding(), Encoding::kGzip);
    ASSERT_TRUE(moved.write("def", out).ok());
    ASSERT_TRUE(moved.finish(out).ok());
    EXPECT_EQ(*decompress(Encoding::kGzip, out, 100), "abcdef");
    EXPECT_EQ(Compressor::create(Encoding::kIdentity, 1).code(), kErrInvalid);
    EXPECT_EQ(compress(Encoding::kIdentity, 1, "x").code(), kErrInvalid);
}

TEST(Decompress, IdentityIsBoundedToo) {
    EXPECT_EQ(*decompress(Encoding::kIdentity, "abc", 3), "abc");
    EXPECT_EQ(decompress(Encoding::kIdentity, "abcd", 3).code(), kErrLimit);
    for (Encoding e : kCodings) EXPECT_EQ(*decompress(e, "", 0), "");
}

TEST(Decompress, GzipMembersAndRawDeflate) {
    auto a = compress(Encoding::kGzip, 6, "first ");
    auto b = compress(Encoding::kGzip, 1, "second");
    EXPECT_EQ(*decompress(Encoding::kGzip, *a + *b, 100), "first second");
    EXPECT_EQ(decompress(Encoding::kGzip, *a + *b, 11).code(), kErrLimit);
    // Some servers send raw deflate as "deflate"; a zlib-format stream is read as gzip too.
    EXPECT_EQ(*decompress(Encoding::kDeflate, test::raw_deflate("raw body"), 100), "raw body");
    EXPECT_EQ(*decompress(Encoding::kGzip, *compress(Encoding::kDeflate, 6, "zlib"), 100), "zlib");
}

TEST(Decompress, CorruptTruncatedAndTrailingBytesAreProtocolErrors) {
    const std::string in = test::mixed_data(50000, 4);
    for (Encoding e : kCodings) {
        auto z = compress(e, 6, in);
        ASSERT_TRUE(z.ok());
        const std::string name(encoding_token(e));
        EXPECT_EQ(decompress(e, z->substr(0, z->size() - 1), in.size()).code(), kErrProtocol) << name;
        EXPECT_EQ(decompress(e, z->substr(0, z->size() / 2), in.size()).code(), kErrProtocol) << name;
        EXPECT_EQ(decompress(e, *z + "junk", in.size()).code(), kErrProtocol) << name;
        std::string flipped = *z;
        flipped[flipped.size() / 2] ^= 0x55;
        auto r = decompress(e, flipped, in.size());  // brotli has no checksum: it may decode to other bytes
        if (e != Encoding::kBrotli) {
            EXPECT_EQ(r.code(), kErrProtocol) << name;  // CRC-32 / Adler-32 catch it
        }
        if (r.ok()) {
            EXPECT_LE(r->size(), in.size());
        }
        EXPECT_EQ(decompress(e, std::string(64, '\xff'), in.size()).code(), kErrProtocol) << name;
    }
    EXPECT_EQ(decompress(Encoding::kGzip, "\x1f\x8b", 10).code(), kErrProtocol);
}

TEST(Decompress, BombStopsAtTheLimitWithoutGrowingMemory) {
    constexpr size_t kBomb = 100u << 20, kMax = 1u << 20;
    for (Encoding e : kCodings) {
        const std::string bomb = test::zero_bomb(e, kBomb >> 20);
        ASSERT_FALSE(bomb.empty()) << encoding_token(e);
        EXPECT_LT(bomb.size(), 200u * 1024) << encoding_token(e);
        const long before = test::max_rss_kib();
        EXPECT_EQ(decompress(e, bomb, kMax).code(), kErrLimit) << encoding_token(e);
        // Only the bounded output (1 MiB) and the libraries' windows may add to the peak: 100 MiB never.
        EXPECT_LT(test::max_rss_kib() - before, 24 * 1024) << encoding_token(e);
    }
}

}  // namespace
}  // namespace gust::proto::compress
