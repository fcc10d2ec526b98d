// PROCESS mode's master against fake workers: threads that read the worker ends of the channels
// and answer like a PHP worker would. Real loopback clients (blocking sockets) drive it.
#include "gust/server/process_master.h"
#include "server/master_test_util.h"

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "gust/net/socket.h"

namespace gust::server {
namespace {

using testing::ask;
using testing::Heap;

// A fake worker: answers every package on its channels with "w<id>:<package>"; a package
// "close" is answered by closing the connection; a package "die" makes it stop answering.
struct FakeWorker {
    int id = 0;
    std::vector<int> fds;
    std::atomic<bool> stop{false};
    std::atomic<int> connects{0}, closes{0};
    std::thread th;
    void run() {
        Heap heap;
        std::vector<std::unique_ptr<ipc::Receiver>> rx;
        for (int fd : fds) rx.push_back(std::make_unique<ipc::Receiver>(fd, ipc::Limits{}, &heap));
        bool dead = false;
        while (!stop) {
            std::vector<pollfd> p;
            for (int fd : fds) p.push_back({fd, POLLIN, 0});
            if (::poll(p.data(), p.size(), 20) <= 0) continue;
            for (size_t r = 0; r < fds.size(); ++r) {
                testing::drain_channel(*rx[r], [&](const ipc::Message &m, const std::string &body) {
                    if (m.header.type == ipc::MessageType::kConnect) ++connects;
                    if (m.header.type == ipc::MessageType::kClose) ++closes;
                    if (m.header.type != ipc::MessageType::kData || dead) return;
                    if (body == "die") {
                        dead = true;
                        return;
                    }
                    ipc::Header h;
                    h.session_id = m.header.session_id;
                    std::string reply = "w" + std::to_string(id) + ":" + body;
                    if (body == "close") h.type = ipc::MessageType::kClose;
                    ipc::Sender tx(fds[r]);
                    ASSERT_EQ(tx.send(h, reply.data(), static_cast<uint32_t>(reply.size())), 0);
                });
            }
        }
    }
};

struct Env {
    std::unique_ptr<ProcessMaster> master;
    std::vector<std::unique_ptr<FakeWorker>> workers;
    testing::ListeningSocket listening;
    int port = 0;
    Env(int workers_n, int reactors, DispatchMode mode, Nanos heartbeat_idle = 0) {
        port = listening.port;
        MasterOptions o;
        o.worker_num = workers_n;
        o.reactor_num = reactors;
        o.dispatch_mode = mode;
        o.heartbeat_idle = heartbeat_idle;
        o.heartbeat_interval = heartbeat_idle / 4;
        o.handoff = false;  // these fake workers answer through the master (process_master_handoff_test.cc)
        o.listeners.push_back(listening.listener());
        master = ProcessMaster::create(o).value();
        for (int w = 0; w < workers_n; ++w) {
            auto fw = std::make_unique<FakeWorker>();
            fw->id = w;
            for (int r = 0; r < reactors; ++r) fw->fds.push_back(master->worker_end(w, r));
            workers.push_back(std::move(fw));
        }
        for (auto &w : workers) w->th = std::thread([p = w.get()] { p->run(); });
        EXPECT_TRUE(master->start().ok());
    }
    ~Env() { testing::stop_master_and_workers(master, workers); }
    int client() { return testing::connect_client(port); }
};

TEST(ProcessMaster, RepliesComeBackThroughTheOwningReactorThread) {
    Env env(2, 2, DispatchMode::kFdMod);
    std::vector<int> clients;
    for (int i = 0; i < 8; ++i) clients.push_back(env.client());
    int per_worker[2] = {0, 0};
    for (int c : clients) {
        std::string a = ask(c, "ping");
        ASSERT_EQ(a.size(), 7u) << a;
        EXPECT_EQ(a.substr(2), ":ping");
        ++per_worker[a[1] - '0'];
        EXPECT_EQ(ask(c, "again").substr(0, 2), a.substr(0, 2));  // fd mode: always the same worker
    }
    EXPECT_GT(per_worker[0], 0);
    EXPECT_GT(per_worker[1], 0);
    EXPECT_EQ(ask(clients[0], "close"), "<eof>");
    for (int c : clients) ::close(c);
    MasterStats s = env.master->stats();
    EXPECT_EQ(s.reactor.accepted, 8u);
    EXPECT_EQ(s.dispatched, 17u);
}

TEST(ProcessMaster, RoundRobinSpreadsPackagesAndMasksConnectAndClose) {
    Env env(2, 1, DispatchMode::kRound);
    int c = env.client();
    std::string a = ask(c, "x"), b = ask(c, "y");
    EXPECT_NE(a.substr(0, 2), b.substr(0, 2));
    ::close(c);
    EXPECT_EQ(env.workers[0]->connects + env.workers[1]->connects, 0);
}

TEST(ProcessMaster, ExitedWorkerClosesOnlyItsUnansweredConnections) {
    Env env(2, 1, DispatchMode::kFdMod);
    // fd mode with one thread: ids 1, 2, 3, ... go to workers 0, 1, 0, ...
    int to_w0 = env.client();
    int to_w1 = env.client();
    ASSERT_EQ(ask(to_w1, "hello").substr(0, 2), "w1");
    ASSERT_EQ(ask(to_w0, "hello").substr(0, 2), "w0");
    ASSERT_EQ(::send(to_w1, "die", 3, 0), 3);  // worker 1 never answers this one
    ASSERT_EQ(::send(to_w0, "die", 3, 0), 3);
    // Wait until both packages were dispatched, then report worker 1 gone.
    for (int i = 0; i < 500 && env.master->stats().dispatched < 4; ++i) ::usleep(1000);
    env.master->worker_exited(1);
    char buf[16];
    EXPECT_EQ(::recv(to_w1, buf, sizeof buf, 0), 0);  // closed
    pollfd p{to_w0, POLLIN, 0};
    EXPECT_EQ(::poll(&p, 1, 50), 0);  // still open, nothing to read
    ::close(to_w1);
    ::close(to_w0);
}

TEST(ProcessMaster, GarbageFromAWorkerIsDroppedAndTheMasterGoesOn) {
    Env env(1, 1, DispatchMode::kFdMod);
    int c = env.client();
    ASSERT_EQ(ask(c, "before").substr(0, 2), "w0");
    // A broken worker writes records that are not IPC messages (and one with a lying length).
    const int fd = env.master->worker_end(0, 0);
    const char junk[] = "this is not a gust ipc record at all";
    ASSERT_GT(::send(fd, junk, sizeof junk, 0), 0);
    uint8_t lying[ipc::kHeaderSize + 4] = {};
    ipc::Header h;
    h.session_id = 1;
    h.total_len = 1000;
    h.chunk_len = 1000;  // the record holds 4
    ipc::encode_header(h, lying);
    ASSERT_GT(::send(fd, lying, sizeof lying, 0), 0);
    EXPECT_EQ(ask(c, "after").substr(0, 2), "w0");  // replies still flow on the same channel
    for (int i = 0; i < 500 && env.master->stats().channel_errors < 2; ++i) ::usleep(1000);
    EXPECT_GE(env.master->stats().channel_errors, 2u);
    ::close(c);
}

TEST(ProcessMaster, HeartbeatClosesIdleConnectionsOnly) {
    Env env(1, 1, DispatchMode::kFdMod, 500 * kNanosPerMilli);
    int idle = env.client();
    int busy = env.client();
    // Keep one connection talking for longer than the idle time; the other says nothing.
    for (int i = 0; i < 16; ++i) {
        ASSERT_EQ(ask(busy, "x").substr(0, 2), "w0");
        ::usleep(40 * 1000);
    }
    char buf[8];
    EXPECT_EQ(::recv(idle, buf, sizeof buf, 0), 0);  // closed by the heartbeat
    EXPECT_EQ(ask(busy, "still").substr(0, 2), "w0");
    EXPECT_GE(env.master->stats().heartbeat_closed, 1u);
    ::close(idle);
    ::close(busy);
}

}  // namespace
}  // namespace gust::server
