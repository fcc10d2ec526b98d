// Futex waits on a 32-bit word in shared memory (not FUTEX_PRIVATE: waiters and wakers may be
// different processes), and what the locks need to tell a dead lock holder from a live one.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <cstdint>

#include "gust/base/clock.h"

namespace gust::shm {

// Sleeps while *word == expected, at most `timeout` (< 0: no limit). 0 when woken, -EAGAIN when
// the value had already changed, -ETIMEDOUT, -EINTR.
int futex_wait(std::atomic<uint32_t> *word, uint32_t expected, Nanos timeout);
// Wakes up to `count` sleepers; how many it woke.
int futex_wake(std::atomic<uint32_t> *word, int count);

// This process's pid, cached (refreshed in a child after fork() by a pthread_atfork handler):
// the lock fast paths must not pay a syscall.
pid_t current_pid();
// False when `pid` names no process, or a zombie (killed, not yet reaped: its locks are dead too).
bool process_alive(pid_t pid);

}  // namespace gust::shm
