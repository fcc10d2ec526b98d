// RespawnPolicy: the restart delays of the server's manager and of Process\Pool.
#include "gust/server/respawn.h"

#include <gtest/gtest.h>

namespace gust::server {
namespace {

TEST(RespawnPolicy, ACleanOrLongLivedEndRespawnsAtOnce) {
    RespawnPolicy p(2);
    p.started(0, 100);
    EXPECT_DOUBLE_EQ(p.exited(0, 100.2, false), 100.2);  // quick but clean: no backoff
    p.started(1, 100);
    EXPECT_DOUBLE_EQ(p.exited(1, 105, true), 105);  // abnormal after a long life
    EXPECT_EQ(p.delay(0), 0);
    EXPECT_EQ(p.delay(1), 0);
}

TEST(RespawnPolicy, QuickAbnormalDeathsDoubleTheDelayUpToTheCap) {
    RespawnPolicy p(1, RespawnOptions{1.0, 0.1, 0.5});
    double now = 10;
    const double expected[] = {0.1, 0.2, 0.4, 0.5, 0.5};
    for (double d : expected) {
        p.started(0, now);
        const double at = p.exited(0, now + 0.01, true);
        EXPECT_DOUBLE_EQ(p.delay(0), d);
        EXPECT_DOUBLE_EQ(at, now + 0.01 + d);
        EXPECT_DOUBLE_EQ(p.due_at(0), at);
        now = at;
    }
    // A life past quick_death resets the backoff.
    p.started(0, now);
    EXPECT_DOUBLE_EQ(p.exited(0, now + 2, true), now + 2);
    EXPECT_EQ(p.delay(0), 0);
}

TEST(RespawnPolicy, StartClearsTheDueTimeAndWorkersAreIndependent) {
    RespawnPolicy p(2);
    p.started(0, 0);
    p.started(1, 0);
    (void)p.exited(0, 0.1, true);
    EXPECT_GT(p.due_at(0), 0);
    EXPECT_EQ(p.due_at(1), 0);
    p.started(0, 1);
    EXPECT_EQ(p.due_at(0), 0);
    p.retry_at(1, 7);
    EXPECT_EQ(p.due_at(1), 7);
    p.resize(3);
    EXPECT_EQ(p.size(), 3u);
    EXPECT_EQ(p.due_at(1), 0);
}

}  // namespace
}  // namespace gust::server
