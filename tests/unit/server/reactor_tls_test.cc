// The reactor's TLS listeners against coroutine TLS clients on the same loop: the handshake
// before on_connect, echo of megabytes both ways, files without sendfile, close_notify, and the
// connections that never become sessions (plain text, a stalled handshake).
#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "gust/coro/coroutine.h"
#include "gust/net/co_socket.h"
#include "gust/net/tls.h"
#include "gust/server/reactor.h"
#include "net/test_certs.h"

namespace gust::server {
namespace {

const net::testing::TestCerts &certs() {
    static net::testing::TestCerts c;
    return c;
}

struct Events final : ReactorEvents {
    std::function<void(const SessionInfo &)> connect;
    std::function<void(const SessionInfo &, Slice)> receive;
    int connects = 0, closes = 0;
    void on_connect(const SessionInfo &s) override {
        ++connects;
        if (connect) connect(s);
    }
    void on_receive(const SessionInfo &s, Slice d) override {
        if (receive) receive(s, d);
    }
    void on_close(const SessionInfo &, CloseCause) override { ++closes; }
    void on_packet(int, Slice, const net::Address &) override {}
};

struct Env {
    loop::Loop loop;
    coro::Scheduler sched{loop};
    Events events;
    std::unique_ptr<Reactor> reactor;
    net::Address addr;
    std::shared_ptr<net::TlsContext> client_ctx;
    explicit Env(Nanos handshake_timeout = 5 * kNanosPerSecond) {
        net::TlsConfig sc;
        sc.verify_peer = false;
        sc.cert_file = certs().path("server", "crt");
        sc.key_file = certs().path("server", "key");
        std::string error;
        ListenOptions l;
        l.address = net::Address::parse("127.0.0.1:0").value();
        l.tls = net::TlsContext::create(net::TlsRole::kServer, sc, &error).value();
        l.handshake_timeout = handshake_timeout;
        reactor = std::make_unique<Reactor>(loop, events);
        EXPECT_TRUE(reactor->add_listener(l).ok());
        addr = reactor->listener_address(0).value();
        EXPECT_TRUE(reactor->start().ok());
        net::TlsConfig cc;
        cc.cafile = certs().path("ca", "crt");
        client_ctx = net::TlsContext::create(net::TlsRole::kClient, cc, &error).value();
    }
    void run(std::function<void()> body) {
        (void)sched.create([this, body] {
            body();
            reactor->shutdown();
        });
        sched.run();
    }
    std::unique_ptr<net::CoSocket> connect() {
        auto c = net::CoSocket::open(AF_INET, SOCK_STREAM).value();
        EXPECT_TRUE(c->connect(addr, kNanosPerSecond).ok());
        return c;
    }
};

std::string read_all(net::TlsSession &tls) {
    std::string out;
    char buf[65536];
    for (;;) {
        auto n = tls.recv(buf, sizeof buf, 5 * kNanosPerSecond);
        if (!n.ok() || n.value() == 0) return out;
        out.append(buf, n.value());
    }
}

TEST(ReactorTls, HandshakeThenConnectThenEchoOfMegabytesThenCloseNotify) {
    Env env;
    std::string big(2 << 20, '\0');
    for (size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>(i * 7 + (i >> 12));
    size_t received = 0;
    bool handshake_done = false;
    env.events.receive = [&](const SessionInfo &s, Slice d) {
        received += d.size();
        EXPECT_TRUE(env.reactor->send(s.id, d).ok());
        if (received == big.size()) {
            EXPECT_TRUE(env.reactor->close(s.id).ok());
        }
    };
    std::string echoed;
    env.run([&] {
        auto sock = env.connect();
        net::TlsSession tls(env.client_ctx, *sock, "localhost");
        ASSERT_TRUE(tls.handshake(2 * kNanosPerSecond).ok()) << tls.error();
        handshake_done = true;
        // Sending and reading at once: the echo fills both directions' buffers.
        (void)env.sched.create([&] { EXPECT_TRUE(tls.send_all(big.data(), big.size(), 5 * kNanosPerSecond).ok()); });
        echoed = read_all(tls);
    });
    EXPECT_TRUE(handshake_done);
    EXPECT_EQ(env.events.connects, 1);
    EXPECT_EQ(env.events.closes, 1);
    EXPECT_EQ(received, big.size());
    EXPECT_TRUE(echoed == big);
    EXPECT_EQ(env.reactor->stats().tls_failures, 0u);
}

TEST(ReactorTls, FilesGoThroughTheEngine) {
    Env env;
    char path[] = "/tmp/gust-tls-file-XXXXXX";
    int fd = mkstemp(path);
    std::string content(300 * 1024 + 17, '\0');
    for (size_t i = 0; i < content.size(); ++i) content[i] = static_cast<char>('a' + i % 23);
    ASSERT_EQ(::write(fd, content.data(), content.size()), static_cast<ssize_t>(content.size()));
    env.events.connect = [&](const SessionInfo &s) {
        EXPECT_TRUE(env.reactor->send(s.id, Slice(std::string_view("head:"))).ok());
        EXPECT_TRUE(env.reactor->send_file(s.id, ::open(path, O_RDONLY | O_CLOEXEC), 5, content.size() - 5).ok());
        EXPECT_TRUE(env.reactor->send(s.id, Slice(std::string_view(":tail"))).ok());
        EXPECT_TRUE(env.reactor->close(s.id).ok());
    };
    std::string got;
    env.run([&] {
        auto sock = env.connect();
        net::TlsSession tls(env.client_ctx, *sock, "localhost");
        ASSERT_TRUE(tls.handshake(2 * kNanosPerSecond).ok()) << tls.error();
        got = read_all(tls);
    });
    ::close(fd);
    ::unlink(path);
    EXPECT_TRUE(got == "head:" + content.substr(5) + ":tail") << got.size();
}

TEST(ReactorTls, APlainTextClientIsClosedWithoutBecomingASession) {
    Env env;
    std::string answer;
    env.run([&] {
        auto sock = env.connect();
        const char request[] = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
        ASSERT_TRUE(sock->send_all(request, sizeof request - 1).ok());
        char buf[4096];
        for (;;) {
            auto n = sock->recv(buf, sizeof buf, 2 * kNanosPerSecond);
            if (!n.ok() || n.value() == 0) break;
            answer.append(buf, n.value());
        }
    });
    EXPECT_EQ(env.events.connects, 0);
    EXPECT_EQ(env.events.closes, 0);
    EXPECT_EQ(env.reactor->stats().tls_failures, 1u);
    EXPECT_EQ(answer.find("HTTP"), std::string::npos);  // an alert at most, never a second interpretation
}

TEST(ReactorTls, AStalledHandshakeIsClosedAtItsTimeout) {
    Env env(30 * kNanosPerMilli);
    bool closed = false;
    env.run([&] {
        auto sock = env.connect();  // connects, never says hello
        char b;
        auto n = sock->recv(&b, 1, 2 * kNanosPerSecond);
        closed = n.ok() && n.value() == 0;
    });
    EXPECT_TRUE(closed);
    EXPECT_EQ(env.events.connects, 0);
    EXPECT_EQ(env.reactor->stats().tls_failures, 1u);
}

TEST(ReactorTls, ReactorShutdownWithHandshakesInFlight) {
    Env env;
    env.run([&] {
        auto a = env.connect();
        auto b = env.connect();
        env.sched.sleep(10 * kNanosPerMilli);  // accepted, handshakes pending
    });
    EXPECT_EQ(env.events.connects, 0);
    EXPECT_EQ(env.events.closes, 0);
}

}  // namespace
}  // namespace gust::server
