// The socket area of the binding: Swoole\Coroutine\Socket (Co\Socket) and its Exception, over the
// core's coroutine sockets (gust/net/co_socket.h) and the server's framing (gust/proto/framing.h).
// See docs/php-sockets.md.
#pragma once

#include <memory>
#include <string>

#include "coroutine/coroutine.h"
#include "gust/net/co_socket.h"
#include "gust/net/tls.h"
#include "gust/proto/framing.h"

namespace gust::php::sock {

// The state behind one Coroutine\Socket object.
struct SocketState {
    std::unique_ptr<net::CoSocket> sock;  // kept until the object goes: a closed socket stays
    uint64_t generation = 0;              // the runtime whose loop the socket may have joined
    int domain = 0, type = 0, protocol = 0;
    // Per-socket timeouts in seconds (0: Co::set()'s default, < 0: none).
    double connect_timeout = 0, read_timeout = 0, write_timeout = 0;
    // The coroutines reading / writing now (0: none): getBoundCid(), cancel(), the bind check.
    int64_t read_cid = 0, write_cid = 0;
    bool shut_read = false, shut_write = false;        // shutdown() done in that direction
    std::string rbuf;                                  // bytes read ahead by recvLine/recvWithBuffer/recvPacket
    std::unique_ptr<proto::framing::Framing> framing;  // setProtocol()'s, null: none
    std::unique_ptr<proto::framing::Splitter> splitter;
    // TLS: open_ssl/ssl_* settings, and the session once sslHandshake() (or an ssl connect) made it.
    // Declared after `sock`, so the session goes first.
    net::TlsConfig tls_config;
    std::string ssl_host_name;  // SNI and the name checked; empty: the host connected to
    std::string tls_error;      // OpenSSL's reason for the last failed handshake
    bool open_ssl = false;
    bool server_side = false;     // accepted: a handshake answers as the server
    bool ssl_verify_set = false;  // ssl_verify_peer given (a server verifies clients only then)
    std::shared_ptr<net::TlsContext> tls_ctx;
    std::unique_ptr<net::TlsSession> tls;
    ~SocketState();
};

// A new Co\Socket over a copy (dup) of `fd`, e.g. Process::exportSocket()'s pipe end; its domain,
// type and protocol come from the kernel. Null (warning) when the fd cannot be copied.
zend_object *socket_over_copy_of(int fd);
// The open fd of a Co\Socket object (`obj` of that class or a subclass), or -1 (closed, or never
// constructed).
int socket_fd_of(zend_object *obj);

// Bytes already read from the socket's peer by the code that made it (e.g. an HTTP client's read
// ahead), given to the object: its next reads return them first.
void give_read_ahead(zend_object *obj, std::string bytes);
// Closes a Co\Socket object's socket as its close() does (waiters wake with an error); false when
// it was not open.
bool close_socket_object(zend_object *obj);

// An ext/sockets Socket over a copy (dup) of `fd` (one socket: options set through it apply to
// the original), made the way socket_import_stream() makes one: false in `out`, with a warning
// naming `who`, when the sockets extension is not loaded.
void sockets_ext_socket_of(int fd, const char *who, zval *out);

// MINIT of this area.
void register_socket_area(int module_number);

}  // namespace gust::php::sock
