// Swoole\Coroutine\Client (Co\Client), in the socket area: a client over a Coroutine\Socket.
// See docs/php-client.md.
#pragma once

#include "zend/api.h"

namespace gust::php::sock {

extern zend_class_entry *ce_co_client;

// SWOOLE_SSL in a client's type.
constexpr zend_long kClientSsl = 1 << 9;
// What recv() without a protocol asks for at most, as Swoole's client buffer.
constexpr zend_long kClientBufferSize = 65536;

// The socket behind a Swoole client type (SWOOLE_SOCK_TCP ... SWOOLE_SOCK_UNIX_STREAM, flags
// ignored but SWOOLE_SSL): false for an unknown type.
bool parse_client_type(zend_long type, int *domain, int *socktype, bool *ssl);

// MINIT of the blocking Swoole\Client and swoole_client_select().
void register_sync_client_class();

// MINIT: the class and the SWOOLE_SOCK_SYNC/ASYNC, SWOOLE_SYNC/ASYNC/KEEP flags.
void register_client_class(int module_number);

}  // namespace gust::php::sock
