// run_blocking(): work on the shared worker pool while the coroutine parks. Run under TSan too.
#include "gust/coro/blocking.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "gust/base/error.h"

namespace gust::coro {
namespace {

TEST(Blocking, WorkRunsOffTheLoopThreadAndWakesTheCoroutine) {
    loop::Loop loop;
    Scheduler sched(loop);
    std::thread::id loop_thread = std::this_thread::get_id();
    auto worker_thread = std::make_shared<std::thread::id>();
    int rc = -1;
    uint64_t before = blocking_jobs_run();
    (void)sched.create([&] { rc = run_blocking([worker_thread] { *worker_thread = std::this_thread::get_id(); }); });
    EXPECT_EQ(sched.run(), 0u);
    EXPECT_EQ(rc, 0);
    EXPECT_NE(*worker_thread, loop_thread);
    EXPECT_EQ(blocking_jobs_run(), before + 1);
}

TEST(Blocking, OtherCoroutinesRunWhileWorkBlocks) {
    loop::Loop loop;
    Scheduler sched(loop);
    auto release = std::make_shared<std::atomic<bool>>(false);
    bool other_ran = false;
    (void)sched.create([&] {
        EXPECT_EQ(run_blocking([release] {
                      while (!release->load()) std::this_thread::yield();
                  }),
                  0);
        EXPECT_TRUE(other_ran);
    });
    (void)sched.create([&] {
        other_ran = true;  // runs while the first coroutine's work is still spinning
        release->store(true);
    });
    EXPECT_EQ(sched.run(), 0u);
}

TEST(Blocking, TimeoutAbandonsTheWorkWhichStillFinishes) {
    loop::Loop loop;
    Scheduler sched(loop);
    auto release = std::make_shared<std::atomic<bool>>(false);
    auto finished = std::make_shared<std::atomic<bool>>(false);
    int rc = -1;
    (void)sched.create([&] {
        rc = run_blocking(
            [release, finished] {
                while (!release->load()) std::this_thread::yield();
                finished->store(true);
            },
            10 * kNanosPerMilli);
    });
    EXPECT_EQ(sched.run(), 0u);  // the loop ends: the abandoned job holds no reference on it
    EXPECT_EQ(rc, kErrTimedOut);
    release->store(true);
    for (int i = 0; i < 5000 && !finished->load(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_TRUE(finished->load());
}

TEST(Blocking, StatsCountAJobUntilItEnds) {
    loop::Loop loop;
    Scheduler sched(loop);
    auto release = std::make_shared<std::atomic<bool>>(false);
    BlockingStats during;
    (void)sched.create([&] {
        EXPECT_EQ(run_blocking([release] {
                      while (!release->load()) std::this_thread::yield();
                  }),
                  0);
    });
    (void)sched.create([&] {
        during = blocking_stats();  // the job is queued or running: it cannot end before release
        release->store(true);
    });
    EXPECT_EQ(sched.run(), 0u);
    EXPECT_GE(during.threads, 1);
    EXPECT_GE(during.queued + during.running, 1u);
}

// Not in the TSan build: TSan refuses to start threads in the child of a multi-threaded process,
// which is exactly what this checks. The debug (ASan) suite runs it.
#if !defined(__SANITIZE_THREAD__)
TEST(Blocking, AForkedChildGetsAPoolOfItsOwn) {
    // The parent's workers do not exist in a child; its jobs must still run there.
    {
        loop::Loop loop;
        Scheduler sched(loop);
        (void)sched.create([] { EXPECT_EQ(run_blocking([] {}), 0); });
        sched.run();
    }
    pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        loop::Loop loop;
        Scheduler sched(loop);
        int rc = -1, ran = 0;
        (void)sched.create([&] { rc = run_blocking([&] { ran = 1; }, 5 * kNanosPerSecond); });
        sched.run();
        _exit(rc == 0 && ran == 1 ? 0 : 1);
    }
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
}
#endif

TEST(Blocking, OutsideACoroutineIsRefused) {
    EXPECT_EQ(run_blocking([] {}), kErrNotInCoroutine);
}

}  // namespace
}  // namespace gust::coro
