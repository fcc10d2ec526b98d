// Deadlines of the coroutine-blocking sends and receives (Sender::co_send, Receiver::co_receive):
// absolute times on the running loop's cached clock (-1: none).
#pragma once

#include "gust/base/clock.h"
#include "gust/loop/loop.h"

namespace gust::ipc {

inline Nanos remaining(Nanos deadline) {
    if (deadline < 0) return -1;
    loop::Loop *l = loop::Loop::current();
    const Nanos now = l ? l->now() : monotonic_now();
    return deadline > now ? deadline - now : 0;
}

inline Nanos deadline_after(Nanos timeout) {
    if (timeout < 0) return -1;
    loop::Loop *l = loop::Loop::current();
    return (l ? l->now() : monotonic_now()) + timeout;
}

}  // namespace gust::ipc
