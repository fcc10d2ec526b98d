// WebSocket frame headers, masking and incremental UTF-8 validation.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "gust/proto/websocket.h"

namespace gust::proto::ws {
namespace {

std::vector<uint8_t> bytes(std::initializer_list<int> l) {
    std::vector<uint8_t> v;
    for (int b : l) v.push_back(static_cast<uint8_t>(b));
    return v;
}

int parse(const std::vector<uint8_t> &v, FrameHeader *h, FrameLimits limits = {}) {
    return parse_frame_header(v.data(), v.size(), h, limits);
}

TEST(WebSocketFrame, ParsesAMaskedTextFrameAndUnmasksIt) {
    // RFC 6455 §5.7: a masked "Hello".
    auto f = bytes({0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58});
    FrameHeader h;
    ASSERT_EQ(parse(f, &h), 6);
    EXPECT_TRUE(h.fin);
    EXPECT_EQ(h.opcode, kText);
    EXPECT_EQ(h.payload_length, 5u);
    apply_mask(f.data() + 6, 5, h.mask);
    EXPECT_EQ(std::string(f.begin() + 6, f.end()), "Hello");
}

TEST(WebSocketFrame, MaskingInChunksEqualsMaskingAtOnce) {
    const uint8_t mask[4] = {1, 2, 3, 4};
    std::vector<uint8_t> whole(37, 0x55), parts = whole;
    apply_mask(whole.data(), whole.size(), mask);
    apply_mask(parts.data(), 10, mask, 0);
    apply_mask(parts.data() + 10, 27, mask, 10);
    EXPECT_EQ(whole, parts);
}

TEST(WebSocketFrame, CopyMaskedEqualsApplyMaskAndLeavesTheSourceAlone) {
    const uint8_t mask[4] = {0x12, 0x34, 0x56, 0x78};
    for (size_t len : {0u, 1u, 7u, 8u, 9u, 63u, 1000u}) {
        for (uint64_t offset : {0u, 1u, 2u, 3u, 5u}) {
            std::vector<uint8_t> src(len + 1);
            for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<uint8_t>(i * 13 + 1);
            const std::vector<uint8_t> original = src;
            // Unaligned source and destination (+1), as in a frame after its header.
            std::vector<uint8_t> dst(len + 3, 0xEE), want(src.begin() + 1, src.end());
            apply_mask(want.data(), len, mask, offset);
            copy_masked(dst.data() + 1, src.data() + 1, len, mask, offset);
            EXPECT_EQ(std::vector<uint8_t>(dst.begin() + 1, dst.begin() + 1 + len), want) << len << " " << offset;
            EXPECT_EQ(dst[0], 0xEE);
            EXPECT_EQ(dst[len + 1], 0xEE);
            EXPECT_EQ(src, original);
        }
    }
}

TEST(WebSocketFrame, ExtendedLengthsAndNeedMore) {
    FrameHeader h;
    auto f16 = bytes({0x82, 0xFE, 0x01, 0x00, 1, 2, 3, 4});
    ASSERT_EQ(parse(f16, &h), 8);
    EXPECT_EQ(h.payload_length, 256u);
    for (size_t cut = 0; cut < f16.size(); ++cut) {
        EXPECT_EQ(parse_frame_header(f16.data(), cut, &h, {}), kNeedMore) << cut;
    }
    auto f64 = bytes({0x82, 0xFF, 0, 0, 0, 0, 0, 1, 0, 0, 1, 2, 3, 4});
    ASSERT_EQ(parse(f64, &h), 14);
    EXPECT_EQ(h.payload_length, 65536u);
}

TEST(WebSocketFrame, WritesMinimalHeadersThatParseBack) {
    for (uint64_t n : {0ull, 125ull, 126ull, 65535ull, 65536ull, 5000000ull}) {
        uint8_t out[14];
        size_t used = write_frame_header(out, kBinary, n);
        FrameHeader h;
        FrameLimits limits;
        limits.require_mask = false;
        ASSERT_EQ(parse_frame_header(out, used, &h, limits), static_cast<int>(used)) << n;
        EXPECT_EQ(h.payload_length, n);
    }
}

struct Bad {
    const char *name;
    std::vector<uint8_t> frame;
    uint16_t code;
};
class WebSocketFrameRefuses : public ::testing::TestWithParam<Bad> {};

TEST_P(WebSocketFrameRefuses, WithCloseCode) {
    FrameHeader h;
    FrameLimits limits;
    limits.max_payload = 1000;
    EXPECT_EQ(parse(GetParam().frame, &h, limits), kMalformed) << GetParam().name;
    EXPECT_EQ(h.close_code, GetParam().code) << GetParam().name;
}

INSTANTIATE_TEST_SUITE_P(
    Rfc6455, WebSocketFrameRefuses,
    ::testing::Values(Bad{"unmasked", bytes({0x81, 0x05}), 1002}, Bad{"rsv2", bytes({0xA1, 0x80, 0, 0, 0, 0}), 1002},
                      Bad{"rsv1_not_negotiated", bytes({0xC1, 0x80, 0, 0, 0, 0}), 1002},
                      Bad{"opcode_3", bytes({0x83, 0x80, 0, 0, 0, 0}), 1002},
                      Bad{"opcode_b", bytes({0x8B, 0x80, 0, 0, 0, 0}), 1002},
                      Bad{"fragmented_ping", bytes({0x09, 0x80, 0, 0, 0, 0}), 1002},
                      Bad{"long_close", bytes({0x88, 0xFE, 0x00, 0x7E}), 1002},
                      Bad{"non_minimal_16", bytes({0x82, 0xFE, 0x00, 0x10}), 1002},
                      Bad{"non_minimal_64", bytes({0x82, 0xFF, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF}), 1002},
                      Bad{"top_bit_64", bytes({0x82, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0}), 1002},
                      Bad{"over_limit", bytes({0x82, 0xFE, 0x04, 0x00}), 1009}),
    [](const auto &info) { return std::string(info.param.name); });

TEST(Utf8Validator, AcceptsValidTextSplitAnywhere) {
    const std::string text = "h\xC3\xA9llo \xE2\x82\xAC \xF0\x9F\x98\x80 \xED\x9F\xBF \xF4\x8F\xBF\xBF";
    for (size_t cut = 0; cut <= text.size(); ++cut) {
        Utf8Validator v;
        ASSERT_TRUE(v.feed(reinterpret_cast<const uint8_t *>(text.data()), cut));
        ASSERT_TRUE(v.feed(reinterpret_cast<const uint8_t *>(text.data()) + cut, text.size() - cut));
        EXPECT_TRUE(v.complete()) << cut;
    }
}

TEST(Utf8Validator, RefusesAtTheFirstBadByte) {
    for (const char *bad :
         {"\xC0\xAF", "\xE0\x80\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xF5\x80", "\x80", "\xFE", "\xC3\x28"}) {
        Utf8Validator v;
        EXPECT_FALSE(v.feed(reinterpret_cast<const uint8_t *>(bad), strlen(bad))) << bad;
        EXPECT_FALSE(v.complete());
    }
    Utf8Validator v;
    EXPECT_TRUE(v.feed(reinterpret_cast<const uint8_t *>("\xE2\x82"), 2));
    EXPECT_FALSE(v.complete());  // a code point cut off at the end of the message
}

TEST(WebSocketFrame, WordWiseMaskingMatchesByteWiseAtEveryAlignmentAndOffset) {
    const uint8_t mask[4] = {0x12, 0x34, 0x56, 0x78};
    std::vector<uint8_t> buf(300);
    for (size_t start = 0; start < 9; ++start) {
        for (uint64_t offset = 0; offset < 5; ++offset) {
            for (size_t len : {0u, 1u, 7u, 8u, 9u, 64u, 257u}) {
                for (size_t i = 0; i < buf.size(); ++i) buf[i] = static_cast<uint8_t>(i * 7);
                std::vector<uint8_t> want(buf);
                for (size_t i = 0; i < len; ++i) want[start + i] ^= mask[(offset + i) & 3];
                apply_mask(buf.data() + start, len, mask, offset);
                ASSERT_EQ(buf, want) << start << " " << offset << " " << len;
            }
        }
    }
}

}  // namespace

TEST(WebSocketFrame, ClosePayloadIsTheCodeThenTheReasonCutToAControlFrame) {
    EXPECT_EQ(close_payload(1000, "bye"), std::string("\x03\xe8"
                                                      "bye",
                                                      5));
    EXPECT_EQ(close_payload(4000, ""), std::string("\x0f\xa0", 2));
    EXPECT_EQ(close_payload(1005, "ignored"), "");  // 1005 is never sent
    const std::string long_reason(200, 'r');
    const std::string p = close_payload(1001, long_reason);
    EXPECT_EQ(p.size(), 125u);
    EXPECT_EQ(p.substr(2), long_reason.substr(0, 123));
}

}  // namespace gust::proto::ws
