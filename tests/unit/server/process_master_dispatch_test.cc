// PROCESS mode's master: the dispatch modes that look at the workers' load or connections (3, 7,
// 8, 9), dispatch_func through its question queue (answered here by a test thread standing in for
// PHP's main thread), protect() against the heartbeat, and the output the master publishes for
// getClientInfo(). Fake workers log every message they get and answer packages.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "gust/base/log.h"
#include "gust/net/socket.h"
#include "gust/server/process_master.h"
#include "server/master_test_util.h"
#include "server/worker_choice.h"

namespace gust::server {
namespace {

using testing::ask;
using testing::Heap;

struct Event {
    int worker = 0;
    ipc::MessageType type = ipc::MessageType::kData;
    SessionId id = 0;
    std::string body;
};

// Every message the fake workers got, in the order they got them; waits are bounded (5 s).
struct Journal {
    std::mutex mu;
    std::condition_variable cv;
    std::vector<Event> events;
    void add(Event e) {
        std::lock_guard<std::mutex> lock(mu);
        events.push_back(std::move(e));
        cv.notify_all();
    }
    std::vector<Event> snapshot() {
        std::lock_guard<std::mutex> lock(mu);
        return events;
    }
    template <class Pred>
    bool wait(Pred pred) {
        std::unique_lock<std::mutex> lock(mu);
        return cv.wait_for(lock, std::chrono::seconds(5), [&] { return pred(events); });
    }
    size_t count(ipc::MessageType type) {
        size_t n = 0;
        for (const Event &e : snapshot()) n += e.type == type;
        return n;
    }
};

// A fake worker: answers a package "x" with "w<id>:x", "big N" with N bytes, "quiet" with nothing.
// After each batch it publishes like a real worker's loop does (bumps load_epoch); the coroutine
// count it publishes is whatever the test stores in its line.
struct FakeWorker {
    int id = 0;
    std::vector<int> fds;
    SharedState *shared = nullptr;
    Journal *journal = nullptr;
    std::atomic<bool> stop{false};
    std::thread th;
    void reply(int fd, const ipc::Header &h, const std::string &data) {
        ipc::Sender tx(fd);
        int rc = tx.send(h, data.data(), static_cast<uint32_t>(data.size()));
        while (rc == 1 || rc == -EAGAIN) {
            pollfd p{fd, POLLOUT, 0};
            (void)::poll(&p, 1, 100);
            rc = tx.flush();
        }
        ASSERT_EQ(rc, 0);
    }
    void run() {
        Heap heap;
        std::vector<std::unique_ptr<ipc::Receiver>> rx;
        for (int fd : fds) rx.push_back(std::make_unique<ipc::Receiver>(fd, ipc::Limits{}, &heap));
        while (!stop) {
            std::vector<pollfd> p;
            for (int fd : fds) p.push_back({fd, POLLIN, 0});
            if (::poll(p.data(), p.size(), 20) <= 0) continue;
            for (size_t r = 0; r < fds.size(); ++r) {
                testing::drain_channel(*rx[r], [&](const ipc::Message &m, const std::string &body) {
                    const SessionId sid = static_cast<SessionId>(m.header.session_id);
                    if (m.header.type == ipc::MessageType::kControl) {
                        // Only "the connection is gone" notes matter here (not acknowledgements).
                        CreditNote note;
                        if (body.size() == sizeof note) std::memcpy(&note, body.data(), sizeof note);
                        if (note.kind == CreditNote::kForget) journal->add(Event{id, m.header.type, sid, ""});
                        return;
                    }
                    journal->add(Event{id, m.header.type, sid, m.header.type == ipc::MessageType::kData ? body : ""});
                    if (m.header.type != ipc::MessageType::kData || body == "quiet") return;
                    ipc::Header h;
                    h.session_id = m.header.session_id;
                    h.type = ipc::MessageType::kData;
                    if (body.rfind("big ", 0) == 0) {
                        reply(fds[r], h, std::string(std::stoul(body.substr(4)), 'x'));
                    } else {
                        reply(fds[r], h, "w" + std::to_string(id) + ":" + body);
                    }
                });
            }
            shared->worker(id).load_epoch.fetch_add(1, std::memory_order_release);
        }
    }
};

// Answers dispatch questions on a thread of its own, as PHP's main thread does in the binding.
struct Decider {
    ProcessMaster *master = nullptr;
    std::function<int(const DispatchQuestion &)> decide;
    std::mutex mu;
    std::vector<DispatchQuestion> asked;
    std::atomic<bool> stop{false};
    std::thread th;
    void run() {
        while (!stop) {
            pollfd p{master->dispatch_fd(), POLLIN, 0};
            if (::poll(&p, 1, 20) <= 0) continue;
            master->answer_dispatch([this](const DispatchQuestion &q) {
                {
                    std::lock_guard<std::mutex> lock(mu);
                    asked.push_back(q);
                }
                return decide(q);
            });
        }
    }
    std::vector<DispatchQuestion> questions() {
        std::lock_guard<std::mutex> lock(mu);
        return asked;
    }
};

std::shared_ptr<const proto::framing::Framing> lines() {
    proto::framing::Options o;
    o.mode = proto::framing::Mode::kEofSplit;
    o.eof = "\n";
    o.max_length = 1 << 20;
    return std::make_shared<const proto::framing::Framing>(proto::framing::Framing::create(o).value());
}

struct Env {
    std::unique_ptr<ProcessMaster> master;
    std::vector<std::unique_ptr<FakeWorker>> workers;
    Journal journal;
    Decider decider;
    testing::ListeningSocket listening;
    int port = 0;
    Env(int workers_n, DispatchMode mode, const std::function<void(MasterOptions &)> &tweak = {},
        std::function<int(const DispatchQuestion &)> decide = {}) {
        port = listening.port;
        MasterOptions o;
        o.worker_num = workers_n;
        o.reactor_num = 1;
        o.dispatch_mode = mode;
        o.ask_dispatch = static_cast<bool>(decide);
        o.handoff = false;  // these fake workers answer through the master
        o.listeners.push_back(listening.listener());
        if (tweak) tweak(o);
        master = ProcessMaster::create(o).value();
        for (int w = 0; w < workers_n; ++w) {
            auto fw = std::make_unique<FakeWorker>();
            fw->id = w;
            fw->shared = &master->shared();
            fw->journal = &journal;
            master->shared().worker(w).pid.store(1000 + w);  // running
            fw->fds.push_back(master->worker_end(w, 0));
            workers.push_back(std::move(fw));
        }
        for (auto &w : workers) w->th = std::thread([p = w.get()] { p->run(); });
        EXPECT_TRUE(master->start().ok());
        if (decide) {
            decider.master = master.get();
            decider.decide = std::move(decide);
            decider.th = std::thread([this] { decider.run(); });
        }
    }
    ~Env() {
        decider.stop = true;
        if (decider.th.joinable()) decider.th.join();  // before stop(): answer_dispatch is not concurrent with it
        testing::stop_master_and_workers(master, workers);
    }
    void busy(int w, int64_t coroutines) { master->shared().worker(w).coroutines.store(coroutines); }
    int client(int rcvbuf = 0) { return testing::connect_client(port, rcvbuf); }
};

std::string who(int fd, const std::string &q) { return ask(fd, q).substr(0, 2); }

// The master's own count of closed connections reaching `n` (polled: nothing signals it; bounded).
void wait_closed(Env &env, uint64_t n) {
    for (int i = 0; i < 500 && env.master->stats().reactor.closed < n; ++i) (void)::poll(nullptr, 0, 10);
    ASSERT_GE(env.master->stats().reactor.closed, n);
}

// Reads connection `id`'s slot until `pred` holds (polled: nothing signals it; bounded).
template <class Pred>
bool published(Env &env, SessionId id, ConnectionRecord *rec, Pred pred) {
    for (int i = 0; i < 500; ++i) {
        if (env.master->shared().read(id, rec) && pred(*rec)) return true;
        (void)::poll(nullptr, 0, 10);
    }
    return false;
}

bool closed_by_server(int fd) {
    char buf[64];
    return ::recv(fd, buf, sizeof buf, 0) == 0;
}

const char *type_name(ipc::MessageType t) {
    switch (t) {
        case ipc::MessageType::kConnect: return "connect";
        case ipc::MessageType::kClose: return "close";
        case ipc::MessageType::kControl: return "forget";
        default: return "data";
    }
}

// What worker `w` got, in order ("connect; data x; close; ").
std::string trace(Journal &j, int w) {
    std::string out;
    for (const Event &e : j.snapshot()) {
        if (e.worker != w) continue;
        out += type_name(e.type);
        if (!e.body.empty()) out += " " + e.body;
        out += "; ";
    }
    return out;
}

bool closes(Journal &j, size_t n) {
    return j.wait([n](auto &ev) {
        size_t c = 0;
        for (auto &e : ev) c += e.type == ipc::MessageType::kClose;
        return c >= n;
    });
}

// ---- the choice by load, alone

TEST(WorkerChoice, LeastLoadedPrefersAnIdleWorkerAndRotatesAmongEquals) {
    std::vector<int64_t> loads{3, 0, 2, 0};
    auto of = [&](int w) { return loads[static_cast<size_t>(w)]; };
    EXPECT_EQ(least_loaded(4, 0, of), 1);
    EXPECT_EQ(least_loaded(4, 2, of), 3);  // the first idle one at or after `start`
    EXPECT_EQ(least_loaded(4, 4, of), 1);  // start wraps around
    loads = {5, 4, 4, 6};
    EXPECT_EQ(least_loaded(4, 0, of), 1);
    EXPECT_EQ(least_loaded(4, 2, of), 2);
    EXPECT_EQ(least_loaded(1, 7, of), 0);
    EXPECT_EQ(worker_by_id(1, 2, 3), 0);
    EXPECT_EQ(worker_by_id(2, 2, 3), 1);  // thread 1's first connection
    EXPECT_EQ(worker_by_id(3, 2, 3), 1);  // thread 0's second
}

TEST(WorkerChoice, WhatWasSentCountsUntilTheWorkerPublishesAgain) {
    auto made = SharedState::create(1, 2, 4);
    ASSERT_TRUE(made.ok());
    SharedState &s = *made.value();
    s.worker(0).pid.store(10);
    s.worker(1).pid.store(11);
    WorkerLoads loads(s, 2);
    EXPECT_EQ(loads.load(0), 0);
    loads.dispatched(0);
    loads.dispatched(0);
    EXPECT_EQ(loads.load(0), 2);      // not taken yet, as far as this thread knows
    EXPECT_EQ(loads.pick(0), 1);      // so the other one is idler
    s.worker(0).coroutines.store(1);  // it took them and one coroutine still runs
    s.worker(0).load_epoch.fetch_add(1);
    EXPECT_EQ(loads.load(0), 1);
    s.worker(1).coroutines.store(4);
    EXPECT_EQ(loads.pick(1), 0);
    s.worker(0).pid.store(0);  // gone: chosen only when nothing else runs
    EXPECT_EQ(loads.pick(0), 1);
    EXPECT_GE(loads.load(0), kNotRunningLoad);
}

// ---- dispatch modes

TEST(ProcessMasterDispatch, IdleWorkerModeSendsEachPackageToTheIdleWorkerWithoutConnectOrClose) {
    Env env(2, DispatchMode::kIdle);
    env.busy(1, 5);
    int c = env.client();
    for (int i = 0; i < 6; ++i) EXPECT_EQ(who(c, "a"), "w0");
    env.busy(1, 0);
    env.busy(0, 5);
    for (int i = 0; i < 6; ++i) EXPECT_EQ(who(c, "b"), "w1");
    env.busy(0, 0);
    // Both idle: round robin between them.
    std::string first = who(c, "c"), second = who(c, "d");
    EXPECT_NE(first, second);
    ::close(c);
    wait_closed(env, 1);
    // A close would have been queued to a worker before this package.
    int d = env.client();
    EXPECT_EQ(ask(d, "e").substr(2), ":e");
    ::close(d);
    EXPECT_EQ(env.journal.count(ipc::MessageType::kConnect), 0u);
    EXPECT_EQ(env.journal.count(ipc::MessageType::kClose), 0u);
}

TEST(ProcessMasterDispatch, StreamModeAlsoPicksTheIdleWorkerAndMasksConnectAndClose) {
    Env env(3, DispatchMode::kStream);
    env.busy(0, 2);
    env.busy(2, 9);
    int c = env.client();
    for (int i = 0; i < 4; ++i) EXPECT_EQ(who(c, "p"), "w1");
    ::close(c);
    EXPECT_EQ(env.journal.count(ipc::MessageType::kConnect), 0u);
}

TEST(ProcessMasterDispatch, FewestConnectionsModeKeepsEachConnectionOnTheLeastLoadedWorker) {
    Env env(2, DispatchMode::kConnectionLeast);
    int a = env.client();
    std::string wa = who(a, "x");
    int b = env.client();
    std::string wb = who(b, "x");
    EXPECT_NE(wa, wb);  // the second connection goes to the worker without one
    int c = env.client();
    std::string wc = who(c, "x");
    // Close both connections of wc's worker: the next one must go there (0 against 1).
    int again = wc == wa ? a : b;
    ::close(again);
    ::close(c);
    ASSERT_TRUE(env.journal.wait([](auto &ev) {
        int closes = 0;
        for (auto &e : ev) closes += e.type == ipc::MessageType::kClose;
        return closes == 2;
    }));
    int d = env.client();
    EXPECT_EQ(who(d, "x"), wc);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(who(d, "y"), wc);  // fixed for the connection's life
    EXPECT_EQ(env.journal.count(ipc::MessageType::kConnect), 4u);
    ::close(d);
    ::close(again == a ? b : a);
}

TEST(ProcessMasterDispatch, FewestCoroutinesModeMovesPackagesButConnectAndCloseStayWithOneWorker) {
    Env env(2, DispatchMode::kCoroutineLeast);
    env.busy(1, 3);
    int c = env.client();
    EXPECT_EQ(who(c, "a"), "w0");
    env.busy(1, 0);
    env.busy(0, 3);
    EXPECT_EQ(who(c, "b"), "w1");
    ::close(c);
    ASSERT_TRUE(closes(env.journal, 1));
    auto ev = env.journal.snapshot();
    int connect_worker = -1, close_worker = -2;
    for (auto &e : ev) {
        if (e.type == ipc::MessageType::kConnect) connect_worker = e.worker;
        if (e.type == ipc::MessageType::kClose) close_worker = e.worker;
    }
    EXPECT_EQ(connect_worker, 0);  // the idle one when it connected
    EXPECT_EQ(close_worker, 0);
}

// ---- protect() and the heartbeat; output published for getClientInfo()

TEST(ProcessMasterDispatch, HeartbeatLeavesProtectedConnectionsOpen) {
    Env env(1, DispatchMode::kFdMod, [](MasterOptions &o) {
        o.heartbeat_idle = 300 * kNanosPerMilli;
        o.heartbeat_interval = 50 * kNanosPerMilli;
    });
    int plain = env.client();
    int kept = env.client();
    ASSERT_TRUE(env.journal.wait([](auto &ev) { return ev.size() == 2; }));  // both connects: ids 1, 2
    ASSERT_TRUE(env.master->shared().protect(2, true));
    EXPECT_FALSE(env.master->shared().protect(99, true));
    EXPECT_TRUE(closed_by_server(plain));
    pollfd p{kept, POLLIN, 0};
    EXPECT_EQ(::poll(&p, 1, 600), 0);  // two idle times later, still open
    ASSERT_TRUE(env.master->shared().protect(2, false));
    EXPECT_TRUE(closed_by_server(kept));
    ::close(plain);
    ::close(kept);
}

TEST(ProcessMasterDispatch, RepliesPublishLastSendTimeAndQueuedBytes) {
    Env env(1, DispatchMode::kFdMod, [](MasterOptions &o) { o.reactor.output_buffer_limit = 16u << 20; });
    int c = env.client(4096);
    EXPECT_EQ(ask(c, "hello"), "w0:hello");
    // The master publishes right after its write, which the client may have read already.
    ConnectionRecord rec;
    EXPECT_TRUE(published(env, 1, &rec, [](const ConnectionRecord &r) { return r.last_send > 0; }));
    EXPECT_EQ(rec.send_queued, 0u);
    // 7 MB to a client that does not read: most of it waits in the master.
    const size_t big = 7u << 20;
    const std::string q = "big " + std::to_string(big);
    ASSERT_EQ(::send(c, q.data(), q.size(), 0), static_cast<ssize_t>(q.size()));
    EXPECT_TRUE(published(env, 1, &rec, [](const ConnectionRecord &r) { return r.send_queued > 0; }));
    const Nanos before_drain = rec.last_send;
    size_t got = 0;
    std::vector<char> buf(1 << 16);
    while (got < big) {
        ssize_t n = ::recv(c, buf.data(), buf.size(), 0);
        ASSERT_GT(n, 0);
        got += static_cast<size_t>(n);
    }
    // The last write emptied the queue; its time and the empty queue are published.
    EXPECT_TRUE(published(env, 1, &rec, [](const ConnectionRecord &r) { return r.send_queued == 0; }));
    EXPECT_GT(rec.last_send, before_drain);
    ::close(c);
}

// ---- dispatch_func

TEST(ProcessMasterDispatchFunc, EveryEventOfAConnectionGoesWhereTheDeciderSaysInOrder) {
    // connect -> 1, a package -> the worker its first byte names, close -> 0.
    Env env(
        2, DispatchMode::kFdMod, [](MasterOptions &o) { o.listeners[0].options.framing = lines(); },
        [](const DispatchQuestion &q) {
            if (q.event == DispatchEvent::kConnect) return 1;
            if (q.event == DispatchEvent::kClose) return 0;
            return q.data[0] - '0';
        });
    int c = env.client();
    const std::string burst = "0a\n1b\n1c\n0d\n";  // one write: the packages wait their turn
    ASSERT_EQ(::send(c, burst.data(), burst.size(), 0), static_cast<ssize_t>(burst.size()));
    char buf[64];
    std::string replies;
    while (replies.size() < 4 * 5) {
        ssize_t n = ::recv(c, buf, sizeof buf, 0);
        ASSERT_GT(n, 0);
        replies.append(buf, static_cast<size_t>(n));
    }
    ::close(c);
    ASSERT_TRUE(closes(env.journal, 1));
    // Per worker, its events in the connection's order (worker 1 heard of the connect, not of the
    // close: it is told to forget the connection).
    ASSERT_TRUE(env.journal.wait([](auto &ev) { return ev.size() == 7; }));
    EXPECT_EQ(trace(env.journal, 1), "connect; data 1b\n; data 1c\n; forget; ");
    EXPECT_EQ(trace(env.journal, 0), "data 0a\n; data 0d\n; close; ");
    auto qs = env.decider.questions();
    ASSERT_EQ(qs.size(), 6u);
    EXPECT_EQ(qs[0].event, DispatchEvent::kConnect);
    EXPECT_EQ(qs[0].data, "");
    EXPECT_EQ(qs[1].event, DispatchEvent::kData);
    EXPECT_EQ(qs[1].data, "0a\n");
    EXPECT_EQ(qs[4].data, "0d\n");
    EXPECT_EQ(qs[5].event, DispatchEvent::kClose);
    for (auto &q : qs) EXPECT_EQ(q.id, 1);
    ConnectionRecord rec;
    EXPECT_FALSE(env.master->shared().read(1, &rec));
}

TEST(ProcessMasterDispatchFunc, AConnectionWaitsPausedWhileItsQuestionIsOut) {
    std::mutex gate_mu;
    std::condition_variable gate_cv;
    bool open = false;
    Env env(
        1, DispatchMode::kFdMod, [](MasterOptions &o) { o.listeners[0].options.framing = lines(); },
        [&](const DispatchQuestion &q) {
            if (q.event == DispatchEvent::kData && q.data == "first\n") {
                std::unique_lock<std::mutex> lock(gate_mu);
                gate_cv.wait_for(lock, std::chrono::seconds(5), [&] { return open; });
            }
            return 0;
        });
    int c = env.client();
    ASSERT_EQ(::send(c, "first\n", 6, 0), 6);
    ASSERT_TRUE(env.journal.wait([](auto &ev) { return ev.size() == 1; }));  // the connect
    ASSERT_EQ(::send(c, "second\n", 7, 0), 7);
    // While the first package's answer is held back, nothing of the connection moves on.
    pollfd p{c, POLLIN, 0};
    EXPECT_EQ(::poll(&p, 1, 200), 0);
    EXPECT_EQ(env.journal.snapshot().size(), 1u);
    EXPECT_EQ(env.decider.questions().size(), 2u);  // connect, first
    {
        std::lock_guard<std::mutex> lock(gate_mu);
        open = true;
    }
    gate_cv.notify_all();
    std::string replies;
    char buf[64];
    while (replies.size() < std::string("w0:first\nw0:second\n").size()) {
        ssize_t n = ::recv(c, buf, sizeof buf, 0);
        ASSERT_GT(n, 0);
        replies.append(buf, static_cast<size_t>(n));
    }
    EXPECT_EQ(replies, "w0:first\nw0:second\n");
    ::close(c);
}

TEST(ProcessMasterDispatchFunc, TheDeciderSeesAtMostTheFirst8KiBOfAPackage) {
    Env env(
        1, DispatchMode::kFdMod, [](MasterOptions &o) { o.listeners[0].options.framing = lines(); },
        [](const DispatchQuestion &) { return 0; });
    int c = env.client();
    std::string big(20000, 'b');
    big += "\n";
    ASSERT_EQ(::send(c, big.data(), big.size(), 0), static_cast<ssize_t>(big.size()));
    ASSERT_TRUE(env.journal.wait([](auto &ev) { return ev.size() == 2; }));
    EXPECT_EQ(env.journal.snapshot()[1].body, big);  // the worker gets all of it
    auto qs = env.decider.questions();
    ASSERT_EQ(qs.size(), 2u);
    EXPECT_EQ(qs[1].data, big.substr(0, kDispatchPeek));
    ::close(c);
}

TEST(ProcessMasterDispatchFunc, DiscardCloseAndFallbackAnswersDoWhatSwooleDocuments) {
    Env env(
        2, DispatchMode::kFdMod, [](MasterOptions &o) { o.listeners[0].options.framing = lines(); },
        [](const DispatchQuestion &q) {
            if (q.event != DispatchEvent::kData) return kDispatchFallback;  // id 1 -> worker 0 by fd
            if (q.data == "drop\n") return kDispatchDiscard;
            if (q.data == "bye\n") return kDispatchClose;
            return kDispatchFallback;
        });
    int c = env.client();
    ASSERT_EQ(::send(c, "drop\n", 5, 0), 5);
    EXPECT_EQ(ask(c, "kept\n"), "w0:kept\n");
    ASSERT_EQ(::send(c, "bye\n", 4, 0), 4);
    EXPECT_TRUE(closed_by_server(c));
    ASSERT_TRUE(closes(env.journal, 1));
    EXPECT_EQ(trace(env.journal, 0), "connect; data kept\n; close; ");
    EXPECT_EQ(trace(env.journal, 1), "");
    ::close(c);
}

TEST(ProcessMasterDispatchFunc, AnAnswerOutOfRangeIsLoggedAndTheConnectionGoesToItsWorkerById) {
    int logs[2];
    ASSERT_EQ(::pipe(logs), 0);
    log_set_fd(logs[1]);
    {
        Env env(
            2, DispatchMode::kRound, [](MasterOptions &o) { o.listeners[0].options.framing = lines(); },
            [](const DispatchQuestion &q) {
                if (q.event == DispatchEvent::kConnect) return 7;  // there is no worker 7
                if (q.data == "failed\n") return kDispatchFailed;  // the decider logged why itself
                return -9;
            });
        int c = env.client();  // id 1: worker 0 by id, whatever dispatch_mode says
        EXPECT_EQ(ask(c, "x\n"), "w0:x\n");
        EXPECT_EQ(ask(c, "failed\n"), "w0:failed\n");
        ::close(c);
        ASSERT_TRUE(closes(env.journal, 1));
        EXPECT_EQ(trace(env.journal, 0), "connect; data x\n; data failed\n; close; ");
    }
    log_set_fd(2);
    ::close(logs[1]);
    std::string logged;
    char buf[4096];
    for (ssize_t n; (n = ::read(logs[0], buf, sizeof buf)) > 0;) logged.append(buf, static_cast<size_t>(n));
    ::close(logs[0]);
    EXPECT_NE(logged.find("dispatch_func returned 7 for the connect of connection 1"), std::string::npos) << logged;
    EXPECT_NE(logged.find("dispatch_func returned -9 for the data of connection 1"), std::string::npos) << logged;
    EXPECT_NE(logged.find("dispatch_func returned -9 for the close of connection 1"), std::string::npos) << logged;
    EXPECT_EQ(logged.find("returned -2147483648"), std::string::npos) << logged;
}

TEST(ProcessMasterDispatchFunc, ACloseSentElsewhereMakesTheConnectWorkerForgetTheConnection) {
    // connect -> 0, packages and the close -> 1: worker 0 never sent to it, yet must drop it.
    Env env(2, DispatchMode::kFdMod, {},
            [](const DispatchQuestion &q) { return q.event == DispatchEvent::kConnect ? 0 : 1; });
    int c = env.client();
    EXPECT_EQ(ask(c, "x"), "w1:x");
    ::close(c);
    ASSERT_TRUE(env.journal.wait([](auto &ev) { return ev.size() == 4; }));
    EXPECT_EQ(trace(env.journal, 0), "connect; forget; ");
    EXPECT_EQ(trace(env.journal, 1), "data x; close; ");
}

}  // namespace
}  // namespace gust::server
