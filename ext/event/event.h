// Swoole\Timer and Swoole\Event: the event loop of the current request as PHP sees it — timers
// whose callbacks run in coroutines, fd watches, defer() and the loop's cycle callback.
#pragma once

#include "coroutine/coroutine.h"

namespace gust::php {

// MINIT of this area: both classes, their swoole_timer_* / swoole_event_* functions, and the
// release of their PHP values when a request's runtime ends (add_loop_release).
void register_event_area(int module_number);

// Within the area: each class's registration, and the release of its PHP values (see
// add_loop_release in coroutine/coroutine.h).
void register_timer(int module_number);  // timer.cc
void register_event(int module_number);  // event.cc
void timers_release(LoopState *rt);
// Timer::clearAll() from C++: a server that has stopped takes its processes' timers with it.
void timers_clear(LoopState *rt);
void events_release(LoopState *rt);

}  // namespace gust::php
