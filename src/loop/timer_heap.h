// Indexed 4-ary min-heap of timers: each entry knows its heap position, so
// cancel is O(log n); a 4-ary heap is shallower and more cache-friendly than a
// binary one for the 100k-pending case.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

#include "gust/base/clock.h"
#include "gust/loop/loop.h"

namespace gust::loop {

struct Timer {
    TimerId id = 0;
    Nanos deadline = 0;
    Nanos interval = 0;
    uint64_t seq = 0;  // insertion order breaks deadline ties (FIFO)
    bool ref = true;
    TimerFn fn = nullptr;
    void *arg = nullptr;
    std::function<void(TimerId)> callback;
    size_t heap_index = 0;
};

class TimerHeap {
public:
    TimerId add(Nanos deadline, Nanos interval, TimerFn fn, void *arg, std::function<void(TimerId)> cb);
    bool cancel(TimerId id);
    Timer *find(TimerId id);
    const Timer *find(TimerId id) const;
    // The earliest timer, or nullptr.
    Timer *top() { return heap_.empty() ? nullptr : heap_[0]; }
    // Removes the top timer from the heap and hands it over.
    std::unique_ptr<Timer> pop();
    // Puts a (repeating) timer back with a new deadline.
    void reinsert(std::unique_ptr<Timer> t, Nanos deadline);
    size_t size() const { return heap_.size(); }
    size_t referenced() const { return referenced_; }
    // Sequence number the next (re)inserted timer gets; timers at or after it were added during a firing pass.
    uint64_t next_seq() const { return next_seq_; }
    void set_ref(TimerId id, bool ref);

private:
    static bool less(const Timer *a, const Timer *b) {
        return a->deadline != b->deadline ? a->deadline < b->deadline : a->seq < b->seq;
    }
    void place(size_t i, Timer *t) {
        heap_[i] = t;
        t->heap_index = i;
    }
    void sift_up(size_t i);
    void sift_down(size_t i);
    void remove_at(size_t i);

    std::vector<Timer *> heap_;
    std::unordered_map<TimerId, std::unique_ptr<Timer>> owned_;
    TimerId next_id_ = 1;
    uint64_t next_seq_ = 1;
    size_t referenced_ = 0;
};

}  // namespace gust::loop
