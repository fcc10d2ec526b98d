// DTLS: the listener's stateless cookie exchange (nothing kept for clients that do not echo their
// cookie), a client's socket of its own after it, records of a datagram each, and the handshake's
// retransmission timer. Both ends are driven by hand on non-blocking sockets, bounded by poll().
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/socket.h>

#include <string>
#include <vector>

#include "gust/net/dtls.h"
#include "gust/net/socket.h"
#include "gust/net/tls.h"
#include "test_certs.h"

namespace gust::net {
namespace {

const testing::TestCerts &certs() {
    static testing::TestCerts c;
    return c;
}

std::shared_ptr<TlsContext> context(TlsRole role) {
    TlsConfig c;
    c.datagram = true;
    c.verify_peer = false;
    if (role == TlsRole::kServer) {
        c.cert_file = certs().path("server", "crt");
        c.key_file = certs().path("server", "key");
    }
    std::string error;
    auto r = TlsContext::create(role, c, &error);
    EXPECT_TRUE(r.ok()) << error;
    return r.ok() ? r.value() : nullptr;
}

struct Server {
    int fd = -1;
    Address addr;
    std::unique_ptr<DtlsListener> listener;
    Server() {
        fd = sys::open_socket(AF_INET, SOCK_DGRAM);
        EXPECT_EQ(sys::bind(fd, Address::parse("127.0.0.1:0").value()), 0);
        EXPECT_EQ(sys::local_address(fd, &addr), 0);
        listener = std::make_unique<DtlsListener>(context(TlsRole::kServer), fd);
    }
    ~Server() { sys::close(fd); }
};

int connected_udp(const Address &to) {
    const int fd = sys::open_socket(AF_INET, SOCK_DGRAM);
    EXPECT_EQ(sys::connect(fd, to), 0);
    return fd;
}

// Waits (bounded) until one of the fds is readable.
void wait_any(std::vector<int> fds) {
    std::vector<pollfd> p;
    for (int fd : fds) p.push_back(pollfd{fd, POLLIN, 0});
    (void)::poll(p.data(), p.size(), 200);
}

struct Pair {
    Server server;
    int client_fd = -1;
    std::unique_ptr<TlsEngine> client;
    DtlsListener::Client accepted;
    Pair() {
        client_fd = connected_udp(server.addr);
        client = std::make_unique<TlsEngine>(context(TlsRole::kClient), client_fd);
    }
    ~Pair() {
        client.reset();
        sys::close(client_fd);
        accepted.engine.reset();
        if (accepted.fd >= 0) sys::close(accepted.fd);
    }
    // Both handshakes to completion (or a failure), within a bounded number of rounds.
    bool handshake() {
        for (int round = 0; round < 100; ++round) {
            int c = client->handshake();
            if (c != 0 && c != -EAGAIN) return false;
            if (!accepted.engine) {
                int rc = server.listener->accept(&accepted);
                if (rc != 0 && rc != -EAGAIN) return false;
            }
            int s = accepted.engine ? accepted.engine->handshake() : -EAGAIN;
            if (s != 0 && s != -EAGAIN) return false;
            if (c == 0 && s == 0) return true;
            std::vector<int> fds{client_fd, server.fd};
            if (accepted.fd >= 0) fds.push_back(accepted.fd);
            wait_any(fds);
        }
        return false;
    }
    // Reads one record on `e` (bounded wait).
    std::string read(TlsEngine &e, int fd) {
        char buf[65536];
        for (int i = 0; i < 50; ++i) {
            ssize_t n = e.read(buf, sizeof buf);
            if (n > 0) return std::string(buf, static_cast<size_t>(n));
            if (n != -EAGAIN) return "<error>";
            wait_any({fd});
        }
        return "<timeout>";
    }
};

TEST(Dtls, CookieExchangeThenASocketOfItsOwnAndEchoes) {
    Pair p;
    ASSERT_TRUE(p.handshake());
    EXPECT_EQ(p.client->protocol(), "DTLSv1.2");
    Address peer;
    ASSERT_EQ(sys::peer_address(p.accepted.fd, &peer), 0);
    Address client_local;
    ASSERT_EQ(sys::local_address(p.client_fd, &client_local), 0);
    EXPECT_EQ(peer.to_string(), client_local.to_string());
    EXPECT_EQ(p.accepted.peer.to_string(), client_local.to_string());
    // The hello without a cookie was answered and dropped.
    EXPECT_GE(p.server.listener->dropped(), 1u);

    const std::string big = "hello" + std::string(16000, 'A');
    ASSERT_EQ(p.client->write(big.data(), big.size()), static_cast<ssize_t>(big.size()));
    EXPECT_EQ(p.read(*p.accepted.engine, p.accepted.fd), big);  // one record, one read
    const std::string reply = "Swoole " + big;
    ASSERT_EQ(p.accepted.engine->write(reply.data(), reply.size()), static_cast<ssize_t>(reply.size()));
    EXPECT_EQ(p.read(*p.client, p.client_fd), reply);
    // Nothing reached the listener's socket after the handshake: the kernel routes to the client's.
    DtlsListener::Client none;
    EXPECT_EQ(p.server.listener->accept(&none), -EAGAIN);
}

TEST(Dtls, AWriteLargerThanARecordIsCutIntoRecords) {
    Pair p;
    ASSERT_TRUE(p.handshake());
    const std::string data(40000, 'x');
    const ssize_t n = p.client->write(data.data(), data.size());
    ASSERT_GT(n, 0);
    EXPECT_LE(n, 16384);
    std::string got = p.read(*p.accepted.engine, p.accepted.fd);
    EXPECT_EQ(got.size(), static_cast<size_t>(n));
}

TEST(Dtls, AnEmptyDatagramIsNotTheEndOfTheSession) {
    Pair p;
    ASSERT_TRUE(p.handshake());
    ASSERT_EQ(sys::send(p.client_fd, "", 0), 0);
    char buf[16];
    wait_any({p.accepted.fd});
    EXPECT_EQ(p.accepted.engine->read(buf, sizeof buf), -EAGAIN);
    ASSERT_EQ(p.client->write("after", 5), 5);
    EXPECT_EQ(p.read(*p.accepted.engine, p.accepted.fd), "after");
}

TEST(Dtls, GarbageAndHellosWithoutCookiesLeaveNoClientBehind) {
    Server server;
    std::vector<int> fds;
    std::vector<std::unique_ptr<TlsEngine>> hellos;
    auto client_ctx = context(TlsRole::kClient);
    for (int i = 0; i < 100; ++i) {  // from 100 ports: a hello each, never answered
        int fd = connected_udp(server.addr);
        fds.push_back(fd);
        hellos.push_back(std::make_unique<TlsEngine>(client_ctx, fd));
        EXPECT_EQ(hellos.back()->handshake(), -EAGAIN);
    }
    for (int i = 0; i < 50; ++i) {  // and garbage, some looking like a DTLS record header
        std::string junk = i % 2 ? std::string("\x16\xfe\xfd\x00\x00", 5) + std::string(i, '\xff') : "junk";
        ASSERT_EQ(sys::send(fds[static_cast<size_t>(i)], junk.data(), junk.size()), static_cast<ssize_t>(junk.size()));
    }
    DtlsListener::Client c;
    // One accept() reads at most its budget, however many datagrams wait (a flood cannot hold it).
    EXPECT_EQ(server.listener->accept(&c, 10), -EAGAIN);
    EXPECT_EQ(server.listener->dropped(), 10u);
    int accepted = 0;
    for (int i = 0; i < 10; ++i) {
        int rc = server.listener->accept(&c, 1000);
        if (rc == 0) ++accepted;
        if (rc == -EAGAIN && server.listener->dropped() >= 150) break;
        wait_any({server.fd});
    }
    EXPECT_EQ(accepted, 0);
    EXPECT_EQ(server.listener->dropped(), 150u);
    // Every hello got a cookie back: each client's socket has a HelloVerifyRequest waiting.
    for (int fd : fds) {
        pollfd pf{fd, POLLIN, 0};
        EXPECT_EQ(::poll(&pf, 1, 200), 1);
    }
    hellos.clear();
    for (int fd : fds) sys::close(fd);
}

TEST(Dtls, AClientHandshakeRunsARetransmissionTimer) {
    Server server;
    const int fd = connected_udp(server.addr);
    TlsEngine client(context(TlsRole::kClient), fd);
    EXPECT_EQ(client.timer_due_in(), -1);  // nothing sent yet
    EXPECT_EQ(client.handshake(), -EAGAIN);
    const Nanos due = client.timer_due_in();
    EXPECT_GT(due, 0);
    EXPECT_LE(due, 2 * kNanosPerSecond);
    EXPECT_EQ(client.on_timer(), 0);  // not expired yet: nothing resent, no error
    sys::close(fd);
}

}  // namespace
}  // namespace gust::net
