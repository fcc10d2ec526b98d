// SWOOLE_THREAD servers (server_thread_mode.cc, docs/php-thread-mode.md): one process, the main
// thread binds the ports and supervises, each worker and task worker is a PHP thread running the
// `bootstrap` script, whose own `new Server(...)` + start() serves there as that worker.
#pragma once

#include <memory>

#include "server/server.h"

namespace gust::php::srv {

// True in a worker or task worker thread of a running THREAD server (its bootstrap script).
bool in_server_thread();
// In a worker thread: the running server's `index`-th port (0: the constructor's, then listen()'s
// in order) as a Port over a copy of its listening socket, instead of binding again. nullptr with
// a Swoole\Exception thrown when the bootstrap script asks for a port the main thread has not.
std::unique_ptr<Port> thread_port(size_t index, const char *host, zend_long port);
// In a worker thread: its stream ports accept nothing themselves (the main thread accepts and hands
// each connection to the least loaded worker thread), so the reactor registers them passive.
bool thread_mode_hands_off();
// stats() in a worker, task worker or user process thread: the whole server's counts (every worker
// thread's reactor and requests) into `out`. false outside such a thread.
bool thread_mode_stats(Server *s, zval *out);
// start() of a THREAD server: in the main thread, starts the worker threads and supervises them
// until the server shuts down; in a worker thread, serves as that worker until it stops.
bool start_thread_mode(Server *s);
// shutdown() / reload() called in a worker thread: asks the main thread.
void thread_mode_shutdown();
void thread_mode_reload(bool only_task_workers);

}  // namespace gust::php::srv
