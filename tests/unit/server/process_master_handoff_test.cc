// PROCESS mode hand-off against fake workers that adopt the sockets the master hands them: the
// worker serves the client directly, the master forwards other workers' sends and closes, counts
// handed connections against max_connections, and on a worker's death or release closes busy
// connections and hands the others to the successor.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "gust/net/socket.h"
#include "gust/server/process_master.h"
#include "server/master_test_util.h"

namespace gust::server {
namespace {

using testing::ask;
using testing::Heap;

// What a fake worker saw of one hand-off.
struct Adoption {
    int64_t id = 0;
    uint32_t gen = 0;
    bool resumed = false;
};

// A fake worker that adopts handed sockets and answers "w<id>:<bytes>" on them directly. "busy"
// from a client marks its connection busy in the hold word and answers nothing; "release" makes the
// worker release it; "close" closes it. With `refuse_handoffs`, hand-offs are dropped unadopted (as
// the manager's drain does with a dead worker's channel).
struct FakeWorker {
    int id = 0;
    std::vector<int> channel_fds;
    SharedState *shared = nullptr;
    std::atomic<bool> stop{false};
    std::atomic<bool> refuse_handoffs{false};
    std::thread th;
    std::mutex mu;
    std::vector<Adoption> adoptions;
    std::vector<std::string> forwarded;                 // kData + kHandoff bodies
    std::atomic<int> packages{0};                       // kData without kHandoff (the master's own path)
    std::map<int64_t, std::pair<int, uint32_t>> conns;  // id -> (fd, gen)

    void tell_master(ipc::MessageType type, int64_t conn, uint16_t flags, const void *data, uint32_t size) {
        ipc::Header h;
        h.type = type;
        h.flags = flags;
        h.session_id = static_cast<uint64_t>(conn);
        ipc::Sender tx(channel_fds[0]);
        ASSERT_EQ(tx.send(h, data, size), 0);
    }
    void close_conn(int64_t conn) {
        auto it = conns.find(conn);
        if (it == conns.end()) return;
        shared->set_hold(conn, hold::word(it->second.second, hold::kAnnounced | hold::kClosed));
        ::shutdown(it->second.first, SHUT_RDWR);
        ::close(it->second.first);
        conns.erase(it);
        tell_master(ipc::MessageType::kClose, conn, kHandoff, nullptr, 0);
    }
    void on_message(ipc::Message &m) {
        std::string body(reinterpret_cast<char *>(m.dest.data), m.size());
        std::free(m.dest.data);
        const int64_t conn = static_cast<int64_t>(m.header.session_id);
        if (m.header.type == ipc::MessageType::kConnect && m.fd >= 0) {
            ConnectInfo ci;
            ASSERT_EQ(body.size(), sizeof ci);
            std::memcpy(&ci, body.data(), sizeof ci);
            {
                std::lock_guard<std::mutex> g(mu);
                adoptions.push_back({conn, ci.handoff_gen, (m.header.flags & kResumed) != 0});
            }
            if (refuse_handoffs || conns.count(conn)) {
                ::close(m.fd);
                return;
            }
            conns[conn] = {m.fd, ci.handoff_gen};
            shared->set_hold(conn, hold::word(ci.handoff_gen, hold::kAnnounced));
            return;
        }
        if (m.fd >= 0) ::close(m.fd);
        if (m.header.type == ipc::MessageType::kData && (m.header.flags & kHandoff)) {
            {
                std::lock_guard<std::mutex> g(mu);
                forwarded.push_back(body);
            }
            auto it = conns.find(conn);
            if (it != conns.end()) (void)!::write(it->second.first, body.data(), body.size());
        } else if (m.header.type == ipc::MessageType::kClose && (m.header.flags & kHandoff)) {
            close_conn(conn);
        } else if (m.header.type == ipc::MessageType::kData) {
            ++packages;
        }
    }
    void on_client(int64_t conn) {
        auto [fd, gen] = conns[conn];
        char buf[256];
        const ssize_t n = ::recv(fd, buf, sizeof buf, MSG_DONTWAIT);
        if (n == 0) {
            close_conn(conn);
            return;
        }
        if (n < 0) return;
        const std::string body(buf, static_cast<size_t>(n));
        if (body == "busy") {
            shared->set_hold(conn, hold::word(gen, hold::kAnnounced | hold::kBusy));
        } else if (body == "close") {
            close_conn(conn);
        } else if (body == "release") {
            ::close(fd);
            conns.erase(conn);
            tell_master(ipc::MessageType::kClose, conn, kHandoff | kResumed, &gen, sizeof gen);
        } else {
            const std::string reply = "w" + std::to_string(id) + ":" + body;
            (void)!::write(fd, reply.data(), reply.size());
        }
    }
    void run() {
        Heap heap;
        std::vector<std::unique_ptr<ipc::Receiver>> rx;
        for (int fd : channel_fds) rx.push_back(std::make_unique<ipc::Receiver>(fd, ipc::Limits{}, &heap));
        while (!stop) {
            std::vector<pollfd> p;
            std::vector<int64_t> ids;
            for (int fd : channel_fds) p.push_back({fd, POLLIN, 0});
            for (auto &[conn, c] : conns) {
                p.push_back({c.first, POLLIN, 0});
                ids.push_back(conn);
            }
            if (::poll(p.data(), p.size(), 20) <= 0) continue;
            for (size_t r = 0; r < channel_fds.size(); ++r) {
                ipc::Message m;
                while (rx[r]->receive_one(&m) >= 0) {
                    if (!m.dest.data && m.size()) continue;
                    on_message(m);
                    m = ipc::Message();
                }
            }
            for (size_t i = 0; i < ids.size(); ++i) {
                if (p[channel_fds.size() + i].revents && conns.count(ids[i])) on_client(ids[i]);
            }
        }
        for (auto &[conn, c] : conns) ::close(c.first);
    }
    std::vector<Adoption> seen() {
        std::lock_guard<std::mutex> g(mu);
        return adoptions;
    }
};

struct Env {
    std::unique_ptr<ProcessMaster> master;
    std::vector<std::unique_ptr<FakeWorker>> workers;
    testing::ListeningSocket listening;
    int port = 0;
    explicit Env(int workers_n, size_t max_connections = 1000) {
        port = listening.port;
        MasterOptions o;
        o.worker_num = workers_n;
        o.reactor_num = 1;
        o.dispatch_mode = DispatchMode::kFdMod;
        o.reactor.max_connections = max_connections;
        o.listeners.push_back(listening.listener());
        master = ProcessMaster::create(o).value();
        for (int w = 0; w < workers_n; ++w) {
            auto fw = std::make_unique<FakeWorker>();
            fw->id = w;
            fw->shared = &master->shared();
            fw->channel_fds.push_back(master->worker_end(w, 0));
            workers.push_back(std::move(fw));
        }
        for (auto &w : workers) w->th = std::thread([p = w.get()] { p->run(); });
        EXPECT_TRUE(master->start().ok());
    }
    ~Env() { testing::stop_master_and_workers(master, workers); }
    int client() { return testing::connect_client(port); }
    // Waits (bounded) until `pred` holds.
    template <typename P>
    bool until(P pred) {
        for (int i = 0; i < 5000; ++i) {
            if (pred()) return true;
            ::usleep(1000);
        }
        return false;
    }
};

bool closed_by_peer(int fd) {
    char buf[8];
    return ::recv(fd, buf, sizeof buf, 0) == 0;
}

TEST(ProcessMasterHandoff, TheWorkerServesTheConnectionItselfAndTheMasterForgetsItsClose) {
    Env env(2);
    int a = env.client(), b = env.client();  // fd mode, one thread: ids 1, 2 -> workers 0, 1
    EXPECT_EQ(ask(a, "hi"), "w0:hi");
    EXPECT_EQ(ask(b, "hi"), "w1:hi");
    MasterStats s = env.master->stats();
    EXPECT_EQ(s.reactor.accepted, 2u);
    EXPECT_EQ(s.dispatched, 0u);  // no package went through the master
    EXPECT_EQ(s.reactor.connections, 2u);
    EXPECT_TRUE(env.master->shared().exists(1));
    EXPECT_EQ(ask(a, "close"), "<eof>");
    EXPECT_TRUE(env.until([&] { return !env.master->shared().exists(1); }));
    EXPECT_EQ(env.master->stats().reactor.closed, 1u);
    ::close(b);  // the worker sees the end and tells the master
    EXPECT_TRUE(env.until([&] { return env.master->stats().reactor.connections == 0; }));
    ::close(a);
    auto seen = env.workers[0]->seen();
    ASSERT_EQ(seen.size(), 1u);
    EXPECT_FALSE(seen[0].resumed);
    EXPECT_EQ(seen[0].gen, 1u);
}

TEST(ProcessMasterHandoff, AnotherWorkersSendAndCloseGoToTheOwner) {
    Env env(2);
    int a = env.client();  // id 1, worker 0
    EXPECT_EQ(ask(a, "hi"), "w0:hi");
    // Worker 1 sends to connection 1 through its own channel, as PHP's $server->send() would.
    ipc::Header h;
    h.type = ipc::MessageType::kData;
    h.session_id = 1;
    ipc::Sender tx(env.workers[1]->channel_fds[0]);
    ASSERT_EQ(tx.send(h, "from w1", 7), 0);
    char buf[32];
    ASSERT_EQ(::recv(a, buf, sizeof buf, 0), 7);
    EXPECT_EQ(std::string(buf, 7), "from w1");
    h.type = ipc::MessageType::kClose;
    ASSERT_EQ(tx.send(h, nullptr, 0), 0);
    EXPECT_TRUE(closed_by_peer(a));
    EXPECT_TRUE(env.until([&] { return env.master->stats().reactor.connections == 0; }));
    ::close(a);
}

TEST(ProcessMasterHandoff, HandedConnectionsCountAgainstMaxConnections) {
    Env env(1, 2);
    int a = env.client(), b = env.client();
    EXPECT_EQ(ask(a, "1"), "w0:1");
    EXPECT_EQ(ask(b, "2"), "w0:2");
    int c = env.client();
    EXPECT_TRUE(closed_by_peer(c));  // refused: two are held by the worker
    ::close(c);
    EXPECT_EQ(ask(a, "close"), "<eof>");
    EXPECT_TRUE(env.until([&] { return env.master->stats().reactor.connections == 1; }));
    int d = env.client();
    EXPECT_EQ(ask(d, "3"), "w0:3");
    for (int fd : {a, b, d}) ::close(fd);
}

TEST(ProcessMasterHandoff, ADeadWorkersBusyConnectionsCloseAndTheOthersGoToItsSuccessor) {
    Env env(1);
    int idle = env.client(), busy = env.client();
    EXPECT_EQ(ask(idle, "x"), "w0:x");
    EXPECT_EQ(ask(busy, "y"), "w0:y");
    ASSERT_EQ(::send(busy, "busy", 4, 0), 4);
    ASSERT_TRUE(env.until([&] { return env.master->shared().hold(2) & hold::kBusy; }));
    // The worker "dies": its process would drop every socket; the fake one stops serving them
    // (without closing), then the master hears of the death.
    env.workers[0]->stop = true;
    env.workers[0]->th.join();
    env.workers[0]->stop = false;
    env.workers[0]->conns.clear();  // its copies are closed (run() did at exit)
    env.master->worker_exited(0);
    EXPECT_TRUE(closed_by_peer(busy));
    // The successor (a new run of the fake worker) gets the idle one again, announced already.
    env.workers[0]->th = std::thread([p = env.workers[0].get()] { p->run(); });
    EXPECT_EQ(ask(idle, "again"), "w0:again");
    auto seen = env.workers[0]->seen();
    ASSERT_EQ(seen.size(), 3u);
    EXPECT_EQ(seen[2].id, 1);
    EXPECT_TRUE(seen[2].resumed);
    EXPECT_EQ(seen[2].gen, 2u);
    EXPECT_EQ(env.master->stats().reactor.connections, 1u);
    ::close(idle);
    ::close(busy);
}

TEST(ProcessMasterHandoff, AHandOffTheDeadWorkerNeverAdoptedGoesAgainUnannounced) {
    Env env(1);
    env.workers[0]->refuse_handoffs = true;  // the hand-off is lost, as in a drained channel
    int c = env.client();
    ASSERT_TRUE(env.until([&] { return env.workers[0]->seen().size() == 1; }));
    env.workers[0]->refuse_handoffs = false;
    env.master->worker_exited(0);
    EXPECT_EQ(ask(c, "late"), "w0:late");
    auto seen = env.workers[0]->seen();
    ASSERT_EQ(seen.size(), 2u);
    EXPECT_FALSE(seen[1].resumed);  // never announced: the successor runs onConnect
    EXPECT_EQ(seen[1].gen, 2u);
    ::close(c);
}

TEST(ProcessMasterHandoff, AReleasedConnectionGoesToTheSuccessorAndAStaleReleaseIsIgnored) {
    Env env(1);
    int c = env.client();
    EXPECT_EQ(ask(c, "x"), "w0:x");
    ASSERT_EQ(::send(c, "release", 7, 0), 7);
    ASSERT_TRUE(env.until([&] { return env.workers[0]->seen().size() == 2; }));
    EXPECT_EQ(ask(c, "after"), "w0:after");
    auto seen = env.workers[0]->seen();
    EXPECT_TRUE(seen[1].resumed);
    EXPECT_EQ(seen[1].gen, 2u);
    // A release naming the first hand-off again (it crossed the second) changes nothing.
    uint32_t old_gen = 1;
    env.workers[0]->tell_master(ipc::MessageType::kClose, 1, kHandoff | kResumed, &old_gen, sizeof old_gen);
    EXPECT_EQ(ask(c, "still"), "w0:still");
    EXPECT_EQ(env.workers[0]->seen().size(), 2u);
    ::close(c);
}

}  // namespace
}  // namespace gust::server
