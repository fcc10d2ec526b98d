// Coroutine sockets on 127.0.0.1 and unix sockets: every operation, its
// timeouts, the one-waiter rule and close semantics.
#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gust/coro/coroutine.h"
#include "gust/net/co_socket.h"

namespace gust::net {
namespace {

struct Env {
    loop::Loop loop;
    coro::Scheduler sched{loop};
};

std::unique_ptr<CoSocket> listener(Address *bound, const char *addr = "127.0.0.1:0", int type = SOCK_STREAM) {
    Address want = Address::parse(addr).value();
    auto s = CoSocket::open(want.family(), type);
    EXPECT_TRUE(s.ok());
    EXPECT_TRUE(s.value()->bind(want).ok());
    if (type == SOCK_STREAM) {
        EXPECT_TRUE(s.value()->listen().ok());
    }
    *bound = want.family() == AF_UNIX ? want : s.value()->local_address().value();
    return std::move(s.value());
}

TEST(CoSocket, EchoRoundTrip) {
    Env env;
    Address addr;
    auto srv = listener(&addr);
    std::string got;
    (void)env.sched.create([&] {
        auto conn = srv->accept();
        ASSERT_TRUE(conn.ok());
        char buf[64];
        auto n = conn.value()->recv(buf, sizeof buf);
        ASSERT_TRUE(n.ok());
        ASSERT_TRUE(conn.value()->send_all(buf, n.value()).ok());
    });
    (void)env.sched.create([&] {
        auto c = CoSocket::open(AF_INET, SOCK_STREAM);
        ASSERT_TRUE(c.value()->connect(addr, kNanosPerSecond).ok());
        ASSERT_TRUE(c.value()->send_all("ping", 4).ok());
        char buf[4];
        auto n = c.value()->recv_all(buf, 4, kNanosPerSecond);
        ASSERT_TRUE(n.ok());
        got.assign(buf, n.value());
    });
    env.sched.run();
    EXPECT_EQ(got, "ping");
}

TEST(CoSocket, RecvTimesOut) {
    Env env;
    Address addr;
    auto srv = listener(&addr);
    int code = 0;
    (void)env.sched.create([&] {
        auto conn = srv->accept();
        env.sched.sleep(50 * kNanosPerMilli);
    });
    (void)env.sched.create([&] {
        auto c = CoSocket::open(AF_INET, SOCK_STREAM).value();
        ASSERT_TRUE(c->connect(addr).ok());
        char b;
        code = c->recv(&b, 1, 5 * kNanosPerMilli).code();
    });
    env.sched.run();
    EXPECT_EQ(code, kErrTimedOut);
}

TEST(CoSocket, SecondWaiterOnTheSameDirectionIsBusyNotHung) {
    Env env;
    Address addr;
    auto srv = listener(&addr);  // the connection sits in its backlog, nobody sends
    std::unique_ptr<CoSocket> client;
    coro::Coroutine *second_co = nullptr;
    int first = 0, second = 0;
    (void)env.sched.create([&] {
        second_co = coro::current();
        env.sched.park(-1, coro::WaitInfo{"Test", 0, "start"});  // woken once the first is connected
        char b;
        second = client->recv(&b, 1).code();
    });
    (void)env.sched.create([&] {
        client = CoSocket::open(AF_INET, SOCK_STREAM).value();
        ASSERT_TRUE(client->connect(addr).ok());
        env.sched.wake(second_co);  // runs after we park in recv below
        char b;
        first = client->recv(&b, 1, 20 * kNanosPerMilli).code();
    });
    env.sched.run();
    EXPECT_EQ(second, kErrBusy);
    EXPECT_EQ(first, kErrTimedOut);
}

TEST(CoSocket, CloseWakesTheWaiterWithClosed) {
    Env env;
    Address addr;
    auto srv = listener(&addr);
    int accept_code = 0;
    (void)env.sched.create([&] { accept_code = srv->accept().code(); });
    (void)env.sched.create([&] { srv.reset(); });  // destroying closes and wakes the acceptor
    env.sched.run();
    EXPECT_EQ(accept_code, kErrClosed);
}

TEST(CoSocket, AcceptsManyConnections) {
    Env env;
    Address addr;
    auto srv = listener(&addr);
    constexpr int kClients = 200;
    int served = 0, answered = 0;
    (void)env.sched.create([&] {
        for (int i = 0; i < kClients; ++i) {
            auto conn = srv->accept(kNanosPerSecond * 5);
            ASSERT_TRUE(conn.ok());
            std::shared_ptr<CoSocket> c(std::move(conn.value()));
            (void)env.sched.create([&, c] {
                char b;
                if (c->recv(&b, 1).value() == 1 && c->send(&b, 1).ok()) ++served;
            });
        }
    });
    for (int i = 0; i < kClients; ++i) {
        (void)env.sched.create([&, i] {
            auto c = CoSocket::open(AF_INET, SOCK_STREAM).value();
            ASSERT_TRUE(c->connect(addr).ok());
            char b = static_cast<char>(i);
            ASSERT_TRUE(c->send(&b, 1).ok());
            char r;
            if (c->recv(&r, 1, 5 * kNanosPerSecond).value() == 1 && r == b) ++answered;
        });
    }
    env.sched.run();
    EXPECT_EQ(served, kClients);
    EXPECT_EQ(answered, kClients);
}

TEST(CoSocket, UdpSendtoRecvfrom) {
    Env env;
    Address addr;
    auto srv = listener(&addr, "127.0.0.1:0", SOCK_DGRAM);
    std::string got;
    (void)env.sched.create([&] {
        char buf[32];
        Address from;
        auto n = srv->recvfrom(buf, sizeof buf, &from, kNanosPerSecond);
        ASSERT_TRUE(n.ok());
        ASSERT_TRUE(srv->sendto(buf, n.value(), from).ok());
    });
    (void)env.sched.create([&] {
        auto c = CoSocket::open(AF_INET, SOCK_DGRAM).value();
        ASSERT_TRUE(c->sendto("dgram", 5, addr).ok());
        char buf[32];
        auto n = c->recvfrom(buf, sizeof buf, nullptr, kNanosPerSecond);
        ASSERT_TRUE(n.ok());
        got.assign(buf, n.value());
    });
    env.sched.run();
    EXPECT_EQ(got, "dgram");
}

TEST(CoSocket, UnixStreamAndDatagram) {
    Env env;
    const std::string stream_name = "@gust-unit-stream-" + std::to_string(getpid());
    const std::string dgram_name = "@gust-unit-dgram-" + std::to_string(getpid());
    Address saddr, daddr;
    auto srv = listener(&saddr, stream_name.c_str());
    auto dsrv = listener(&daddr, dgram_name.c_str(), SOCK_DGRAM);
    std::string stream_got, dgram_got;
    (void)env.sched.create([&] {
        auto conn = srv->accept().value();
        char buf[8];
        auto n = conn->recv_all(buf, 6);
        stream_got.assign(buf, n.value());
        char d[8];
        auto m = dsrv->recvfrom(d, sizeof d, nullptr);
        dgram_got.assign(d, m.value());
    });
    (void)env.sched.create([&] {
        auto c = CoSocket::open(AF_UNIX, SOCK_STREAM).value();
        ASSERT_TRUE(c->connect(saddr).ok());
        ASSERT_TRUE(c->send_all("stream", 6).ok());
        auto d = CoSocket::open(AF_UNIX, SOCK_DGRAM).value();
        ASSERT_TRUE(d->sendto("dgram", 5, daddr).ok());
    });
    env.sched.run();
    EXPECT_EQ(stream_got, "stream");
    EXPECT_EQ(dgram_got, "dgram");
}

TEST(CoSocket, PeerResetIsReportedAsAnError) {
    Env env;
    Address addr;
    auto srv = listener(&addr);
    int code = 0;
    (void)env.sched.create([&] {
        auto conn = srv->accept().value();
        char one;
        ASSERT_EQ(conn->recv(&one, 1).value(), 1u);  // the client is connected and waiting
        linger l{1, 0};
        setsockopt(conn->fd(), SOL_SOCKET, SO_LINGER, &l, sizeof l);
        conn->close();  // RST
    });
    (void)env.sched.create([&] {
        auto c = CoSocket::open(AF_INET, SOCK_STREAM).value();
        ASSERT_TRUE(c->connect(addr).ok());
        ASSERT_TRUE(c->send("x", 1).ok());
        char b[4];
        auto r = c->recv(b, sizeof b, kNanosPerSecond);
        code = r.ok() ? 0 : r.code();
    });
    env.sched.run();
    EXPECT_EQ(code, -ECONNRESET);
}

TEST(CoSocket, SendAllOfEightMegabytesThroughASmallBuffer) {
    Env env;
    Address addr;
    auto srv = listener(&addr);
    const std::string payload(8 * 1024 * 1024, 'g');
    size_t received = 0;
    (void)env.sched.create([&] {
        auto conn = srv->accept().value();
        std::vector<char> buf(65536);
        for (;;) {
            auto n = conn->recv(buf.data(), buf.size(), 10 * kNanosPerSecond);
            ASSERT_TRUE(n.ok());
            if (n.value() == 0) break;
            received += n.value();
        }
    });
    (void)env.sched.create([&] {
        auto c = CoSocket::open(AF_INET, SOCK_STREAM).value();
        int small = 4096;
        setsockopt(c->fd(), SOL_SOCKET, SO_SNDBUF, &small, sizeof small);
        ASSERT_TRUE(c->connect(addr).ok());
        auto n = c->send_all(payload.data(), payload.size(), 10 * kNanosPerSecond);
        ASSERT_TRUE(n.ok());
        EXPECT_EQ(n.value(), payload.size());
        ASSERT_TRUE(c->shutdown(SHUT_WR).ok());
    });
    env.sched.run();
    EXPECT_EQ(received, payload.size());
}

TEST(CoSocket, ConnectRefusedAndOutsideACoroutine) {
    Env env;
    Address addr;
    { auto srv = listener(&addr); }  // bound then closed: nobody listens on the port now
    int code = 0;
    (void)env.sched.create([&] {
        auto c = CoSocket::open(AF_INET, SOCK_STREAM).value();
        code = c->connect(addr, kNanosPerSecond).code();
    });
    env.sched.run();
    EXPECT_EQ(code, -ECONNREFUSED);
    auto c = CoSocket::open(AF_INET, SOCK_STREAM).value();
    char b;
    EXPECT_EQ(c->recv(&b, 1).code(), -ENOTCONN);
    auto l = listener(&addr);
    EXPECT_EQ(l->accept().code(), kErrNotInCoroutine);
}

}  // namespace
}  // namespace gust::net

namespace gust::net {
namespace {

// A socket that registered with a loop, outliving that loop (the PHP runtime ended under the
// object holding it): abandon() closes the fd and never touches the freed loop (ASan would see it).
TEST(CoSocket, AbandonOutlivesItsLoop) {
    Address addr;
    std::unique_ptr<CoSocket> kept;
    int fd = -1;
    {
        Env env;
        auto srv = listener(&addr);
        (void)env.sched.create([&] { auto conn = srv->accept(); });
        (void)env.sched.create([&] {
            auto c = CoSocket::open(AF_INET, SOCK_STREAM).value();
            ASSERT_TRUE(c->connect(addr, kNanosPerSecond).ok());
            char b;
            (void)c->recv(&b, 1, 5 * kNanosPerMilli);  // registers with the loop
            kept = std::move(c);
        });
        env.sched.run();
        ASSERT_TRUE(kept);
        fd = kept->fd();
    }
    kept->abandon();
    EXPECT_FALSE(kept->is_open());
    EXPECT_EQ(fcntl(fd, F_GETFD), -1);  // the fd is closed
    kept.reset();
}

}  // namespace
}  // namespace gust::net

namespace gust::net {
namespace {

// After a short read the next recv() parks before reading (no recv() that answers EAGAIN): data
// that arrived meanwhile is still read at once, data that comes later wakes it, a read with a
// timeout that elapses still takes bytes there, and outside a coroutine it reads as before.
TEST(CoSocket, RecvAfterAShortReadParksFirstAndLosesNothing) {
    Env env;
    Address addr;
    auto srv = listener(&addr);
    std::vector<std::string> got;
    std::unique_ptr<CoSocket> server_side;
    (void)env.sched.create([&] {
        auto conn = srv->accept();
        ASSERT_TRUE(conn.ok());
        CoSocket &c = *conn.value();
        char buf[64];
        auto read = [&](Nanos timeout) {
            auto n = c.recv(buf, sizeof buf, timeout);
            ASSERT_TRUE(n.ok()) << n.code();
            got.emplace_back(buf, n.value());
        };
        read(kNanosPerSecond);  // "one": short
        ASSERT_TRUE(c.send_all("a", 1).ok());
        read(kNanosPerSecond);  // parks first, woken by "two" (sent after "a")
        ASSERT_TRUE(c.send_all("b", 1).ok());
        env.sched.sleep(20 * kNanosPerMilli);  // "three" may come while nobody reads
        read(kNanosPerSecond);
        ASSERT_TRUE(c.send_all("c", 1).ok());
        ASSERT_TRUE(c.wait_ready(false, kNanosPerSecond).ok());  // "four" is there
        read(1);                                                 // a timeout that elapses at once still takes it
        server_side = std::move(conn.value());
    });
    (void)env.sched.create([&] {
        auto c = CoSocket::open(AF_INET, SOCK_STREAM).value();
        ASSERT_TRUE(c->connect(addr, kNanosPerSecond).ok());
        char b;
        ASSERT_TRUE(c->send_all("one", 3).ok());
        ASSERT_TRUE(c->recv(&b, 1, kNanosPerSecond).ok());
        env.sched.sleep(10 * kNanosPerMilli);
        ASSERT_TRUE(c->send_all("two", 3).ok());
        ASSERT_TRUE(c->recv(&b, 1, kNanosPerSecond).ok());
        ASSERT_TRUE(c->send_all("three", 5).ok());
        ASSERT_TRUE(c->recv(&b, 1, kNanosPerSecond).ok());
        ASSERT_TRUE(c->send_all("four", 4).ok());
        env.sched.sleep(30 * kNanosPerMilli);
        ASSERT_TRUE(c->send_all("five", 4).ok());
        env.sched.sleep(30 * kNanosPerMilli);
    });
    env.sched.run();
    ASSERT_EQ(got.size(), 4u);
    EXPECT_EQ(got[0], "one");
    EXPECT_EQ(got[1], "two");
    EXPECT_EQ(got[2], "three");
    EXPECT_EQ(got[3], "four");
    // Outside a coroutine (the last read was short): "five" is read, not refused.
    ASSERT_TRUE(server_side);
    char buf[64];
    auto n = server_side->recv(buf, sizeof buf);
    ASSERT_TRUE(n.ok()) << n.code();
    EXPECT_EQ(std::string(buf, n.value()), "five");
}

}  // namespace
}  // namespace gust::net
