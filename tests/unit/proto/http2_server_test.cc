// HTTP/2 server connection against a real nghttp2 client session in memory, and against raw
// frames for the attacks a well-behaved client cannot send.
#include <gtest/gtest.h>
#include <nghttp2/nghttp2.h>
#include <sys/uio.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "gust/proto/http2_server.h"

namespace gust::proto::h2 {
namespace {

struct ClientStream {
    std::map<std::string, std::string> headers;
    std::map<std::string, std::string> trailers;
    std::string body;
    bool closed = false;
    uint32_t error_code = 0;
    bool got_headers = false;
};

// An nghttp2 client session wired to a ServerConnection through memory.
class Peer {
public:
    explicit Peer(ServerConnection *server, int32_t window = 65535) : server_(server) {
        nghttp2_session_callbacks *cb;
        nghttp2_session_callbacks_new(&cb);
        nghttp2_session_callbacks_set_on_header_callback(cb, on_header);
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(cb, on_data);
        nghttp2_session_callbacks_set_on_stream_close_callback(cb, on_close);
        nghttp2_session_callbacks_set_on_frame_recv_callback(cb, on_frame);
        nghttp2_option *opt;
        nghttp2_option_new(&opt);
        nghttp2_option_set_no_auto_window_update(opt, window != 65535);
        nghttp2_session_client_new2(&session_, cb, this, opt);
        nghttp2_option_del(opt);
        nghttp2_session_callbacks_del(cb);
        nghttp2_settings_entry entry{NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE, static_cast<uint32_t>(window)};
        nghttp2_submit_settings(session_, NGHTTP2_FLAG_NONE, &entry, 1);
    }
    ~Peer() { nghttp2_session_del(session_); }

    int32_t request(const std::string &method, const std::string &path, const std::string &body = "",
                    std::vector<std::pair<std::string, std::string>> extra = {}) {
        std::vector<std::pair<std::string, std::string>> h = {
            {":method", method}, {":scheme", "http"}, {":authority", "localhost"}, {":path", path}};
        for (auto &e : extra) h.push_back(e);
        std::vector<nghttp2_nv> nv;
        for (auto &[n, v] : h) {
            nv.push_back({(uint8_t *)n.data(), (uint8_t *)v.data(), n.size(), v.size(), NGHTTP2_NV_FLAG_NONE});
        }
        body_ = body;
        nghttp2_data_provider provider{};
        provider.read_callback = [](nghttp2_session *, int32_t, uint8_t *buf, size_t len, uint32_t *flags,
                                    nghttp2_data_source *, void *user) -> ssize_t {
            auto *self = static_cast<Peer *>(user);
            size_t n = std::min(len, self->body_.size());
            memcpy(buf, self->body_.data(), n);
            self->body_.erase(0, n);
            if (self->body_.empty()) *flags |= NGHTTP2_DATA_FLAG_EOF;
            return static_cast<ssize_t>(n);
        };
        return nghttp2_submit_request(session_, nullptr, nv.data(), nv.size(), body.empty() ? nullptr : &provider,
                                      this);
    }

    // Moves bytes both ways until neither side has anything to say (bounded).
    void pump(size_t output_bound = 1 << 20) {
        for (int round = 0; round < 1000; ++round) {
            bool moved = false;
            const uint8_t *data;
            ssize_t n;
            while ((n = nghttp2_session_mem_send(session_, &data)) > 0) {
                moved = true;
                server_ok_ = server_->receive(data, static_cast<size_t>(n)) && server_ok_;
            }
            for (Event &e : server_->take_events()) events.push_back(std::move(e));
            std::string out;
            if (batched) {
                take_batched(&out, output_bound);
            } else {
                server_->take_output(&out, output_bound);
            }
            for (Event &e : server_->take_events()) events.push_back(std::move(e));
            if (!out.empty()) {
                moved = true;
                server_bytes += out.size();
                nghttp2_session_mem_recv(session_, reinterpret_cast<const uint8_t *>(out.data()), out.size());
            }
            if (!moved) return;
        }
        ADD_FAILURE() << "pump did not settle";
    }

    // take_output() through an OutputBatch, "written" a few pieces and bytes at a time as a
    // socket that takes part of each writev would.
    void take_batched(std::string *out, size_t bound) {
        OutputBatch batch;
        server_->take_output(&batch, bound);
        size_t step = 1;
        while (!batch.empty()) {
            iovec iov[3];
            const size_t n = batch.fill(iov, 3);
            size_t take = 0;
            for (size_t i = 0; i < n && take < step; ++i) {
                const size_t part = std::min(iov[i].iov_len, step - take);
                out->append(static_cast<const char *>(iov[i].iov_base), part);
                take += part;
            }
            batch.consume(take);
            step = step * 3 + 1;
        }
    }

    // Sends raw bytes to the server (after the client session's own preface).
    void raw(const std::string &bytes) { server_ok_ = server_->receive(bytes.data(), bytes.size()) && server_ok_; }
    std::string server_output() {
        std::string out;
        server_->take_output(&out, 1 << 20);
        nghttp2_session_mem_recv(session_, reinterpret_cast<const uint8_t *>(out.data()), out.size());
        return out;
    }

    std::vector<Event> take(Event::Kind kind) {
        std::vector<Event> out;
        for (auto &e : events) {
            if (e.kind == kind) out.push_back(e);
        }
        return out;
    }

    nghttp2_session *session_ = nullptr;
    ServerConnection *server_;
    std::map<int32_t, ClientStream> streams;
    std::vector<Event> events;
    bool server_ok_ = true;
    bool goaway = false;
    uint32_t goaway_code = 0;
    int32_t goaway_last = -1;
    std::string goaway_debug;
    std::vector<std::string> pings;  // opaque data of the PINGs received (not acks)
    size_t server_bytes = 0;
    bool batched = false;  // take the server's output through an OutputBatch
    std::string body_;

private:
    static int on_header(nghttp2_session *, const nghttp2_frame *f, const uint8_t *n, size_t nl, const uint8_t *v,
                         size_t vl, uint8_t, void *user) {
        auto &s = static_cast<Peer *>(user)->streams[f->hd.stream_id];
        auto &map = s.got_headers ? s.trailers : s.headers;
        map[std::string((const char *)n, nl)] = std::string((const char *)v, vl);
        return 0;
    }
    static int on_frame(nghttp2_session *, const nghttp2_frame *f, void *user) {
        auto *self = static_cast<Peer *>(user);
        if (f->hd.type == NGHTTP2_HEADERS) self->streams[f->hd.stream_id].got_headers = true;
        if (f->hd.type == NGHTTP2_GOAWAY) {
            self->goaway = true;
            self->goaway_code = f->goaway.error_code;
            self->goaway_last = f->goaway.last_stream_id;
            self->goaway_debug.assign(reinterpret_cast<const char *>(f->goaway.opaque_data), f->goaway.opaque_data_len);
        }
        if (f->hd.type == NGHTTP2_PING && !(f->hd.flags & NGHTTP2_FLAG_ACK)) {
            self->pings.emplace_back(reinterpret_cast<const char *>(f->ping.opaque_data), 8);
        }
        return 0;
    }
    static int on_data(nghttp2_session *, uint8_t, int32_t id, const uint8_t *d, size_t len, void *user) {
        static_cast<Peer *>(user)->streams[id].body.append((const char *)d, len);
        return 0;
    }
    static int on_close(nghttp2_session *, int32_t id, uint32_t code, void *user) {
        auto &s = static_cast<Peer *>(user)->streams[id];
        s.closed = true;
        s.error_code = code;
        return 0;
    }
};

std::string frame(uint8_t type, uint8_t flags, int32_t stream, const std::string &payload) {
    std::string f;
    const size_t len = payload.size();
    f += char(len >> 16);
    f += char(len >> 8);
    f += char(len);
    f += char(type);
    f += char(flags);
    f += char((stream >> 24) & 0x7f);
    f += char(stream >> 16);
    f += char(stream >> 8);
    f += char(stream);
    return f + payload;
}

// The (type, stream, first 4 payload bytes as a code) of each frame in a server's output.
struct FrameSeen {
    uint8_t type;
    int32_t stream;
    uint32_t code;
};
std::vector<FrameSeen> frames_in(const std::string &out) {
    std::vector<FrameSeen> seen;
    size_t pos = 0;
    auto u = [&](size_t i) { return static_cast<uint32_t>(static_cast<uint8_t>(out[i])); };
    while (pos + 9 <= out.size()) {
        const size_t len = (u(pos) << 16) | (u(pos + 1) << 8) | u(pos + 2);
        FrameSeen f{
            static_cast<uint8_t>(u(pos + 3)),
            static_cast<int32_t>(((u(pos + 5) & 0x7f) << 24) | (u(pos + 6) << 16) | (u(pos + 7) << 8) | u(pos + 8)), 0};
        const size_t at = f.type == NGHTTP2_GOAWAY ? pos + 13 : pos + 9;
        if (len >= 4 && at + 4 <= out.size()) f.code = (u(at) << 24) | (u(at + 1) << 16) | (u(at + 2) << 8) | u(at + 3);
        seen.push_back(f);
        pos += 9 + len;
    }
    return seen;
}
bool has_frame(const std::string &out, uint8_t type, int32_t stream, uint32_t *code = nullptr) {
    for (auto &f : frames_in(out)) {
        if (f.type == type && f.stream == stream) {
            if (code) *code = f.code;
            return true;
        }
    }
    return false;
}

std::string header_value(const Event &e, const std::string &name) {
    for (auto &h : e.headers) {
        if (h.name == name) return h.value;
    }
    return "";
}

// A raw client start: preface and an empty SETTINGS.
std::string preface() { return std::string(kClientPreface) + frame(NGHTTP2_SETTINGS, 0, 0, ""); }

// HPACK for a GET / (static table indexes: :method GET, :scheme http, :path /) plus :authority literal.
std::string get_block() { return std::string("\x82\x86\x84\x41\x09localhost", 14); }

TEST(Http2Server, GetRequestGetsResponseWithBodyAndTrailers) {
    ServerConnection server;
    Peer peer(&server);
    const int32_t id = peer.request("GET", "/hello?x=1", "", {{"user-agent", "test"}});
    peer.pump();
    auto requests = peer.take(Event::kRequest);
    ASSERT_EQ(requests.size(), 1u);
    EXPECT_EQ(requests[0].stream_id, id);
    EXPECT_EQ(header_value(requests[0], ":method"), "GET");
    EXPECT_EQ(header_value(requests[0], ":path"), "/hello?x=1");
    EXPECT_EQ(header_value(requests[0], ":authority"), "localhost");
    EXPECT_EQ(header_value(requests[0], "user-agent"), "test");
    EXPECT_EQ(peer.take(Event::kRequestEnd).size(), 1u);

    ASSERT_TRUE(server.submit_response(id, 200, {{"content-type", "text/plain"}}, false));
    EXPECT_FALSE(server.submit_response(id, 200, {}, false)) << "a stream is answered once";
    ASSERT_TRUE(server.send_data(id, "hello ", false));
    peer.pump();
    ASSERT_TRUE(server.send_data(id, "world", false));
    ASSERT_TRUE(server.send_trailers(id, {{"grpc-status", "0"}}));
    peer.pump();
    auto &s = peer.streams[id];
    EXPECT_EQ(s.headers[":status"], "200");
    EXPECT_EQ(s.headers["content-type"], "text/plain");
    EXPECT_EQ(s.body, "hello world");
    EXPECT_EQ(s.trailers["grpc-status"], "0");
    EXPECT_TRUE(s.closed);
    EXPECT_EQ(s.error_code, 0u);
    auto closed = peer.take(Event::kStreamClosed);
    ASSERT_EQ(closed.size(), 1u);
    EXPECT_EQ(closed[0].error_code, 0u);
    EXPECT_FALSE(server.stream_open(id));
    EXPECT_FALSE(server.send_data(id, "late", true));
}

TEST(Http2Server, BatchedOutputCarriesSmallAndLargeChunksInOrder) {
    ServerConnection server;
    Peer peer(&server, 1 << 30);
    peer.batched = true;
    nghttp2_submit_window_update(peer.session_, NGHTTP2_FLAG_NONE, 0, (1 << 30) - 65535);
    const int32_t id = peer.request("GET", "/");
    peer.pump();
    ASSERT_TRUE(server.submit_response(id, 200, {}, false));
    std::string want;
    for (size_t i = 0; i < 40; ++i) {
        // Sizes either side of the copy threshold, and chunks spanning several DATA frames.
        std::string chunk(i % 3 == 0 ? 7 + i : 5000 * i + 600, static_cast<char>('a' + i % 26));
        want += chunk;
        ASSERT_TRUE(i % 2 ? server.send_owned_data(id, std::move(chunk), false) : server.send_data(id, chunk, false));
        if (i % 7 == 0) peer.pump();
    }
    ASSERT_TRUE(server.send_data(id, "end", true));
    want += "end";
    peer.pump();
    EXPECT_EQ(peer.streams[id].body.size(), want.size());
    EXPECT_TRUE(peer.streams[id].body == want);
    EXPECT_TRUE(peer.streams[id].closed);
}

// A batch shares the chunks it points into: a stream reset cannot free them under it, and a
// chunk's owner (send_chunk) lives until the batch has written it.
TEST(Http2Server, BatchKeepsItsChunksAfterTheStreamIsReset) {
    ServerConnection server;
    Peer peer(&server, 1 << 30);
    nghttp2_submit_window_update(peer.session_, NGHTTP2_FLAG_NONE, 0, (1 << 30) - 65535);
    const int32_t id = peer.request("GET", "/");
    peer.pump();
    ASSERT_TRUE(server.submit_response(id, 200, {}, false));
    ASSERT_TRUE(server.send_owned_data(id, std::string(100000, 'x'), false));
    std::weak_ptr<char[]> seen;
    {
        std::shared_ptr<char[]> piece = std::make_shared_for_overwrite<char[]>(70000);
        std::fill_n(piece.get(), 70000, 'y');
        seen = piece;
        ASSERT_TRUE(server.send_chunk(id, {piece, {piece.get(), 70000}}, true));
    }
    EXPECT_FALSE(seen.expired());  // the stream's queue holds it
    OutputBatch batch;
    ASSERT_GT(server.take_output(&batch, 1 << 20), 170000u);
    server.reset_stream(id, kCancel);  // frees the stream's queue; the batch still points into it
    EXPECT_FALSE(seen.expired());
    std::string out;
    batch.copy_to(&out);
    EXPECT_EQ(out.size(), batch.size());
    EXPECT_EQ(std::count(out.begin(), out.end(), 'x'), 100000);
    EXPECT_EQ(std::count(out.begin(), out.end(), 'y'), 70000);
    batch.consume(batch.size());
    EXPECT_TRUE(seen.expired());  // written: released
}

TEST(Http2Server, PostBodyArrivesAsDataThenEnd) {
    ServerConnection server;
    Peer peer(&server);
    const std::string body(100000, 'b');  // more than one window: the server must open it again
    const int32_t id = peer.request("POST", "/upload", body);
    peer.pump();
    std::string got;
    for (auto &e : peer.take(Event::kData)) got += e.data;
    EXPECT_EQ(got, body);
    EXPECT_EQ(peer.take(Event::kRequestEnd).size(), 1u);
    ASSERT_TRUE(server.submit_response(id, 204, {}, true));
    peer.pump();
    EXPECT_EQ(peer.streams[id].headers[":status"], "204");
    EXPECT_TRUE(peer.streams[id].closed);
}

TEST(Http2Server, RequestBodyOverTheBoundResetsTheStream) {
    ServerSettings settings;
    settings.max_request_body = 1000;
    ServerConnection server(settings);
    Peer peer(&server);
    const int32_t id = peer.request("POST", "/upload", std::string(5000, 'x'));
    peer.pump();
    EXPECT_TRUE(peer.streams[id].closed);
    EXPECT_EQ(peer.streams[id].error_code, uint32_t{kCancel});
    EXPECT_TRUE(peer.take(Event::kRequestEnd).empty());
    // The connection still serves.
    const int32_t next = peer.request("GET", "/");
    peer.pump();
    ASSERT_TRUE(server.submit_response(next, 200, {}, true));
    peer.pump();
    EXPECT_EQ(peer.streams[next].headers[":status"], "200");
}

TEST(Http2Server, HeaderListOverTheBoundResetsOnlyThatStream) {
    ServerSettings settings;
    settings.max_header_list_size = 1024;
    ServerConnection server(settings);
    Peer peer(&server);
    const int32_t big = peer.request("GET", "/", "", {{"x-big", std::string(2000, 'a')}});
    peer.pump();
    EXPECT_TRUE(peer.streams[big].closed);
    EXPECT_NE(peer.streams[big].error_code, 0u);
    EXPECT_TRUE(peer.take(Event::kRequest).empty());
    const int32_t next = peer.request("GET", "/ok");
    peer.pump();
    EXPECT_EQ(peer.take(Event::kRequest).size(), 1u);
    EXPECT_FALSE(peer.goaway);
    (void)next;
}

TEST(Http2Server, SlowReaderBoundsQueuedAndWrittenBytes) {
    ServerSettings settings;
    settings.stream_buffer_limit = 64 * 1024;
    ServerConnection server(settings);
    Peer peer(&server, 65535);
    // The client reads nothing: its windows stay at 65535, never updated (no auto window update
    // would be the default; this peer keeps auto, so stall it by not pumping after the first reply).
    const int32_t id = peer.request("GET", "/big");
    peer.pump();
    ASSERT_TRUE(server.submit_response(id, 200, {}, false));
    // Queue until the stream says "wait": the writer is told before the bound is much exceeded.
    size_t queued = 0;
    while (server.stream_writable(id)) {
        ASSERT_TRUE(server.send_data(id, std::string(16384, 'd'), false));
        queued += 16384;
        ASSERT_LE(queued, 128u * 1024);
    }
    EXPECT_GE(server.stream_queued(id), settings.stream_buffer_limit);
    // Written output is bounded by the peer's window (65535) however much is queued.
    std::string out;
    server.take_output(&out, 1 << 20);
    server.take_output(&out, 1 << 20);
    EXPECT_LT(out.size(), 65535u + 4096u);
    auto writable = server.take_events();
    bool told = false;
    for (auto &e : writable) told |= e.kind == Event::kWritable;
    EXPECT_TRUE(told) << "draining under the bound reports kWritable";
}

TEST(Http2Server, ZeroWindowPeerGetsNoDataUntilItOpensTheWindow) {
    ServerConnection server;
    Peer peer(&server, 0);
    const int32_t id = peer.request("GET", "/");
    peer.pump();
    ASSERT_TRUE(server.submit_response(id, 200, {}, false));
    ASSERT_TRUE(server.send_data(id, std::string(1000, 'z'), true));
    peer.pump();
    EXPECT_EQ(peer.streams[id].headers[":status"], "200");
    EXPECT_TRUE(peer.streams[id].body.empty());
    EXPECT_EQ(server.stream_queued(id), 1000u);
    nghttp2_submit_window_update(peer.session_, NGHTTP2_FLAG_NONE, id, 1000);
    peer.pump();
    EXPECT_EQ(peer.streams[id].body.size(), 1000u);
    EXPECT_TRUE(peer.streams[id].closed);
}

TEST(Http2Server, MoreStreamsThanAllowedAreRefused) {
    ServerSettings settings;
    settings.max_concurrent_streams = 2;
    ServerConnection server(settings);
    Peer peer(&server);
    peer.pump();  // settings exchanged and acknowledged
    std::string raw;
    for (int32_t id = 1; id <= 7; id += 2) {
        raw += frame(NGHTTP2_HEADERS, NGHTTP2_FLAG_END_HEADERS | NGHTTP2_FLAG_END_STREAM, id, get_block());
    }
    // Bypass the client session (it would respect the limit): a fresh server fed raw frames.
    ServerConnection raw_server(settings);
    raw_server.receive(preface().data(), preface().size());
    raw_server.receive(frame(NGHTTP2_SETTINGS, NGHTTP2_FLAG_ACK, 0, "").data(), 9);
    std::string out;
    raw_server.take_output(&out, 1 << 20);
    raw_server.receive(raw.data(), raw.size());
    size_t requests = 0;
    for (auto &e : raw_server.take_events()) requests += e.kind == Event::kRequest;
    EXPECT_EQ(requests, 2u);
    EXPECT_EQ(raw_server.open_streams(), 2u);
}

TEST(Http2Server, BadPrefaceEndsWithoutEvents) {
    ServerConnection server;
    const std::string bad = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
    EXPECT_FALSE(server.receive(bad.data(), bad.size()));
    EXPECT_TRUE(server.take_events().empty());
    EXPECT_TRUE(server.finished());
}

TEST(Http2Server, PingFloodEndsWithEnhanceYourCalm) {
    ServerSettings settings;
    settings.control_frame_burst = 100;
    settings.control_frame_rate = 0;
    ServerConnection server(settings);
    Peer peer(&server);
    peer.pump();
    std::string flood;
    for (int i = 0; i < 200; ++i) flood += frame(NGHTTP2_PING, 0, 0, std::string(8, char(i)));
    peer.raw(flood);
    peer.server_output();
    EXPECT_FALSE(peer.server_ok_);
    EXPECT_TRUE(peer.goaway);
    EXPECT_EQ(peer.goaway_code, uint32_t{kEnhanceYourCalm});
}

TEST(Http2Server, SettingsFloodWithoutReadingEndsTheConnection) {
    ServerSettings settings;
    settings.max_outbound_ack = 50;
    ServerConnection server(settings);
    std::string in = preface();
    for (int i = 0; i < 200; ++i) in += frame(NGHTTP2_SETTINGS, 0, 0, "");
    // The peer never reads, so the acks pile up: nghttp2 refuses past max_outbound_ack.
    EXPECT_FALSE(server.receive(in.data(), in.size()));
    std::string out;
    server.take_output(&out, 1 << 20);
    EXPECT_LT(out.size(), 60u * 9 + 200);
}

TEST(Http2Server, RapidResetEndsWithGoaway) {
    ServerSettings settings;
    settings.reset_burst = 50;
    settings.reset_rate = 1;
    ServerConnection server(settings);
    Peer peer(&server);
    peer.pump();
    std::string flood;
    for (int32_t id = 1; id < 2 * 400; id += 2) {
        flood += frame(NGHTTP2_HEADERS, NGHTTP2_FLAG_END_HEADERS | NGHTTP2_FLAG_END_STREAM, id, get_block());
        flood += frame(NGHTTP2_RST_STREAM, 0, id, std::string("\0\0\0\x08", 4));
    }
    peer.raw(flood);
    peer.server_output();
    EXPECT_TRUE(peer.goaway);
    EXPECT_NE(peer.goaway_code, 0u) << "nghttp2's reset rate limit answers INTERNAL_ERROR";
    EXPECT_LT(server.open_streams(), 10u);
}

TEST(Http2Server, ContinuationFloodEndsTheConnection) {
    ServerConnection server;
    Peer peer(&server);
    peer.pump();
    std::string flood = frame(NGHTTP2_HEADERS, 0, 1, get_block());
    for (int i = 0; i < 1000; ++i) flood += frame(NGHTTP2_CONTINUATION, 0, 1, std::string("\x40\x01x\x01y", 5));
    peer.raw(flood);
    peer.server_output();
    EXPECT_FALSE(peer.server_ok_);
    EXPECT_TRUE(peer.goaway);
    EXPECT_NE(peer.goaway_code, 0u);
    EXPECT_TRUE(server.take_events().empty());
}

TEST(Http2Server, HpackBombResetsTheStreamWithoutDecodingItAll) {
    ServerSettings settings;
    settings.max_header_list_size = 16 * 1024;
    ServerConnection server(settings);
    Peer peer(&server);
    peer.pump();
    // One 4000-byte header put in the dynamic table, then referenced 1000 times (1 byte each).
    std::string block = get_block();
    // Literal with incremental indexing, new name "x", 4000-byte value (127 + 3873 as 0xa1 0x1e).
    block += std::string("\x40\x01x\x7f\xa1\x1e", 6) + std::string(4000, 'v');
    block += std::string(1000, '\xbe');  // index 62: the new entry, 4 MB once decoded
    peer.raw(frame(NGHTTP2_HEADERS, NGHTTP2_FLAG_END_HEADERS | NGHTTP2_FLAG_END_STREAM, 1, block));
    for (auto &e : server.take_events()) EXPECT_NE(e.kind, Event::kRequest);
    std::string out;
    server.take_output(&out, 1 << 20);
    uint32_t code = 0;
    EXPECT_TRUE(has_frame(out, NGHTTP2_RST_STREAM, 1, &code));
    EXPECT_NE(code, 0u);
    EXPECT_FALSE(has_frame(out, NGHTTP2_GOAWAY, 0)) << "only the stream ends";
}

TEST(Http2Server, DataOnAClosedStreamIsAnError) {
    ServerConnection server;
    Peer peer(&server);
    peer.pump();
    peer.raw(frame(NGHTTP2_HEADERS, NGHTTP2_FLAG_END_HEADERS | NGHTTP2_FLAG_END_STREAM, 1, get_block()));
    peer.raw(frame(NGHTTP2_DATA, 0, 1, "late"));
    // Half-closed (remote) stream receiving DATA: STREAM_CLOSED (RFC 9113 §5.1).
    const std::string out = peer.server_output();
    uint32_t code = 0;
    EXPECT_TRUE(has_frame(out, NGHTTP2_RST_STREAM, 1, &code) || has_frame(out, NGHTTP2_GOAWAY, 0, &code));
    EXPECT_EQ(code, uint32_t{kStreamClosed});
}

TEST(Http2Server, StreamIdRegressionIsAConnectionError) {
    ServerConnection server;
    Peer peer(&server);
    peer.pump();
    peer.raw(frame(NGHTTP2_HEADERS, NGHTTP2_FLAG_END_HEADERS | NGHTTP2_FLAG_END_STREAM, 5, get_block()));
    peer.raw(frame(NGHTTP2_HEADERS, NGHTTP2_FLAG_END_HEADERS | NGHTTP2_FLAG_END_STREAM, 3, get_block()));
    const std::string out = peer.server_output();
    EXPECT_TRUE(peer.goaway);
    EXPECT_EQ(peer.goaway_code, uint32_t{kProtocolError});
    (void)out;
}

TEST(Http2Server, TrailersOnARecentlyClosedStreamAreNotAConnectionError) {
    ServerConnection server;
    Peer peer(&server);
    peer.pump();
    peer.raw(frame(NGHTTP2_HEADERS, NGHTTP2_FLAG_END_HEADERS, 1, get_block()));
    server.reset_stream(1, kCancel);
    peer.server_output();
    peer.raw(frame(NGHTTP2_HEADERS, NGHTTP2_FLAG_END_HEADERS, 3, get_block()));
    // The client had not seen the reset yet: its trailers for stream 1 must not end the connection.
    peer.raw(frame(NGHTTP2_HEADERS, NGHTTP2_FLAG_END_HEADERS | NGHTTP2_FLAG_END_STREAM, 1,
                   std::string("\x40\x01t\x011", 5)));
    peer.server_output();
    EXPECT_FALSE(peer.goaway);
    EXPECT_TRUE(peer.server_ok_);
}

TEST(Http2Server, OversizedFrameIsAConnectionError) {
    ServerConnection server;
    Peer peer(&server);
    peer.pump();
    peer.raw(frame(NGHTTP2_HEADERS, NGHTTP2_FLAG_END_HEADERS, 1, get_block()));
    peer.raw(frame(NGHTTP2_DATA, 0, 1, std::string(20000, 'o')));  // over SETTINGS_MAX_FRAME_SIZE 16384
    peer.server_output();
    EXPECT_TRUE(peer.goaway);
    EXPECT_EQ(peer.goaway_code, uint32_t{NGHTTP2_FRAME_SIZE_ERROR});
}

TEST(Http2Server, ShutdownLetsInFlightStreamsFinish) {
    ServerConnection server;
    Peer peer(&server);
    const int32_t id = peer.request("GET", "/");
    peer.pump();
    server.shutdown();
    peer.pump();
    EXPECT_TRUE(peer.goaway);
    EXPECT_EQ(peer.goaway_code, 0u);
    EXPECT_EQ(peer.goaway_last, id);
    EXPECT_FALSE(server.finished()) << "stream " << id << " is still being answered";
    ASSERT_TRUE(server.submit_response(id, 200, {}, false));
    ASSERT_TRUE(server.send_data(id, "bye", true));
    peer.pump();
    EXPECT_EQ(peer.streams[id].body, "bye");
    EXPECT_TRUE(server.finished());
}

TEST(Http2Server, GoawayWithACodeNamesTheLastStreamAndLetsItFinish) {
    ServerConnection server;
    Peer peer(&server);
    const int32_t id = peer.request("GET", "/");
    peer.pump();
    ASSERT_TRUE(server.goaway(kEnhanceYourCalm, "going"));
    peer.pump();
    EXPECT_TRUE(peer.goaway);
    EXPECT_EQ(peer.goaway_code, uint32_t{kEnhanceYourCalm});
    EXPECT_EQ(peer.goaway_last, id);
    EXPECT_EQ(peer.goaway_debug, "going");
    EXPECT_FALSE(server.finished());
    ASSERT_TRUE(server.submit_response(id, 200, {}, true));
    peer.pump();
    EXPECT_TRUE(peer.streams[id].got_headers);
    EXPECT_TRUE(server.finished());
}

TEST(Http2Server, PingCarriesItsDataZeroPaddedAndRefusesMoreThanEightBytes) {
    ServerConnection server;
    Peer peer(&server);
    peer.pump();
    ASSERT_TRUE(server.ping("abc"));
    ASSERT_TRUE(server.ping(""));
    EXPECT_FALSE(server.ping("123456789"));
    peer.pump();
    ASSERT_EQ(peer.pings.size(), 2u);
    EXPECT_EQ(peer.pings[0], std::string("abc\0\0\0\0\0", 8));
    EXPECT_EQ(peer.pings[1], std::string(8, '\0'));
    EXPECT_TRUE(server.ok());
}

TEST(Http2Server, Http2SettingsFieldDecodesWholeEntriesOnly) {
    const auto two = decode_http2_settings("AAMAAABkAAQAAP__");
    ASSERT_TRUE(two.has_value());
    EXPECT_EQ(*two, std::string("\x00\x03\x00\x00\x00\x64\x00\x04\x00\x00\xff\xff", 12));
    EXPECT_EQ(decode_http2_settings("AAMAAABk").value_or("?"), std::string("\x00\x03\x00\x00\x00\x64", 6));
    EXPECT_EQ(decode_http2_settings("").value_or("?"), "");
    EXPECT_FALSE(decode_http2_settings("AAMA").has_value()) << "3 bytes: not a whole entry";
    EXPECT_FALSE(decode_http2_settings("AAMAAABk+AQAAP//").has_value()) << "base64, not base64url";
    EXPECT_FALSE(decode_http2_settings("AAMAAABkA").has_value()) << "6 leftover bits";
}

TEST(Http2Server, UpgradeMakesStreamOne) {
    ServerConnection server;
    // An empty HTTP2-Settings payload is valid (no settings changed).
    ASSERT_TRUE(server.upgrade("", false));
    ASSERT_TRUE(server.submit_response(1, 200, {}, false));
    ASSERT_TRUE(server.send_data(1, "upgraded", true));
    // The client (after the 101) sends its preface and SETTINGS.
    nghttp2_session_callbacks *cb;
    nghttp2_session_callbacks_new(&cb);
    std::string body;
    nghttp2_session_callbacks_set_on_data_chunk_recv_callback(
        cb, [](nghttp2_session *, uint8_t, int32_t, const uint8_t *d, size_t n, void *u) {
            static_cast<std::string *>(u)->append((const char *)d, n);
            return 0;
        });
    nghttp2_session *client;
    nghttp2_session_client_new(&client, cb, &body);
    nghttp2_session_callbacks_del(cb);
    ASSERT_EQ(nghttp2_session_upgrade2(client, nullptr, 0, 0, nullptr), 0);
    for (int i = 0; i < 10; ++i) {
        const uint8_t *data;
        ssize_t n;
        while ((n = nghttp2_session_mem_send(client, &data)) > 0) server.receive(data, n);
        std::string out;
        server.take_output(&out, 1 << 20);
        nghttp2_session_mem_recv(client, (const uint8_t *)out.data(), out.size());
    }
    nghttp2_session_del(client);
    EXPECT_EQ(body, "upgraded");
}

}  // namespace
}  // namespace gust::proto::h2
