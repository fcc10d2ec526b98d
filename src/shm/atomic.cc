#include "gust/shm/atomic.h"

#include <cerrno>

#include "gust/base/error.h"
#include "gust/shm/futex.h"

namespace gust::shm {

int SharedAtomic32::wait(Nanos timeout) {
    const Nanos deadline = timeout < 0 ? -1 : deadline_after(monotonic_now(), timeout);
    for (;;) {
        // One load decides: a wakeup() landing between two separate reads must not look like a
        // value other than 0 and 1.
        const uint32_t now = value.load();
        if (now == 1) {
            if (cmpset(1, 0)) return 0;
            continue;  // another waiter consumed it first
        }
        if (now != 0) return kErrInvalid;
        Nanos left = -1;
        if (deadline >= 0) {
            left = deadline - monotonic_now();
            if (left <= 0) return -ETIMEDOUT;
        }
        int rc = futex_wait(&value, 0, left);
        if (rc == 0) {
            // Woken by wakeup(): every process it woke returns, the first one consumes it.
            (void)cmpset(1, 0);
            return 0;
        }
        if (rc == -ETIMEDOUT) return -ETIMEDOUT;
        // -EAGAIN (the value changed before we slept) or -EINTR: look again.
    }
}

void SharedAtomic32::wakeup(int count) {
    (void)cmpset(0, 1);
    if (count > 0) futex_wake(&value, count);
}

}  // namespace gust::shm
