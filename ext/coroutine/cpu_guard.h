// A request deadline that also reaches PHP which never yields (request_timeout's CPU guard).
// A deadline's timer only fires when the worker returns to its event loop; a coroutine spinning
// in PHP (`while (true) {}`) never lets it. So each armed deadline is also registered here: a
// watchdog thread (one per PHP thread, started on first use) sleeps until the earliest one plus
// kGrace, then raises the engine's interrupt flag (EG(vm_interrupt)), as PHP's own time limit
// does, and again every kRecheck while one stays overdue. At the next opcode boundary our
// zend_interrupt_function (chained before the previous one) asks the owner of each overdue
// deadline (ExpireFn): answered ones are dropped; if the running coroutine's own is overdue, its
// expiry runs (the 503) and the coroutine is ended like a shutdown ends it (an uncatchable exit
// unwind, silent at its bottom), so only that request ends and the worker goes on. The thread
// does nothing but set two flags; everything else runs on the PHP thread.
#pragma once

#include <cstdint>

#include "gust/base/clock.h"
#include "gust/coro/coroutine.h"

namespace gust::php::cpu_guard {

// What a deadline's owner says when the guard finds it overdue (on the PHP thread).
enum class Verdict {
    kAnswered,   // answered in time (end(), detach()): stop watching, leave the coroutine alone
    kWaiting,    // not the running coroutine: nothing now
    kInterrupt,  // the running coroutine: its expiry (the 503) is done, throw into it
};
// `running`: the deadline's coroutine is the one running now. Called more than once when the
// coroutine stays overdue, so it must be idempotent.
using ExpireFn = Verdict (*)(void *arg, bool running);

// Watches coroutine `cid` until `due` (monotonic). Returns a handle for forget() (0: no watchdog).
// cid 0: a coroutine not started yet, recognized as the one whose FinishHook's arg is `arg` (a
// server's request coroutine may never yield, so its id may never be learnt).
uint64_t watch(coro::CoroutineId cid, Nanos due, ExpireFn expire, void *arg);
// The deadline is answered or gone: stop watching (0 is ignored).
void forget(uint64_t handle);
// The PHP thread's request ends: its deadlines are dropped and its watchdog thread ends.
void stop_thread();

// How long past its deadline a coroutine may still run before it is interrupted: the loop's own
// timer acts at the deadline, and a canceled handler needs a moment to unwind by itself.
inline constexpr Nanos kGrace = 100'000'000;
// How often an overdue coroutine that still runs is interrupted again.
inline constexpr Nanos kRecheck = 20'000'000;

}  // namespace gust::php::cpu_guard
