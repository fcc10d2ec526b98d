// Response-head parsing for the coroutine HTTP client: status line, headers, and how the body
// is delimited (RFC 9112 §6.3) — every split of the input gives the same answer.
#include <gtest/gtest.h>

#include <deque>
#include <string>

#include "gust/proto/http1_response.h"

namespace gust::proto::http1 {
namespace {

struct Parsed {
    int rc;
    ResponseHead head;
};

// The head's views point into the input: every input stays alive for the whole test binary.
Parsed parse(const std::string &in, bool head_request = false, ResponseLimits limits = {}) {
    static std::deque<std::string> keep;
    const std::string &s = keep.emplace_back(in);
    Parsed p;
    p.rc = parse_response_head(s.data(), s.size(), &p.head, head_request, limits);
    return p;
}

TEST(Http1Response, ParsesStatusLineAndHeaders) {
    std::string r = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length:  5 \r\n\r\nhello";
    Parsed p = parse(r);
    ASSERT_EQ(p.rc, static_cast<int>(r.size() - 5));
    EXPECT_EQ(p.head.status, 200);
    EXPECT_EQ(p.head.reason, "OK");
    EXPECT_EQ(p.head.version_minor, 1);
    ASSERT_EQ(p.head.header_count, 2u);
    EXPECT_EQ(p.head.header("content-type"), "text/plain");
    EXPECT_EQ(p.head.framing, ResponseFraming::kLength);
    EXPECT_EQ(p.head.content_length, 5u);
    EXPECT_TRUE(p.head.keep_alive);
}

TEST(Http1Response, EveryPrefixNeedsMoreAndResumingGivesTheSameHead) {
    std::string r = "HTTP/1.1 404 Not Found\r\nA: 1\r\nTransfer-Encoding: chunked\r\n\r\n";
    for (size_t cut = 0; cut < r.size(); ++cut) {
        ResponseHead h;
        ASSERT_EQ(parse_response_head(r.data(), cut, &h), kNeedMore) << cut;
        ASSERT_EQ(parse_response_head(r.data(), r.size(), &h, false, {}, cut), static_cast<int>(r.size())) << cut;
        EXPECT_EQ(h.status, 404);
        EXPECT_EQ(h.framing, ResponseFraming::kChunked);
    }
}

TEST(Http1Response, BareLfLinesAndMissingReasonAreRead) {
    Parsed p = parse("HTTP/1.0 200\nContent-Length: 2\n\nok");
    ASSERT_GT(p.rc, 0);
    EXPECT_EQ(p.head.status, 200);
    EXPECT_EQ(p.head.reason, "");
    EXPECT_EQ(p.head.version_minor, 0);
    EXPECT_FALSE(p.head.keep_alive);  // HTTP/1.0 without keep-alive
    EXPECT_EQ(p.head.content_length, 2u);
}

TEST(Http1Response, ConnectionDecidesReuse) {
    EXPECT_FALSE(parse("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n").head.keep_alive);
    EXPECT_TRUE(parse("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n").head.keep_alive);
    EXPECT_FALSE(parse("HTTP/1.1 200 OK\r\nConnection: upgrade, close\r\nContent-Length: 0\r\n\r\n").head.keep_alive);
}

TEST(Http1Response, BodylessResponsesIgnoreTheirFraming) {
    for (const char *r :
         {"HTTP/1.1 204 No Content\r\nContent-Length: 10\r\n\r\n",
          "HTTP/1.1 304 Not Modified\r\nTransfer-Encoding: chunked\r\n\r\n", "HTTP/1.1 100 Continue\r\n\r\n",
          "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n"}) {
        Parsed p = parse(r);
        ASSERT_GT(p.rc, 0) << r;
        EXPECT_EQ(p.head.framing, ResponseFraming::kNone) << r;
        EXPECT_TRUE(p.head.keep_alive) << r;
    }
    Parsed h = parse("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n", true);
    EXPECT_EQ(h.head.framing, ResponseFraming::kNone);
    EXPECT_EQ(h.head.header("content-length"), "10");
}

TEST(Http1Response, TransferEncodingWinsAndForbidsReuse) {
    Parsed p = parse("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: gzip, chunked\r\n\r\n");
    EXPECT_EQ(p.head.framing, ResponseFraming::kChunked);
    EXPECT_FALSE(p.head.keep_alive);
    // chunked not last: the body runs to the close.
    p = parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, gzip\r\n\r\n");
    EXPECT_EQ(p.head.framing, ResponseFraming::kUntilClose);
    EXPECT_FALSE(p.head.keep_alive);
    // HTTP/1.0 knows no Transfer-Encoding.
    p = parse("HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n");
    EXPECT_EQ(p.head.framing, ResponseFraming::kUntilClose);
}

TEST(Http1Response, NoLengthMeansUntilClose) {
    Parsed p = parse("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n");
    EXPECT_EQ(p.head.framing, ResponseFraming::kUntilClose);
    EXPECT_FALSE(p.head.keep_alive);
    EXPECT_EQ(parse("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n").head.framing, ResponseFraming::kNone);
}

TEST(Http1Response, RepeatedIdenticalLengthsAreOneLength) {
    Parsed p = parse("HTTP/1.1 200 OK\r\nContent-Length: 7, 7\r\nContent-Length: 7\r\n\r\n");
    ASSERT_GT(p.rc, 0);
    EXPECT_EQ(p.head.content_length, 7u);
}

TEST(Http1Response, RefusesAmbiguousOrBrokenHeads) {
    for (const char *r : {
             "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n",
             "HTTP/1.1 200 OK\r\nContent-Length: 5, 6\r\n\r\n",
             "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
             "HTTP/1.1 200 OK\r\nContent-Length: 0x10\r\n\r\n",
             "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999\r\n\r\n",
             "HTTP/1.1 200 OK\r\nContent-Length:\r\n\r\n",
             "HTTP/1.1 2000 OK\r\n\r\n",
             "HTTP/1.1 20 OK\r\n\r\n",
             "HTTP/1.1 099 Low\r\n\r\n",
             "HTTP/2.0 200 OK\r\n\r\n",
             "HTTP/1.2 200 OK\r\n\r\n",
             "HTTP/1.1 200OK\r\n\r\n",
             "HTTP/1.1 200 OK\r\n Folded: x\r\n\r\n",
             "HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n",
             "HTTP/1.1 200 OK\r\nNoColon\r\n\r\n",
             "HTTP/1.1 200 OK\r\n: empty\r\n\r\n",
             "HTTP/1.1 200 OK\r\nA: b\rc\r\n\r\n",
             "SSH-2.0-OpenSSH\r\n\r\n",
         }) {
        Parsed p = parse(r);
        EXPECT_EQ(p.rc, kMalformed) << r;
        EXPECT_NE(p.head.error_reason, nullptr) << r;
    }
}

TEST(Http1Response, RefusesANonHttpPeerEarly) {
    Parsed p = parse("SSH-");
    EXPECT_EQ(p.rc, kMalformed);
    EXPECT_EQ(parse("HTT").rc, kNeedMore);
}

TEST(Http1Response, Limits) {
    ResponseLimits limits;
    limits.max_head_bytes = 64;
    std::string big = "HTTP/1.1 200 OK\r\nX: " + std::string(100, 'a');
    EXPECT_EQ(parse(big, false, limits).rc, kMalformed);  // no end yet, already too long
    limits = {};
    limits.max_headers = 2;
    EXPECT_EQ(parse("HTTP/1.1 200 OK\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n", false, limits).rc, kMalformed);
    EXPECT_GT(parse("HTTP/1.1 200 OK\r\nA: 1\r\nB: 2\r\n\r\n", false, limits).rc, 0);
}

TEST(Http1Response, HeaderTokens) {
    EXPECT_TRUE(header_has_token("Upgrade", "upgrade"));
    EXPECT_TRUE(header_has_token("keep-alive , Upgrade", "upgrade"));
    EXPECT_FALSE(header_has_token("upgrades", "upgrade"));
    EXPECT_FALSE(header_has_token("", "upgrade"));
}

TEST(Http1Response, StopsAtTheHeadLeavingTheBody) {
    std::string r = "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\n\r\n\r\n";
    Parsed p = parse(r);
    EXPECT_EQ(p.rc, static_cast<int>(r.size() - 4));
}

}  // namespace
}  // namespace gust::proto::http1
