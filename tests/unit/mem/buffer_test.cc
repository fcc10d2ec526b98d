// Buffer cursors, growth, compaction and the capacity limit; Slice views.
#include "gust/mem/buffer.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>

namespace gust::mem {
namespace {

TEST(Slice, ViewsSubrangesAndClampsPastTheEnd) {
    std::string s = "hello world";
    Slice v(s);
    EXPECT_EQ(v.size(), 11u);
    EXPECT_EQ(v.sub(6).view(), "world");
    EXPECT_EQ(v.sub(0, 5).view(), "hello");
    EXPECT_TRUE(v.sub(20).empty());
    EXPECT_EQ(v.sub(9, 100).view(), "ld");
    v.remove_prefix(6);
    EXPECT_EQ(v, Slice(std::string_view("world")));
    v.remove_prefix(100);
    EXPECT_TRUE(v.empty());
    EXPECT_TRUE(Slice().empty());
}

TEST(Buffer, AppendThenConsumeKeepsTheOrder) {
    Buffer b;
    EXPECT_TRUE(b.empty());
    ASSERT_TRUE(b.append(Slice(std::string_view("abc"))).ok());
    ASSERT_TRUE(b.append("defgh", 5).ok());
    EXPECT_EQ(b.readable().view(), "abcdefgh");
    b.consume(3);
    EXPECT_EQ(b.readable().view(), "defgh");
    b.consume(100);
    EXPECT_TRUE(b.empty());
    // A fully drained buffer rewinds: the whole capacity is writable again.
    EXPECT_EQ(b.writable().size(), b.capacity());
}

TEST(Buffer, ReserveWritableCommitIsTheRecvPath) {
    Buffer b;
    ASSERT_TRUE(b.reserve(100).ok());
    auto w = b.writable();
    ASSERT_GE(w.size(), 100u);
    std::memcpy(w.data(), "payload", 7);
    b.commit(7);
    EXPECT_EQ(b.readable().view(), "payload");
    EXPECT_GE(b.writable().size(), 93u);
}

TEST(Buffer, ReserveCompactsInsteadOfGrowingWhenTheConsumedPrefixIsEnough) {
    Buffer b;
    std::string data(60, 'x');
    ASSERT_TRUE(b.append(data.data(), data.size()).ok());
    const size_t cap = b.capacity();
    b.consume(50);
    ASSERT_TRUE(b.reserve(cap - 10).ok());
    EXPECT_EQ(b.capacity(), cap);
    EXPECT_EQ(b.readable().view(), std::string(10, 'x'));
    EXPECT_GE(b.writable().size(), cap - 10);
}

TEST(Buffer, CompactMovesReadableBytesToTheFront) {
    Buffer b;
    ASSERT_TRUE(b.append("0123456789", 10).ok());
    b.consume(4);
    const size_t before = b.writable().size();
    b.compact();
    EXPECT_EQ(b.readable().view(), "456789");
    EXPECT_EQ(b.writable().size(), before + 4);
}

TEST(Buffer, LimitRefusesWithoutChangingTheContents) {
    Buffer b(16);
    ASSERT_TRUE(b.append("0123456789", 10).ok());
    Status st = b.append("0123456789", 10);
    EXPECT_EQ(st.code(), kErrLimit);
    EXPECT_EQ(b.readable().view(), "0123456789");
    EXPECT_LE(b.capacity(), 16u);
    EXPECT_EQ(b.reserve(7).code(), kErrLimit);
    ASSERT_TRUE(b.append("abcdef", 6).ok());  // exactly at the limit is fine
    EXPECT_EQ(b.size(), 16u);
    b.consume(6);
    ASSERT_TRUE(b.append("ghijkl", 6).ok());  // consumed room is reusable
    EXPECT_EQ(b.readable().view(), "6789abcdefghijkl");
    EXPECT_EQ(b.capacity(), 16u);
}

TEST(Buffer, HugeReserveDoesNotOverflow) {
    Buffer b;
    ASSERT_TRUE(b.append("x", 1).ok());
    EXPECT_EQ(b.reserve(Buffer::kNoLimit).code(), kErrLimit);
    EXPECT_EQ(b.readable().view(), "x");
}

TEST(Buffer, MoveTransfersTheBytesAndEmptiesTheSource) {
    Buffer a;
    ASSERT_TRUE(a.append("moved", 5).ok());
    Buffer b(std::move(a));
    EXPECT_EQ(b.readable().view(), "moved");
    EXPECT_EQ(a.size(), 0u);
    EXPECT_EQ(a.capacity(), 0u);
    Buffer c;
    c = std::move(b);
    EXPECT_EQ(c.readable().view(), "moved");
    c.release();
    EXPECT_EQ(c.capacity(), 0u);
    EXPECT_TRUE(c.empty());
}

TEST(Buffer, RandomAppendConsumeMatchesAStringModel) {
    std::mt19937 rng(42);
    Buffer b(4096);
    std::string model;
    for (int i = 0; i < 20000; ++i) {
        if (rng() % 2) {
            size_t n = rng() % 300;
            std::string chunk(n, static_cast<char>('a' + rng() % 26));
            Status st = b.append(chunk.data(), n);
            if (model.size() + n > 4096) {
                EXPECT_EQ(st.code(), kErrLimit);
            } else {
                ASSERT_TRUE(st.ok());
                model += chunk;
            }
        } else {
            size_t n = rng() % 400;
            b.consume(n);
            model.erase(0, n);
        }
        ASSERT_EQ(b.readable().view(), model);
        ASSERT_LE(b.capacity(), 4096u);
    }
}

}  // namespace
}  // namespace gust::mem
