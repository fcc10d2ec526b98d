// permessage-deflate (RFC 7692): the Inflater and Deflater, the RFC's examples, the bomb bound.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <string>

#include "gust/proto/compress.h"
#include "proto/compress_test_util.h"

namespace gust::proto::compress {
namespace {

const std::string kTail("\x00\x00\xff\xff", 4);

std::string bytes(std::initializer_list<int> l) {
    std::string s;
    for (int b : l) s.push_back(static_cast<char>(b));
    return s;
}

// Inflates one whole message (the caller's tail appended).
Result<std::string> inflate_message(Inflater &inf, const std::string &payload, size_t max_out = 1 << 20) {
    std::string out;
    Status st = inf.inflate(payload + kTail, out, max_out);
    if (!st.ok()) return st.error();
    return out;
}

TEST(PerMessageDeflate, Rfc7692Examples) {
    auto inf = Inflater::create();
    ASSERT_TRUE(inf.ok());
    // §7.2.3.1: a message compressed alone.
    EXPECT_EQ(*inflate_message(*inf, bytes({0xf2, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00})), "Hello");
    // §7.2.3.2: the same message again, with the context of the first.
    EXPECT_EQ(*inflate_message(*inf, bytes({0xf2, 0x00, 0x11, 0x00, 0x00})), "Hello");
    // §7.2.3.3: a stored (uncompressed) block.
    EXPECT_EQ(*inflate_message(*inf, bytes({0x00, 0x05, 0x00, 0xfa, 0xff, 0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x00})),
              "Hello");
    // §7.2.3.4: a block with BFINAL set; decoding goes on after it, the window kept.
    EXPECT_EQ(*inflate_message(*inf, bytes({0xf3, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00, 0x00})), "Hello");
    EXPECT_EQ(*inflate_message(*inf, bytes({0xf2, 0x00, 0x11, 0x00, 0x00})), "Hello");
    // §7.2.3.5: two deflate blocks in one message.
    EXPECT_EQ(
        *inflate_message(*inf, bytes({0xf2, 0x48, 0x05, 0x00, 0x00, 0x00, 0xff, 0xff, 0xca, 0xc9, 0xc9, 0x07, 0x00})),
        "Hello");
}

TEST(PerMessageDeflate, MessageEndingInAFinalBlockWithoutPadding) {
    // A sender that ends each message with Z_FINISH (PHP's deflate_add(..., ZLIB_FINISH)): the
    // final block ends the stream exactly where the tail is appended; the next message starts a
    // new stream.
    auto inf = Inflater::create();
    ASSERT_TRUE(inf.ok());
    EXPECT_EQ(*inflate_message(*inf, bytes({0xf3, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00})), "Hello");
    EXPECT_EQ(*inflate_message(*inf, bytes({0xf3, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00})), "Hello");
    EXPECT_EQ(*inflate_message(*inf, bytes({0xf2, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00})), "Hello");
}

TEST(PerMessageDeflate, DeflaterProducesTheRfcBytes) {
    auto def = Deflater::create(6);
    ASSERT_TRUE(def.ok());
    std::string first, second, empty;
    ASSERT_TRUE(def->deflate("Hello", first).ok());
    ASSERT_TRUE(def->deflate("Hello", second).ok());
    EXPECT_EQ(first, bytes({0xf2, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00}));  // §7.2.3.1
    EXPECT_EQ(second, bytes({0xf2, 0x00, 0x11, 0x00, 0x00}));             // §7.2.3.2: shorter, thanks to the context
    ASSERT_TRUE(def->deflate("", empty).ok());
    EXPECT_EQ(empty, bytes({0x00}));  // §7.2.3.6
}

TEST(PerMessageDeflate, NoContextTakeoverCompressesEachMessageAlone) {
    auto def = Deflater::create(6, 15, false);
    ASSERT_TRUE(def.ok());
    std::string first, second;
    ASSERT_TRUE(def->deflate("Hello", first).ok());
    ASSERT_TRUE(def->deflate("Hello", second).ok());
    EXPECT_EQ(first, second);
    // An inflater without context takeover cannot read a message that refers to the last one.
    auto inf = Inflater::create(15, false);
    ASSERT_TRUE(inf.ok());
    EXPECT_EQ(*inflate_message(*inf, first), "Hello");
    EXPECT_EQ(inflate_message(*inf, bytes({0xf2, 0x00, 0x11, 0x00, 0x00})).code(), kErrProtocol);
    EXPECT_EQ(inflate_message(*inf, first).code(), kErrProtocol);  // failed for good
}

TEST(PerMessageDeflate, RoundTripsManyMessagesEveryWindowAndMode) {
    for (int bits : {9, 10, 12, 15}) {
        for (bool takeover : {true, false}) {
            auto def = Deflater::create(6, bits, takeover);
            auto inf = Inflater::create(bits, takeover);
            ASSERT_TRUE(def.ok() && inf.ok()) << bits;
            for (unsigned i = 0; i < 20; ++i) {
                const std::string msg = test::mixed_data(i * 997, i);
                std::string wire;
                ASSERT_TRUE(def->deflate(msg, wire).ok());
                auto back = inflate_message(*inf, wire);
                ASSERT_TRUE(back.ok()) << bits << takeover << i;
                EXPECT_TRUE(*back == msg) << bits << takeover << i;
            }
        }
    }
}

TEST(PerMessageDeflate, WindowBitsAreChecked) {
    EXPECT_EQ(Deflater::create(6, 8).code(), kErrInvalid);  // zlib cannot compress with 2^8
    EXPECT_EQ(Deflater::create(6, 16).code(), kErrInvalid);
    EXPECT_TRUE(Inflater::create(8).ok());
    EXPECT_EQ(Inflater::create(7).code(), kErrInvalid);
    EXPECT_EQ(Inflater::create(16).code(), kErrInvalid);
}

TEST(PerMessageDeflate, FragmentsOfOneMessage) {
    const std::string msg = test::mixed_data(100000, 9);
    auto def = Deflater::create(6);
    std::string wire;
    ASSERT_TRUE(def->deflate(msg, wire).ok());
    wire += kTail;
    for (bool takeover : {true, false}) {
        auto inf = Inflater::create(15, takeover);
        std::string out = "prefix:";  // output is appended
        size_t pos = 0;
        for (size_t piece : {1u, 2u, 1000u, 7u, 30000u}) {
            ASSERT_TRUE(inf->inflate(std::string_view(wire).substr(pos, piece), out, msg.size(), false).ok());
            pos += piece;
        }
        ASSERT_TRUE(inf->inflate(std::string_view(wire).substr(pos), out, msg.size()).ok());
        EXPECT_TRUE(out == "prefix:" + msg);
    }
}

TEST(PerMessageDeflate, LimitIsExact) {
    const std::string msg(5000, 'x');
    std::string wire;
    ASSERT_TRUE(Deflater::create(6)->deflate(msg, wire).ok());
    auto inf = Inflater::create();
    EXPECT_EQ(inflate_message(*inf, wire, msg.size()).code(), 0);
    auto small = Inflater::create();
    std::string out = "kept";
    EXPECT_EQ(small->inflate(wire + kTail, out, msg.size() - 1).code(), kErrLimit);
    EXPECT_EQ(out, "kept");  // restored on error
}

TEST(PerMessageDeflate, CorruptDataIsAProtocolError) {
    for (const std::string &garbage : {std::string(8, '\xff'), bytes({0x07, 0x00}), bytes({0x02, 0xff, 0xff, 0xff})}) {
        auto inf = Inflater::create();
        EXPECT_EQ(inflate_message(*inf, garbage).code(), kErrProtocol);
    }
}

TEST(PerMessageDeflate, BombStopsAtTheLimitWithinOneChunk) {
    // 100 MiB of zeros as one message (about 100 KiB on the wire), a 1 MiB limit.
    const std::string bomb = test::raw_deflate("", true, 100);
    ASSERT_LT(bomb.size(), 200u * 1024);
    constexpr size_t kMax = 1u << 20;
    auto inf = Inflater::create();
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    const long before = u.ru_maxrss;
    std::string out;
    EXPECT_EQ(inf->inflate(bomb, out, kMax).code(), kErrLimit);
    EXPECT_TRUE(out.empty());
    EXPECT_LE(out.capacity(), kMax + kDecodeChunk);  // what the decoder ever reserved
    getrusage(RUSAGE_SELF, &u);
    EXPECT_LT(u.ru_maxrss - before, 16 * 1024);

    // Fed in pieces, the limit holds at every step too.
    auto inf2 = Inflater::create();
    std::string out2;
    Status st;
    for (size_t pos = 0; pos < bomb.size() && st.ok(); pos += 4096) {
        st = inf2->inflate(std::string_view(bomb).substr(pos, 4096), out2, kMax - out2.size(), false);
        EXPECT_LE(out2.size(), kMax);
        EXPECT_LE(out2.capacity(), kMax + kDecodeChunk);
    }
    EXPECT_EQ(st.code(), kErrLimit);
}

}  // namespace
}  // namespace gust::proto::compress
