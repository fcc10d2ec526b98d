// The reactor's DTLS listeners (a SOCK_DGRAM listener with a datagram context) against coroutine
// DTLS clients on the same loop: a client becomes a session after the cookie exchange and its
// handshake, records are echoed, close_notify ends it; garbage and a stalled handshake never
// become sessions (the handshake timeout ends the latter).
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
    std::function<void(const SessionInfo &, Slice)> receive;
    int connects = 0, closes = 0, packets = 0;
    void on_connect(const SessionInfo &) override { ++connects; }
    void on_receive(const SessionInfo &s, Slice d) override {
        if (receive) receive(s, d);
    }
    void on_close(const SessionInfo &, CloseCause) override { ++closes; }
    void on_packet(int, Slice, const net::Address &) override { ++packets; }
};

std::shared_ptr<net::TlsContext> context(net::TlsRole role) {
    net::TlsConfig c;
    c.datagram = true;
    c.verify_peer = false;
    if (role == net::TlsRole::kServer) {
        c.cert_file = certs().path("server", "crt");
        c.key_file = certs().path("server", "key");
    }
    std::string error;
    auto r = net::TlsContext::create(role, c, &error);
    EXPECT_TRUE(r.ok()) << error;
    return r.value();
}

struct Env {
    loop::Loop loop;
    coro::Scheduler sched{loop};
    Events events;
    std::unique_ptr<Reactor> reactor;
    net::Address addr;
    std::shared_ptr<net::TlsContext> client_ctx = context(net::TlsRole::kClient);
    explicit Env(Nanos handshake_timeout = 5 * kNanosPerSecond) {
        ListenOptions l;
        l.address = net::Address::parse("127.0.0.1:0").value();
        l.type = SOCK_DGRAM;
        l.tls = context(net::TlsRole::kServer);
        l.handshake_timeout = handshake_timeout;
        reactor = std::make_unique<Reactor>(loop, events);
        EXPECT_TRUE(reactor->add_listener(l).ok());
        addr = reactor->listener_address(0).value();
        EXPECT_TRUE(reactor->start().ok());
    }
    void run(std::function<void()> body) {
        (void)sched.create([this, body] {
            body();
            reactor->shutdown();
        });
        sched.run();
    }
    std::unique_ptr<net::CoSocket> connect() {
        auto c = net::CoSocket::open(AF_INET, SOCK_DGRAM).value();
        EXPECT_TRUE(c->connect(addr, kNanosPerSecond).ok());
        return c;
    }
};

TEST(ReactorDtls, CookieThenHandshakeThenConnectThenEchoThenCloseNotify) {
    Env env;
    env.events.receive = [&](const SessionInfo &s, Slice d) { EXPECT_TRUE(env.reactor->send(s.id, d).ok()); };
    const std::string message(40000, 'q');  // three records each way
    std::string echoed;
    env.run([&] {
        auto sock = env.connect();
        net::TlsSession tls(env.client_ctx, *sock);
        ASSERT_TRUE(tls.handshake(2 * kNanosPerSecond).ok()) << tls.error();
        EXPECT_EQ(tls.protocol(), "DTLSv1.2");
        ASSERT_TRUE(tls.send_all(message.data(), message.size(), kNanosPerSecond).ok());
        char buf[65536];
        while (echoed.size() < message.size()) {
            auto n = tls.recv(buf, sizeof buf, 2 * kNanosPerSecond);
            if (!n.ok() || n.value() == 0) break;
            echoed.append(buf, n.value());
        }
        tls.shutdown();
        for (int i = 0; i < 100 && env.events.closes == 0; ++i) (void)sock->wait_ready(false, 10 * kNanosPerMilli);
    });
    EXPECT_EQ(echoed, message);
    EXPECT_EQ(env.events.connects, 1);
    EXPECT_EQ(env.events.closes, 1);
    EXPECT_EQ(env.events.packets, 0);  // nothing reached PHP as a bare datagram
    EXPECT_EQ(env.reactor->stats().tls_failures, 0u);
}

TEST(ReactorDtls, GarbageAndAStalledHandshakeNeverBecomeSessions) {
    Env env(200 * kNanosPerMilli);
    env.run([&] {
        auto junk = env.connect();
        for (int i = 0; i < 20; ++i) ASSERT_TRUE(junk->send("\x16\xfe\xfdgarbage", 10, kNanosPerSecond).ok());
        // A client that passes the cookie exchange and then goes silent.
        auto sock = env.connect();
        net::TlsEngine stalled(env.client_ctx, sock->fd());
        EXPECT_EQ(stalled.handshake(), -EAGAIN);  // ClientHello
        ASSERT_TRUE(sock->wait_ready(false, kNanosPerSecond).ok());
        EXPECT_EQ(stalled.handshake(), -EAGAIN);  // HelloVerifyRequest read, ClientHello with the cookie sent
        for (int i = 0; i < 200 && env.reactor->stats().tls_failures == 0; ++i) {
            (void)sock->wait_ready(false, 10 * kNanosPerMilli);
            char buf[2048];
            while (sock->recv(buf, sizeof buf, 0).ok()) {
            }
        }
    });
    EXPECT_EQ(env.reactor->stats().accepted, 1u);  // the stalled client only: garbage made none
    EXPECT_EQ(env.reactor->stats().tls_failures, 1u);
    EXPECT_EQ(env.events.connects, 0);
    EXPECT_EQ(env.events.closes, 0);
    EXPECT_EQ(env.events.packets, 0);
}

}  // namespace
}  // namespace gust::server
