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
// BASE mode with several workers, session ids interleave over them: worker w numbers its
// connections start_session_id + 1 + w, + worker_num, + 2·worker_num... so an id names its worker.
bool base_mode_interleaves(Server *s);
// BASE mode: this process of a running server does not hold session `id` — it has no reactor (a
// task worker, the master, the manager, a user process) or the id is another worker's: its
// send()/close() go to the event worker that holds it.
bool base_mode_relays(Server *s, server::SessionId id);
// Asks the event worker serving session `id` to send or close it.
bool relay_to_event_worker(Server *s, ipc::MessageType type, server::SessionId id, uint16_t flags,
                           zend_string *payload);
// In an event worker: a relayed message from its inbox (the payload stays the caller's).
void relay_arrived(Server *s, const ipc::Header &h, zend_string *payload);

}  // namespace gust::php::srv
