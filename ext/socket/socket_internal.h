// What the files of the socket area share: the class entries, the object's state, errors and
// timeouts, and the begin/end of a parking call (the bound-coroutine check).
#pragma once

#include <string_view>

#include "socket/socket.h"
#include "zend/object.h"

namespace gust::php::sock {

using SocketClass = zobj::Class<SocketState>;
extern zend_class_entry *ce_socket;
extern zend_class_entry *ce_socket_exception;

// Swoole's SWOOLE_EVENT_READ / SWOOLE_EVENT_WRITE.
enum : zend_long { kEventRead = 1 << 9, kEventWrite = 1 << 10 };
enum class Kind { kConnect, kRead, kWrite };

SocketState *state_of(zval *self);
// errCode/errMsg (and swoole_last_error()) from a code of the one code space.
void set_error(zval *self, int code, const char *msg = nullptr);
void clear_error(zval *self);
// A core code as errCode: ECANCELED for a wait ended by close() or cancel().
int code_of(int core_code);
// The timeout of one call: its own (seconds, 0: none given), else the socket's, else Co::set()'s.
Nanos timeout_of(const SocketState *s, double call, Kind kind);
// Open, or false with errCode EBADF.
bool usable(zval *self, SocketState *s);
// Before a parking call: open, in a coroutine, and nobody else reading (writing) this socket, or
// null (errCode set or an exception thrown). Marks the running coroutine as bound.
PhpCoroutine *begin_io(zval *self, SocketState *s, Kind kind);
void end_io(SocketState *s, Kind kind);
void sync_fd(zval *self, SocketState *s);
// The address for bind/connect/sendto in the socket's domain (IP literal, or a unix path); 0 or an errno.
int parse_address(const SocketState *s, std::string_view host, zend_long port, net::Address *out);
// A new Co\Socket object owning `sock` (a connected or accepted socket).
zend_object *make_socket(net::CoSocket *sock, int domain, int type, int protocol);
// ['address' => ..., 'port' => ...] (port 0 for unix sockets).
void address_array(const net::Address &a, zval *out);

}  // namespace gust::php::sock
