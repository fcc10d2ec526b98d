// Helpers for the shm tests: a child process that runs a function and reports over a pipe.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <functional>

namespace gust::shm::test {

// Forks a child that runs `body(write_fd)` and then _exit(0)s (never returns into the test).
inline pid_t fork_child(const std::function<void(int)> &body, int *read_fd) {
    int fds[2];
    if (pipe(fds) != 0) return -1;
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        body(fds[1]);
        _exit(0);
    }
    close(fds[1]);
    *read_fd = fds[0];
    return pid;
}

// One byte from the child (blocks until it writes or exits); false on EOF.
inline bool read_byte(int fd) {
    char c;
    return read(fd, &c, 1) == 1;
}

inline void write_byte(int fd) {
    char c = 'x';
    (void)!write(fd, &c, 1);
}

inline int reap(pid_t pid) {
    int status = 0;
    waitpid(pid, &status, 0);
    return status;
}

}  // namespace gust::shm::test
