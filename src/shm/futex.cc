#include "gust/shm/futex.h"

#include <fcntl.h>
#include <linux/futex.h>
#include <pthread.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace gust::shm {

int futex_wait(std::atomic<uint32_t> *word, uint32_t expected, Nanos timeout) {
    struct timespec ts;
    struct timespec *tp = nullptr;
    if (timeout >= 0) {
        ts.tv_sec = static_cast<time_t>(timeout / kNanosPerSecond);
        ts.tv_nsec = static_cast<long>(timeout % kNanosPerSecond);
        tp = &ts;
    }
    // A relative timeout (FUTEX_WAIT measures it on CLOCK_MONOTONIC).
    long rc = syscall(SYS_futex, reinterpret_cast<uint32_t *>(word), FUTEX_WAIT, expected, tp, nullptr, 0);
    return rc == 0 ? 0 : -errno;
}

int futex_wake(std::atomic<uint32_t> *word, int count) {
    long rc = syscall(SYS_futex, reinterpret_cast<uint32_t *>(word), FUTEX_WAKE, count, nullptr, nullptr, 0);
    return rc < 0 ? 0 : static_cast<int>(rc);
}

namespace {

pid_t cached_pid = 0;

void refresh_pid() { cached_pid = getpid(); }

struct PidCache {
    PidCache() {
        refresh_pid();
        pthread_atfork(nullptr, nullptr, refresh_pid);
    }
};

}  // namespace

pid_t current_pid() {
    static PidCache once;
    (void)once;
    return cached_pid;
}

bool process_alive(pid_t pid) {
    if (pid <= 0) return false;
    if (kill(pid, 0) != 0 && errno == ESRCH) return false;
    // It exists; a zombie (dead, not reaped yet) holds nothing any more. Without /proc, trust kill().
    char path[32];
    snprintf(path, sizeof(path), "/proc/%d/stat", static_cast<int>(pid));
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return errno != ENOENT;
    char buf[256];
    ssize_t n = read(fd, buf, sizeof(buf) - 1);
    close(fd);
    if (n <= 0) return true;
    buf[n] = '\0';
    const char *paren = strrchr(buf, ')');  // the command name may hold spaces and parentheses
    if (!paren || paren[1] != ' ') return true;
    char state = paren[2];
    return state != 'Z' && state != 'X' && state != 'x';
}

}  // namespace gust::shm
