// The shared hash table: sizing, set/get/del/incr, chains through overflow rows, a full table,
// iteration, sharing with a forked child, and a row lock left by a killed holder.
#include "gust/shm/table.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <map>
#include <string>
#include <vector>

#include "shm/shm_fork.h"

namespace gust::shm {
namespace {

struct Fixture {
    Table t;
    const Column *id = nullptr, *name = nullptr, *num = nullptr;
    explicit Fixture(uint64_t size = 1024, double p = 0.2) : t(size, p) {
        EXPECT_TRUE(t.add_column("id", ColumnType::kInt, 8).ok());
        EXPECT_TRUE(t.add_column("name", ColumnType::kString, 16).ok());
        EXPECT_TRUE(t.add_column("num", ColumnType::kFloat, 0).ok());
        EXPECT_TRUE(t.create().ok());
        id = t.column("id");
        name = t.column("name");
        num = t.column("num");
    }
    Status put(const std::string &key, int64_t i, std::string_view s = "", double f = 0) {
        std::vector<char> data(t.data_bytes());
        Table::write_int(data.data(), *id, i);
        Table::write_string(data.data(), *name, s);
        Table::write_float(data.data(), *num, f);
        const uint8_t all[3] = {1, 1, 1};
        return t.set(key, data.data(), all);
    }
    bool fetch(const std::string &key, int64_t *i, std::string *s = nullptr) {
        std::vector<char> data(t.data_bytes());
        if (!t.get(key, data.data())) return false;
        *i = Table::read_int(data.data(), *id);
        if (s) *s = std::string(Table::read_string(data.data(), *name));
        return true;
    }
};

TEST(Table, SizesLikeSwoole) {
    EXPECT_EQ(Table(1, 0.2).size(), 64u);
    EXPECT_EQ(Table(1000, 0.2).size(), 1024u);
    EXPECT_EQ(Table(1024, 0.5).overflow_rows(), 512u);
    EXPECT_EQ(Table(1024, 0.01).overflow_rows(), 204u);  // at least 0.2
    EXPECT_EQ(Table(1024, 7).overflow_rows(), 1024u);    // at most 1
}

TEST(Table, ColumnsAndCreateRefuseMisuse) {
    Table t(64, 0.2);
    EXPECT_EQ(t.create().code(), kErrInvalid);  // no column
    EXPECT_TRUE(t.add_column("a", ColumnType::kInt, 3).ok());
    EXPECT_EQ(t.column("a")->size, 8u);  // not 1/2/4: 8
    EXPECT_EQ(t.add_column("a", ColumnType::kInt, 8).code(), kErrInvalid);
    EXPECT_EQ(t.add_column("", ColumnType::kInt, 8).code(), kErrInvalid);
    EXPECT_EQ(t.add_column("s", ColumnType::kString, 0).code(), kErrInvalid);
    EXPECT_FALSE(t.usable());
    EXPECT_EQ(t.memory_size(), 0u);
    EXPECT_TRUE(t.create().ok());
    EXPECT_GT(t.memory_size(), 0u);
    EXPECT_EQ(t.create().code(), kErrBusy);
    EXPECT_EQ(t.add_column("b", ColumnType::kInt, 8).code(), kErrBusy);
    t.destroy();
    EXPECT_FALSE(t.usable());
}

TEST(Table, SetGetUpdateDelete) {
    Fixture f;
    EXPECT_TRUE(f.put("k", 1, "one").ok());
    int64_t i = 0;
    std::string s;
    ASSERT_TRUE(f.fetch("k", &i, &s));
    EXPECT_EQ(i, 1);
    EXPECT_EQ(s, "one");
    EXPECT_TRUE(f.put("k", 2, "two").ok());
    ASSERT_TRUE(f.fetch("k", &i, &s));
    EXPECT_EQ(i, 2);
    EXPECT_EQ(f.t.count(), 1u);
    EXPECT_TRUE(f.t.exists("k"));
    EXPECT_TRUE(f.t.del("k"));
    EXPECT_FALSE(f.t.del("k"));
    EXPECT_FALSE(f.t.exists("k"));
    EXPECT_EQ(f.t.count(), 0u);
    TableStats st = f.t.stats();
    EXPECT_EQ(st.insert_count, 1u);
    EXPECT_EQ(st.update_count, 1u);
    EXPECT_EQ(st.delete_count, 1u);
}

TEST(Table, KeysAreLimitedAndStringsTruncated) {
    Fixture f;
    std::string longest(Table::kMaxKeyLength, 'k');
    EXPECT_TRUE(f.put(longest, 1).ok());
    EXPECT_EQ(f.put(longest + "x", 1).code(), kErrInvalid);
    std::vector<char> data(f.t.data_bytes());
    EXPECT_TRUE(Table::write_string(data.data(), *f.name, "0123456789abcdefXYZ"));
    EXPECT_EQ(Table::read_string(data.data(), *f.name), "0123456789abcdef");
}

TEST(Table, PartialSetKeepsOtherColumnsAndNewRowsStartZeroed) {
    Fixture f;
    ASSERT_TRUE(f.put("k", 5, "keep").ok());
    std::vector<char> data(f.t.data_bytes());
    Table::write_int(data.data(), *f.id, 9);
    const uint8_t only_id[3] = {1, 0, 0};
    ASSERT_TRUE(f.t.set("k", data.data(), only_id).ok());
    ASSERT_TRUE(f.t.set("new", data.data(), only_id).ok());
    int64_t i;
    std::string s;
    ASSERT_TRUE(f.fetch("k", &i, &s));
    EXPECT_EQ(i, 9);
    EXPECT_EQ(s, "keep");
    ASSERT_TRUE(f.fetch("new", &i, &s));
    EXPECT_EQ(s, "");
}

TEST(Table, IncrCreatesAndWrapsWithinTheColumn) {
    Table t(64, 0.2);
    ASSERT_TRUE(t.add_column("i8", ColumnType::kInt, 1).ok());
    ASSERT_TRUE(t.add_column("f", ColumnType::kFloat, 8).ok());
    ASSERT_TRUE(t.create().ok());
    auto r = t.incr_int("x", *t.column("i8"), 127);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.value(), 127);
    EXPECT_EQ(t.incr_int("x", *t.column("i8"), 1).value(), -128);
    EXPECT_EQ(t.incr_float("x", *t.column("f"), -1.5).value(), -1.5);
    EXPECT_EQ(t.count(), 1u);
}

TEST(Table, FullTableRefusesNewKeysAndLosesNothing) {
    Fixture f(64, 0.2);  // 64 buckets, 12 overflow rows
    std::map<std::string, int64_t> stored;
    int refused = 0;
    for (int i = 0; i < 1000; i++) {
        std::string key = "key" + std::to_string(i);
        Status st = f.put(key, i);
        if (st.ok()) {
            stored[key] = i;
        } else {
            EXPECT_EQ(st.code(), kErrLimit);
            refused++;
        }
    }
    EXPECT_GT(refused, 0);
    EXPECT_LE(stored.size(), 64u + 12u);
    EXPECT_EQ(f.t.count(), stored.size());
    EXPECT_EQ(f.t.stats().available_slice_num, 0u);
    for (auto &[key, v] : stored) {
        int64_t got = -1;
        ASSERT_TRUE(f.fetch(key, &got));
        EXPECT_EQ(got, v);
        // An existing key is still updated when the table is full.
        EXPECT_TRUE(f.put(key, v + 1).ok());
    }
    for (auto &[key, v] : stored) EXPECT_TRUE(f.t.del(key));
    TableStats st = f.t.stats();
    EXPECT_EQ(st.num, 0u);
    EXPECT_EQ(st.available_slice_num, st.total_slice_num);
}

TEST(Table, ChainsSurviveDeletesInAnyOrder) {
    Fixture f(64, 1);
    for (int i = 0; i < 90; i++) ASSERT_TRUE(f.put("k" + std::to_string(i), i).ok());
    EXPECT_GT(f.t.stats().conflict_count, 0u);
    for (int i = 0; i < 90; i += 2) ASSERT_TRUE(f.t.del("k" + std::to_string(i)));
    for (int i = 0; i < 90; i++) {
        int64_t v;
        EXPECT_EQ(f.fetch("k" + std::to_string(i), &v), i % 2 == 1) << i;
        if (i % 2) EXPECT_EQ(v, i);
    }
}

TEST(Table, IterationSeesEveryLiveRowOnce) {
    Fixture f(64, 1);
    for (int i = 0; i < 100; i++) ASSERT_TRUE(f.put("k" + std::to_string(i), i).ok());
    for (int i = 0; i < 100; i += 3) ASSERT_TRUE(f.t.del("k" + std::to_string(i)));
    std::map<std::string, int64_t> seen;
    std::vector<char> data(f.t.data_bytes());
    std::string key;
    for (int64_t at = f.t.next_row(0, &key, data.data()); at >= 0; at = f.t.next_row(at + 1, &key, data.data())) {
        EXPECT_TRUE(seen.emplace(key, Table::read_int(data.data(), *f.id)).second) << key;
    }
    EXPECT_EQ(seen.size(), f.t.count());
    for (auto &[k, v] : seen) EXPECT_EQ(k, "k" + std::to_string(v));
}

TEST(Table, ChildAndParentShareRowsAndDestroyIsSeenByBoth) {
    Fixture f;
    ASSERT_TRUE(f.put("p", 1).ok());
    int fd = -1;
    pid_t pid = test::fork_child(
        [&](int out) {
            int64_t v = 0;
            if (f.fetch("p", &v) && v == 1 && f.put("c", 2).ok()) test::write_byte(out);
        },
        &fd);
    ASSERT_GT(pid, 0);
    EXPECT_TRUE(test::read_byte(fd));
    close(fd);
    test::reap(pid);
    int64_t v = 0;
    ASSERT_TRUE(f.fetch("c", &v));
    EXPECT_EQ(v, 2);
}

TEST(Table, ARowLockLeftByAKilledHolderIsTakenOver) {
    Fixture f;
    ASSERT_TRUE(f.put("k", 1).ok());
    int fd = -1;
    pid_t pid = test::fork_child(
        [&](int out) {
            f.t.hold_bucket_lock("k");  // what a process killed inside get("k") leaves behind
            test::write_byte(out);
            pause();
        },
        &fd);
    ASSERT_GT(pid, 0);
    ASSERT_TRUE(test::read_byte(fd));
    close(fd);
    kill(pid, SIGKILL);  // not reaped yet: a zombie holds nothing
    int64_t v = 0;
    EXPECT_TRUE(f.fetch("k", &v));
    EXPECT_EQ(v, 1);
    EXPECT_TRUE(f.put("k", 2).ok());
    test::reap(pid);
}

TEST(Table, ARowLockLeftByThisProcessIsTakenOver) {
    Fixture f;
    ASSERT_TRUE(f.put("k", 1).ok());
    f.t.hold_bucket_lock("k");  // a fatal error unwound past the unlock
    int64_t v = 0;
    EXPECT_TRUE(f.fetch("k", &v));
}

TEST(Table, ProcessesIncrExactly) {
    Fixture f;
    constexpr int kProcs = 4;
    pid_t pids[kProcs];
    int fds[kProcs];
    for (int p = 0; p < kProcs; p++) {
        pids[p] = test::fork_child(
            [&](int) {
                for (int i = 0; i < 20000; i++) {
                    if (!f.t.incr_int("n", *f.id, 1).ok()) _exit(2);
                }
            },
            &fds[p]);
        ASSERT_GT(pids[p], 0);
    }
    for (int p = 0; p < kProcs; p++) {
        int status = test::reap(pids[p]);
        close(fds[p]);
        EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    int64_t v = 0;
    ASSERT_TRUE(f.fetch("n", &v));
    EXPECT_EQ(v, kProcs * 20000);
}

}  // namespace
}  // namespace gust::shm
