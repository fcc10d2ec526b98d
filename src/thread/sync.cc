#include "gust/thread/sync.h"

#include <cerrno>
#include <chrono>

namespace gust::thread {

int Lock::lock(bool shared, Nanos timeout) {
    shared = shared && shared_reads_;
    std::unique_lock guard(mutex_);
    auto ready = [&] { return available(shared); };
    if (!ready()) {
        if (timeout == 0) return -EBUSY;
        if (timeout < 0) {
            cond_.wait(guard, ready);
        } else if (!cond_.wait_for(guard, std::chrono::nanoseconds(timeout), ready)) {
            return -ETIMEDOUT;
        }
    }
    if (shared) {
        ++readers_;
    } else {
        writer_ = true;
    }
    return 0;
}

int Lock::unlock() {
    {
        std::lock_guard guard(mutex_);
        if (writer_) {
            writer_ = false;
        } else if (readers_ > 0) {
            --readers_;
        } else {
            return -EPERM;
        }
    }
    // A writer waits for all readers and readers for the writer: wake everyone to recheck.
    cond_.notify_all();
    return 0;
}

void Barrier::wait() {
    std::unique_lock guard(mutex_);
    if (++waiting_ >= count_) {
        waiting_ = 0;
        ++round_;
        cond_.notify_all();
        return;
    }
    uint64_t mine = round_;
    cond_.wait(guard, [&] { return round_ != mine; });
}

}  // namespace gust::thread
