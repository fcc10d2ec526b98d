// Chunked body decoding: exact body, exact end, strict framing, split anywhere.
#include <gtest/gtest.h>

#include <string>

#include "gust/proto/http1.h"

namespace gust::proto::http1 {
namespace {

struct Collect : ChunkedDecoder::Sink {
    std::string body;
    void on_body_data(std::string_view d) override { body.append(d); }
};

TEST(Http1Chunked, DecodesAndStopsAtTheEnd) {
    std::string wire = "4\r\nWiki\r\n6;name=val\r\npedia \r\nE\r\nin \r\n\r\nchunks.\r\n0\r\nX-Trailer: 1\r\n\r\n";
    std::string next = "GET / HTTP/1.1\r\n";
    ChunkedDecoder d;
    Collect c;
    int64_t used = d.feed((wire + next).data(), wire.size() + next.size(), c);
    EXPECT_EQ(used, static_cast<int64_t>(wire.size()));
    EXPECT_TRUE(d.done());
    EXPECT_EQ(c.body, "Wikipedia in \r\n\r\nchunks.");
    EXPECT_EQ(d.body_bytes(), c.body.size());
}

TEST(Http1Chunked, ByteByByteEqualsWhole) {
    std::string wire = "1a\r\nabcdefghijklmnopqrstuvwxyz\r\n3\r\n123\r\n0\r\n\r\n";
    ChunkedDecoder d;
    Collect c;
    for (char ch : wire) {
        ASSERT_EQ(d.feed(&ch, 1, c), 1);
    }
    EXPECT_TRUE(d.done());
    EXPECT_EQ(c.body, "abcdefghijklmnopqrstuvwxyz123");
}

TEST(Http1Chunked, BodyLimitIs413BeforeTheDataArrives) {
    ChunkedDecoder d(10);
    Collect c;
    std::string wire = "5\r\nhello\r\n6\r\n";
    EXPECT_EQ(d.feed(wire.data(), wire.size(), c), kMalformed);
    EXPECT_EQ(d.error_status(), 413);
    EXPECT_EQ(c.body, "hello");
}

class Http1ChunkedRefuses : public testing::TestWithParam<std::pair<const char *, std::string>> {};

TEST_P(Http1ChunkedRefuses, With400) {
    ChunkedDecoder d;
    Collect c;
    const std::string &wire = GetParam().second;
    EXPECT_EQ(d.feed(wire.data(), wire.size(), c), kMalformed) << GetParam().first;
    EXPECT_EQ(d.error_status(), 400);
    // Once broken, always broken: no second interpretation of later bytes.
    EXPECT_EQ(d.feed("0\r\n\r\n", 5, c), kMalformed);
}

INSTANTIATE_TEST_SUITE_P(
    Malformed, Http1ChunkedRefuses,
    testing::Values(std::pair<const char *, std::string>{"empty_size", "\r\n"},
                    std::pair<const char *, std::string>{"sign", "+5\r\nhello\r\n0\r\n\r\n"},
                    std::pair<const char *, std::string>{"hex_prefix", "0x5\r\nhello\r\n0\r\n\r\n"},
                    std::pair<const char *, std::string>{"space_after_size", "5 \r\nhello\r\n0\r\n\r\n"},
                    std::pair<const char *, std::string>{"bare_lf_size", "5\nhello\r\n0\r\n\r\n"},
                    std::pair<const char *, std::string>{"too_many_digits", "1000000000000000\r\n"},
                    std::pair<const char *, std::string>{"data_too_long", "3\r\nhello\r\n"},
                    std::pair<const char *, std::string>{"data_bare_lf", "5\r\nhello\n0\r\n\r\n"},
                    std::pair<const char *, std::string>{"ext_ctl", "5;a\x01\r\nhello\r\n0\r\n\r\n"},
                    std::pair<const char *, std::string>{"ext_no_size", ";a\r\n"},
                    std::pair<const char *, std::string>{"trailer_fold", "0\r\nX: 1\r\n 2\r\n\r\n"},
                    std::pair<const char *, std::string>{"trailer_no_colon", "0\r\nX\r\n\r\n"},
                    std::pair<const char *, std::string>{"trailer_space_name", "0\r\nX : 1\r\n\r\n"},
                    std::pair<const char *, std::string>{"final_bare_lf", "0\r\n\n"}),
    [](const auto &info) { return std::string(info.param.first); });

}  // namespace
}  // namespace gust::proto::http1
