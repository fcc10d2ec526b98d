// The shared containers of Swoole\Thread, with real threads where the behaviour is about them.
#include "gust/thread/containers.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <shared_mutex>
#include <thread>
#include <vector>

#include "gust/thread/sync.h"

using namespace gust;
using namespace gust::thread;

namespace {
int64_t as_int(const Value &v) { return std::get<int64_t>(v.v); }
}  // namespace

TEST(ThreadMap, KeepsInsertionOrderAndReplacesInPlace) {
    Map m;
    m.set(Key::of("b"), Value(int64_t{1}));
    m.set(Key::of(int64_t{7}), Value(std::string("x")));
    m.set(Key::of("b"), Value(int64_t{2}));
    auto e = m.entries();
    ASSERT_EQ(e.size(), 2u);
    EXPECT_EQ(e[0].first, Key::of("b"));
    EXPECT_EQ(as_int(e[0].second), 2);
    EXPECT_EQ(e[1].first, Key::of(int64_t{7}));
    EXPECT_FALSE(m.add(Key::of("b"), Value()));
    EXPECT_FALSE(m.update(Key::of("zz"), Value()));
    EXPECT_TRUE(m.add(Key::of("zz"), Value(true)));
    m.erase(Key::of("b"));
    EXPECT_FALSE(m.exists(Key::of("b")));
    EXPECT_EQ(m.size(), 2u);
    EXPECT_EQ(*m.find(Value(true)), Key::of("zz"));
    EXPECT_FALSE(m.find(Value(false)).has_value());
}

TEST(ThreadMap, IncrementKeepsTheStoredType) {
    Map m;
    EXPECT_EQ(as_int(m.increment(Key::of("n"), Value(int64_t{1}))), 1);
    EXPECT_EQ(as_int(m.increment(Key::of("n"), Value(2.9))), 3);  // an int stays an int
    m.set(Key::of("f"), Value(0.5));
    EXPECT_DOUBLE_EQ(std::get<double>(m.increment(Key::of("f"), Value(int64_t{1})).v), 1.5);
    m.set(Key::of("max"), Value(INT64_MAX));
    EXPECT_EQ(as_int(m.increment(Key::of("max"), Value(int64_t{1}))), INT64_MIN);  // wraps, no UB
}

TEST(ThreadMap, ConcurrentIncrementsAreNotLost) {
    Map m;
    constexpr int kThreads = 4, kEach = 20000;
    std::vector<std::thread> ts;
    for (int t = 0; t < kThreads; ++t)
        ts.emplace_back([&] {
            for (int i = 0; i < kEach; ++i) m.increment(Key::of("c"), Value(int64_t{1}));
        });
    for (auto &t : ts) t.join();
    EXPECT_EQ(as_int(*m.get(Key::of("c"))), kThreads * kEach);
}

TEST(ThreadList, HasNoHolesAndShiftsOnErase) {
    List l;
    EXPECT_EQ(l.push(Value(int64_t{10})), 0u);
    EXPECT_TRUE(l.set(1, Value(int64_t{11})));   // append
    EXPECT_FALSE(l.set(3, Value(int64_t{13})));  // a hole
    l.push(Value(int64_t{12}));
    EXPECT_TRUE(l.erase(0));
    EXPECT_EQ(as_int(*l.get(0)), 11);
    EXPECT_EQ(*l.find(Value(int64_t{12})), 1u);
    EXPECT_FALSE(l.get(2).has_value());
    EXPECT_FALSE(l.increment(5, Value(int64_t{1})).has_value());
    EXPECT_EQ(as_int(*l.increment(2, Value(int64_t{4}))), 4);
}

TEST(ThreadQueue, PopWithoutWaitAndWithTimeout) {
    Queue q;
    EXPECT_FALSE(q.pop(0).has_value());
    Nanos start = monotonic_now();
    EXPECT_FALSE(q.pop(20 * kNanosPerMilli).has_value());
    EXPECT_GE(monotonic_now() - start, 20 * kNanosPerMilli);
    q.push(Value(int64_t{1}), Queue::kNone);
    q.push(Value(int64_t{2}), Queue::kNone);
    EXPECT_EQ(as_int(*q.pop(0)), 1);
    EXPECT_EQ(q.size(), 1u);
}

TEST(ThreadQueue, NotifiedWaiterGetsEveryValueInOrder) {
    Queue q;
    constexpr int64_t kN = 50000;
    int64_t sum = 0, last = -1;
    bool ordered = true;
    std::thread consumer([&] {
        for (int64_t i = 0; i < kN; ++i) {
            auto v = q.pop(-1);
            int64_t x = as_int(*v);
            ordered = ordered && x == last + 1;
            last = x;
            sum += x;
        }
    });
    for (int64_t i = 0; i < kN; ++i) q.push(Value(i), Queue::kOne);
    consumer.join();
    EXPECT_TRUE(ordered);
    EXPECT_EQ(sum, kN * (kN - 1) / 2);
}

TEST(ThreadLock, AnyThreadMayUnlockAndTimeoutsHold) {
    Lock lock(false);
    ASSERT_EQ(lock.lock(false, -1), 0);
    EXPECT_EQ(lock.lock(false, 0), -EBUSY);
    EXPECT_EQ(lock.lock(false, 10 * kNanosPerMilli), -ETIMEDOUT);
    std::thread([&] { EXPECT_EQ(lock.unlock(), 0); }).join();
    EXPECT_EQ(lock.unlock(), -EPERM);
    Lock rw(true);
    ASSERT_EQ(rw.lock(true, 0), 0);
    EXPECT_EQ(rw.lock(true, 0), 0);  // readers share
    EXPECT_EQ(rw.lock(false, 0), -EBUSY);
    rw.unlock();
    rw.unlock();
    EXPECT_EQ(rw.lock(false, 0), 0);
}

TEST(ThreadBarrier, ReleasesAllAtOnceAndIsReusable) {
    Barrier b(3);
    std::atomic<int> passed{0};
    std::vector<std::thread> ts;
    for (int round = 0; round < 2; ++round) {
        for (int i = 0; i < 2; ++i)
            ts.emplace_back([&] {
                b.wait();
                passed++;
            });
        b.wait();
        for (auto &t : ts) t.join();
        ts.clear();
        EXPECT_EQ(passed.load(), 2 * (round + 1));
    }
}

TEST(ThreadValue, IdenticalComparesArraysDeeply) {
    auto arr = [](int64_t x) {
        auto e = std::make_shared<ArrayEntries>();
        e->emplace_back(Key::of("k"), Value(x));
        return Value(Value::Array(e));
    };
    EXPECT_TRUE(arr(1).identical(arr(1)));
    EXPECT_FALSE(arr(1).identical(arr(2)));
    EXPECT_FALSE(Value(int64_t{1}).identical(Value(1.0)));
    auto m = std::make_shared<Map>();
    EXPECT_TRUE(Value(Value::Ref(m)).identical(Value(Value::Ref(m))));
    EXPECT_FALSE(Value(Value::Ref(m)).identical(Value(Value::Ref(std::make_shared<Map>()))));
}

TEST(ThreadValue, DescriptorClosesItsCopyWithTheLastValue) {
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    {
        Value a(Value::Fd(std::make_shared<const Descriptor>(fds[0], Descriptor::kStream, "r")));
        Value b = a;  // copies share the one descriptor
        EXPECT_TRUE(a.identical(b));
        a = Value();
        EXPECT_EQ(fcntl(fds[0], F_GETFD), 0);  // b still holds it
    }
    EXPECT_EQ(fcntl(fds[0], F_GETFD), -1);  // closed with the last value
    close(fds[1]);
}

// Readers on several threads never see a writer's half-done update, and a steady stream of
// readers does not keep a writer out.
TEST(ReadMostlyLock, ExcludesWritersFromReadersAndLetsWritersIn) {
    ReadMostlyLock lock;
    int64_t a = 0, b = 0;  // a writer keeps them equal; a reader must never see them differ
    std::atomic<bool> stop{false};
    std::atomic<int64_t> torn{0}, reads{0};
    std::vector<std::thread> readers;
    for (int t = 0; t < 3; t++) {
        readers.emplace_back([&] {
            while (!stop.load()) {
                std::shared_lock hold(lock);
                if (a != b) torn++;
                reads++;
            }
        });
    }
    while (reads.load() < 100) std::this_thread::yield();  // the readers are running
    for (int i = 0; i < 20000; i++) {
        std::unique_lock hold(lock);
        a++;
        b++;
    }
    stop = true;
    for (auto &t : readers) t.join();
    EXPECT_EQ(torn.load(), 0);
    EXPECT_EQ(a, 20000);
    EXPECT_GT(reads.load(), 0);
}

TEST(ReadMostlyLock, ReadersShareIt) {
    ReadMostlyLock lock;
    std::shared_lock first(lock);
    std::atomic<bool> second_in{false};
    std::thread other([&] {
        std::shared_lock second(lock);
        second_in = true;
    });
    other.join();  // would hang if a second reader were kept out
    EXPECT_TRUE(second_in.load());
}
