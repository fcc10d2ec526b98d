// The containers Swoole\Thread shares between threads: Map (keys in insertion order), List (an
// array of type list) and Queue. Each guards its data with its own lock; a value goes in and
// comes out as a copy (gust/thread/value.h), except the containers nested in it, which are shared.
// Maps and lists take a readers-writer lock whose readers share no counter (read_mostly_lock.h),
// so reads from many threads run side by side without contending.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <list>
#include <mutex>
#include <optional>
#include <shared_mutex>  // std::shared_lock
#include <unordered_map>

#include "gust/base/clock.h"
#include "gust/thread/read_mostly_lock.h"
#include "gust/thread/value.h"

namespace gust::thread {

class Map : public Shared {
public:
    Map() : Shared(Kind::kMap) {}

    std::optional<Value> get(const Key &k) const;
    bool exists(const Key &k) const;
    void set(const Key &k, Value v);
    bool add(const Key &k, Value v);     // only when absent
    bool update(const Key &k, Value v);  // only when present
    void erase(const Key &k);
    size_t size() const;
    void clear();
    // The first key whose value is identical to `v`.
    std::optional<Key> find(const Value &v) const;
    ArrayEntries entries() const;  // a snapshot, in insertion order
    // The new value (gust/thread/value.h: increment), stored under the key in one step.
    Value increment(const Key &k, const Value &delta);
    // Reorders by value with `less` (the binding passes PHP's comparison); keys stay with values.
    template <class Less>
    void sort(Less less) {
        std::unique_lock lock(mutex_);
        order_.sort([&](const auto &a, const auto &b) { return less(a.second, b.second); });
    }

private:
    using Order = std::list<std::pair<Key, Value>>;
    mutable ReadMostlyLock mutex_;
    Order order_;
    std::unordered_map<Key, Order::iterator, KeyHash> index_;
};

class List : public Shared {
public:
    List() : Shared(Kind::kList) {}

    std::optional<Value> get(size_t i) const;
    // Index i < size() replaces, i == size() appends; beyond: false (a list has no holes).
    bool set(size_t i, Value v);
    size_t push(Value v);  // the new value's index
    bool erase(size_t i);  // the values after it move down one
    size_t size() const;
    void clear();
    std::optional<size_t> find(const Value &v) const;
    std::vector<Value> values() const;
    // nullopt when i > size(); i == size() appends the delta.
    std::optional<Value> increment(size_t i, const Value &delta);
    template <class Less>
    void sort(Less less) {
        std::unique_lock lock(mutex_);
        std::stable_sort(items_.begin(), items_.end(), less);
    }

private:
    mutable ReadMostlyLock mutex_;
    std::vector<Value> items_;
};

// A FIFO that threads hand values through. push() wakes waiting pops only when asked to
// (Swoole's Queue: NOTIFY_ONE, NOTIFY_ALL); a pop that waits rechecks on every wakeup.
class Queue : public Shared {
public:
    enum Notify { kNone = 0, kOne = 1, kAll = 2 };
    Queue() : Shared(Kind::kQueue) {}

    void push(Value v, Notify notify);
    // The oldest value; waits up to `timeout` (< 0: without limit, 0: not at all) for one.
    std::optional<Value> pop(Nanos timeout);
    size_t size() const;
    void clear();

private:
    mutable std::mutex mutex_;
    std::condition_variable cond_;
    std::deque<Value> items_;
};

}  // namespace gust::thread
