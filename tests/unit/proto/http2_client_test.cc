// proto::http2::Client against an in-memory nghttp2 server session: bytes pumped both ways
// until both sides are quiet, the server answering each complete request as the test says.
#include <gtest/gtest.h>
#include <nghttp2/nghttp2.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "gust/proto/http2_client.h"

namespace gust::proto::http2 {
namespace {

// A server session: collects each request's headers and body, then calls `respond`.
struct FakeServer {
    struct Req {
        std::map<std::string, std::string> headers;
        std::string body;
        bool ended = false;
    };
    nghttp2_session *session = nullptr;
    std::map<int32_t, Req> requests;
    std::function<void(FakeServer &, int32_t)> respond;
    // Response bodies served by the data provider, per stream.
    std::map<int32_t, std::string> bodies;
    std::map<int32_t, std::vector<Header>> trailers;

    explicit FakeServer(uint32_t window = 65535) {
        nghttp2_session_callbacks *cb;
        nghttp2_session_callbacks_new(&cb);
        nghttp2_session_callbacks_set_on_header_callback(
            cb, [](nghttp2_session *, const nghttp2_frame *f, const uint8_t *n, size_t nl, const uint8_t *v, size_t vl,
                   uint8_t, void *u) {
                static_cast<FakeServer *>(u)->requests[f->hd.stream_id].headers[std::string((const char *)n, nl)] =
                    std::string((const char *)v, vl);
                return 0;
            });
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(
            cb, [](nghttp2_session *, uint8_t, int32_t id, const uint8_t *d, size_t l, void *u) {
                static_cast<FakeServer *>(u)->requests[id].body.append((const char *)d, l);
                return 0;
            });
        nghttp2_session_callbacks_set_on_frame_recv_callback(
            cb, [](nghttp2_session *, const nghttp2_frame *f, void *u) {
                auto *self = static_cast<FakeServer *>(u);
                if ((f->hd.type == NGHTTP2_HEADERS || f->hd.type == NGHTTP2_DATA) &&
                    (f->hd.flags & NGHTTP2_FLAG_END_STREAM)) {
                    self->requests[f->hd.stream_id].ended = true;
                    if (self->respond) self->respond(*self, f->hd.stream_id);
                }
                return 0;
            });
        nghttp2_session_server_new(&session, cb, this);
        nghttp2_session_callbacks_del(cb);
        nghttp2_settings_entry iv[] = {{NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE, window}};
        nghttp2_submit_settings(session, NGHTTP2_FLAG_NONE, iv, 1);
    }
    ~FakeServer() { nghttp2_session_del(session); }

    static ssize_t read_body(nghttp2_session *s, int32_t id, uint8_t *buf, size_t len, uint32_t *flags,
                             nghttp2_data_source *, void *u) {
        auto *self = static_cast<FakeServer *>(u);
        std::string &b = self->bodies[id];
        size_t n = std::min(len, b.size());
        memcpy(buf, b.data(), n);
        b.erase(0, n);
        if (b.empty()) {
            *flags |= NGHTTP2_DATA_FLAG_EOF;
            auto t = self->trailers.find(id);
            if (t != self->trailers.end()) {
                *flags |= NGHTTP2_DATA_FLAG_NO_END_STREAM;
                std::vector<nghttp2_nv> nva;
                for (auto &h : t->second) nva.push_back(nv(h));
                nghttp2_submit_trailer(s, id, nva.data(), nva.size());
            }
        }
        return static_cast<ssize_t>(n);
    }

    static nghttp2_nv nv(const Header &h) {
        return {(uint8_t *)h.first.data(), (uint8_t *)h.second.data(), h.first.size(), h.second.size(),
                NGHTTP2_NV_FLAG_NONE};
    }

    void reply(int32_t id, const std::string &status, std::string body, std::vector<Header> extra = {},
               std::vector<Header> trailer = {}) {
        std::vector<Header> hs{{":status", status}};
        for (auto &h : extra) hs.push_back(h);
        std::vector<nghttp2_nv> nva;
        for (auto &h : hs) nva.push_back(nv(h));
        bodies[id] = std::move(body);
        if (!trailer.empty()) trailers[id] = std::move(trailer);
        nghttp2_data_provider prd{};
        prd.read_callback = read_body;
        nghttp2_submit_response(session, id, nva.data(), nva.size(), &prd);
    }
};

std::vector<Header> get(const std::string &path, const std::string &method = "GET") {
    return {{":method", method}, {":scheme", "http"}, {":authority", "test"}, {":path", path}};
}

// Moves bytes both ways until neither side has anything to say. The client's feed() result
// of the last round is returned (0 or a negative error).
int pump(Client &c, FakeServer &s) {
    int rc = 0;
    for (int round = 0; round < 1000; round++) {
        std::string out = c.take_output();
        if (!out.empty()) {
            EXPECT_GE(nghttp2_session_mem_recv(s.session, (const uint8_t *)out.data(), out.size()), 0);
        }
        std::string back;
        const uint8_t *p;
        ssize_t n;
        while ((n = nghttp2_session_mem_send(s.session, &p)) > 0) back.append((const char *)p, n);
        if (!back.empty()) rc = c.feed(back.data(), back.size());
        if (out.empty() && back.empty()) return rc;
    }
    ADD_FAILURE() << "pump never settled";
    return rc;
}

std::vector<Event> drain(Client &c) {
    std::vector<Event> v;
    while (c.has_event()) v.push_back(c.pop_event());
    return v;
}

std::vector<Event> stream_events(const std::vector<Event> &all, int32_t id) {
    std::vector<Event> v;
    for (auto &e : all) {
        if (e.stream_id == id) v.push_back(e);
    }
    return v;
}

TEST(Http2Client, GetGivesHeadDataTrailersAndClose) {
    Client c;
    FakeServer s;
    s.respond = [](FakeServer &srv, int32_t id) {
        srv.reply(id, "200", "hello", {{"content-type", "text/plain"}}, {{"grpc-status", "0"}});
    };
    int32_t id = c.submit_request(get("/x"), "", true);
    ASSERT_EQ(id, 1);
    ASSERT_EQ(pump(c, s), 0);
    EXPECT_EQ(s.requests[1].headers[":path"], "/x");
    auto ev = stream_events(drain(c), id);
    ASSERT_EQ(ev.size(), 4u);
    EXPECT_EQ(ev[0].kind, Event::kHeaders);
    EXPECT_EQ(ev[0].status, 200);
    EXPECT_FALSE(ev[0].trailers);
    ASSERT_EQ(ev[0].headers.size(), 1u);
    EXPECT_EQ(ev[0].headers[0], Header("content-type", "text/plain"));
    EXPECT_EQ(ev[1].kind, Event::kData);
    EXPECT_EQ(ev[1].data, "hello");
    EXPECT_FALSE(ev[1].end_stream);
    EXPECT_EQ(ev[2].kind, Event::kHeaders);
    EXPECT_TRUE(ev[2].trailers);
    EXPECT_TRUE(ev[2].end_stream);
    EXPECT_EQ(ev[2].headers[0], Header("grpc-status", "0"));
    EXPECT_EQ(ev[3].kind, Event::kStreamClose);
    EXPECT_TRUE(ev[3].remote_ended);
    EXPECT_EQ(ev[3].error_code, 0u);
    EXPECT_FALSE(c.stream_open(id));
    EXPECT_TRUE(c.alive());
}

TEST(Http2Client, TheServersSettingsArriveAndNextStreamIdsAreOdd) {
    Client c;
    FakeServer s(1000);
    s.respond = [](FakeServer &srv, int32_t id) { srv.reply(id, "204", ""); };
    EXPECT_EQ(c.next_stream_id(), 1);
    ASSERT_EQ(c.submit_request(get("/"), "", true), 1);
    ASSERT_EQ(c.submit_request(get("/"), "", true), 3);
    ASSERT_EQ(pump(c, s), 0);
    auto ev = drain(c);
    EXPECT_EQ(ev[0].kind, Event::kSettings);
    EXPECT_EQ(c.remote_settings().initial_window_size, 1000u);
    EXPECT_EQ(c.next_stream_id(), 5);
    EXPECT_EQ(c.active_streams(), 0u);
}

TEST(Http2Client, ABodyLargerThanTheWindowWaitsForWindowUpdates) {
    Client c;
    FakeServer s(1000);  // a small stream window: the body needs many WINDOW_UPDATEs
    s.respond = [](FakeServer &srv, int32_t id) { srv.reply(id, "200", std::to_string(srv.requests[id].body.size())); };
    std::string body(300000, 'b');
    for (size_t i = 0; i < body.size(); i++) body[i] = static_cast<char>('a' + i % 26);
    int32_t id = c.submit_request(get("/up", "POST"), body, true);
    ASSERT_GT(id, 0);
    // Before any byte from the server only the default 65535-byte windows are open.
    std::string first = c.take_output();
    EXPECT_LT(first.size(), body.size());
    EXPECT_GT(c.pending_bytes(id), 0u);
    ASSERT_GE(nghttp2_session_mem_recv(s.session, (const uint8_t *)first.data(), first.size()), 0);
    ASSERT_EQ(pump(c, s), 0);
    EXPECT_EQ(s.requests[id].body, body);
    EXPECT_EQ(c.pending_bytes(), 0u);
    auto ev = stream_events(drain(c), id);
    ASSERT_GE(ev.size(), 2u);
    EXPECT_EQ(ev[1].data, "300000");
}

TEST(Http2Client, StreamingWritesEndTheRequestLater) {
    Client c;
    FakeServer s;
    s.respond = [](FakeServer &srv, int32_t id) { srv.reply(id, "200", srv.requests[id].body); };
    int32_t id = c.submit_request(get("/stream", "POST"), "a", false);
    ASSERT_GT(id, 0);
    ASSERT_EQ(pump(c, s), 0);
    EXPECT_EQ(s.requests[id].body, "a");
    EXPECT_FALSE(s.requests[id].ended);
    ASSERT_EQ(c.write(id, "bc", false), 0);
    ASSERT_EQ(pump(c, s), 0);
    ASSERT_EQ(c.write(id, "d", true), 0);
    ASSERT_EQ(pump(c, s), 0);
    EXPECT_TRUE(s.requests[id].ended);
    EXPECT_EQ(s.requests[id].body, "abcd");
    EXPECT_LT(c.write(id, "late", false), 0);  // the stream is done
    EXPECT_LT(c.write(99, "x", false), 0);     // never opened
    auto ev = stream_events(drain(c), id);
    ASSERT_GE(ev.size(), 2u);
    EXPECT_EQ(ev[1].data, "abcd");
}

TEST(Http2Client, AResetStreamClosesWithItsCode) {
    Client c;
    FakeServer s;
    s.respond = [](FakeServer &srv, int32_t id) {
        nghttp2_submit_rst_stream(srv.session, NGHTTP2_FLAG_NONE, id, NGHTTP2_CANCEL);
    };
    int32_t id = c.submit_request(get("/"), "", true);
    ASSERT_EQ(pump(c, s), 0);
    auto ev = stream_events(drain(c), id);
    ASSERT_EQ(ev.size(), 1u);
    EXPECT_EQ(ev[0].kind, Event::kStreamClose);
    EXPECT_EQ(ev[0].error_code, static_cast<uint32_t>(kCancel));
    EXPECT_FALSE(ev[0].remote_ended);
    EXPECT_TRUE(c.alive());
}

TEST(Http2Client, GoawayCarriesLastStreamCodeAndDebugData) {
    Client c;
    FakeServer s;
    ASSERT_EQ(pump(c, s), 0);
    nghttp2_submit_goaway(s.session, NGHTTP2_FLAG_NONE, 0, NGHTTP2_ENHANCE_YOUR_CALM, (const uint8_t *)"calm", 4);
    ASSERT_EQ(pump(c, s), 0);
    bool seen = false;
    for (auto &e : drain(c)) {
        if (e.kind != Event::kGoaway) continue;
        seen = true;
        EXPECT_EQ(e.error_code, static_cast<uint32_t>(kEnhanceYourCalm));
        EXPECT_EQ(e.data, "calm");
        EXPECT_EQ(e.last_stream_id, 0);
    }
    EXPECT_TRUE(seen);
    EXPECT_LT(c.submit_request(get("/"), "", true), 0);  // no new stream after GOAWAY
}

TEST(Http2Client, PingComesBackAsAnAck) {
    Client c;
    FakeServer s;
    ASSERT_EQ(c.ping(), 0);
    ASSERT_EQ(pump(c, s), 0);
    int acks = 0;
    for (auto &e : drain(c)) acks += e.kind == Event::kPingAck;
    EXPECT_EQ(acks, 1);
}

TEST(Http2Client, OurGoawayReachesTheServer) {
    Client c;
    FakeServer s;
    ASSERT_EQ(c.goaway(kNoError, "bye"), 0);
    ASSERT_EQ(pump(c, s), 0);
    EXPECT_FALSE(nghttp2_session_want_write(s.session) && nghttp2_session_want_read(s.session) &&
                 nghttp2_session_get_last_proc_stream_id(s.session) != 0);
    EXPECT_FALSE(c.alive());
}

TEST(Http2Client, GarbageFromTheServerIsFatal) {
    Client c;
    std::string junk = "HTTP/1.1 200 OK\r\n\r\n";
    int rc = c.feed(junk.data(), junk.size());
    EXPECT_LT(rc, 0);
    EXPECT_NE(c.error_reason().find("SETTINGS"), std::string::npos);
    EXPECT_FALSE(c.alive());
    EXPECT_LT(c.submit_request(get("/"), "", true), 0);
    EXPECT_LT(c.feed(junk.data(), junk.size()), 0);
}

TEST(Http2Client, ABrokenFrameAfterThePrefaceIsFatal) {
    Client c;
    FakeServer s;
    ASSERT_EQ(pump(c, s), 0);
    // A SETTINGS frame whose length is not a multiple of 6: FRAME_SIZE_ERROR (§6.5).
    const char bad[] = {0, 0, 3, 4, 0, 0, 0, 0, 0, 1, 2, 3};
    EXPECT_LT(c.feed(bad, sizeof(bad)), 0);
    EXPECT_FALSE(c.alive());
    EXPECT_FALSE(c.error_reason().empty());
    // nghttp2's GOAWAY for the server still comes out.
    std::string out = c.take_output();
    ASSERT_GE(out.size(), 9u);
    EXPECT_EQ(out[3], 7);  // GOAWAY
}

TEST(Http2Client, AHeaderBlockBiggerThanAnnouncedResetsTheStream) {
    ClientOptions o;
    o.local.max_header_list_size = 1024;
    Client c(o);
    FakeServer s;
    s.respond = [](FakeServer &srv, int32_t id) { srv.reply(id, "200", "x", {{"big", std::string(4000, 'x')}}); };
    int32_t id = c.submit_request(get("/"), "", true);
    pump(c, s);
    auto ev = stream_events(drain(c), id);
    ASSERT_FALSE(ev.empty());
    EXPECT_EQ(ev.back().kind, Event::kStreamClose);
    EXPECT_NE(ev.back().error_code, 0u);
    for (auto &e : ev) EXPECT_NE(e.kind, Event::kData);
}

TEST(Http2Client, InformationalHeadsAreSkipped) {
    Client c;
    FakeServer s;
    s.respond = [](FakeServer &srv, int32_t id) {
        nghttp2_nv cont[] = {FakeServer::nv({":status", "100"})};
        Header h(":status", "100");
        cont[0] = FakeServer::nv(h);
        nghttp2_submit_headers(srv.session, NGHTTP2_FLAG_NONE, id, nullptr, cont, 1, nullptr);
        srv.reply(id, "201", "ok");
    };
    int32_t id = c.submit_request(get("/"), "", true);
    ASSERT_EQ(pump(c, s), 0);
    auto ev = stream_events(drain(c), id);
    ASSERT_GE(ev.size(), 1u);
    EXPECT_EQ(ev[0].kind, Event::kHeaders);
    EXPECT_EQ(ev[0].status, 201);
}

TEST(Http2Client, TooManyUndeliveredEventsIsFatal) {
    ClientOptions o;
    o.max_pending_events = 8;
    Client c(o);
    FakeServer s;
    for (int i = 0; i < 20; i++) nghttp2_submit_ping(s.session, NGHTTP2_FLAG_ACK, nullptr);
    pump(c, s);
    EXPECT_FALSE(c.alive());
    size_t n = drain(c).size();
    EXPECT_LE(n, 8u);
}

}  // namespace
}  // namespace gust::proto::http2
