#include "gust/server/reply_credit.h"

#include <algorithm>

namespace gust::server {

ReplyCredit::Entry &ReplyCredit::entry(int worker) {
    for (Entry &e : entries_) {
        if (e.worker == worker) return e;
    }
    entries_.push_back(Entry{worker, 0, false});
    return entries_.back();
}

void ReplyCredit::credit(int worker, uint64_t bytes) {
    if (bytes > 0) entry(worker).unacked += bytes;
}

void ReplyCredit::accepted(int worker, uint64_t size, uint64_t queued_before, uint64_t queued_after) {
    (void)entry(worker);
    const uint64_t still_queued = queued_after > queued_before ? std::min(size, queued_after - queued_before) : 0;
    credit(worker, size - still_queued);
    if (still_queued == 0) return;
    if (pending_head_ < pending_.size() && pending_.back().worker == worker) {
        pending_.back().bytes += still_queued;
    } else {
        pending_.push_back(Pending{worker, still_queued});
    }
    pending_bytes_ += still_queued;
}

void ReplyCredit::written(uint64_t queued) {
    // The queue is FIFO: whatever left it came off the front of the pending replies. Bytes the
    // reactor queued of its own (a refusal, a close frame) make `queued` larger, so they delay the
    // credit, never advance it.
    uint64_t flushed = pending_bytes_ > queued ? pending_bytes_ - queued : 0;
    while (flushed > 0 && pending_head_ < pending_.size()) {
        Pending &p = pending_[pending_head_];
        const uint64_t n = std::min(flushed, p.bytes);
        credit(p.worker, n);
        p.bytes -= n;
        pending_bytes_ -= n;
        flushed -= n;
        if (p.bytes == 0) ++pending_head_;
    }
    if (pending_head_ == pending_.size()) {
        pending_.clear();
        pending_head_ = 0;
    }
}

void ReplyCredit::want(int worker) { entry(worker).wanted = true; }

}  // namespace gust::server
