// Loop I/O on real pollers (epoll and poll): readiness, generations against fd
// reuse, cross-thread posts, signals, defer, hooks and stop.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "gust/loop/loop.h"

namespace gust::loop {
namespace {

class LoopIo : public ::testing::TestWithParam<PollerKind> {
protected:
    std::unique_ptr<Loop> make() {
        LoopOptions o;
        o.poller = GetParam();
        return std::make_unique<Loop>(std::move(o));
    }
};

struct Pipe {
    int r = -1, w = -1;
    Pipe() {
        int fds[2];
        EXPECT_EQ(pipe2(fds, O_NONBLOCK | O_CLOEXEC), 0);
        r = fds[0];
        w = fds[1];
    }
    ~Pipe() {
        if (r >= 0) close(r);
        if (w >= 0) close(w);
    }
};

struct Recorder final : IoHandler {
    std::function<void(uint32_t)> fn;
    int calls = 0;
    void on_io(uint32_t events) override {
        ++calls;
        if (fn) fn(events);
    }
};

TEST_P(LoopIo, ReadableFdCallsItsHandlerUntilUnwatched) {
    auto loop = make();
    Pipe p;
    Recorder h;
    WatchId id{};
    h.fn = [&](uint32_t events) {
        EXPECT_TRUE(events & kReadable);
        char buf[16];
        EXPECT_EQ(read(p.r, buf, sizeof buf), 5);
        loop->unwatch(id);
    };
    const size_t internal_watches = loop->stats().watches;  // the loop's own eventfd
    auto w = loop->watch(p.r, kReadable, &h);
    ASSERT_TRUE(w.ok());
    id = w.value();
    ASSERT_EQ(write(p.w, "hello", 5), 5);
    loop->run();
    EXPECT_EQ(h.calls, 1);
    EXPECT_EQ(loop->stats().watches, internal_watches);
    EXPECT_STREQ(loop->poller_name(), GetParam() == PollerKind::kEpoll ? "epoll" : "poll");
}

TEST_P(LoopIo, EventForAClosedAndReusedFdNeverReachesTheNewOwner) {
    auto loop = make();
    Pipe a, b;
    Recorder ha, hb, newcomer;
    WatchId wa{}, wb{};
    int reused_fd = -1;
    std::unique_ptr<Pipe> replacement;
    // Whichever of the two ready handlers runs first closes the other and puts a new
    // fd with the same number under a new watch; the event already collected for the
    // closed one must be dropped.
    auto close_other = [&](WatchId &other_id, int &other_fd, WatchId &mine, int my_fd) {
        loop->unwatch(other_id);
        reused_fd = other_fd;
        close(other_fd);
        other_fd = -1;
        replacement = std::make_unique<Pipe>();
        ASSERT_EQ(dup2(replacement->r, reused_fd), reused_fd);
        ASSERT_EQ(write(replacement->w, "x", 1), 1);  // the newcomer is readable too
        auto nw = loop->watch(reused_fd, kReadable, &newcomer);
        ASSERT_TRUE(nw.ok());
        newcomer.fn = [&, nw = nw.value()](uint32_t) { loop->unwatch(nw); };
        loop->unwatch(mine);
        char c;
        (void)read(my_fd, &c, 1);
    };
    ha.fn = [&](uint32_t) {
        if (!hb.calls) close_other(wb, b.r, wa, a.r);
    };
    hb.fn = [&](uint32_t) {
        if (!ha.calls) close_other(wa, a.r, wb, b.r);
    };
    wa = loop->watch(a.r, kReadable, &ha).value();
    wb = loop->watch(b.r, kReadable, &hb).value();
    ASSERT_EQ(write(a.w, "1", 1), 1);
    ASSERT_EQ(write(b.w, "1", 1), 1);
    ASSERT_TRUE(loop->run_once(0));
    EXPECT_EQ(ha.calls + hb.calls, 1);
    EXPECT_EQ(newcomer.calls, 0) << "stale event delivered to the new owner of the fd";
    EXPECT_EQ(loop->stats().stale_events_dropped, 1u);
    loop->run();  // the newcomer's own readiness arrives in a later iteration
    EXPECT_EQ(newcomer.calls, 1);
    close(reused_fd);
    if (a.r == reused_fd) a.r = -1;
    if (b.r == reused_fd) b.r = -1;
}

TEST_P(LoopIo, PostsFromManyThreadsAllRunOnTheLoopThread) {
    auto loop = make();
    constexpr int kThreads = 4, kPosts = 10000;
    int ran = 0;  // touched only on the loop thread
    const auto loop_thread = std::this_thread::get_id();
    std::atomic<bool> wrong_thread{false};
    // Keep the loop alive until everything arrived.
    TimerId keepalive = loop->add_timer(60 * kNanosPerSecond, 0, [](TimerId) {});
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&] {
            for (int i = 0; i < kPosts; ++i) {
                loop->post([&] {
                    if (std::this_thread::get_id() != loop_thread) wrong_thread = true;
                    if (++ran == kThreads * kPosts) {
                        loop->cancel_timer(keepalive);
                    }
                });
            }
        });
    }
    loop->run();
    for (auto &t : threads) t.join();
    EXPECT_EQ(ran, kThreads * kPosts);
    EXPECT_FALSE(wrong_thread);
}

TEST_P(LoopIo, SignalArrivesThroughTheLoop) {
    auto loop = make();
    int got = 0;
    size_t watched_in_handler = 0;
    ASSERT_TRUE(loop->watch_signal(SIGUSR1,
                                   [&](int signo) {
                                       got = signo;
                                       watched_in_handler = loop->stats().signals;
                                       loop->unwatch_signal(SIGUSR1);
                                   })
                    .ok());
    EXPECT_EQ(loop->stats().signals, 1u);
    loop->defer([] { raise(SIGUSR1); });
    loop->run();
    EXPECT_EQ(got, SIGUSR1);
    EXPECT_EQ(watched_in_handler, 1u);
    EXPECT_EQ(loop->stats().signals, 0u);
}

TEST_P(LoopIo, UnreferencedSignalHandlerDoesNotKeepTheLoopAlive) {
    auto loop = make();
    ASSERT_TRUE(loop->watch_signal(
                        SIGUSR2, [](int) {}, false)
                    .ok());
    EXPECT_FALSE(loop->run_once(0));  // nothing else: the loop ends
    ASSERT_TRUE(loop->watch_signal(
                        SIGUSR2, [](int) {}, true)
                    .ok());  // re-watched referenced
    EXPECT_TRUE(loop->run_once(0));
    loop->unwatch_signal(SIGUSR2);
    EXPECT_FALSE(loop->run_once(0));
}

TEST_P(LoopIo, AfterForkTheChildUnwatchesWithoutTouchingTheParent) {
    auto loop = make();
    Pipe p;
    Recorder h;
    WatchId id{};
    h.fn = [&](uint32_t) {
        char buf[16];
        EXPECT_EQ(read(p.r, buf, sizeof buf), 1);
        loop->unwatch(id);
    };
    auto w = loop->watch(p.r, kReadable, &h);
    ASSERT_TRUE(w.ok());
    id = w.value();
    int signalled = 0;
    ASSERT_TRUE(loop->watch_signal(SIGUSR2, [&](int) { ++signalled; }).ok());
    int done[2];
    ASSERT_EQ(pipe(done), 0);
    pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        // The child drops the watch and its loop: the parent's registration must survive.
        const bool ok = loop->after_fork().ok();
        loop->unwatch(id);
        loop->unwatch_signal(SIGUSR2);  // must not change the parent's signalfd
        loop.reset();
        char c = ok ? 'y' : 'n';
        (void)!write(done[1], &c, 1);
        _exit(0);
    }
    close(done[1]);
    char c = 0;
    ASSERT_EQ(read(done[0], &c, 1), 1);
    close(done[0]);
    EXPECT_EQ(c, 'y');
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    ASSERT_EQ(write(p.w, "x", 1), 1);
    for (int i = 0; i < 10 && h.calls == 0; ++i) (void)loop->run_once(100 * kNanosPerMilli);
    EXPECT_EQ(h.calls, 1);  // the parent's epoll registration survived the child
    raise(SIGUSR2);
    for (int i = 0; i < 10 && signalled == 0; ++i) (void)loop->run_once(100 * kNanosPerMilli);
    EXPECT_EQ(signalled, 1);  // and so did its signalfd's mask
    loop->unwatch_signal(SIGUSR2);
}

TEST_P(LoopIo, DeferRunsBeforeBlockingAndStopEndsRun) {
    auto loop = make();
    std::vector<int> order;
    loop->add_timer(10 * kNanosPerSecond, 0, [&](TimerId) { order.push_back(99); });
    loop->defer([&] {
        order.push_back(1);
        loop->defer([&] {
            order.push_back(2);
            loop->stop();
        });
    });
    loop->run();
    EXPECT_EQ(order, (std::vector<int>{1, 2}));
}

struct CountingHook final : IterationHook {
    int pending = 3;
    int calls = 0;
    bool before_wait() override {
        ++calls;
        if (pending > 0) --pending;
        return pending > 0;
    }
    bool keeps_alive() override { return pending > 0; }
};

TEST_P(LoopIo, HookWithPendingWorkKeepsTheLoopSpinningWithoutBlocking) {
    auto loop = make();
    CountingHook hook;
    loop->add_hook(&hook);
    loop->run();
    EXPECT_EQ(hook.pending, 0);
    EXPECT_GE(hook.calls, 3);
    loop->remove_hook(&hook);
}

TEST_P(LoopIo, CurrentIsSetWhileRunning) {
    auto loop = make();
    Loop *seen = nullptr;
    loop->defer([&] { seen = Loop::current(); });
    EXPECT_EQ(Loop::current(), nullptr);
    loop->run();
    EXPECT_EQ(seen, loop.get());
}

INSTANTIATE_TEST_SUITE_P(Pollers, LoopIo, ::testing::Values(PollerKind::kEpoll, PollerKind::kPoll),
                         [](const auto &info) { return info.param == PollerKind::kEpoll ? "epoll" : "poll"; });

}  // namespace
}  // namespace gust::loop
