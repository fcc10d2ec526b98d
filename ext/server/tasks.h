// Task workers, tasks and finish(), and pipe messages between workers: each worker's inbox
// (server_task.cc).
#pragma once

#include "server/server.h"

namespace gust::php::srv {

// server_task.cc
bool make_inboxes(Server *s);                   // before forking
void close_inboxes(Server *s, zend_long keep);  // in a child: keeps only its own read end (-1: none)
void messaging_start(Server *s);                // in a worker or task worker, before its loop
void messaging_stop(Server *s);                 // stop reading the inbox
void messaging_end(Server *s);                  // after the loop
bool is_task_worker(Server *s);
// A record for worker `dst`'s inbox, from any process of the running server (queued on this
// process's loop in a worker, written at once elsewhere). False (no warning) when it cannot go.
bool post_to_inbox(Server *s, zend_long dst, ipc::MessageType type, zend_long id, uint16_t flags, zend_string *data);
void register_task_class();
void task_rshutdown();  // frees the request's task runner closure

}  // namespace gust::php::srv
