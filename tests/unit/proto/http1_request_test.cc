// Request-head parsing: what is accepted, and every ambiguous framing refused.
#include <gtest/gtest.h>

#include <string>

#include "gust/proto/http1.h"

namespace gust::proto::http1 {
namespace {

struct Parsed {
    int rc;
    RequestHead head;
};

Parsed parse(const std::string &s, Limits limits = {}) {
    Parsed p;
    p.rc = parse_request_head(s.data(), s.size(), &p.head, limits);
    return p;
}

TEST(Http1Request, ParsesASimpleGet) {
    std::string req = "GET /index.html?a=1 HTTP/1.1\r\nHost: example.com\r\nUser-Agent:  curl/8 \r\n\r\n";
    Parsed p = parse(req);
    ASSERT_EQ(p.rc, static_cast<int>(req.size()));
    EXPECT_EQ(p.head.method, "GET");
    EXPECT_EQ(p.head.target, "/index.html?a=1");
    EXPECT_EQ(p.head.version_minor, 1);
    ASSERT_EQ(p.head.header_count, 2u);
    EXPECT_EQ(p.head.headers[1].name, "User-Agent");
    EXPECT_EQ(p.head.headers[1].value, "curl/8");  // optional whitespace trimmed
    EXPECT_EQ(p.head.host, "example.com");
    EXPECT_EQ(p.head.framing, BodyFraming::kNone);
    EXPECT_TRUE(p.head.keep_alive);
    EXPECT_EQ(p.head.header("user-agent"), "curl/8");
}

TEST(Http1Request, StopsAtTheEndOfTheHeadLeavingPipelinedBytes) {
    std::string one = "GET /a HTTP/1.1\r\nHost: h\r\n\r\n";
    Parsed p = parse(one + "GET /b HTTP/1.1\r\nHost: h\r\n\r\n");
    EXPECT_EQ(p.rc, static_cast<int>(one.size()));
}

TEST(Http1Request, EverySplitNeedsMoreUntilComplete) {
    std::string req = "POST /upload HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nConnection: close\r\n\r\n";
    for (size_t cut = 0; cut < req.size(); ++cut) {
        RequestHead head;
        EXPECT_EQ(parse_request_head(req.data(), cut, &head), kNeedMore) << "cut at " << cut;
        // Resuming the scan where the previous attempt stopped gives the same answer.
        EXPECT_EQ(parse_request_head(req.data(), req.size(), &head, {}, cut), static_cast<int>(req.size()));
    }
    Parsed p = parse(req);
    EXPECT_EQ(p.head.framing, BodyFraming::kLength);
    EXPECT_EQ(p.head.content_length, 5u);
    EXPECT_FALSE(p.head.keep_alive);
}

TEST(Http1Request, SkipsLeadingEmptyLines) {
    std::string req = "\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n";
    EXPECT_EQ(parse(req).rc, static_cast<int>(req.size()));
}

TEST(Http1Request, Http10DefaultsToCloseAndNeedsNoHost) {
    Parsed p = parse("GET / HTTP/1.0\r\n\r\n");
    ASSERT_GT(p.rc, 0);
    EXPECT_EQ(p.head.version_minor, 0);
    EXPECT_FALSE(p.head.keep_alive);
    p = parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n");
    EXPECT_TRUE(p.head.keep_alive);
}

TEST(Http1Request, ChunkedExpectAndUpgradeAreRecognised) {
    Parsed p = parse("PUT /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: Chunked\r\nExpect: 100-continue\r\n\r\n");
    ASSERT_GT(p.rc, 0);
    EXPECT_EQ(p.head.framing, BodyFraming::kChunked);
    EXPECT_TRUE(p.head.expect_continue);
    p = parse("GET /ws HTTP/1.1\r\nHost: h\r\nConnection: keep-alive, Upgrade\r\nUpgrade: websocket\r\n\r\n");
    EXPECT_TRUE(p.head.upgrade);
}

TEST(Http1Request, HigherMinorVersionIsAnsweredAs11) {
    Parsed p = parse("GET / HTTP/1.7\r\nHost: h\r\n\r\n");
    ASSERT_GT(p.rc, 0);
    EXPECT_EQ(p.head.version_minor, 1);
}

struct Bad {
    const char *name;
    std::string request;
    int status;
};

class Http1RequestRefuses : public testing::TestWithParam<Bad> {};

TEST_P(Http1RequestRefuses, WithStatus) {
    const Bad &bad = GetParam();
    Parsed p = parse(bad.request);
    EXPECT_EQ(p.rc, kMalformed) << bad.name;
    EXPECT_EQ(p.head.error_status, bad.status) << bad.name << ": " << (p.head.error_reason ? p.head.error_reason : "");
    EXPECT_NE(p.head.error_reason, nullptr);
}

const std::string kH = "Host: h\r\n";

INSTANTIATE_TEST_SUITE_P(
    Smuggling, Http1RequestRefuses,
    testing::Values(
        Bad{"cl_and_te", "POST / HTTP/1.1\r\n" + kH + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n", 400},
        Bad{"te_and_cl", "POST / HTTP/1.1\r\n" + kH + "Transfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n", 400},
        Bad{"duplicate_cl_same", "POST / HTTP/1.1\r\n" + kH + "Content-Length: 4\r\nContent-Length: 4\r\n\r\n", 400},
        Bad{"duplicate_cl_diff", "POST / HTTP/1.1\r\n" + kH + "Content-Length: 4\r\nContent-Length: 5\r\n\r\n", 400},
        Bad{"cl_list", "POST / HTTP/1.1\r\n" + kH + "Content-Length: 4, 4\r\n\r\n", 400},
        Bad{"cl_sign", "POST / HTTP/1.1\r\n" + kH + "Content-Length: +4\r\n\r\n", 400},
        Bad{"cl_negative", "POST / HTTP/1.1\r\n" + kH + "Content-Length: -1\r\n\r\n", 400},
        Bad{"cl_hex", "POST / HTTP/1.1\r\n" + kH + "Content-Length: 0x10\r\n\r\n", 400},
        Bad{"cl_empty", "POST / HTTP/1.1\r\n" + kH + "Content-Length: \r\n\r\n", 400},
        Bad{"cl_overflow", "POST / HTTP/1.1\r\n" + kH + "Content-Length: 99999999999999999999\r\n\r\n", 400},
        Bad{"cl_inner_space", "POST / HTTP/1.1\r\n" + kH + "Content-Length: 1 2\r\n\r\n", 400},
        Bad{"te_obfuscated_x", "POST / HTTP/1.1\r\n" + kH + "Transfer-Encoding: xchunked\r\n\r\n", 400},
        Bad{"te_not_last", "POST / HTTP/1.1\r\n" + kH + "Transfer-Encoding: chunked, identity\r\n\r\n", 400},
        Bad{"te_twice_in_list", "POST / HTTP/1.1\r\n" + kH + "Transfer-Encoding: chunked, chunked\r\n\r\n", 501},
        Bad{"te_gzip_chunked", "POST / HTTP/1.1\r\n" + kH + "Transfer-Encoding: gzip, chunked\r\n\r\n", 501},
        Bad{"te_duplicate_header",
            "POST / HTTP/1.1\r\n" + kH + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n", 400},
        Bad{"te_quoted", "POST / HTTP/1.1\r\n" + kH + "Transfer-Encoding: \"chunked\"\r\n\r\n", 400},
        Bad{"te_http10", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", 400},
        Bad{"te_vertical_tab",
            "POST / HTTP/1.1\r\n" + kH +
                "Transfer-Encoding:\x0b"
                "chunked\r\n\r\n",
            400},
        Bad{"space_before_colon", "POST / HTTP/1.1\r\n" + kH + "Transfer-Encoding : chunked\r\n\r\n", 400},
        Bad{"tab_before_colon", "GET / HTTP/1.1\r\n" + kH + "X-A\t: b\r\n\r\n", 400},
        Bad{"obs_fold", "GET / HTTP/1.1\r\n" + kH + "X-A: b\r\n c\r\n\r\n", 400},
        Bad{"obs_fold_tab", "GET / HTTP/1.1\r\n" + kH + "X-A: b\r\n\tc\r\n\r\n", 400},
        Bad{"bare_lf_end", "GET / HTTP/1.1\n" + kH + "\r\n", 400},
        Bad{"bare_lf_all", "GET / HTTP/1.1\nHost: h\n\n", 400},
        Bad{"bare_lf_header", "GET / HTTP/1.1\r\nHost: h\nX: y\r\n\r\n", 400},
        Bad{"bare_cr_header", "GET / HTTP/1.1\r\nHost: h\rX: y\r\n\r\n", 400},
        Bad{"nul_in_value", std::string("GET / HTTP/1.1\r\n") + kH + std::string("X: a\0b\r\n\r\n", 11), 400},
        Bad{"del_in_value",
            "GET / HTTP/1.1\r\n" + kH +
                "X: a\x7f"
                "b\r\n\r\n",
            400},
        Bad{"ctl_in_value",
            "GET / HTTP/1.1\r\n" + kH +
                "X: a\x01"
                "b\r\n\r\n",
            400},
        Bad{"empty_header_name", "GET / HTTP/1.1\r\n" + kH + ": v\r\n\r\n", 400},
        Bad{"bad_header_name", "GET / HTTP/1.1\r\n" + kH + "X(y): v\r\n\r\n", 400},
        Bad{"no_colon", "GET / HTTP/1.1\r\n" + kH + "NoColon\r\n\r\n", 400},
        Bad{"missing_host", "GET / HTTP/1.1\r\n\r\n", 400},
        Bad{"duplicate_host", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400},
        Bad{"two_spaces", "GET  / HTTP/1.1\r\n" + kH + "\r\n", 400},
        Bad{"space_in_target", "GET /a b HTTP/1.1\r\n" + kH + "\r\n", 400},
        Bad{"tab_separator", "GET\t/ HTTP/1.1\r\n" + kH + "\r\n", 400},
        Bad{"no_version", "GET /\r\n" + kH + "\r\n", 400},
        Bad{"lowercase_version", "GET / http/1.1\r\n" + kH + "\r\n", 400},
        Bad{"trailing_space_version", "GET / HTTP/1.1 \r\n" + kH + "\r\n", 400},
        Bad{"http2_version", "GET / HTTP/2.0\r\n" + kH + "\r\n", 505}, Bad{"http09", "GET /\r\n\r\n", 400},
        Bad{"non_ascii_target", "GET /\xc3\xa9 HTTP/1.1\r\n" + kH + "\r\n", 400},
        Bad{"empty_method", " / HTTP/1.1\r\n" + kH + "\r\n", 400},
        Bad{"bad_expect", "GET / HTTP/1.1\r\n" + kH + "Expect: 200-ok\r\n\r\n", 417},
        Bad{"leading_bare_lf", "\nGET / HTTP/1.1\r\n" + kH + "\r\n", 400}),
    [](const testing::TestParamInfo<Bad> &info) { return std::string(info.param.name); });

TEST(Http1Request, OversizedHeadIs431AndOverlongLineIs414) {
    Limits limits;
    limits.max_head_bytes = 256;
    std::string big = "GET / HTTP/1.1\r\nHost: h\r\nX: " + std::string(300, 'a') + "\r\n\r\n";
    Parsed p = parse(big, limits);
    EXPECT_EQ(p.rc, kMalformed);
    EXPECT_EQ(p.head.error_status, 431);
    std::string line = "GET /" + std::string(300, 'a') + " HTTP/1.1\r\n";
    p = parse(line, limits);
    EXPECT_EQ(p.head.error_status, 414);
    // Below the limit an incomplete head is simply incomplete.
    EXPECT_EQ(parse("GET / HTTP/1.1\r\nHost: h\r\nX: aaa", limits).rc, kNeedMore);
}

TEST(Http1Request, TooManyHeadersIs431) {
    Limits limits;
    limits.max_headers = 4;
    std::string req = "GET / HTTP/1.1\r\nHost: h\r\n";
    for (int i = 0; i < 4; ++i) req += "X-" + std::to_string(i) + ": v\r\n";
    Parsed p = parse(req + "\r\n", limits);
    EXPECT_EQ(p.head.error_status, 431);
}

// Every byte value at every offset of a long header value (the scan goes 16 bytes at a time):
// controls other than HTAB, and DEL, are refused; everything else is part of the value.
TEST(Http1Request, EveryByteOfAHeaderValueIsJudgedAlikeAtEveryOffset) {
    for (int c = 0; c < 256; ++c) {
        if (c == '\r' || c == '\n') continue;  // these end the line (bare ones are refused elsewhere)
        const bool allowed = c == '\t' || (c >= 0x20 && c != 0x7f);
        for (size_t at : {0u, 1u, 15u, 16u, 17u, 31u, 32u, 40u}) {
            std::string value(41, 'v');
            value[at] = static_cast<char>(c);
            const std::string req = "GET / HTTP/1.1\r\nHost: h\r\nX-Long: " + value + "\r\n\r\n";
            Parsed p = parse(req);
            if (allowed) {
                ASSERT_EQ(p.rc, static_cast<int>(req.size())) << "byte " << c << " at " << at;
                // Optional whitespace at either end is trimmed from the value.
                const bool edge = (at == 0 || at == 40) && (c == ' ' || c == '\t');
                if (!edge) {
                    EXPECT_EQ(p.head.header("x-long"), value) << "byte " << c << " at " << at;
                }
            } else {
                ASSERT_EQ(p.rc, kMalformed) << "byte " << c << " at " << at;
                EXPECT_EQ(p.head.error_status, 400);
            }
        }
    }
}

TEST(Http1Request, ARebasedCopyReadsTheSameFromAnotherBuffer) {
    const std::string req = "\r\nPOST /p?q=1 HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nX: y\r\n\r\nabc";
    Parsed p = parse(req);
    ASSERT_GT(p.rc, 0);
    const std::string copy = req;  // identical bytes elsewhere
    RequestHead moved;
    moved.copy_rebased(p.head, req.data(), copy.data());
    EXPECT_EQ(moved.method, "POST");
    EXPECT_EQ(moved.target.data(), copy.data() + (p.head.target.data() - req.data()));
    EXPECT_EQ(moved.host, "h");
    ASSERT_EQ(moved.header_count, 3u);
    EXPECT_EQ(moved.headers[2].name.data(), copy.data() + (p.head.headers[2].name.data() - req.data()));
    EXPECT_EQ(moved.header("x"), "y");
    EXPECT_EQ(moved.framing, BodyFraming::kLength);
    EXPECT_EQ(moved.content_length, 3u);
}

}  // namespace
}  // namespace gust::proto::http1
