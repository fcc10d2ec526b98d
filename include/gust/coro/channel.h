// Channel<T>: a FIFO between coroutines, bounded (capacity >= 1) or unbounded
// (capacity 0). push/pop park with an optional timeout; values are moved,
// never copied; close() wakes every waiter with kErrClosed (poppers still get
// whatever is buffered first, like Swoole).
#pragma once

#include <deque>
#include <optional>
#include <utility>

#include "gust/coro/wait_queue.h"

namespace gust::coro {

template <typename T>
class Channel {
public:
    explicit Channel(size_t capacity = 1) : capacity_(capacity), poppers_("Channel"), pushers_("Channel") {}

    // 0 on success; kErrTimedOut, kErrClosed, kErrCanceled, kErrDeadlock, kErrNotInCoroutine.
    int push(T value, Nanos timeout = -1) {
        if (closed_) return kErrClosed;
        if (!poppers_.empty()) {
            // Hand the value straight to the first waiting popper.
            auto *slot = static_cast<std::optional<T> *>(poppers_.front_slot());
            slot->emplace(std::move(value));
            // As in Swoole, the popper runs now and the pusher goes on once it waits again.
            poppers_.wake_one_now(0);
            return 0;
        }
        if (capacity_ == 0 || buffer_.size() < capacity_) {
            buffer_.push_back(std::move(value));
            return 0;
        }
        std::optional<T> pending(std::move(value));
        int rc = pushers_.wait(timeout, "push", &pending);
        // On success a popper moved the value out of `pending` into the buffer.
        return rc;
    }

    // The value, or the error code (kErrTimedOut, kErrClosed when closed and empty, ...).
    Result<T> pop(Nanos timeout = -1) {
        if (!buffer_.empty()) {
            T value = std::move(buffer_.front());
            buffer_.pop_front();
            admit_one_pusher();
            return value;
        }
        if (closed_) return Error{kErrClosed};
        std::optional<T> slot;
        int rc = poppers_.wait(timeout, "pop", &slot);
        if (rc == 0 && slot) return std::move(*slot);
        if (slot) {
            // A value arrived together with a timeout/cancel race: keep it for the next popper.
            buffer_.push_front(std::move(*slot));
        }
        return Error{rc != 0 ? rc : kErrClosed};
    }

    void close() {
        if (closed_) return;
        closed_ = true;
        poppers_.wake_all(kErrClosed);
        pushers_.wake_all(kErrClosed);
    }

    bool closed() const { return closed_; }
    size_t length() const { return buffer_.size(); }
    size_t capacity() const { return capacity_; }
    bool empty() const { return buffer_.empty(); }
    bool full() const { return capacity_ != 0 && buffer_.size() >= capacity_; }
    size_t consumers() const { return poppers_.size(); }
    size_t producers() const { return pushers_.size(); }
    uint64_t id() const { return poppers_.object_id(); }
    // Visits each buffered value (a binding reports them to its garbage collector).
    template <typename F>
    void for_each_buffered(F &&visit) const {
        for (const T &value : buffer_) visit(value);
    }

private:
    void admit_one_pusher() {
        if (pushers_.empty()) return;
        auto *pending = static_cast<std::optional<T> *>(pushers_.front_slot());
        buffer_.push_back(std::move(**pending));
        pending->reset();
        pushers_.wake_one_now(0);  // the admitted pusher runs now, as in Swoole
    }

    size_t capacity_;
    std::deque<T> buffer_;
    bool closed_ = false;
    WaitQueue poppers_;
    WaitQueue pushers_;
};

}  // namespace gust::coro
