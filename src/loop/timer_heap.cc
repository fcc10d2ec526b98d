#include "loop/timer_heap.h"

namespace gust::loop {

TimerId TimerHeap::add(Nanos deadline, Nanos interval, TimerFn fn, void *arg, std::function<void(TimerId)> cb) {
    auto t = std::make_unique<Timer>();
    t->id = next_id_++;
    t->interval = interval;
    t->fn = fn;
    t->arg = arg;
    t->callback = std::move(cb);
    TimerId id = t->id;
    reinsert(std::move(t), deadline);
    return id;
}

void TimerHeap::reinsert(std::unique_ptr<Timer> t, Nanos deadline) {
    t->deadline = deadline;
    t->seq = next_seq_++;
    if (t->ref) ++referenced_;
    Timer *raw = t.get();
    owned_[raw->id] = std::move(t);
    heap_.push_back(raw);
    raw->heap_index = heap_.size() - 1;
    sift_up(raw->heap_index);
}

Timer *TimerHeap::find(TimerId id) {
    auto it = owned_.find(id);
    return it == owned_.end() ? nullptr : it->second.get();
}

const Timer *TimerHeap::find(TimerId id) const {
    auto it = owned_.find(id);
    return it == owned_.end() ? nullptr : it->second.get();
}

bool TimerHeap::cancel(TimerId id) {
    auto it = owned_.find(id);
    if (it == owned_.end()) return false;
    if (it->second->ref) --referenced_;
    remove_at(it->second->heap_index);
    owned_.erase(it);
    return true;
}

std::unique_ptr<Timer> TimerHeap::pop() {
    Timer *t = heap_[0];
    remove_at(0);
    auto it = owned_.find(t->id);
    std::unique_ptr<Timer> out = std::move(it->second);
    owned_.erase(it);
    if (out->ref) --referenced_;
    return out;
}

void TimerHeap::set_ref(TimerId id, bool ref) {
    Timer *t = find(id);
    if (!t || t->ref == ref) return;
    t->ref = ref;
    referenced_ += ref ? 1 : -1;
}

void TimerHeap::remove_at(size_t i) {
    size_t last = heap_.size() - 1;
    if (i != last) {
        place(i, heap_[last]);
        heap_.pop_back();
        sift_down(i);
        sift_up(i);
    } else {
        heap_.pop_back();
    }
}

void TimerHeap::sift_up(size_t i) {
    Timer *t = heap_[i];
    while (i > 0) {
        size_t parent = (i - 1) / 4;
        if (!less(t, heap_[parent])) break;
        place(i, heap_[parent]);
        i = parent;
    }
    place(i, t);
}

void TimerHeap::sift_down(size_t i) {
    Timer *t = heap_[i];
    const size_t n = heap_.size();
    for (;;) {
        size_t first = i * 4 + 1;
        if (first >= n) break;
        size_t best = first;
        size_t end = first + 4 < n ? first + 4 : n;
        for (size_t c = first + 1; c < end; ++c) {
            if (less(heap_[c], heap_[best])) best = c;
        }
        if (!less(heap_[best], t)) break;
        place(i, heap_[best]);
        i = best;
    }
    place(i, t);
}

}  // namespace gust::loop
