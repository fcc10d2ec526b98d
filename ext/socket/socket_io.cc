// Coroutine\Socket's reads and writes: recv/recvAll/send/sendAll/recvfrom/sendto, the buffered
// reads (recvLine/recvWithBuffer/recvPacket, which share the read-ahead buffer and the server's
// framing), and the calls that never park (peek, checkLiveness). The parking part of each call is
// a helper that returns plain values; PHP values are made after resumed().
#include <sys/socket.h>
#include <sys/uio.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>

#include "common/errors.h"
#include "gust/base/clock.h"
#include "gust/base/error.h"
#include "gust/net/socket.h"
#include "socket/socket_internal.h"

using namespace gust;
using namespace gust::php;
using namespace gust::php::sock;

namespace {

constexpr zend_long kDefaultLength = 65536;

struct IoResult {
    size_t n = 0;  // bytes moved (or to take from the read-ahead buffer)
    int err = 0;   // errCode, 0 on success
};

Nanos deadline_of(Nanos timeout) { return timeout < 0 ? -1 : monotonic_now() + timeout; }
Nanos left_of(Nanos deadline) {
    if (deadline < 0) return -1;
    Nanos left = deadline - monotonic_now();
    return left > 0 ? left : 0;
}

IoResult do_recv(SocketState *s, char *buf, size_t len, Nanos timeout) {
    auto r = stream_recv(s, buf, len, timeout);
    if (!r.ok()) return {0, code_of(r.code())};
    return {r.value(), 0};
}

// As many bytes as asked for, fewer at end of stream; on an error the bytes read so far count.
IoResult do_recv_all(SocketState *s, char *buf, size_t len, Nanos timeout) {
    Nanos deadline = deadline_of(timeout);
    size_t got = 0;
    while (got < len) {
        auto r = stream_recv(s, buf + got, len - got, left_of(deadline));
        if (!r.ok()) return {got, code_of(r.code())};
        if (r.value() == 0) break;
        got += r.value();
    }
    return {got, 0};
}

IoResult do_send(SocketState *s, const char *buf, size_t len, Nanos timeout, bool all) {
    Nanos deadline = deadline_of(timeout);
    size_t sent = 0;
    do {
        auto r = stream_send(s, buf + sent, len - sent, left_of(deadline));
        if (!r.ok()) return {sent, code_of(r.code())};
        sent += r.value();
    } while (all && sent < len);
    return {sent, 0};
}

// More bytes into the read-ahead buffer: > 0, 0 at end of stream, or -errCode.
int64_t fill(SocketState *s, size_t want, Nanos deadline) {
    // Small reads land in a scratch buffer and only what arrived is appended: growing rbuf by
    // `want` zero-filled 64 KiB on every recvPacket() of a short message (an echo's whole cost).
    // One scratch per process is safe: nothing can switch between the read and the append.
    static char scratch[64 * 1024];
    if (want <= sizeof scratch) {
        auto r = stream_recv(s, scratch, want, left_of(deadline));  // through TLS once a handshake made it
        if (!r.ok()) return -code_of(r.code());
        s->rbuf.append(scratch, r.value());
        return static_cast<int64_t>(r.value());
    }
    size_t old = s->rbuf.size();
    s->rbuf.resize(old + want);
    auto r = stream_recv(s, s->rbuf.data() + old, want, left_of(deadline));
    s->rbuf.resize(old + (r.ok() ? r.value() : 0));
    if (!r.ok()) return -code_of(r.code());
    return static_cast<int64_t>(r.value());
}

// recvLine: up to and including the first "\n" or "\r" (socket_read()'s PHP_NORMAL_READ, which it
// stands in for), at most `len` bytes, or what is left at end of stream.
IoResult do_recv_line(SocketState *s, size_t len, Nanos timeout) {
    Nanos deadline = deadline_of(timeout);
    size_t scanned = 0;
    for (;;) {
        size_t limit = std::min(s->rbuf.size(), len);
        const std::string_view seen(s->rbuf.data(), limit);
        const size_t eol = seen.find_first_of("\r\n", scanned);
        if (eol != std::string_view::npos) return {eol + 1, 0};
        if (s->rbuf.size() >= len) return {len, 0};
        scanned = limit;
        int64_t n = fill(s, std::max<size_t>(len - s->rbuf.size(), 4096), deadline);
        if (n < 0) return {0, static_cast<int>(-n)};
        if (n == 0) return {s->rbuf.size(), 0};
    }
}

IoResult do_recv_with_buffer(SocketState *s, size_t len, Nanos timeout) {
    if (s->rbuf.empty()) {
        int64_t n = fill(s, std::max<size_t>(len, kDefaultLength), deadline_of(timeout));
        if (n < 0) return {0, static_cast<int>(-n)};
    }
    return {std::min(len, s->rbuf.size()), 0};
}

// recvPacket with setProtocol()'s framing: one whole package at the front of the read-ahead
// buffer. End of stream (also in the middle of a package) takes nothing: the caller sees "".
IoResult do_recv_packet(SocketState *s, Nanos timeout) {
    if (!s->splitter) return do_recv_with_buffer(s, kDefaultLength, timeout);
    Nanos deadline = deadline_of(timeout);
    for (;;) {
        auto step = s->splitter->next(mem::Slice(s->rbuf.data(), s->rbuf.size()));
        if (step.status == proto::framing::Splitter::kReady) return {step.consume, 0};
        if (step.status < 0) {
            int err = -step.status == kErrLimit ? code(SwooleError::kPackageLengthTooLarge)
                                                : code(SwooleError::kProtocolError);
            s->rbuf.clear();
            s->splitter->reset();
            return {0, err};
        }
        if (step.consume) s->rbuf.erase(0, step.consume);
        size_t want = s->splitter->expected_length() > s->rbuf.size()
                          ? std::min<size_t>(s->splitter->expected_length() - s->rbuf.size(), 1 << 20)
                          : kDefaultLength;
        int64_t n = fill(s, std::max<size_t>(want, 4096), deadline);
        if (n < 0) return {0, static_cast<int>(-n)};
        if (n == 0) {
            s->rbuf.clear();
            s->splitter->reset();
            return {0, 0};
        }
    }
}

// Returns the first `take` bytes of the read-ahead buffer (dropping them), or false on an error.
void take_buffered(zval *self, SocketState *s, const IoResult &r, zval *return_value) {
    if (r.err) {
        set_error(self, r.err);
        RETURN_FALSE;
    }
    clear_error(self);
    size_t take = std::min(r.n, s->rbuf.size());
    RETVAL_STRINGL(s->rbuf.data(), take);
    s->rbuf.erase(0, take);
}

// A read into `buf`: the string, or false (errCode set); with `partial`, bytes read before an
// error are returned and errCode tells the error.
void finish_read(zval *self, zend_string *buf, const IoResult &r, bool partial, zval *return_value) {
    if (r.err && (r.n == 0 || !partial)) {
        zend_string_efree(buf);
        set_error(self, r.err);
        RETURN_FALSE;
    }
    if (r.err) {
        set_error(self, r.err);
    } else {
        clear_error(self);
    }
    if (r.n == 0) {
        zend_string_efree(buf);
        RETURN_EMPTY_STRING();
    }
    buf = zend_string_truncate(buf, r.n, 0);
    ZSTR_VAL(buf)[r.n] = '\0';
    RETURN_NEW_STR(buf);
}

void finish_write(zval *self, const IoResult &r, zval *return_value) {
    if (r.err) {
        set_error(self, r.err);
        if (r.n == 0) RETURN_FALSE;
        RETURN_LONG(static_cast<zend_long>(r.n));
    }
    clear_error(self);
    RETURN_LONG(static_cast<zend_long>(r.n));
}

void recv_impl(INTERNAL_FUNCTION_PARAMETERS, bool all) {
    zend_long length = kDefaultLength;
    double timeout = 0;
    ZEND_PARSE_PARAMETERS_START(0, 2)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(length)
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    op_recv(ZEND_THIS, length, timeout, all, return_value);
}

void send_impl(INTERNAL_FUNCTION_PARAMETERS, bool all) {
    zend_string *data;
    double timeout = 0;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_STR(data)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    op_send(ZEND_THIS, ZSTR_VAL(data), ZSTR_LEN(data), timeout, all, return_value);
}

// The buffered reads: `op` parks and says how much of the read-ahead buffer to take.
template <typename Op>
void buffered_impl(zval *self, zval *return_value, double timeout, Op op) {
    SocketState *s = state_of(self);
    PhpCoroutine *p = begin_io(self, s, Kind::kRead);
    if (!p) RETURN_FALSE;
    IoResult r = op(s, timeout_of(s, timeout, Kind::kRead));
    end_io(s, Kind::kRead);
    if (!resumed(p)) return;
    take_buffered(self, s, r, return_value);
}

}  // namespace

void gust::php::sock::op_recv(zval *self, zend_long length, double timeout, bool all, zval *return_value) {
    SocketState *s = state_of(self);
    PhpCoroutine *p = begin_io(self, s, Kind::kRead);
    if (!p) RETURN_FALSE;
    if (length <= 0) length = kDefaultLength;
    Nanos t = timeout_of(s, timeout, Kind::kRead);
    zend_string *buf = zend_string_alloc(length, 0);
    IoResult r = all ? do_recv_all(s, ZSTR_VAL(buf), length, t) : do_recv(s, ZSTR_VAL(buf), length, t);
    end_io(s, Kind::kRead);
    if (!resumed(p)) {
        zend_string_efree(buf);
        return;
    }
    finish_read(self, buf, r, all, return_value);
}

void gust::php::sock::op_send(zval *self, const char *data, size_t len, double timeout, bool all, zval *return_value) {
    SocketState *s = state_of(self);
    PhpCoroutine *p = begin_io(self, s, Kind::kWrite);
    if (!p) RETURN_FALSE;
    // The data is the caller's; it lives at least as long as this call.
    IoResult r = do_send(s, data, len, timeout_of(s, timeout, Kind::kWrite), all);
    end_io(s, Kind::kWrite);
    if (!resumed(p)) return;
    finish_write(self, r, return_value);
}

void gust::php::sock::op_recv_packet(zval *self, double timeout, zval *return_value) {
    buffered_impl(self, return_value, timeout, [](SocketState *s, Nanos t) { return do_recv_packet(s, t); });
}

ZEND_METHOD(Swoole_Coroutine_Socket, recv) { recv_impl(INTERNAL_FUNCTION_PARAM_PASSTHRU, false); }
ZEND_METHOD(Swoole_Coroutine_Socket, recvAll) { recv_impl(INTERNAL_FUNCTION_PARAM_PASSTHRU, true); }
ZEND_METHOD(Swoole_Coroutine_Socket, send) { send_impl(INTERNAL_FUNCTION_PARAM_PASSTHRU, false); }
ZEND_METHOD(Swoole_Coroutine_Socket, sendAll) { send_impl(INTERNAL_FUNCTION_PARAM_PASSTHRU, true); }

ZEND_METHOD(Swoole_Coroutine_Socket, recvLine) {
    zend_long length = kDefaultLength;
    double timeout = 0;
    ZEND_PARSE_PARAMETERS_START(0, 2)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(length)
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    size_t len = length <= 0 ? kDefaultLength : static_cast<size_t>(length);
    buffered_impl(ZEND_THIS, return_value, timeout, [len](SocketState *s, Nanos t) { return do_recv_line(s, len, t); });
}

ZEND_METHOD(Swoole_Coroutine_Socket, recvWithBuffer) {
    zend_long length = kDefaultLength;
    double timeout = 0;
    ZEND_PARSE_PARAMETERS_START(0, 2)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(length)
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    size_t len = length <= 0 ? kDefaultLength : static_cast<size_t>(length);
    buffered_impl(ZEND_THIS, return_value, timeout,
                  [len](SocketState *s, Nanos t) { return do_recv_with_buffer(s, len, t); });
}

ZEND_METHOD(Swoole_Coroutine_Socket, recvPacket) {
    double timeout = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    op_recv_packet(ZEND_THIS, timeout, return_value);
}

namespace {

IoResult do_recvfrom(SocketState *s, char *buf, size_t len, net::Address *from, Nanos timeout) {
    auto r = s->sock->recvfrom(buf, len, from, timeout);
    if (!r.ok()) return {0, code_of(r.code())};
    return {r.value(), 0};
}

IoResult do_sendto(SocketState *s, const char *buf, size_t len, const net::Address &to, Nanos timeout) {
    auto r = s->sock->sendto(buf, len, to, timeout);
    if (!r.ok()) return {0, code_of(r.code())};
    return {r.value(), 0};
}

}  // namespace

void gust::php::sock::op_recvfrom(zval *self, zend_long length, double timeout, net::Address *from,
                                  zval *return_value) {
    SocketState *s = state_of(self);
    PhpCoroutine *p = begin_io(self, s, Kind::kRead);
    if (!p) RETURN_FALSE;
    if (length <= 0) length = kDefaultLength;
    zend_string *buf = zend_string_alloc(length, 0);
    IoResult r = do_recvfrom(s, ZSTR_VAL(buf), length, from, timeout_of(s, timeout, Kind::kRead));
    end_io(s, Kind::kRead);
    if (!resumed(p)) {
        zend_string_efree(buf);
        return;
    }
    finish_read(self, buf, r, false, return_value);
}

void gust::php::sock::op_sendto(zval *self, std::string_view addr, zend_long port, const char *data, size_t len,
                                zval *return_value) {
    SocketState *s = state_of(self);
    net::Address to;
    if (!usable(self, s)) RETURN_FALSE;
    if (s->domain == AF_UNIX || port < 0 || port > 65535) {
        int err = parse_address(s, addr, port, &to);
        if (err) {
            set_error(self, err);
            RETURN_FALSE;
        }
    }
    PhpCoroutine *p = begin_io(self, s, Kind::kWrite);
    if (!p) RETURN_FALSE;
    Nanos t = timeout_of(s, 0, Kind::kWrite);
    // A host name is resolved first (parking), as Swoole's sendto() does.
    int err = s->domain == AF_UNIX ? 0 : resolve_address(s, addr, port, t, &to);
    IoResult r = err ? IoResult{0, err} : do_sendto(s, data, len, to, t);
    end_io(s, Kind::kWrite);
    if (!resumed(p)) return;
    finish_write(self, r, return_value);
}

void gust::php::sock::op_peek(zval *self, zend_long length, zval *return_value) {
    SocketState *s = state_of(self);
    if (!usable(self, s)) RETURN_FALSE;
    if (length <= 0) length = kDefaultLength;
    zend_string *buf = zend_string_alloc(length, 0);
    ssize_t n = net::sys::recv(s->sock->fd(), ZSTR_VAL(buf), length, MSG_PEEK | MSG_DONTWAIT);
    IoResult r = n < 0 ? IoResult{0, static_cast<int>(-n)} : IoResult{static_cast<size_t>(n), 0};
    finish_read(self, buf, r, false, return_value);
}

ZEND_METHOD(Swoole_Coroutine_Socket, recvfrom) {
    zval *peer;
    double timeout = 0;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_ZVAL(peer)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    net::Address from;
    op_recvfrom(ZEND_THIS, kDefaultLength, timeout, &from, return_value);
    if (Z_TYPE_P(return_value) == IS_STRING) {
        zval arr;
        address_array(from, &arr);
        ZEND_TRY_ASSIGN_REF_TMP(peer, &arr);
    }
}

ZEND_METHOD(Swoole_Coroutine_Socket, sendto) {
    zend_string *addr, *data;
    zend_long port;
    ZEND_PARSE_PARAMETERS_START(3, 3)
        Z_PARAM_STR(addr)
        Z_PARAM_LONG(port)
        Z_PARAM_STR(data)
    ZEND_PARSE_PARAMETERS_END();
    op_sendto(ZEND_THIS, std::string_view(ZSTR_VAL(addr), ZSTR_LEN(addr)), port, ZSTR_VAL(data), ZSTR_LEN(data),
              return_value);
}

ZEND_METHOD(Swoole_Coroutine_Socket, peek) {
    zend_long length = kDefaultLength;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(length)
    ZEND_PARSE_PARAMETERS_END();
    op_peek(ZEND_THIS, length, return_value);
}

ZEND_METHOD(Swoole_Coroutine_Socket, checkLiveness) {
    ZEND_PARSE_PARAMETERS_NONE();
    SocketState *s = state_of(ZEND_THIS);
    if (!usable(ZEND_THIS, s)) RETURN_FALSE;
    char c;
    ssize_t n = net::sys::recv(s->sock->fd(), &c, 1, MSG_PEEK | MSG_DONTWAIT);
    if (n == 0) {
        set_error(ZEND_THIS, ECONNRESET);
        RETURN_FALSE;
    }
    if (n < 0 && n != -EAGAIN && n != -EWOULDBLOCK) {
        set_error(ZEND_THIS, static_cast<int>(-n));
        RETURN_FALSE;
    }
    clear_error(ZEND_THIS);
    RETURN_TRUE;
}

// ---- readVector/readVectorAll/writeVector/writeVectorAll: one read (write) of the lengths'
// (strings') total, cut into (joined from) the pieces; the same results as readv/writev.

namespace {

// The iov count check Swoole makes first: false with errCode EINVAL past SWOOLE_IOV_MAX.
bool iov_count_ok(zval *self, HashTable *iov) {
    if (zend_hash_num_elements(iov) <= IOV_MAX) return true;
    char msg[64];
    snprintf(msg, sizeof msg, "The maximum of iov count is %d", IOV_MAX);
    set_error(self, EINVAL, msg);
    return false;
}

void vector_read(INTERNAL_FUNCTION_PARAMETERS, bool all) {
    HashTable *iov;
    double timeout = 0;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_ARRAY_HT(iov)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    if (!iov_count_ok(ZEND_THIS, iov)) RETURN_FALSE;
    size_t total = 0;
    uint32_t i = 0;
    zval *item;
    ZEND_HASH_FOREACH_VAL(iov, item) {
        if (Z_TYPE_P(item) != IS_LONG) {
            zend_throw_exception_ex(ce_socket_exception, EINVAL, "Item #[%u] must be of type int, %s given", i,
                                    zend_zval_type_name(item));
            RETURN_THROWS();
        }
        if (Z_LVAL_P(item) <= 0) {
            zend_throw_exception_ex(ce_socket_exception, EINVAL, "Item #[%u] must be greater than 0", i);
            RETURN_THROWS();
        }
        total += static_cast<size_t>(Z_LVAL_P(item));
        i++;
    }
    ZEND_HASH_FOREACH_END();
    if (total == 0) {
        set_error(ZEND_THIS, EINVAL);
        RETURN_FALSE;
    }
    SocketState *s = state_of(ZEND_THIS);
    PhpCoroutine *p = begin_io(ZEND_THIS, s, Kind::kRead);
    if (!p) RETURN_FALSE;
    zend_string *buf = zend_string_alloc(total, 0);
    Nanos t = timeout_of(s, timeout, Kind::kRead);
    IoResult r = all ? do_recv_all(s, ZSTR_VAL(buf), total, t) : do_recv(s, ZSTR_VAL(buf), total, t);
    end_io(s, Kind::kRead);
    if (!resumed(p)) {
        zend_string_efree(buf);
        return;
    }
    if (r.err && (r.n == 0 || !all)) {
        zend_string_efree(buf);
        set_error(ZEND_THIS, r.err);
        RETURN_FALSE;
    }
    if (r.err) {
        set_error(ZEND_THIS, r.err);
    } else {
        clear_error(ZEND_THIS);
    }
    array_init(return_value);
    size_t at = 0;
    ZEND_HASH_FOREACH_VAL(iov, item) {
        if (at >= r.n) break;
        size_t piece = std::min(static_cast<size_t>(Z_LVAL_P(item)), r.n - at);
        add_next_index_stringl(return_value, ZSTR_VAL(buf) + at, piece);
        at += piece;
    }
    ZEND_HASH_FOREACH_END();
    zend_string_efree(buf);
}

void vector_write(INTERNAL_FUNCTION_PARAMETERS, bool all) {
    HashTable *iov;
    double timeout = 0;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_ARRAY_HT(iov)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    if (!iov_count_ok(ZEND_THIS, iov)) RETURN_FALSE;
    size_t total = 0;
    uint32_t i = 0;
    zval *item;
    ZEND_HASH_FOREACH_VAL(iov, item) {
        if (Z_TYPE_P(item) != IS_STRING) {
            zend_throw_exception_ex(ce_socket_exception, EINVAL, "Item #[%u] must be of type string, %s given", i,
                                    zend_zval_type_name(item));
            RETURN_THROWS();
        }
        total += Z_STRLEN_P(item);
        i++;
    }
    ZEND_HASH_FOREACH_END();
    SocketState *s = state_of(ZEND_THIS);
    PhpCoroutine *p = begin_io(ZEND_THIS, s, Kind::kWrite);
    if (!p) RETURN_FALSE;
    zend_string *buf = zend_string_alloc(total, 0);
    size_t at = 0;
    ZEND_HASH_FOREACH_VAL(iov, item) {
        memcpy(ZSTR_VAL(buf) + at, Z_STRVAL_P(item), Z_STRLEN_P(item));
        at += Z_STRLEN_P(item);
    }
    ZEND_HASH_FOREACH_END();
    IoResult r = do_send(s, ZSTR_VAL(buf), total, timeout_of(s, timeout, Kind::kWrite), all);
    end_io(s, Kind::kWrite);
    zend_string_efree(buf);
    if (!resumed(p)) return;
    finish_write(ZEND_THIS, r, return_value);
}

}  // namespace

ZEND_METHOD(Swoole_Coroutine_Socket, readVector) { vector_read(INTERNAL_FUNCTION_PARAM_PASSTHRU, false); }
ZEND_METHOD(Swoole_Coroutine_Socket, readVectorAll) { vector_read(INTERNAL_FUNCTION_PARAM_PASSTHRU, true); }
ZEND_METHOD(Swoole_Coroutine_Socket, writeVector) { vector_write(INTERNAL_FUNCTION_PARAM_PASSTHRU, false); }
ZEND_METHOD(Swoole_Coroutine_Socket, writeVectorAll) { vector_write(INTERNAL_FUNCTION_PARAM_PASSTHRU, true); }

ZEND_FUNCTION(swoole_coroutine_socketpair) {
    zend_long domain, type, protocol;
    ZEND_PARSE_PARAMETERS_START(3, 3)
        Z_PARAM_LONG(domain)
        Z_PARAM_LONG(type)
        Z_PARAM_LONG(protocol)
    ZEND_PARSE_PARAMETERS_END();
    int fds[2];
    if (socketpair(static_cast<int>(domain), static_cast<int>(type) | SOCK_NONBLOCK | SOCK_CLOEXEC,
                   static_cast<int>(protocol), fds) != 0) {
        int err = errno;
        set_last_error(err);
        php_error_docref(nullptr, E_WARNING, "failed to create socket pair: %s (%d)", strerror(err), err);
        RETURN_FALSE;
    }
    array_init(return_value);
    for (int fd : fds) {
        zval z;
        ZVAL_OBJ(&z, make_socket(new net::CoSocket(fd), static_cast<int>(domain), static_cast<int>(type),
                                 static_cast<int>(protocol)));
        add_next_index_zval(return_value, &z);
    }
}
