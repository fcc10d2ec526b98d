#include "gust/coro/sync.h"

namespace gust::coro {

Status WaitGroup::add(int64_t delta) {
    if (count_ + delta < 0) return Error{kErrInvalid};
    count_ += delta;
    if (count_ == 0) waiters_.wake_all(0);
    return {};
}

int WaitGroup::wait(Nanos timeout) {
    if (count_ == 0) return 0;
    return waiters_.wait(timeout, "wait");
}

int Barrier::wait(Nanos timeout) {
    if (waiters_.size() + 1 >= parties_) {
        waiters_.wake_all(0);
        return 0;
    }
    return waiters_.wait(timeout, "wait");
}

int Mutex::lock(Nanos timeout) {
    CoroutineId me = current_id();
    if (me < 0) return kErrNotInCoroutine;
    if (owner_ == me) return kErrDeadlock;
    if (owner_ == 0) {
        owner_ = me;
        return 0;
    }
    int rc = waiters_.wait(timeout, "lock");
    // On success unlock() already made us the owner.
    return rc;
}

bool Mutex::try_lock() {
    CoroutineId me = current_id();
    if (me < 0 || owner_ != 0) return false;
    owner_ = me;
    return true;
}

Status Mutex::unlock() {
    if (owner_ == 0 || owner_ != current_id()) return Error{kErrInvalid};
    Coroutine *next = waiters_.front_coroutine();
    owner_ = next ? next->id() : 0;
    if (next) waiters_.wake_one(0);
    return {};
}

}  // namespace gust::coro
