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

}  // namespace gust::coro
