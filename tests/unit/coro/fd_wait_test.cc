#include "gust/coro/fd_wait.h"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

#include "gust/base/error.h"

namespace gust::coro {
namespace {

TEST(FdWait, ParksUntilAPipeIsReadable) {
    loop::Loop loop;
    Scheduler sched(loop);
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    uint32_t ready = 0;
    bool writer_ran = false;
    (void)sched.create([&] {
        auto r = wait_fd(fds[0], loop::kReadable);
        ASSERT_TRUE(r.ok());
        ready = r.value();
        EXPECT_TRUE(writer_ran);
    });
    (void)sched.create([&] {
        writer_ran = true;
        ASSERT_EQ(write(fds[1], "x", 1), 1);
    });
    EXPECT_EQ(sched.run(), 0u);
    EXPECT_TRUE(ready & loop::kReadable);
    close(fds[0]);
    close(fds[1]);
}

TEST(FdWait, TimesOutAndLeavesNoWatch) {
    loop::Loop loop;
    Scheduler sched(loop);
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    int code = 0;
    size_t watches_before = loop.stats().watches;
    (void)sched.create([&] { code = wait_fd(fds[0], loop::kReadable, 5 * kNanosPerMilli).code(); });
    EXPECT_EQ(sched.run(), 0u);
    EXPECT_EQ(code, kErrTimedOut);
    EXPECT_EQ(loop.stats().watches, watches_before);
    close(fds[0]);
    close(fds[1]);
}

TEST(FdWait, RefusedFdAndOutsideCoroutine) {
    EXPECT_EQ(wait_fd(0, loop::kReadable).code(), kErrNotInCoroutine);
    loop::Loop loop;
    Scheduler sched(loop);
    int bad = 0, regular = 0;
    char path[] = "/tmp/gust_fd_wait_XXXXXX";
    int file = mkstemp(path);
    ASSERT_GE(file, 0);
    unlink(path);
    (void)sched.create([&] {
        bad = wait_fd(-1, loop::kReadable).code();
        regular = wait_fd(file, loop::kReadable).code();
    });
    EXPECT_EQ(sched.run(), 0u);
    EXPECT_EQ(bad, kErrInvalid);
    EXPECT_EQ(regular, -EPERM);  // epoll refuses regular files
    close(file);
}

}  // namespace
}  // namespace gust::coro

namespace gust::coro {
namespace {

TEST(FdWait, AReaderAndAWriterWaitOnOneFdTogether) {
    loop::Loop loop;
    Scheduler sched(loop);
    int sv[2];
    ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    bool read_ready = false, write_ready = false;
    (void)sched.create([&] { read_ready = wait_fd(sv[0], loop::kReadable).ok(); });
    (void)sched.create([&] { write_ready = wait_fd(sv[0], loop::kWritable).ok(); });
    (void)sched.create([&] { ASSERT_EQ(write(sv[1], "x", 1), 1); });
    EXPECT_EQ(sched.run(), 0u);
    EXPECT_TRUE(read_ready);
    EXPECT_TRUE(write_ready);
    close(sv[0]);
    close(sv[1]);
}

}  // namespace
}  // namespace gust::coro

namespace gust::coro {
namespace {

TEST(FdWait, ClosingWakesEveryWaiterWithClosed) {
    loop::Loop loop;
    Scheduler sched(loop);
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    int a = 0, b = 0;
    size_t watches_before = loop.stats().watches;
    (void)sched.create([&] { a = wait_fd(fds[0], loop::kReadable).code(); });
    (void)sched.create([&] { b = wait_fd(fds[0], loop::kReadable).code(); });
    EXPECT_EQ(loop.stats().watches, watches_before + 1);  // one shared watch
    (void)sched.create([&] {
        EXPECT_TRUE(close_fd_waiters(fds[0]));
        EXPECT_FALSE(close_fd_waiters(fds[0]));
    });
    EXPECT_EQ(sched.run(), 0u);
    EXPECT_EQ(a, kErrClosed);
    EXPECT_EQ(b, kErrClosed);
    EXPECT_EQ(loop.stats().watches, watches_before);
    close(fds[0]);
    close(fds[1]);
}

}  // namespace
}  // namespace gust::coro

namespace gust::coro {
namespace {

// A waiter the loop has already fired, but whose coroutine has not run yet, is still told about
// a close that happens in between (its object may be gone by the time it runs).
struct Closer final : loop::IoHandler {
    int target = -1;
    bool closed_any = false;
    void on_io(uint32_t) override { closed_any = close_fd_waiters(target); }
};

TEST(FdWait, AWaiterFiredButNotYetRunStillSeesTheClose) {
    loop::Loop loop;
    Scheduler sched(loop);
    int p1[2], p2[2];
    ASSERT_EQ(pipe(p1), 0);
    ASSERT_EQ(pipe(p2), 0);
    int code = 0;
    (void)sched.create([&] { code = wait_fd(p1[0], loop::kReadable).code(); });
    Closer closer;
    closer.target = p1[0];
    auto w = loop.watch(p2[0], loop::kReadable, &closer);
    ASSERT_TRUE(w.ok());
    // Both ready in the same poll: p1 first (the waiter fires), then p2 (the close).
    ASSERT_EQ(write(p1[1], "x", 1), 1);
    ASSERT_EQ(write(p2[1], "x", 1), 1);
    (void)loop.run_once(0);
    loop.unwatch(w.value());
    EXPECT_EQ(sched.run(), 0u);
    EXPECT_TRUE(closer.closed_any);
    EXPECT_EQ(code, kErrClosed);
    for (int fd : {p1[0], p1[1], p2[0], p2[1]}) close(fd);
}

}  // namespace
}  // namespace gust::coro
