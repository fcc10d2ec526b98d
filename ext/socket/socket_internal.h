// What the files of the socket area share: the class entries, the object's state, errors and
// timeouts, and the begin/end of a parking call (the bound-coroutine check).
#pragma once

#include <string_view>
#include <vector>

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
// Open, or false with errCode EBADF (an Error when the constructor never ran).
bool usable(zval *self, SocketState *s);
// Before a parking call: open, in a coroutine, and nobody else reading (writing) this socket, or
// null (errCode set or an exception thrown). Marks the running coroutine as bound.
PhpCoroutine *begin_io(zval *self, SocketState *s, Kind kind);
void end_io(SocketState *s, Kind kind);
void sync_fd(zval *self, SocketState *s);
// The address for bind/connect/sendto in the socket's domain (IP literal, or a unix path); 0 or an errno.
int parse_address(const SocketState *s, std::string_view host, zend_long port, net::Address *out);
// The address for connect/sendto: an IP literal or a unix path at once, else the host name resolved
// (parks; needs a coroutine). 0 or an errCode (DNSLOOKUP_RESOLVE_FAILED/TIMEOUT, EINVAL).
int resolve_address(const SocketState *s, std::string_view host, zend_long port, Nanos timeout, net::Address *out);
// A new Co\Socket object owning `sock` (a connected or accepted socket).
zend_object *make_socket(net::CoSocket *sock, int domain, int type, int protocol);
// ['address' => ..., 'port' => ...] (port 0 for unix sockets).
void address_array(const net::Address &a, zval *out);

// setOption()/getOption() of the options whose value is not an int (socket_sockopt.cc), as PHP's
// sockets extension shapes them: *handled false when `name` is not one of them. set: setsockopt()'s
// result, or kOptionRefused (warned) when the value is wrong; get: false with errno set.
constexpr int kOptionRefused = -2;
int set_typed_option(int fd, int family, int level, int name, zval *value, bool *handled);
bool get_typed_option(int fd, int level, int name, zval *out, bool *handled);

// The socket's byte stream, through TLS once a handshake made it (core error codes).
Result<size_t> stream_recv(SocketState *s, void *buf, size_t len, Nanos timeout);
Result<size_t> stream_send(SocketState *s, const void *buf, size_t len, Nanos timeout);
// The TLS handshake on a connected (or accepted) socket: 0 or an errCode (the reason in s->tls_error).
// `host` names the peer for SNI and verification when ssl_host_name is not set.
int tls_handshake(SocketState *s, std::string_view host, Nanos timeout);
// The TLS context for the socket's settings (made once and shared: a listening socket's is
// inherited by what it accepts): 0 or an errCode (the reason in s->tls_error).
int ensure_tls_context(SocketState *s, bool server);
// The ssl_* keys of `ht` into s->tls_config (and open_ssl when `ht` has it).
void read_ssl_settings(SocketState *s, HashTable *ht);
// setProtocol()'s work: timeouts, framing, ssl_*; false (warning) on invalid framing settings.
bool apply_protocol(SocketState *s, HashTable *settings);
// A client's own address before it connects: the `bind_address`/`bind_port` settings (an IP, or a
// unix path, whose stale socket file is replaced), else for a unix datagram client Linux's
// autobind (a unique abstract name, no file left behind) so that the server can answer. 0 or errno.
int bind_client_socket(int fd, int domain, int type, HashTable *settings);
// Wakes, one after the other and each at once (wake_now), the coroutines a close_keeping_waiters()
// left parked, with kErrClosed.
void wake_closed_now(const std::vector<coro::CoroutineId> &waiting);

// The methods' work on a Co\Socket object `self`, shared with Coroutine\Client (errCode/errMsg
// land on `self`).
void op_connect(zval *self, std::string_view host, zend_long port, double timeout, zval *return_value);
void op_recv(zval *self, zend_long length, double timeout, bool all, zval *return_value);
void op_send(zval *self, const char *data, size_t len, double timeout, bool all, zval *return_value);
void op_recv_packet(zval *self, double timeout, zval *return_value);
void op_peek(zval *self, zend_long length, zval *return_value);
void op_sendto(zval *self, std::string_view addr, zend_long port, const char *data, size_t len, zval *return_value);
// recvfrom: the datagram, its sender in *from.
void op_recvfrom(zval *self, zend_long length, double timeout, net::Address *from, zval *return_value);
void op_send_file(zval *self, const char *path, zend_long offset, zend_long length, zval *return_value);
void op_ssl_handshake(zval *self, std::string_view host, zval *return_value);
// Checks the peer's certificate of an established TLS session now (verifyPeerCert()): 0 or an
// errCode with OpenSSL's reason in *why.
int verify_peer_now(SocketState *s, std::string_view host, bool allow_self_signed, std::string *why);
// The same for a PEM certificate, the CAs of `config` and a host name (empty: not checked).
int verify_pem_now(const std::string &pem, const net::TlsConfig &config, const std::string &name,
                   bool allow_self_signed, std::string *why);

}  // namespace gust::php::sock
