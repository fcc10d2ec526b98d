// The master's accounting of PROCESS mode send backpressure: which worker's bytes were written,
// and when an acknowledgement is due.
#include "gust/server/reply_credit.h"

#include <gtest/gtest.h>

#include <utility>
#include <vector>

namespace gust::server {
namespace {

using Acks = std::vector<std::pair<int, uint64_t>>;

Acks collect(ReplyCredit &c, uint64_t threshold, bool drained, bool idle) {
    Acks out;
    c.collect(threshold, drained, idle, [&](int w, uint64_t bytes) { out.emplace_back(w, bytes); });
    return out;
}

TEST(ReplyCredit, SmallRepliesWrittenAtOnceAreAcknowledgedOnlyAtTheThreshold) {
    ReplyCredit c;
    for (int i = 0; i < 9; ++i) {
        c.accepted(0, 100, 0, 0);
        EXPECT_TRUE(collect(c, 1000, false, true).empty()) << i;  // no ack per reply
    }
    c.accepted(0, 100, 0, 0);
    EXPECT_EQ(collect(c, 1000, false, true), (Acks{{0, 1000}}));
    EXPECT_TRUE(collect(c, 1000, false, true).empty());
}

TEST(ReplyCredit, QueuedBytesAreCreditedInQueueOrderAsTheyAreWritten) {
    ReplyCredit c;
    c.accepted(0, 300, 0, 200);    // 100 written at once, 200 queued
    c.accepted(1, 500, 200, 700);  // appended whole
    EXPECT_EQ(c.queued_bytes(), 700u);
    c.written(400);  // 300 more left the queue: 200 of worker 0, 100 of worker 1
    EXPECT_EQ(collect(c, 10000, false, false), Acks{});
    c.written(0);  // drained after being blocked
    EXPECT_EQ(collect(c, 10000, true, true), (Acks{{0, 300}, {1, 500}}));
    EXPECT_EQ(c.queued_bytes(), 0u);
}

TEST(ReplyCredit, AWorkerThatAskedIsAnsweredWhenTheQueueIsEmptyEvenWithNothingNew) {
    ReplyCredit c;
    c.accepted(0, 100, 0, 100);
    c.want(0);
    EXPECT_TRUE(collect(c, 10000, false, false).empty());  // still queued
    c.written(0);
    EXPECT_EQ(collect(c, 10000, true, true), (Acks{{0, 100}}));
    c.want(0);
    EXPECT_EQ(collect(c, 10000, false, true), (Acks{{0, 0}}));  // answered at once
}

TEST(ReplyCredit, BytesTheReactorQueuedOfItsOwnDelayCreditNeverAdvanceIt) {
    ReplyCredit c;
    c.accepted(0, 100, 0, 100);
    c.written(150);  // 50 bytes not from any worker are in the queue too
    EXPECT_TRUE(collect(c, 1, false, false).empty());
    c.written(50);  // which 50 are left is unknown: credit the least
    EXPECT_EQ(collect(c, 1, false, false), (Acks{{0, 50}}));
    c.written(0);
    EXPECT_EQ(collect(c, 1, true, true), (Acks{{0, 50}}));
}

TEST(ReplyCredit, EveryWorkerThatSentIsListed) {
    ReplyCredit c;
    c.accepted(2, 10, 0, 0);
    c.accepted(0, 10, 0, 0);
    c.accepted(2, 10, 0, 0);
    std::vector<int> workers;
    c.for_each_worker([&](int w) { workers.push_back(w); });
    EXPECT_EQ(workers, (std::vector<int>{2, 0}));
}

}  // namespace
}  // namespace gust::server
