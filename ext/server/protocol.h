// The protocols a stream port can speak above plain packages (onReceive): HTTP, WebSocket and
// Redis (RESP, framed by proto/resp; its commands go to ext/redis/).
// The server frames HTTP itself (its reactor cuts requests and WebSocket frames, proto/framing),
// so whether a port speaks them, and the limits its framing enforces, are the server's business;
// what a request or a frame means belongs to the areas above (ext/http/, ext/websocket/). Each
// registers a Protocol at MINIT, and the server calls them only through this table: a lower area
// offers the interface, the upper one plugs in.
#pragma once

#include <string_view>

#include "server/server.h"

namespace gust::php::srv {

struct Protocol {
    // The Swoole\Server subclass that speaks this protocol on its main port by default
    // (Swoole\Http\Server, Swoole\WebSocket\Server), filled once the class is registered.
    zend_class_entry **server_class = nullptr;
    // start(): reads the protocol's settings from Server::set()'s array into a new state
    // (ProtocolState), or returns false (after a warning) to refuse the start.
    bool (*load_settings)(Server *s, HashTable *settings) = nullptr;
    // A whole package of a port that speaks it: a request of an HTTP port (takes `data`'s
    // reference; `parsed` may carry the head the reactor parsed already).
    void (*package_arrived)(Server *s, Port *port, server::SessionId id, zend_string *data,
                            const ParsedHead *parsed) = nullptr;
    // An answer the reactor gave by itself (a refusal, 100 Continue) for the connection.
    void (*answer_arrived)(Server *s, server::SessionId id, int status) = nullptr;
    // The connection closed: forget it. Returns the event the close is reported as: kClose, or
    // another one (WebSocket's kDisconnect) to override it.
    int (*session_closed)(Server *s, Port *port, server::SessionId id) = nullptr;
    // After the worker's loop ended: frees what is left of the worker's connections.
    void (*worker_end)(Server *s) = nullptr;
};

void register_protocol(ProtocolId id, const Protocol &protocol);
const Protocol &protocol(ProtocolId id);  // an empty Protocol when none registered

// Calls into the registered protocols (each a no-op where the protocol left the function out).
bool protocols_load_settings(Server *s, HashTable *settings);
void protocols_package_arrived(Server *s, Port *port, server::SessionId id, zend_string *data,
                               const ParsedHead *parsed);
void protocols_answer_arrived(Server *s, server::SessionId id, int status);
int protocols_session_closed(Server *s, Port *port, server::SessionId id);
void protocols_worker_end(Server *s);
// The worker begins to stop (shutdown, reload, max_request): a protocol that can tell its peers
// so (HTTP/2's GOAWAY) does, and appends to *keep the sessions that stay open to finish what
// they took (they close themselves; the worker's max_wait_time bounds the wait). Kept outside
// Protocol so the table's layout stays as every area was built with.
using WorkerStoppingHook = void (*)(Server *s, std::vector<server::SessionId> *keep);
void set_worker_stopping_hook(WorkerStoppingHook hook);
void protocols_worker_stopping(Server *s, std::vector<server::SessionId> *keep);
// A package max_request must not count (HTTP/2: a package carries any number of requests, or
// none; the protocol counts each request itself with count_request()).
using CountsOwnRequestsHook = bool (*)(Server *s, server::SessionId id, std::string_view package);
void set_counts_own_requests_hook(CountsOwnRequestsHook hook);
bool protocols_count_own_requests(Server *s, server::SessionId id, std::string_view package);
// The protocols the class of a new server speaks on its main port by default (ProtocolId bits).
unsigned protocols_of_class(zend_class_entry *ce);

}  // namespace gust::php::srv
