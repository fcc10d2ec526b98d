// BodyDecoder: a compressed HTTP body decoded as it arrives, in pieces of bounded size.
#include <gtest/gtest.h>

#include <string>

#include "gust/proto/compress.h"
#include "proto/compress_test_util.h"

namespace gust::proto::compress {
namespace {

constexpr Encoding kCodings[] = {Encoding::kGzip, Encoding::kDeflate, Encoding::kBrotli};

// What the decoder emitted, and the largest piece.
struct Collected {
    std::string out;
    size_t largest = 0;
    size_t limit = SIZE_MAX;  // more than this in all: the emit fails
};

Status collect(std::string_view piece, void *arg) {
    auto *c = static_cast<Collected *>(arg);
    c->largest = std::max(c->largest, piece.size());
    if (c->out.size() + piece.size() > c->limit) return Error{kErrLimit};
    c->out.append(piece);
    return {};
}

// Feeds `in` in steps of `step` bytes, then finishes: the first error, or the output.
Result<std::string> decode_in_steps(Encoding e, std::string_view in, size_t step, Collected *c) {
    auto d = BodyDecoder::create(e);
    if (!d.ok()) return d.error();
    for (size_t at = 0; at < in.size(); at += step) {
        Status st = d->feed(in.substr(at, step), &collect, c);
        if (!st.ok()) return st.error();
    }
    Status st = d->finish(&collect, c);
    if (!st.ok()) return st.error();
    return c->out;
}

TEST(BodyDecoder, DecodesEveryCodingWhateverTheInputSteps) {
    const std::string in = test::mixed_data(300000, 7);
    for (Encoding e : kCodings) {
        auto z = compress(e, 6, in);
        ASSERT_TRUE(z.ok());
        for (size_t step : {size_t{1}, size_t{7}, size_t{4096}, z->size()}) {
            Collected c;
            auto r = decode_in_steps(e, *z, step, &c);
            ASSERT_TRUE(r.ok()) << encoding_token(e) << " step " << step;
            EXPECT_EQ(*r, in) << encoding_token(e) << " step " << step;
            EXPECT_LE(c.largest, kDecodeChunk);
        }
    }
    EXPECT_EQ(BodyDecoder::create(Encoding::kIdentity).code(), kErrInvalid);
}

TEST(BodyDecoder, GzipMembersRawDeflateAndEmptyBodies) {
    auto a = compress(Encoding::kGzip, 6, "first ");
    auto b = compress(Encoding::kGzip, 1, "second");
    Collected c1;
    EXPECT_EQ(*decode_in_steps(Encoding::kGzip, *a + *b, 3, &c1), "first second");
    Collected c2;
    EXPECT_EQ(*decode_in_steps(Encoding::kDeflate, test::raw_deflate("raw body"), 1, &c2), "raw body");
    Collected c3;
    EXPECT_EQ(*decode_in_steps(Encoding::kDeflate, *compress(Encoding::kDeflate, 6, "zlib"), 1, &c3), "zlib");
    for (Encoding e : kCodings) {
        Collected c;
        EXPECT_EQ(*decode_in_steps(e, "", 1, &c), "") << encoding_token(e);
    }
}

TEST(BodyDecoder, TruncatedCorruptAndTrailingBytesAreProtocolErrors) {
    const std::string in = test::mixed_data(50000, 4);
    for (Encoding e : kCodings) {
        auto z = compress(e, 6, in);
        ASSERT_TRUE(z.ok());
        const std::string name(encoding_token(e));
        Collected c1, c2, c3, c4;
        EXPECT_EQ(decode_in_steps(e, z->substr(0, z->size() - 1), 1000, &c1).code(), kErrProtocol) << name;
        EXPECT_EQ(decode_in_steps(e, z->substr(0, z->size() / 2), 1000, &c2).code(), kErrProtocol) << name;
        EXPECT_EQ(decode_in_steps(e, *z + "junk", 1000, &c3).code(), kErrProtocol) << name;
        EXPECT_EQ(decode_in_steps(e, std::string(64, '\xff'), 10, &c4).code(), kErrProtocol) << name;
        // The error stays: a later feed or finish answers it again.
        auto d = BodyDecoder::create(e);
        Collected c5;
        EXPECT_EQ(d->feed(std::string(64, '\xff'), &collect, &c5).code(), kErrProtocol) << name;
        EXPECT_EQ(d->feed(*z, &collect, &c5).code(), kErrProtocol) << name;
        EXPECT_EQ(d->finish(&collect, &c5).code(), kErrProtocol) << name;
    }
}

TEST(BodyDecoder, EmitErrorStopsTheDecoding) {
    const std::string in = test::mixed_data(200000, 9);
    for (Encoding e : kCodings) {
        auto z = compress(e, 6, in);
        Collected c;
        c.limit = 50000;
        EXPECT_EQ(decode_in_steps(e, *z, z->size(), &c).code(), kErrLimit) << encoding_token(e);
        EXPECT_LE(c.out.size(), c.limit);
    }
}

Status count_only(std::string_view piece, void *arg) {
    *static_cast<size_t *>(arg) += piece.size();
    return {};
}

TEST(BodyDecoder, MemoryStaysFixedWhateverTheOutput) {
    constexpr size_t kBomb = 100u << 20;
    for (Encoding e : kCodings) {
        const std::string bomb = test::zero_bomb(e, kBomb >> 20);
        ASSERT_FALSE(bomb.empty()) << encoding_token(e);
        const long before = test::max_rss_kib();
        auto d = BodyDecoder::create(e);
        size_t total = 0;
        ASSERT_TRUE(d->feed(bomb, &count_only, &total).ok()) << encoding_token(e);
        ASSERT_TRUE(d->finish(&count_only, &total).ok()) << encoding_token(e);
        EXPECT_EQ(total, kBomb) << encoding_token(e);
        // 100 MiB went through; only the decoder's buffer and the libraries' windows stay.
        EXPECT_LT(test::max_rss_kib() - before, 24 * 1024) << encoding_token(e);
    }
}

}  // namespace
}  // namespace gust::proto::compress
