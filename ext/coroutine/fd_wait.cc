#include "coroutine/fd_wait.h"

#include "coroutine/coroutine.h"

namespace gust::php {

PhpCoroutine *release_fd_waiters(int fd) {
    if (fd < 0 || !coro::close_fd_waiters(fd)) return nullptr;
    LoopState *rt = loop_state_if_any();
    if (!rt) return nullptr;
    if (current() != nullptr) {
        // The woken coroutines run before this one's zero-delay timer fires.
        PhpCoroutine *p = current();
        (void)rt->scheduler->sleep(0);
        return p;
    }
    // Between loop iterations (script body, exit_condition): one pass runs the woken ones.
    // Inside the loop's own dispatch nothing PHP runs (callbacks are coroutines), so nothing
    // here can be reached from there.
    if (loop::Loop::current() == nullptr) (void)rt->loop->run_once(0);
    return nullptr;
}

}  // namespace gust::php
