// The BASE-mode reactor against real loopback clients (coroutine sockets on the same loop):
// echo, queued output and close, backpressure, max connections, closes inside callbacks, UDP.
#include "gust/server/reactor.h"

#include <gtest/gtest.h>
#include <sys/uio.h>

#include <functional>
#include <string>
#include <vector>

#include "gust/base/error.h"
#include "gust/coro/coroutine.h"
#include "gust/net/co_socket.h"
#include "gust/net/socket.h"

namespace gust::server {
namespace {

struct Recorder final : ReactorEvents {
    std::function<void(const SessionInfo &)> connect;
    std::function<void(const SessionInfo &, Slice)> receive;
    std::function<void(int, Slice, const net::Address &)> packet;
    std::vector<std::pair<SessionId, CloseCause>> closes;
    int full = 0, empty = 0;
    void on_connect(const SessionInfo &s) override {
        if (connect) connect(s);
    }
    void on_receive(const SessionInfo &s, Slice d) override {
        if (receive) receive(s, d);
    }
    void on_close(const SessionInfo &s, CloseCause c) override { closes.emplace_back(s.id, c); }
    void on_packet(int p, Slice d, const net::Address &from) override {
        if (packet) packet(p, d, from);
    }
    void on_buffer_full(const SessionInfo &) override { ++full; }
    void on_buffer_empty(const SessionInfo &) override { ++empty; }
    std::function<void(const SessionInfo &)> written;
    void on_output_written(const SessionInfo &s, size_t) override {
        if (written) written(s);
    }
};

struct Env {
    loop::Loop loop;
    coro::Scheduler sched{loop};
    Recorder events;
    std::unique_ptr<Reactor> reactor;
    net::Address addr;
    explicit Env(ReactorOptions o = {}, int type = SOCK_STREAM,
                 std::shared_ptr<const proto::framing::Framing> framing = nullptr, Nanos read_timeout = 0) {
        reactor = std::make_unique<Reactor>(loop, events, o);
        ListenOptions l;
        l.address = net::Address::parse("127.0.0.1:0").value();
        l.type = type;
        l.framing = std::move(framing);
        l.header_timeout = l.body_timeout = read_timeout;
        auto idx = reactor->add_listener(l);
        EXPECT_TRUE(idx.ok());
        addr = reactor->listener_address(0).value();
        EXPECT_NE(addr.port(), 0);
        EXPECT_TRUE(reactor->start().ok());
    }
    // Runs `body` in a coroutine, then shuts the reactor down so the loop can end.
    void run(std::function<void()> body) {
        (void)sched.create([this, body] {
            body();
            reactor->shutdown();
        });
        sched.run();
    }
    std::unique_ptr<net::CoSocket> client() {
        auto c = net::CoSocket::open(AF_INET, SOCK_STREAM);
        EXPECT_TRUE(c.ok());
        EXPECT_TRUE(c.value()->connect(addr, kNanosPerSecond).ok());
        return std::move(c.value());
    }
};

std::string read_until_eof(net::CoSocket &c) {
    std::string out;
    char buf[65536];
    for (;;) {
        auto n = c.recv(buf, sizeof buf, 5 * kNanosPerSecond);
        if (!n.ok() || n.value() == 0) return out;
        out.append(buf, n.value());
    }
}

TEST(Reactor, EchoesAndReportsConnectReceiveClose) {
    Env env;
    std::vector<SessionId> connected;
    env.events.connect = [&](const SessionInfo &s) { connected.push_back(s.id); };
    env.events.receive = [&](const SessionInfo &s, Slice d) { EXPECT_TRUE(env.reactor->send(s.id, d).ok()); };
    std::string got;
    env.run([&] {
        auto c = env.client();
        ASSERT_TRUE(c->send_all("hello", 5).ok());
        char buf[5];
        auto n = c->recv_all(buf, 5, kNanosPerSecond);
        ASSERT_TRUE(n.ok());
        got.assign(buf, n.value());
        c->close();
        (void)coro::Scheduler::current()->sleep(10 * kNanosPerMilli);  // let the reactor see the EOF
    });
    EXPECT_EQ(got, "hello");
    ASSERT_EQ(connected.size(), 1u);
    EXPECT_EQ(connected[0], 1);
    ASSERT_EQ(env.events.closes.size(), 1u);
    EXPECT_EQ(env.events.closes[0].second, CloseCause::kPeer);
    EXPECT_FALSE(env.reactor->exists(1));
    EXPECT_EQ(env.reactor->stats().accepted, 1u);
    EXPECT_EQ(env.reactor->stats().connections, 0u);
}

TEST(Reactor, CloseAfterSendDeliversEverythingThenEof) {
    const std::string big(1024 * 1024, 'x');  // more than the socket takes at once
    Env env2;
    env2.events.receive = [&](const SessionInfo &s, Slice) {
        ASSERT_TRUE(env2.reactor->send(s.id, Slice(big.data(), 1024 * 1024)).ok());
        ASSERT_TRUE(env2.reactor->close(s.id).ok());  // closes after the queued output
        EXPECT_FALSE(env2.reactor->exists(s.id));
        EXPECT_EQ(env2.reactor->send(s.id, Slice(std::string_view("late"))).code(), kErrNotFound);
    };
    size_t got = 0;
    env2.run([&] {
        auto c = env2.client();
        ASSERT_TRUE(c->send_all("go", 2).ok());
        got = read_until_eof(*c).size();
    });
    EXPECT_EQ(got, 1024u * 1024u);
    ASSERT_EQ(env2.events.closes.size(), 1u);
    EXPECT_EQ(env2.events.closes[0].second, CloseCause::kServer);
}

TEST(Reactor, OutputLimitRefusesAndReportsFullThenEmpty) {
    ReactorOptions o;
    o.output_buffer_limit = 64 * 1024;
    Env env(o);
    SessionId id = 0;
    int refused = 0;
    env.events.connect = [&](const SessionInfo &s) { id = s.id; };
    env.run([&] {
        auto c = env.client();
        (void)coro::Scheduler::current()->sleep(5 * kNanosPerMilli);
        ASSERT_NE(id, 0);
        std::string chunk(16 * 1024, 'y');
        // The client does not read: the kernel buffers fill, then the session's 64 KiB limit.
        for (int i = 0; i < 2000 && refused == 0; ++i) {
            Status st = env.reactor->send(id, Slice(chunk));
            if (!st.ok()) {
                EXPECT_EQ(st.code(), kErrLimit);
                ++refused;
            }
        }
        EXPECT_EQ(refused, 1);
        EXPECT_EQ(env.events.full, 1);
        char buf[65536];
        // Drain until the reactor has flushed everything and reported the buffer empty.
        for (int i = 0; i < 10000 && env.events.empty == 0; ++i) (void)c->recv(buf, sizeof buf, kNanosPerSecond);
        EXPECT_EQ(env.events.empty, 1);
        EXPECT_TRUE(env.reactor->send(id, Slice(chunk)).ok());
    });
}

TEST(Reactor, MaxConnectionsRefusesTheExcess) {
    ReactorOptions o;
    o.max_connections = 1;
    Env env(o);
    std::string second;
    env.run([&] {
        auto a = env.client();
        (void)coro::Scheduler::current()->sleep(5 * kNanosPerMilli);
        auto b = env.client();  // accepted by the kernel, then closed by the reactor
        second = read_until_eof(*b);
        EXPECT_TRUE(env.reactor->exists(1));
    });
    EXPECT_EQ(second, "");
    EXPECT_EQ(env.reactor->stats().refused, 1u);
    EXPECT_EQ(env.reactor->stats().accepted, 1u);
}

TEST(Reactor, CloseInsideCallbacksIsSafe) {
    Env env;
    int receives = 0;
    env.events.connect = [&](const SessionInfo &s) {
        if (s.id == 1) {
            ASSERT_TRUE(env.reactor->close(s.id).ok());  // close in on_connect
        }
    };
    env.events.receive = [&](const SessionInfo &s, Slice) {
        ++receives;
        ASSERT_TRUE(env.reactor->close(s.id, true).ok());  // reset in on_receive
        EXPECT_EQ(env.reactor->close(s.id).code(), kErrNotFound);
    };
    std::string first, second;
    env.run([&] {
        auto a = env.client();
        first = read_until_eof(*a);
        auto b = env.client();
        ASSERT_TRUE(b->send_all("a lot of input", 14).ok());
        second = read_until_eof(*b);
    });
    EXPECT_EQ(receives, 1);
    EXPECT_EQ(env.events.closes.size(), 2u);
    EXPECT_EQ(env.reactor->stats().connections, 0u);
}

TEST(Reactor, ListsSessionsAndShutsDown) {
    Env env;
    std::vector<std::unique_ptr<net::CoSocket>> clients;
    env.run([&] {
        for (int i = 0; i < 5; ++i) clients.push_back(env.client());
        (void)coro::Scheduler::current()->sleep(10 * kNanosPerMilli);
        EXPECT_EQ(env.reactor->list(0, 100), (std::vector<SessionId>{1, 2, 3, 4, 5}));
        EXPECT_EQ(env.reactor->list(2, 2), (std::vector<SessionId>{3, 4}));
        const SessionInfo *info = env.reactor->info(3);
        ASSERT_NE(info, nullptr);
        EXPECT_EQ(info->peer.host(), "127.0.0.1");
        env.reactor->shutdown();
        EXPECT_EQ(env.reactor->stats().connections, 0u);  // (run() shuts down again: a no-op)
        for (auto &c : clients) EXPECT_EQ(read_until_eof(*c), "");
    });
    EXPECT_EQ(env.events.closes.size(), 5u);
}

TEST(Reactor, UdpPacketsAndSendto) {
    Env env({}, SOCK_DGRAM);
    env.events.packet = [&](int port, Slice d, const net::Address &from) {
        EXPECT_TRUE(env.reactor->sendto(port, from, d).ok());
    };
    std::string got;
    env.run([&] {
        auto c = net::CoSocket::open(AF_INET, SOCK_DGRAM);
        ASSERT_TRUE(c.ok());
        ASSERT_TRUE(c.value()->sendto("dgram", 5, env.addr).ok());
        char buf[16];
        net::Address from;
        auto n = c.value()->recvfrom(buf, sizeof buf, &from, kNanosPerSecond);
        ASSERT_TRUE(n.ok());
        got.assign(buf, n.value());
    });
    EXPECT_EQ(got, "dgram");
}

}  // namespace
}  // namespace gust::server

namespace gust::server {
namespace {

std::shared_ptr<const proto::framing::Framing> eof_split(uint32_t max_length) {
    proto::framing::Options o;
    o.mode = proto::framing::Mode::kEofSplit;
    o.eof = "\n";
    o.max_length = max_length;
    return std::make_shared<const proto::framing::Framing>(proto::framing::Framing::create(o).value());
}

TEST(Reactor, FramedListenerDeliversWholePackagesFromSplitWrites) {
    Env env({}, SOCK_STREAM, eof_split(1024));
    std::vector<std::string> packages;
    env.events.receive = [&](const SessionInfo &s, Slice d) {
        packages.emplace_back(d.data(), d.size());
        if (packages.size() == 3) {
            EXPECT_TRUE(env.reactor->send(s.id, Slice(std::string_view("ok"))).ok());
        }
    };
    env.run([&] {
        auto c = env.client();
        ASSERT_TRUE(c->send_all("one\ntw", 6).ok());
        ASSERT_TRUE(c->send_all("o\nthree\n", 9).ok());
        char buf[2];
        ASSERT_TRUE(c->recv_all(buf, 2, kNanosPerSecond).ok());
    });
    ASSERT_EQ(packages.size(), 3u);
    EXPECT_EQ(packages[0], "one\n");
    EXPECT_EQ(packages[1], "two\n");
    EXPECT_EQ(packages[2], "three\n");
}

TEST(Reactor, OversizedPackageClosesOnlyThatSession) {
    Env env({}, SOCK_STREAM, eof_split(16));
    int received = 0;
    env.events.receive = [&](const SessionInfo &s, Slice d) {
        ++received;
        EXPECT_TRUE(env.reactor->send(s.id, d).ok());
    };
    std::string eof_seen, good_echo;
    env.run([&] {
        auto bad = env.client();
        auto good = env.client();
        std::string big(64, 'x');  // no newline within package_max_length
        ASSERT_TRUE(bad->send_all(big.data(), big.size()).ok());
        eof_seen = read_until_eof(*bad);
        ASSERT_TRUE(good->send_all("fine\n", 5).ok());
        char buf[5];
        auto n = good->recv_all(buf, 5, kNanosPerSecond);
        ASSERT_TRUE(n.ok());
        good_echo.assign(buf, n.value());
    });
    EXPECT_EQ(eof_seen, "");
    EXPECT_EQ(good_echo, "fine\n");
    EXPECT_EQ(received, 1);
    EXPECT_EQ(env.reactor->stats().framing_errors, 1u);
    // The bad one (session 1) ends for its protocol error, whenever its lingering close ends.
    bool found = false;
    for (auto &[id, cause] : env.events.closes) {
        if (id != 1) continue;
        found = true;
        EXPECT_EQ(cause, CloseCause::kProtocol);
    }
    EXPECT_TRUE(found);
}

// A framing refusal with no answer to give (not HTTP) ends with an RST once nothing of ours is
// left unacknowledged: the peer, still sending, reads ECONNRESET rather than an orderly end it
// could take for success. (HTTP refusals answer first and linger: see the http tests.)
TEST(Reactor, ARefusalWithoutAnAnswerResetsThePeerThatIsStillSending) {
    Env env({}, SOCK_STREAM, eof_split(16));
    std::string got;
    bool closed_after = false;
    env.run([&] {
        auto c = env.client();
        // Far more than the limit, sent while the server has already refused the first bytes.
        std::string big(1 << 20, 'x');
        ASSERT_TRUE(c->send_all(big.data(), big.size()).ok());
        char buf[4096];
        for (;;) {
            auto n = c->recv(buf, sizeof buf, 5 * kNanosPerSecond);
            if (!n.ok()) {
                got = "error: " + std::string(error_message(n.error().code));
                break;
            }
            if (n.value() == 0) break;
            got.append(buf, n.value());
        }
        c->close();
        (void)coro::Scheduler::current()->sleep(20 * kNanosPerMilli);  // its close reaches the reactor
        closed_after = !env.reactor->exists(1) && !env.events.closes.empty();
    });
    EXPECT_EQ(got, "error: " + std::string(error_message(-ECONNRESET)));
    EXPECT_TRUE(closed_after);
    ASSERT_EQ(env.events.closes.size(), 1u);
    EXPECT_EQ(env.events.closes[0].second, CloseCause::kProtocol);
}

TEST(Reactor, AdoptsASocketBoundElsewhere) {
    loop::Loop loop;
    coro::Scheduler sched{loop};
    Recorder events;
    Reactor reactor(loop, events);
    auto addr = net::Address::parse("127.0.0.1:0").value();
    int fd = net::sys::open_socket(addr.family(), SOCK_STREAM);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(net::sys::bind(fd, addr), 0);
    ASSERT_EQ(net::sys::listen(fd, 16), 0);
    ListenOptions l;
    l.address = addr;
    ASSERT_EQ(reactor.adopt_listener(fd, l).value(), 0);
    auto bound = reactor.listener_address(0).value();
    EXPECT_NE(bound.port(), 0);
    EXPECT_EQ(reactor.adopt_listener(-1, l).code(), kErrInvalid);
    ASSERT_TRUE(reactor.start().ok());
    events.receive = [&](const SessionInfo &s, Slice d) { EXPECT_TRUE(reactor.send(s.id, d).ok()); };
    std::string got;
    (void)sched.create([&] {
        auto c = net::CoSocket::open(AF_INET, SOCK_STREAM).value();
        ASSERT_TRUE(c->connect(bound, kNanosPerSecond).ok());
        ASSERT_TRUE(c->send_all("hi", 2).ok());
        char buf[2];
        ASSERT_TRUE(c->recv_all(buf, 2, kNanosPerSecond).ok());
        got.assign(buf, 2);
        reactor.shutdown();
    });
    sched.run();
    EXPECT_EQ(got, "hi");
}

std::shared_ptr<const proto::framing::Framing> http_framing() {
    proto::framing::Options o;
    o.mode = proto::framing::Mode::kHttp;
    o.max_length = 1024;
    return std::make_shared<const proto::framing::Framing>(proto::framing::Framing::create(o).value());
}

TEST(Reactor, HttpListenerAnswersAMalformedRequestWithItsStatusAndCloses) {
    Env env({}, SOCK_STREAM, http_framing());
    int received = 0;
    env.events.receive = [&](const SessionInfo &s, Slice) {
        ++received;
        EXPECT_TRUE(env.reactor->send(s.id, Slice(std::string_view("HTTP/1.1 204 No Content\r\n\r\n"))).ok());
    };
    std::string smuggle, big;
    env.run([&] {
        auto c = env.client();
        const std::string req =
            "GET / HTTP/1.1\r\nHost: x\r\n\r\n"
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n";
        ASSERT_TRUE(c->send_all(req.data(), req.size()).ok());
        smuggle = read_until_eof(*c);
        auto d = env.client();
        const std::string huge = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n";
        ASSERT_TRUE(d->send_all(huge.data(), huge.size()).ok());
        big = read_until_eof(*d);
    });
    EXPECT_EQ(received, 1);
    EXPECT_EQ(smuggle.rfind("HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 400 Bad Request\r\n", 0), 0u) << smuggle;
    EXPECT_NE(smuggle.find("Connection: close"), std::string::npos);
    EXPECT_EQ(big.rfind("HTTP/1.1 413 Content Too Large\r\n", 0), 0u) << big;
}

// An HTTP refusal answers, then lingers: FIN after the answer, and what the peer still sends is
// read and dropped, so no RST can destroy the answer before the peer reads it.
TEST(Reactor, HttpRefusalLingersSoThePeerReadsTheAnswerWhileStillSending) {
    Env env({}, SOCK_STREAM, http_framing());
    std::string got;
    env.run([&] {
        auto c = env.client();
        std::string req = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1048576\r\n\r\n";
        req.append(1 << 20, 'x');
        ASSERT_TRUE(c->send_all(req.data(), req.size()).ok());
        got = read_until_eof(*c);
    });
    EXPECT_EQ(got.rfind("HTTP/1.1 413 Content Too Large\r\n", 0), 0u) << got;
    ASSERT_EQ(env.events.closes.size(), 1u);
    EXPECT_EQ(env.events.closes[0].second, CloseCause::kProtocol);
}

TEST(Reactor, HttpListenerSends100ContinueBeforeTheBody) {
    Env env({}, SOCK_STREAM, http_framing());
    std::string request;
    env.events.receive = [&](const SessionInfo &s, Slice d) {
        request.assign(d.data(), d.size());
        EXPECT_TRUE(env.reactor->send(s.id, Slice(std::string_view("done"))).ok());
    };
    std::string interim, final_answer;
    env.run([&] {
        auto c = env.client();
        const std::string head = "PUT / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n";
        ASSERT_TRUE(c->send_all(head.data(), head.size()).ok());
        char buf[25];
        ASSERT_TRUE(c->recv_all(buf, sizeof buf, kNanosPerSecond).ok());
        interim.assign(buf, sizeof buf);
        ASSERT_TRUE(c->send_all("abc", 3).ok());
        char done[4];
        ASSERT_TRUE(c->recv_all(done, 4, kNanosPerSecond).ok());
        final_answer.assign(done, 4);
    });
    EXPECT_EQ(interim, "HTTP/1.1 100 Continue\r\n\r\n");
    EXPECT_EQ(final_answer, "done");
    EXPECT_EQ(request.substr(request.size() - 3), "abc");
}

TEST(Reactor, HttpRequestNotReceivedInTimeGets408) {
    Env env({}, SOCK_STREAM, http_framing(), 50 * kNanosPerMilli);
    std::string slow_head, slow_body, idle;
    env.run([&] {
        auto a = env.client();
        ASSERT_TRUE(a->send_all("GET / HTTP/1.1\r\nHo", 19).ok());
        slow_head = read_until_eof(*a);
        auto b = env.client();
        const std::string head = "PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\na";
        ASSERT_TRUE(b->send_all(head.data(), head.size()).ok());
        slow_body = read_until_eof(*b);
        // An idle keep-alive connection is not a request in progress: no 408 (the peer closes).
        auto c = env.client();
        char x;
        auto r = c->recv(&x, 1, 150 * kNanosPerMilli);
        idle = r.ok() ? "data" : "timeout";
    });
    EXPECT_EQ(slow_head.rfind("HTTP/1.1 408 Request Timeout\r\n", 0), 0u) << slow_head;
    EXPECT_EQ(slow_body.rfind("HTTP/1.1 408 Request Timeout\r\n", 0), 0u) << slow_body;
    EXPECT_EQ(idle, "timeout");
}

TEST(Reactor, SendFileQueuesAFileLargerThanTheOutputLimitInOrder) {
    ReactorOptions o;
    o.output_buffer_limit = 64 * 1024;
    Env env(o);
    char path[] = "/tmp/gust-sendfile-XXXXXX";
    const int fd = mkstemp(path);
    ASSERT_GE(fd, 0);
    std::string content(3 * 1024 * 1024, '\0');
    for (size_t i = 0; i < content.size(); ++i) content[i] = static_cast<char>('a' + i % 26);
    ASSERT_EQ(write(fd, content.data(), content.size()), static_cast<ssize_t>(content.size()));
    unlink(path);
    env.events.receive = [&](const SessionInfo &s, Slice) {
        EXPECT_TRUE(env.reactor->send(s.id, Slice(std::string_view("head|"))).ok());
        EXPECT_TRUE(env.reactor->send_file(s.id, dup(fd), 100, content.size() - 200).ok());
        EXPECT_TRUE(env.reactor->send(s.id, Slice(std::string_view("|tail"))).ok());
        EXPECT_TRUE(env.reactor->close(s.id).ok());  // after everything queued is out
    };
    std::string got;
    env.run([&] {
        auto c = env.client();
        ASSERT_TRUE(c->send_all("go", 2).ok());
        got = read_until_eof(*c);
    });
    close(fd);
    EXPECT_EQ(got.size(), 5 + content.size() - 200 + 5);
    EXPECT_EQ(got, "head|" + content.substr(100, content.size() - 200) + "|tail");
}

TEST(Reactor, WriteNowWritesWhatTheSocketTakesAndReportsRoomWithoutQueueing) {
    ReactorOptions o;
    o.output_buffer_limit = 64 * 1024;  // write_now() is not bound by it: it never queues
    Env env(o);
    std::string content(8 * 1024 * 1024, '\0');
    for (size_t i = 0; i < content.size(); ++i) content[i] = static_cast<char>('a' + i % 251);
    size_t sent = 0;
    int short_writes = 0, room_reports = 0;
    // Writes gathered pieces (a 9-byte piece and a large one, as HTTP/2 DATA frames) until the
    // socket takes less than offered, then waits for on_output_written.
    auto pump = [&](SessionId id) {
        while (sent < content.size()) {
            const size_t first = std::min<size_t>(9, content.size() - sent);
            const size_t second = std::min<size_t>(100000, content.size() - sent - first);
            iovec iov[2] = {{content.data() + sent, first}, {content.data() + sent + first, second}};
            auto n = env.reactor->write_now(id, iov, 2);
            ASSERT_TRUE(n.ok());
            sent += n.value();
            EXPECT_EQ(env.reactor->queued_bytes(id), 0u);
            if (n.value() < first + second) {
                ++short_writes;
                return;
            }
        }
        EXPECT_TRUE(env.reactor->close(id).ok());
    };
    env.events.receive = [&](const SessionInfo &s, Slice) { pump(s.id); };
    env.events.written = [&](const SessionInfo &s) {
        ++room_reports;
        if (sent < content.size()) pump(s.id);
    };
    std::string got;
    env.run([&] {
        auto c = env.client();
        ASSERT_TRUE(c->send_all("go", 2).ok());
        got = read_until_eof(*c);
    });
    EXPECT_GT(short_writes, 0) << "8 MiB to a loopback reader should fill its socket at least once";
    EXPECT_GE(room_reports, short_writes);
    EXPECT_EQ(env.events.full, 0);
    EXPECT_EQ(got.size(), content.size());
    EXPECT_TRUE(got == content);
}

TEST(Reactor, PauseStopsDeliveringBufferedPackagesUntilResume) {
    Env env({}, SOCK_STREAM, eof_split(1024));
    std::vector<std::string> packages;
    SessionId sid = 0;
    env.events.receive = [&](const SessionInfo &s, Slice d) {
        packages.emplace_back(d.data(), d.size());
        sid = s.id;
        if (packages.size() == 2) {  // backpressure
            EXPECT_TRUE(env.reactor->pause(s.id).ok());
        }
        if (packages.size() == 5) {
            EXPECT_TRUE(env.reactor->send(s.id, Slice(std::string_view("k"))).ok());
        }
    };
    size_t while_paused = 0;
    env.run([&] {
        auto c = env.client();
        ASSERT_TRUE(c->send_all("1\n2\n3\n4\n5\n", 10).ok());
        // Let the reactor read everything; only two packages may come out while paused.
        for (int i = 0; i < 50 && packages.size() < 2; ++i) env.sched.sleep(kNanosPerMilli);
        env.sched.sleep(10 * kNanosPerMilli);
        while_paused = packages.size();
        ASSERT_TRUE(env.reactor->resume(sid).ok());
        char k;
        ASSERT_TRUE(c->recv_all(&k, 1, kNanosPerSecond).ok());
    });
    EXPECT_EQ(while_paused, 2u);
    EXPECT_EQ(packages, (std::vector<std::string>{"1\n", "2\n", "3\n", "4\n", "5\n"}));
}

}  // namespace
}  // namespace gust::server
