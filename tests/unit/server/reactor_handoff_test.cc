// Hand-off between reactors (PROCESS mode's master and worker, here two reactors on one loop): a
// session detached from the accepting reactor is adopted by another with a passive port, which
// frames and answers it; holding bytes is reported; detach is refused mid-package; closing an
// adopted session ends the connection although the first reactor's copy of the socket is open.
#include <gtest/gtest.h>
#include <unistd.h>

#include <functional>
#include <string>
#include <vector>

#include "gust/base/error.h"
#include "gust/coro/coroutine.h"
#include "gust/net/co_socket.h"
#include "gust/net/socket.h"
#include "gust/server/reactor.h"

namespace gust::server {
namespace {

struct Events final : ReactorEvents {
    std::function<void(const SessionInfo &)> connect;
    std::function<void(const SessionInfo &, Slice)> receive;
    std::vector<SessionId> closes;
    std::vector<bool> holding;
    void on_connect(const SessionInfo &s) override {
        if (connect) connect(s);
    }
    void on_receive(const SessionInfo &s, Slice d) override {
        if (receive) receive(s, d);
    }
    void on_close(const SessionInfo &s, CloseCause) override { closes.push_back(s.id); }
    void on_packet(int, Slice, const net::Address &) override {}
    void on_holding(const SessionInfo &, bool h) override { holding.push_back(h); }
};

struct Env {
    loop::Loop loop;
    coro::Scheduler sched{loop};
    Events master_events, worker_events;
    Reactor master{loop, master_events};
    Reactor worker{loop, worker_events};
    net::Address addr;
    int master_copy = -1;  // what the accepting side keeps, as the PROCESS mode master does
    Env() {
        ListenOptions l;
        l.address = net::Address::parse("127.0.0.1:0").value();
        EXPECT_TRUE(master.add_listener(l).ok());
        addr = master.listener_address(0).value();
        EXPECT_TRUE(master.start().ok());
        ListenOptions framed = l;
        proto::framing::Options fo;
        fo.mode = proto::framing::Mode::kEofSplit;
        fo.eof = "\n";
        framed.framing = std::make_shared<proto::framing::Framing>(proto::framing::Framing::create(fo).value());
        EXPECT_EQ(worker.add_passive_port(framed).value(), 0);
        EXPECT_TRUE(worker.start().ok());  // a passive port is never watched
        master_events.connect = [this](const SessionInfo &s) {
            auto fd = master.detach(s.id);
            ASSERT_TRUE(fd.ok());
            master.hold_outside(1);
            master_copy = fd.value();
            const int theirs = ::dup(master_copy);
            ASSERT_TRUE(worker.adopt(theirs, 100, 0, s.connected_at, true).ok());
        };
    }
    ~Env() {
        if (master_copy >= 0) ::close(master_copy);
    }
    void run(std::function<void()> body) {
        (void)sched.create([this, body] {
            body();
            master.shutdown();
            worker.shutdown();
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

std::string read_some(net::CoSocket &c) {
    char buf[256];
    auto n = c.recv(buf, sizeof buf, 5 * kNanosPerSecond);
    return n.ok() ? std::string(buf, n.value()) : std::string("<error>");
}

void settle() { (void)coro::Scheduler::current()->sleep(10 * kNanosPerMilli); }

TEST(ReactorHandoff, AnAdoptedConnectionIsFramedAndAnsweredByTheAdopter) {
    Env env;
    std::vector<SessionId> connected;
    env.worker_events.connect = [&](const SessionInfo &s) { connected.push_back(s.id); };
    env.worker_events.receive = [&](const SessionInfo &s, Slice d) {
        std::string up(d.data(), d.size());
        for (char &ch : up) ch = static_cast<char>(toupper(ch));
        EXPECT_TRUE(env.worker.send(s.id, Slice(up)).ok());
    };
    std::string first, second;
    env.run([&] {
        auto c = env.client();
        ASSERT_TRUE(c->send_all("hello\nwor", 9).ok());
        first = read_some(*c);
        settle();
        // Half a package: the adopter holds bytes no one else has, and will not let it go.
        EXPECT_EQ(env.worker.detach(100).code(), kErrBusy);
        ASSERT_TRUE(c->send_all("ld\n", 3).ok());
        second = read_some(*c);
        c->close();
        settle();
    });
    EXPECT_EQ(first, "HELLO\n");
    EXPECT_EQ(second, "WORLD\n");
    EXPECT_EQ(connected, std::vector<SessionId>{100});
    EXPECT_EQ(env.worker_events.closes, std::vector<SessionId>{100});
    EXPECT_TRUE(env.master_events.closes.empty());  // the accepting reactor never reports it
    // Holding went on with "wor" and off once the package was whole.
    ASSERT_GE(env.worker_events.holding.size(), 2u);
    EXPECT_TRUE(env.worker_events.holding[0]);
    EXPECT_FALSE(env.worker_events.holding[1]);
}

TEST(ReactorHandoff, DetachGivesTheSocketBackWithoutACloseAndAReAdoptionIsSilent) {
    Env env;
    int connects = 0;
    env.worker_events.connect = [&](const SessionInfo &) { ++connects; };
    env.worker_events.receive = [&](const SessionInfo &s, Slice d) { EXPECT_TRUE(env.worker.send(s.id, d).ok()); };
    std::string before, after;
    bool eof = false;
    env.run([&] {
        auto c = env.client();
        ASSERT_TRUE(c->send_all("a\n", 2).ok());
        before = read_some(*c);
        auto fd = env.worker.detach(100);
        ASSERT_TRUE(fd.ok());
        EXPECT_FALSE(env.worker.exists(100));
        // Bytes sent while nobody serves it wait in the socket for the next adopter.
        ASSERT_TRUE(c->send_all("b\n", 2).ok());
        settle();
        ASSERT_TRUE(env.worker.adopt(fd.value(), 100, 0, 0, false).ok());
        after = read_some(*c);
        // Closing ends the connection even though the master's copy is still open.
        EXPECT_TRUE(env.worker.close(100).ok());
        char buf[4];
        auto n = c->recv(buf, sizeof buf, 5 * kNanosPerSecond);
        eof = n.ok() && n.value() == 0;
    });
    EXPECT_EQ(before, "a\n");
    EXPECT_EQ(after, "b\n");
    EXPECT_TRUE(eof);
    EXPECT_EQ(connects, 1);
    EXPECT_EQ(env.worker_events.closes, std::vector<SessionId>{100});
}

TEST(ReactorHandoff, AdoptRefusesAnIdInUseOrAPortThatCannotTakeIt) {
    Env env;
    env.run([&] {
        auto c = env.client();
        settle();
        const int spare = ::dup(env.master_copy);
        EXPECT_EQ(env.worker.adopt(spare, 100, 0, 0, false).code(), kErrInvalid);  // in use
        EXPECT_EQ(env.worker.adopt(spare, 101, 7, 0, false).code(), kErrInvalid);  // no such port
        ::close(spare);
    });
}

}  // namespace
}  // namespace gust::server
