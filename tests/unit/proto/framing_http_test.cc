// HTTP/1.1 request framing (Mode::kHttp): whole requests however the stream is cut, the status
// of every refusal, 100-continue, limits checked before the body is buffered, and nothing read
// after a request that ends the connection.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gust/base/error.h"
#include "gust/proto/framing.h"

namespace gust::proto::framing {
namespace {

Framing http(uint32_t max_body = 1024, uint32_t max_head = 1024) {
    Options o;
    o.mode = Mode::kHttp;
    o.max_length = max_body;
    o.http_max_head = max_head;
    return Framing::create(o).value();
}

struct Outcome {
    std::vector<std::string> requests;
    int status = 0;  // HTTP status of a refusal
    int continues = 0;
    size_t dropped = 0;
};

// Feeds the chunks through one splitter the way the reactor does.
Outcome feed(const Framing &f, const std::vector<std::string> &chunks) {
    Splitter sp(f);
    Outcome out;
    std::string buf;
    for (const auto &c : chunks) {
        buf += c;
        for (;;) {
            auto step = sp.next(mem::Slice(buf));
            out.continues += step.send_continue;
            if (step.status < 0) {
                out.status = sp.http_status();
                EXPECT_EQ(step.status, -kErrProtocol);
                return out;
            }
            if (step.status == Splitter::kNeedMore) {
                out.dropped += step.consume;
                buf.erase(0, step.consume);
                break;
            }
            out.requests.push_back(step.package.str());
            buf.erase(0, step.consume);
        }
    }
    return out;
}

const std::string kGet = "GET /a HTTP/1.1\r\nHost: x\r\n\r\n";
const std::string kPost = "POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello";
const std::string kChunked =
    "POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\nT: v\r\n\r\n";

TEST(HttpFraming, PipelinedRequestsComeOutWholeForEverySplit) {
    const std::string stream = kGet + kPost + kChunked + kGet;
    const std::vector<std::string> want = {kGet, kPost, kChunked, kGet};
    EXPECT_EQ(feed(http(), {stream}).requests, want);
    for (size_t cut = 1; cut < stream.size(); ++cut) {
        auto out = feed(http(), {stream.substr(0, cut), stream.substr(cut)});
        ASSERT_EQ(out.requests, want) << "cut at " << cut;
    }
    std::vector<std::string> bytes;
    for (char c : stream) bytes.emplace_back(1, c);
    EXPECT_EQ(feed(http(), bytes).requests, want);
}

TEST(HttpFraming, RefusalsCarryTheirStatus) {
    struct Case {
        std::string input;
        int status;
    };
    const Case cases[] = {
        {"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 400},
        {"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400},
        {"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n", 400},
        {"GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", 400},
        {"GET / HTTP/1.1\nHost: x\r\n\r\n", 400},
        {"GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400},
        {"GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505},
        {"GET / HTTP/1.1\r\nHost: x\r\nExpect: nonsense\r\n\r\n", 417},
        {"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400},
        {"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1025\r\n\r\n", 413},
        {"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n401\r\n", 413},
        {"GET /" + std::string(2000, 'a') + " HTTP/1.1\r\n\r\n", 414},
        {"GET / HTTP/1.1\r\nX: " + std::string(2000, 'a') + "\r\n\r\n", 431},
        {std::string("GET / HTTP/1.1\r\nX: a\0b\r\n\r\n", 27), 400},
    };
    for (const Case &c : cases) {
        auto out = feed(http(), {c.input});
        EXPECT_TRUE(out.requests.empty()) << c.input;
        EXPECT_EQ(out.status, c.status) << c.input;
    }
}

TEST(HttpFraming, BodyOverTheLimitIsRefusedBeforeItArrives) {
    // Only the head has been received: the 413 must not wait for (or buffer) the body.
    auto out = feed(http(100), {"PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n"});
    EXPECT_EQ(out.status, 413);
    auto exact = feed(http(5), {kPost});
    EXPECT_EQ(exact.requests.size(), 1u);
}

TEST(HttpFraming, UploadsAreBoundedByTheirOwnLimitWhenItIsLarger) {
    Options o;
    o.mode = Mode::kHttp;
    o.max_length = 100;
    o.http_max_upload = 1000;
    Framing f = Framing::create(o).value();
    const std::string body(500, 'x');
    const std::string upload = "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: Multipart/Form-Data; boundary=b\r\n"
                               "Content-Length: 500\r\n\r\n" +
                               body;
    EXPECT_EQ(feed(f, {upload}).requests.size(), 1u);
    const std::string form = "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                             "Content-Length: 500\r\n\r\n" +
                             body;
    EXPECT_EQ(feed(f, {form}).status, 413);  // not an upload: max_length
    const std::string big = "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n"
                            "Content-Length: 1001\r\n\r\n";
    EXPECT_EQ(feed(f, {big}).status, 413);
    EXPECT_GE(f.max_package(), 2000u);
}

TEST(HttpFraming, ChunkedBodyOfOneByteChunksIsBounded) {
    std::string req = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";
    for (int i = 0; i < 400; ++i) req += "1;e=" + std::string(20, 'x') + "\r\nx\r\n";
    auto out = feed(http(100), {req});
    EXPECT_EQ(out.status, 413);  // raw bytes passed twice the limit long before the end
}

TEST(HttpFraming, ExpectContinueIsReportedOnceBeforeTheBody) {
    const std::string head = "POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n";
    auto out = feed(http(), {head, "hel", "lo"});
    EXPECT_EQ(out.continues, 1);
    ASSERT_EQ(out.requests.size(), 1u);
    EXPECT_EQ(out.requests[0], head + "hello");
    // Body already there, or none at all: no interim response.
    EXPECT_EQ(feed(http(), {head + "hello"}).continues, 0);
    EXPECT_EQ(feed(http(), {"GET / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\r\n"}).continues, 0);
}

TEST(HttpFraming, NothingAfterAClosingRequestIsInterpreted) {
    const std::string close = "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    auto out = feed(http(), {close + kGet, kGet});
    ASSERT_EQ(out.requests.size(), 1u);
    EXPECT_EQ(out.dropped, 2 * kGet.size());
    auto http10 = feed(http(), {"GET / HTTP/1.0\r\n\r\n" + kGet});
    EXPECT_EQ(http10.requests.size(), 1u);
    auto keep10 = feed(http(), {"GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n" + kGet});
    EXPECT_EQ(keep10.requests.size(), 2u);
}

TEST(HttpFraming, ExpectedLengthIsKnownOnceTheHeadIs) {
    Framing f = http();
    Splitter sp(f);
    const std::string head = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n";
    auto step = sp.next(mem::Slice(head));
    EXPECT_EQ(step.status, Splitter::kNeedMore);
    EXPECT_TRUE(sp.in_body());
    EXPECT_EQ(sp.expected_length(), head.size() + 5);
}

Framing websocket_port(uint32_t max_payload = 1024) {
    Options o;
    o.mode = Mode::kHttp;
    o.max_length = max_payload;
    o.websocket = true;
    return Framing::create(o).value();
}

std::string client_frame(uint8_t opcode, const std::string &payload, bool fin = true) {
    std::string f;
    f += static_cast<char>((fin ? 0x80 : 0) | opcode);
    if (payload.size() < 126) {
        f += static_cast<char>(0x80 | payload.size());
    } else {
        f += static_cast<char>(0x80 | 126);
        f += static_cast<char>(payload.size() >> 8);
        f += static_cast<char>(payload.size() & 0xff);
    }
    const char mask[4] = {1, 2, 3, 4};
    f.append(mask, 4);
    for (size_t i = 0; i < payload.size(); ++i) f += static_cast<char>(payload[i] ^ mask[i & 3]);
    return f;
}

const std::string kUpgrade = "GET /chat HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";

TEST(HttpFraming, AWebSocketUpgradeSwitchesToWholeFramesForEverySplit) {
    const std::string a = client_frame(1, "hello"), b = client_frame(2, std::string(300, 'x')), c = client_frame(9, "");
    const std::string stream = kUpgrade + a + b + c;
    const std::vector<std::string> want = {kUpgrade, a, b, c};
    for (size_t cut = 1; cut < stream.size(); ++cut) {
        auto out = feed(websocket_port(), {stream.substr(0, cut), stream.substr(cut)});
        ASSERT_EQ(out.requests, want) << "cut at " << cut;
    }
    // Without open_websocket_protocol the upgrade ends the HTTP connection: nothing after it is read.
    auto plain = feed(http(), {stream});
    EXPECT_EQ(plain.requests.size(), 1u);
    EXPECT_EQ(plain.dropped, a.size() + b.size() + c.size());
}

TEST(HttpFraming, BadWebSocketFramesFailWithTheirCloseCode) {
    struct Case {
        std::string frame;
        int code;
    };
    std::string unmasked = "\x81\x02hi";
    std::string too_big = client_frame(2, std::string(2000, 'x'));
    std::string rsv1 = client_frame(1, "x");
    rsv1[0] = static_cast<char>(rsv1[0] | 0x40);
    const Case cases[] = {{unmasked, 1002},
                          {too_big.substr(0, 8), 1009},
                          {rsv1, 1002},
                          {client_frame(9, "p", false), 1002},
                          {client_frame(3, "x"), 1002}};
    for (const Case &c : cases) {
        Framing framing = websocket_port();
        Splitter sp(framing);
        std::string buf = kUpgrade + c.frame;
        auto first = sp.next(mem::Slice(buf));
        ASSERT_EQ(first.status, Splitter::kReady);
        buf.erase(0, first.consume);
        auto step = sp.next(mem::Slice(buf));
        EXPECT_LT(step.status, 0);
        EXPECT_EQ(sp.websocket_close_code(), c.code) << sp.reason();
    }
}

TEST(HttpFraming, MaxPackageCoversTheLargestRequestAndFrame) {
    // A PROCESS-mode worker accepts packages up to max_package(): a frame with a payload of exactly
    // max_length, or a request with a head and a chunked body, must fit.
    Framing ws = websocket_port(1024);
    std::string buf = kUpgrade + client_frame(2, std::string(1024, 'x'));
    Splitter sp(ws);
    auto first = sp.next(mem::Slice(buf));
    ASSERT_EQ(first.status, Splitter::kReady);
    buf.erase(0, first.consume);
    auto frame = sp.next(mem::Slice(buf));
    ASSERT_EQ(frame.status, Splitter::kReady);
    EXPECT_GT(frame.package.size(), 1024u);
    EXPECT_LE(frame.package.size(), ws.max_package());

    std::string chunked = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";
    for (int i = 0; i < 60; ++i) chunked += "1;e=xxxx\r\nx\r\n";  // 780 raw bytes for a 60-byte body
    chunked += "0\r\n\r\n";
    Framing f = http(100, 1024);
    auto out = feed(f, {chunked});
    ASSERT_EQ(out.requests.size(), 1u);
    EXPECT_GT(out.requests[0].size(), 200u);
    EXPECT_LE(out.requests[0].size(), f.max_package());
    Options eof;
    eof.max_length = 77;
    EXPECT_EQ(Framing::create(eof).value().max_package(), 77u);
}

TEST(HttpFraming, TheHttp2PrefaceSwitchesAnHttp2PortToRawBytes) {
    Options o;
    o.mode = Mode::kHttp;
    o.max_length = 1024;
    o.http2 = true;
    const Framing f = Framing::create(o).value();
    const std::string preface = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
    // Cut anywhere: the first package holds the whole preface, the rest follows as it arrives.
    for (size_t cut = 1; cut < preface.size(); ++cut) {
        Splitter sp(f);
        std::string buf = preface.substr(0, cut);
        EXPECT_EQ(sp.next(mem::Slice(buf)).status, Splitter::kNeedMore) << cut;
        EXPECT_FALSE(sp.in_http2());
        buf = preface + "\x00\x00\x00\x04";
        auto step = sp.next(mem::Slice(buf));
        ASSERT_EQ(step.status, Splitter::kReady);
        EXPECT_EQ(step.package.str(), buf);
        EXPECT_TRUE(sp.in_http2());
        const std::string more(3000, 'x');  // anything: HTTP/2 framing is the worker's
        step = sp.next(mem::Slice(more));
        ASSERT_EQ(step.status, Splitter::kReady);
        EXPECT_EQ(step.package.size(), 1024u) << "packages are bounded by max_length";
    }
    // HTTP/1.1 on the same port is unchanged, and a port without http2 refuses the preface.
    EXPECT_EQ(feed(f, {kGet, kPost}).requests.size(), 2u);
    EXPECT_EQ(feed(http(), {preface + "\r\n"}).requests.size(), 0u);
    // A broken preface closes without an HTTP/1.1 answer; a broken HTTP/1.1 request still gets 400.
    EXPECT_EQ(feed(f, {"INVALID CONNECTION PREFACE\r\n\r\n"}).status, 0);
    EXPECT_EQ(feed(f, {"GET /\x01 HTTP/1.1\r\nHost: x\r\n\r\n"}).status, 400);
}

// Upgrade: h2c (RFC 7540 §3.2) on an HTTP/2 port: the request comes out whole, then only the
// client preface may follow (it switches to raw bytes); with a body, or without HTTP2-Settings,
// or on a port without HTTP/2, the request is a plain upgrade request that ends the connection.
TEST(HttpFraming, AnH2cUpgradeLeavesRoomOnlyForThePreface) {
    Options o;
    o.mode = Mode::kHttp;
    o.max_length = 1024;
    o.http2 = true;
    const Framing f = Framing::create(o).value();
    const std::string up = "GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
                           "HTTP2-Settings: AAMAAABkAAQAAP__\r\n\r\n";
    const std::string preface = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
    auto out = feed(f, {up, preface + std::string("\x00\x00\x00\x04", 4)});
    ASSERT_EQ(out.requests.size(), 2u);
    EXPECT_EQ(out.requests[0], up);
    EXPECT_EQ(out.requests[1], preface + std::string("\x00\x00\x00\x04", 4));
    // Anything but the preface after the upgrade: closed without an HTTP/1.1 answer.
    out = feed(f, {up, kGet});
    EXPECT_EQ(out.requests.size(), 1u);
    EXPECT_EQ(out.status, 0);
    // Not an h2c upgrade: the request is the connection's last, what follows is dropped.
    const std::string with_body =
        "POST / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
        "HTTP2-Settings: AAMAAABkAAQAAP__\r\nContent-Length: 2\r\n\r\nhi";
    const std::string no_settings = "GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n";
    for (const std::string &req : {with_body, no_settings}) {
        out = feed(f, {req, preface});
        EXPECT_EQ(out.requests.size(), 1u);
        EXPECT_EQ(out.dropped, preface.size());
    }
    out = feed(http(), {up, preface});
    EXPECT_EQ(out.requests.size(), 1u);
    EXPECT_EQ(out.dropped, preface.size());
}

// ALPN chose h2 on a TLS session: the preface switches as before, an HTTP/1.1 request is refused
// without an HTTP/1.1 answer, and a port without HTTP/2 ignores the requirement.
TEST(HttpFraming, AfterAlpnChoseH2OnlyThePrefaceMayStartTheStream) {
    Options o;
    o.mode = Mode::kHttp;
    o.max_length = 1024;
    o.http2 = true;
    const Framing f = Framing::create(o).value();
    const std::string preface = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
    {
        Splitter sp(f);
        sp.require_http2();
        std::string part = preface.substr(0, 10);
        EXPECT_EQ(sp.next(mem::Slice(part)).status, Splitter::kNeedMore);
        ASSERT_EQ(sp.next(mem::Slice(preface)).status, Splitter::kReady);
        EXPECT_TRUE(sp.in_http2());
    }
    {
        Splitter sp(f);
        sp.require_http2();
        std::string get = kGet;
        auto step = sp.next(mem::Slice(get));
        EXPECT_LT(step.status, 0);
        EXPECT_EQ(sp.http_status(), 0) << "no HTTP/1.1 answer on an h2 session";
        EXPECT_FALSE(sp.in_http2());
    }
    {
        const Framing plain = http();
        Splitter sp(plain);
        sp.require_http2();
        std::string get = kGet;
        EXPECT_EQ(sp.next(mem::Slice(get)).status, Splitter::kReady);
    }
}

}  // namespace
}  // namespace gust::proto::framing

namespace gust::proto::framing {
namespace {

// The head a call parsed comes out with the package that call returned, pointing into its buffer;
// a package whose head an earlier call parsed has none (that buffer may be gone).
TEST(HttpFramingReadyHead, ComesWithAPackageWhoseHeadWasParsedInTheSameCall) {
    Options o;
    o.mode = Mode::kHttp;
    const Framing f = Framing::create(o).value();
    Splitter s(f);
    const std::string a = "GET /a HTTP/1.1\r\nHost: h\r\n\r\n",
                      b = "POST /b HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nok";
    const std::string both = a + b;
    auto step = s.next(mem::Slice(both.data(), both.size()));
    ASSERT_EQ(step.status, Splitter::kReady);
    size_t len = 0;
    const http1::RequestHead *head = s.ready_head(&len);
    ASSERT_NE(head, nullptr);
    EXPECT_EQ(len, a.size());
    EXPECT_EQ(head->target, "/a");
    EXPECT_EQ(head->target.data(), both.data() + 4);
    step = s.next(mem::Slice(both.data() + a.size(), b.size()));
    ASSERT_EQ(step.status, Splitter::kReady);
    head = s.ready_head(&len);
    ASSERT_NE(head, nullptr);
    EXPECT_EQ(head->method, "POST");
    EXPECT_EQ(len, b.size() - 2);
    // The head now, the body in a later call: that package comes without a head.
    const std::string part = b.substr(0, b.size() - 1);
    step = s.next(mem::Slice(part.data(), part.size()));
    EXPECT_EQ(step.status, Splitter::kNeedMore);
    EXPECT_EQ(s.ready_head(nullptr), nullptr);
    step = s.next(mem::Slice(b.data(), b.size()));
    ASSERT_EQ(step.status, Splitter::kReady);
    EXPECT_EQ(s.ready_head(nullptr), nullptr);
}
}  // namespace
}  // namespace gust::proto::framing
