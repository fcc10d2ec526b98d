// The coroutine servers of the binding: Swoole\Coroutine\Server (+ Server\Connection) over
// Coroutine\Socket (ext/socket/), and Swoole\Coroutine\Http\Server, which answers with the HTTP
// server's Request/Response (ext/http/) through a connection it owns. See
// docs/php-coroutine-server.md.
#pragma once

#include "coroutine/coroutine.h"

namespace gust::php::cosrv {

extern zend_class_entry *ce_co_server;
extern zend_class_entry *ce_co_connection;
extern zend_class_entry *ce_co_http_server;

// Opens `self`'s listening Coroutine\Socket into *sock_out (host/port/fd properties of class `ce`
// set); false with an exception thrown when it cannot.
bool open_listener(zval *self, zend_class_entry *ce, zend_string *host, zend_long port, bool reuse_port, zval *sock_out,
                   int *type_out);

void setup_http_server_class(zend_class_entry *ce);  // co_http_server.cc

// MINIT of this area (after the socket and http areas).
void register_coserver_area();

}  // namespace gust::php::cosrv
