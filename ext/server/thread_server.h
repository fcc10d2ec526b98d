// The parts of a SWOOLE_THREAD server (thread_mode.h) that its main thread
// (server_thread_supervisor.cc) and its worker threads (server_thread_mode.cc) share: the running
// server as the threads see it, the hand-off queues, the stats lines and one worker start.
#pragma once

#include <atomic>
#include <cerrno>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "gust/base/clock.h"
#include "gust/thread/value.h"
#include "server/server.h"

namespace gust::php::srv::thread_server {

struct SharedPort {
    int fd = -1;  // the main thread's; a worker serves a copy
    int family = AF_INET;
    int type = SOCK_STREAM;
    int port = 0;
    std::string host;
    zend_long sock_type = kSockTcp;
};

// What a worker thread tells the main thread through the notify pipe (one write, < PIPE_BUF).
enum class Note : int { kEnded, kShutdown, kReload, kReloadTasks };
struct NoteMsg {
    Note note;
    int status;
    int64_t id;
    uint64_t gen;
};

// One worker id's counters for stats() of the whole server: its thread adds what its reactor
// counted since it last looked whenever its loop goes to sleep (StatsPublisher); any thread sums.
struct StatsLine {
    std::atomic<uint64_t> accepted{0}, closed{0}, aborted{0}, bytes_in{0}, bytes_out{0}, requests{0};
    std::atomic<int64_t> coroutines{0};
    std::atomic<bool> running{false};
};

// Connections the main thread accepted for one worker id, until that worker's thread takes them
// (a successor takes what a thread that stopped left).
struct Handoff {
    std::mutex mu;
    std::vector<std::pair<int, int>> fds;  // (socket, port index)
    int wake = -1;                         // eventfd, written when `fds` stops being empty
    uint64_t handed = 0;                   // main thread only: connections given so far
};

// The running server as its threads see it: written by the main thread before any worker starts,
// read-only afterwards (the notify pipe is written by any thread, one whole message at a time).
struct ThreadServer {
    std::vector<SharedPort> ports;
    std::vector<std::pair<int, int>> inboxes;
    zend_long worker_num = 0;
    zend_long task_worker_num = 0;
    zend_long user_num = 0;                          // addProcess(): one thread each, ids after the task workers
    std::vector<std::pair<int, int>> process_pipes;  // each user process's pipe ends (main thread's)
    pid_t master_pid = 0;
    double start_time = 0;
    std::string bootstrap;
    gust::thread::Value args;  // init_arguments' result: Thread::getArguments() in the workers
    int notify[2] = {-1, -1};
    std::unique_ptr<StatsLine[]> stats;  // one per worker and task worker id
    std::unique_ptr<Handoff[]> handoff;  // one per worker id (nullptr: no stream port)
};

struct StatsPublisher;

// One start of a worker id: made by the main thread, handed to the new thread, freed there at its end.
struct Launch final : loop::IoHandler {
    ThreadServer *ts = nullptr;
    zend_long id = 0;
    uint64_t gen = 0;
    int control = -1;          // eventfd: the main thread writes to it to stop this worker; it closes it
    Server *server = nullptr;  // while the worker serves
    loop::WatchId watch{};
    StatsPublisher *stats = nullptr;  // while the worker serves
    void on_io(uint32_t) override {
        uint64_t v;
        while (::read(control, &v, sizeof v) > 0) {
        }
        if (server) stop_worker(server);
    }
};

// What the thread hooks of a worker start run in the new thread (server_thread_mode.cc).
void enter_worker(void *launch);
void leave_worker(void *launch, int status);

inline void send_note(ThreadServer *ts, Note note, int status, int64_t id, uint64_t gen) {
    NoteMsg m{note, status, id, gen};
    ssize_t n;
    do {
        n = ::write(ts->notify[1], &m, sizeof m);
    } while (n < 0 && errno == EINTR);
}

inline double mono_seconds() { return static_cast<double>(monotonic_now()) / 1e9; }

// start() in the main thread: starts the worker threads and supervises them until shutdown.
bool start_main(Server *s);

}  // namespace gust::php::srv::thread_server
