// PROCESS mode in the binding: the master and its dispatch_func questions, a worker's side of the
// channels, connections handed to the worker, send backpressure (credit) and the shared counters.
// See docs/php-server.md.
#pragma once

#include "server/server.h"

namespace gust::php::srv {

// server_process_mode.cc: PROCESS mode.
bool start_process_mode(Server *s);
// server_dispatch.cc: in the master's main thread, runs dispatch_func for each waiting question.
void answer_dispatch_questions(Server *s);
void process_mode_worker_setup(Server *s, zend_long worker_id);  // in a forked worker, before its loop
void process_mode_worker_stop(Server *s);                        // stop reading the channels
void process_mode_worker_teardown(Server *s);                    // after its loop ended
void process_mode_worker_exited(Server *s, size_t worker_id);    // manager: tell the master, drain
void process_mode_child_forked(Server *s, size_t worker_id);     // in the new worker: drop others' fds
bool process_mode_send(Server *s, server::SessionId id, zend_string *data);
bool process_mode_close(Server *s, server::SessionId id, bool reset);
// The master sends the file region itself (sendfile(2)); `path` must be absolute.
bool process_mode_send_file(Server *s, server::SessionId id, const char *path, zend_long offset, zend_long length);
bool process_mode_sendto(Server *s, int port_index, const net::Address &to, zend_string *data);
// A message to the reactor thread that owns `id`; `keep` (may be nullptr) is the payload.
// `retried_when_full`: the caller tries again once the channel has room (send_yield's sends, the
// credit's requests), so a full channel is not warned about.
bool process_mode_to_master(Server *s, ipc::MessageType type, server::SessionId id, uint16_t flags, zend_string *keep,
                            bool retried_when_full = false);
// server_handoff.cc: connections the master hands to this worker (docs/php-server.md, "Hand-off").
// The reactor serving `id` here: BASE mode's (nullptr with a warning when the worker is not
// running), or in a PROCESS worker the one of its handed connections (nullptr: the master has it).
server::Reactor *serving_reactor(Server *s, server::SessionId id);
void handoff_worker_setup(Server *s);  // PROCESS worker: its reactor for handed connections
// A kConnect/kData/kClose from the master with server::kHandoff: an adoption or a forwarded
// send()/close(). Takes `payload`'s reference and the message's fd.
void handoff_message(Server *s, const ipc::Header &h, int fd, zend_string *payload);
void handoff_received(Server *s, const server::SessionInfo &session, size_t bytes);
// A plain TCP package of a handed connection: fills `hook` so its onReceive coroutine counts as
// busy until it ends; false when `id` is not handed to this worker.
bool handoff_track(Server *s, server::SessionId id, FinishHook *hook);
void handoff_sent(Server *s, server::SessionId id, size_t bytes);  // a send() on a handed connection
void handoff_request_done(Server *s, server::SessionId id);        // HTTP: no request of it is pending
void handoff_closed(Server *s, server::SessionId id);
void handoff_begin_release(Server *s);  // the worker stops: give connections back as they go idle
void handoff_worker_end(Server *s);     // after the loop: whatever is left is closed
// A kControl message about connection `id` to the master (send backpressure).
bool process_mode_control(Server *s, server::SessionId id, zend_string *payload);
// server_credit.cc: send backpressure in a worker. admit() is false (last_error set, bufferFull
// fired once) when `len` more bytes would pass socket_buffer_size.
bool process_mode_credit_admit(Server *s, server::SessionId id, size_t len);
void process_mode_credit_sent(Server *s, server::SessionId id, size_t len);
void process_mode_credit_note(Server *s, server::SessionId id, zend_string *payload);
void process_mode_credit_forget(Server *s, server::SessionId id);
// server_stats.cc: the shared counters and connection table of PROCESS mode. The workers' counter
// lines (pid, busy or idle, tasks on their way) also exist in BASE mode with a manager.
bool shared_stats_create_base(Server *s);   // BASE with a manager, before the first fork; false: no map
void shared_stats_worker_start(Server *s);  // in a worker or task worker, before its loop
void shared_stats_worker_end(Server *s);
// Manager: worker `id` died without clearing its line (a crash): not running, nothing in hand.
void shared_stats_worker_gone(Server *s, zend_long id);
void shared_count_request(Server *s);
// A worker starts on what it read from its channels, or an event callback starts: it counts as busy
// until its loop next sleeps (dispatch_mode 3, 7, 9, 10; stats() and getWorkerStatus() of others).
void shared_stats_taking_work(Server *s);
void shared_count_task(Server *s, bool done);
// A task is about to be sent to task worker `task_worker_id` (`queued`), which counts as busy until
// it has taken it; or the sending failed (!`queued`).
void shared_task_queued(Server *s, zend_long task_worker_id, bool queued);
void shared_task_taken(Server *s);  // in the task worker, as it starts one
// Idle event workers (task == false) or task workers; -1 when there are no shared lines.
zend_long shared_idle_workers(Server *s, bool task);
// stats() of the whole server into `out` (an initialised array).
void shared_stats(Server *s, zval *out);
bool shared_client_info(Server *s, server::SessionId id, zval *out);
// getWorkerStatus() of another worker or task worker: SWOOLE_WORKER_BUSY (1) or _IDLE (2), 0 when
// it is not running (or there are no shared lines).
zend_long shared_worker_status(Server *s, zend_long id);
// onClose of connection `id` is about to run after the connection left the shared table:
// getClientInfo() answers from what it was until shared_closing_done(). From the table (a handed
// connection, before this worker takes it out) or, when the master took it out already, from `ci`.
void shared_note_closing(Server *s, server::SessionId id, const server::ConnectInfo *ci);
void shared_closing_done(Server *s);
// User process `id` of addProcess() runs as `pid` (0: it exited); other ids are left alone.
void shared_user_process_pid(Server *s, zend_long id, pid_t pid);
// getWorkerPid() of another worker, task worker or user process: its pid, 0 when unknown.
pid_t shared_worker_pid(Server *s, zend_long id);

}  // namespace gust::php::srv
