// TLS on hooked stream sockets (hook_stream_tls.cc): ssl:// and tls:// connections made inside
// coroutines, and stream_socket_enable_crypto() on hooked tcp:// streams, run the core's TLS engine
// on the stream's socket and yield while it waits. See docs/php-hooks.md ("TLS").
#pragma once

#include "hooks/hook_stream.h"

namespace gust::php::stream_tls {

struct TlsStream;

// The TLS state of a stream that has one (a map lookup, nothing when no stream has TLS).
TlsStream *of(php_stream *stream);
// The stream's bytes through its TLS session (any mode, inside a coroutine or not).
ssize_t read(php_stream *stream, TlsStream *t, char *buf, size_t count);
ssize_t write(php_stream *stream, TlsStream *t, const char *buf, size_t count);
// PHP_STREAM_OPTION_CRYPTO_API on a hooked stream: setup and enable/disable. A PHP_STREAM_OPTION_RETURN_* code.
int crypto_option(php_stream *stream, php_stream_xport_crypto_param *param);
// After a connect of the stream: an ssl:// or tls:// stream made by our factory runs its handshake.
void after_connect(php_stream *stream, php_stream_xport_param *x);
// After an accept on a stream: a connection accepted by an ssl:// / tls:// server of our factory
// runs its (server side) handshake; a failed one is closed and the accept fails, as in PHP.
void after_accept(php_stream *stream, php_stream_xport_param *x);
// stream_get_meta_data()'s "crypto" entry, as PHP's OpenSSL streams give it.
void add_meta_data(php_stream *stream, TlsStream *t, zval *array);
// Sends close_notify (without waiting) and forgets the stream's TLS state; before the fd closes.
void forget(php_stream *stream);

}  // namespace gust::php::stream_tls
