// Swoole\Process: a child process running a PHP callable, with a pipe or socket pair to its parent.
#pragma once

#include <sys/types.h>

#include "coroutine/coroutine.h"

namespace gust::php {

extern zend_class_entry *ce_process;
// Forks `process` (a Swoole\Process): the child's pid, 0 in the child (which ran the callback
// and must return at once), or -errno. Server::addProcess() starts its processes so.
pid_t process_fork(zend_object *process);
// In a freshly forked child: runs the process's callback, then ends the script (unwind exit).
void process_run_child(zend_object *process);
bool process_is_fresh(zend_object *process);
// A THREAD server's user process (a thread, not a fork: server_thread_mode.cc). Each thread's
// script made its own Process; process_pipe() gives the main thread's ends, process_share_pipe()
// makes another thread's object use copies of them, so that its write() reaches the same peer.
void process_pipe(zend_object *process, int *parent_end, int *child_end);
void process_share_pipe(zend_object *process, int parent_end, int child_end);
bool process_redirects_stdio(zend_object *process);

void register_process(int module_number);  // MINIT of this area
// A Process::signal() handler for `signo` is set in this process: runs it (in a coroutine of its
// own) and answers true; false otherwise. For a process that reads the signal itself (the manager).
bool run_user_signal_handler(int signo);

}  // namespace gust::php
