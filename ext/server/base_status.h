// BASE mode with a manager: each worker's and task worker's status (idle or busy) in a small block
// every process of the server shares, made before the first fork, so stats() in any worker counts
// the idle ones the way PROCESS mode reads its shared block (base_status.cc).
#pragma once

#include "server/server.h"

namespace gust::php::srv {

bool base_status_create(Server *s);                          // before forking; false when it cannot map
void base_status_free();                                     // in the process that made it, once the server ends
void base_status_worker(zend_long worker_id, bool running);  // in the worker itself
void base_status_busy(bool busy);                            // this worker's own slot, if it has one
// A task sent to task worker `task_worker_id` (any process), and run by this one (after onTask).
void base_status_task_sent(zend_long task_worker_id);
void base_status_task_done();
// Another worker's SWOOLE_WORKER_BUSY (1) or _IDLE (2); 0 when not running or there is no block.
zend_long base_status_of(zend_long worker_id);
// Idle event workers (task == false) or task workers; -1 when there is no block.
zend_long base_status_idle(Server *s, bool task);

}  // namespace gust::php::srv
