// The connections a worker knows: existence, lists, getClientInfo(), idle ones, and the
// Connection\Iterator objects over them (server_api.cc, server_iterator.cc).
#pragma once

#include "server/server.h"

namespace gust::php::srv {

// server_api.cc: the connections this worker knows (PROCESS mode: from the master's messages).
bool session_exists(Server *s, server::SessionId id);
std::vector<server::SessionId> session_list(Server *s, server::SessionId after, size_t count);
// server_api.cc: getClientInfo()'s array for a connection of this worker; false when unknown.
bool client_info(Server *s, server::SessionId id, zval *out);
// The peer's address of a connection of this worker (a new string) and port; false when unknown.
bool session_peer(Server *s, server::SessionId id, zend_string **host, zend_long *port);
// Connections idle for heartbeat_idle_time (protected ones excepted), closed when `close`.
std::vector<server::SessionId> close_idle_sessions(Server *s, bool close);

// Connection iterator objects (server_iterator.cc).
zend_object *connection_iterator_new(Server *s, int port_index);
void connection_iterator_detach(zend_object *iterator);
void register_connection_iterator();

}  // namespace gust::php::srv
