// event_object => true (Swoole's option): callbacks get one object in place of their separate
// arguments — Swoole\Server\Event (onConnect, onReceive, onClose, onDisconnect), Packet (onPacket),
// PipeMessage (onPipeMessage), TaskResult (onFinish), StatusInfo (onWorkerError); onTask gets a
// Swoole\Server\Task as with task_enable_coroutine (server_task.cc).
#pragma once

#include <sys/types.h>

#include "server/server.h"

namespace gust::php::srv {

extern zend_class_entry *ce_server_event;
extern zend_class_entry *ce_server_packet;
extern zend_class_entry *ce_server_pipe_message;
extern zend_class_entry *ce_server_task_result;
extern zend_class_entry *ce_server_status_info;

// The arguments run_callback() was given for `event` ((server, ...) as without the option), made
// into (server, object) in `out` when the server has event_object on and the event has an object.
// Returns the new count (2; `out[1]` is the caller's to release) or 0: call with `args` as they are.
uint32_t event_object_args(Server *s, int event, const zval *args, uint32_t argc, zval out[2]);
// onFinish's object: the task's id, the task worker that finished it, its result.
void make_task_result(zval *out, zend_long task_id, zend_long task_worker_id, zval *data);
// onWorkerError's object; `status` as waitpid(2) gave it, `exit_code` and `signal` as read from it.
void make_status_info(zval *out, zend_long worker_id, pid_t pid, int status, int exit_code, int signal);
// Seconds since the epoch, as microtime(true): an event object's dispatch_time.
double dispatch_time_now();

}  // namespace gust::php::srv
