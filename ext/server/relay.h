// PROCESS mode: the server's send()/close() from processes without a channel to the master, passed
// on by an event worker (server_relay.cc).
#pragma once

#include "server/server.h"

namespace gust::php::srv {

// This process of a running PROCESS-mode server has no channel to the master (task worker,
// manager, master, user process): its replies must be relayed.
bool process_mode_relays(Server *s);
// Asks an event worker to send this master-bound message (type, session, flags, payload) as its own.
bool relay_to_master(Server *s, ipc::MessageType type, server::SessionId id, uint16_t flags, zend_string *payload);
// BASE mode: this process of a running server has no reactor (a task worker, the master, the
// manager, a user process): its send()/close() go to an event worker.
bool base_mode_relays(Server *s);
// Asks the event worker serving session `id` (as far as this process can tell) to send or close it.
bool relay_to_event_worker(Server *s, ipc::MessageType type, server::SessionId id, uint16_t flags,
                           zend_string *payload);
// In an event worker: a relayed message from its inbox (the payload stays the caller's).
void relay_arrived(Server *s, const ipc::Header &h, zend_string *payload);

}  // namespace gust::php::srv
