// Swoole\Client in its synchronous mode (SWOOLE_SOCK_SYNC): a TCP/UDP/unix client whose calls
// block the process — for scripts and tools outside coroutines (test harnesses, cron jobs). The
// socket is non-blocking and every wait is a poll() with the call's deadline, so a timeout is
// exact and TLS (the core's TlsEngine) runs the same way. The framing settings cut recv() into
// packages with the server's Splitter. swoole_client_select() polls several such clients.
// See docs/php-client.md.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/errors.h"
#include "zend/options.h"
#include "gust/base/clock.h"
#include "gust/net/socket.h"
#include "gust/net/tls.h"
#include "socket/client.h"
#include "socket/socket_internal.h"
#include "zend/fd.h"
#include "zend/object.h"

extern "C" {
#include "main/php_network.h"
#include "main/php_streams.h"
}

namespace gust::php::sock {

zend_class_entry *ce_sync_client = nullptr;

namespace {

// The declared properties, in the stub's order.
enum Prop : uint32_t { kErrCode, kErrMsg, kSock, kReuse, kReuseCount, kType, kId, kSetting };

struct SyncClient {
    int fd = -1;
    int domain = AF_INET, type = SOCK_STREAM;
    bool ssl = false, connected = false;
    std::string host;
    // From set(): timeouts in seconds (0: connect()'s timeout), framing, TLS.
    double read_timeout = 0, write_timeout = 0, io_timeout = 0.5;
    SocketState settings;                // only its framing/TLS settings are used (no socket)
    HashTable *bind_settings = nullptr;  // set()'s array while connect() runs (bind_address, bind_port)
    std::string rbuf;
    std::shared_ptr<net::TlsContext> tls_ctx;
    std::unique_ptr<net::TlsEngine> tls;
    ~SyncClient() { drop(); }
    void drop() {
        tls.reset();
        if (fd >= 0) ::close(fd);
        fd = -1;
        connected = false;
        rbuf.clear();
        if (settings.splitter) settings.splitter->reset();
    }
};

using SyncClass = zobj::Class<SyncClient>;

SyncClient *sync_of(zval *self) { return SyncClass::from(self); }
zval *prop(zval *self, Prop p) { return OBJ_PROP_NUM(Z_OBJ_P(self), p); }

void set_long(zval *self, Prop p, zend_long v) {
    zval *z = prop(self, p);
    zval_ptr_dtor(z);
    ZVAL_LONG(z, v);
}

void sync_error(zval *self, int code, const char *msg = nullptr) {
    set_long(self, kErrCode, set_last_error(code));
    zval *z = prop(self, kErrMsg);
    zval_ptr_dtor(z);
    ZVAL_STRING(z, msg ? msg : strerror_of(code));
}

Nanos deadline_after(double seconds) {
    if (seconds < 0) return -1;
    return monotonic_now() + static_cast<Nanos>(seconds * 1e9);
}

// Blocks until the fd is ready or the deadline passes: 0, ETIMEDOUT or an errno.
int wait_fd(int fd, bool write, Nanos deadline) {
    for (;;) {
        int ms = -1;
        if (deadline >= 0) {
            Nanos left = deadline - monotonic_now();
            if (left <= 0) return ETIMEDOUT;
            ms = static_cast<int>(std::min<Nanos>((left + 999999) / 1000000, 1 << 30));
        }
        pollfd p{fd, static_cast<short>(write ? POLLOUT : POLLIN), 0};
        int rc = ::poll(&p, 1, ms);
        if (rc > 0) return 0;
        if (rc == 0) continue;  // the loop re-checks the deadline
        if (errno != EINTR) return errno;
    }
}

// Some bytes (> 0), 0 at end of stream, or -errno (ETIMEDOUT when the deadline passed).
ssize_t read_some(SyncClient *c, void *buf, size_t len, Nanos deadline) {
    for (;;) {
        ssize_t n;
        bool want_write = false;
        if (c->tls) {
            n = c->tls->read(buf, len);
            want_write = c->tls->wants_write();
        } else {
            n = ::recv(c->fd, buf, len, 0);
            if (n < 0) n = -errno;
        }
        if (n >= 0) return n;
        if (n == -EINTR) continue;
        if (n != -EAGAIN && n != -EWOULDBLOCK) return n;
        int err = wait_fd(c->fd, want_write, deadline);
        if (err) return -err;
    }
}

// All of `len`: 0 or an errno.
int write_all(SyncClient *c, const char *buf, size_t len, Nanos deadline) {
    size_t sent = 0;
    while (sent < len) {
        ssize_t n;
        bool want_write = true;
        if (c->tls) {
            n = c->tls->write(buf + sent, len - sent);
            want_write = c->tls->wants_write();
        } else {
            n = ::send(c->fd, buf + sent, len - sent, MSG_NOSIGNAL);
            if (n < 0) n = -errno;
        }
        if (n > 0) {
            sent += static_cast<size_t>(n);
            continue;
        }
        if (n == -EINTR) continue;
        if (n != -EAGAIN && n != -EWOULDBLOCK) return n == 0 ? EPIPE : static_cast<int>(-n);
        int err = wait_fd(c->fd, want_write, deadline);
        if (err) return err;
    }
    return 0;
}

// A TLS error code for errCode (negative engine results).
int tls_code(ssize_t n) {
    if (n == -kErrTlsVerify) return code(SwooleError::kSslVerifyFailed);
    if (n == -kErrTls) return code(SwooleError::kSslHandshakeFailed);
    return static_cast<int>(-n);
}

int tls_handshake_blocking(SyncClient *c, Nanos deadline, std::string *why) {
    net::TlsConfig config = c->settings.tls_config;
    config.datagram = c->type == SOCK_DGRAM;  // a UDP client: DTLS
    if (!c->tls_ctx || c->tls_ctx->config() != config) {
        c->tls_ctx.reset();
        auto ctx = net::TlsContext::create(net::TlsRole::kClient, config, why);
        if (!ctx.ok()) return code(SwooleError::kSslHandshakeFailed);
        c->tls_ctx = std::move(ctx.value());
    }
    std::string name = c->settings.ssl_host_name;
    if (name.empty() && c->domain != AF_UNIX) name = c->host;
    c->tls = std::make_unique<net::TlsEngine>(c->tls_ctx, c->fd, name);
    for (;;) {
        int rc = c->tls->handshake();
        if (rc == 0) return 0;
        if (rc != -EAGAIN) {
            *why = c->tls->error();
            c->tls.reset();
            return tls_code(rc);
        }
        // DTLS: wake for the retransmission timer too (a lost datagram is sent again, not waited for).
        const Nanos timer = c->tls->timer_due_in();
        const Nanos due = timer < 0 ? -1 : monotonic_now() + std::max<Nanos>(timer, 1000000);
        const bool timer_first = due >= 0 && (deadline < 0 || due < deadline);
        int err = wait_fd(c->fd, c->tls->wants_write(), timer_first ? due : deadline);
        if (err == ETIMEDOUT && timer_first) {
            if (c->tls->on_timer() == 0) continue;
            *why = c->tls->error();
            err = code(SwooleError::kSslHandshakeFailed);
        }
        if (err) {
            c->tls.reset();
            return err;
        }
    }
}

// The address to connect to: an IP literal, a unix path, or a host name resolved (blocking).
int sync_resolve(SyncClient *c, const std::string &host, zend_long port, net::Address *out) {
    if (c->domain == AF_UNIX) {
        std::string_view path(host);
        if (path.rfind("unix:", 0) == 0) path.remove_prefix(5);
        auto a = net::Address::from_unix(path);
        if (!a.ok()) return EINVAL;
        *out = a.value();
        return 0;
    }
    if (port <= 0 || port > 65535) return EINVAL;
    auto ip = net::Address::from_ip(host, static_cast<uint16_t>(port));
    if (ip.ok()) {
        *out = ip.value();
        return 0;
    }
    addrinfo hints{}, *res = nullptr;
    hints.ai_family = c->domain;
    hints.ai_socktype = c->type;
    if (getaddrinfo(host.c_str(), nullptr, &hints, &res) != 0 || !res) {
        return code(SwooleError::kDnslookupResolveFailed);
    }
    char text[INET6_ADDRSTRLEN] = {0};
    const void *src = res->ai_family == AF_INET6
                          ? static_cast<const void *>(&reinterpret_cast<sockaddr_in6 *>(res->ai_addr)->sin6_addr)
                          : static_cast<const void *>(&reinterpret_cast<sockaddr_in *>(res->ai_addr)->sin_addr);
    inet_ntop(res->ai_family, src, text, sizeof text);
    freeaddrinfo(res);
    auto a = net::Address::from_ip(text, static_cast<uint16_t>(port));
    if (!a.ok()) return code(SwooleError::kDnslookupResolveFailed);
    *out = a.value();
    return 0;
}

int sync_connect(SyncClient *c, const std::string &host, zend_long port, double timeout, std::string *why) {
    net::Address addr;
    int err = sync_resolve(c, host, port, &addr);
    if (err) return err;
    int fd = net::sys::open_socket(c->domain, c->type, 0);
    if (fd < 0) return -fd;
    c->fd = fd;
    err = bind_client_socket(fd, c->domain, c->type, c->bind_settings);
    if (err) return err;
    Nanos deadline = deadline_after(timeout);
    if (::connect(fd, addr.sockaddr_ptr(), addr.length()) != 0) {
        if (errno != EINPROGRESS) return errno;
        err = wait_fd(fd, true, deadline);
        if (err) return err;
        int so = 0;
        socklen_t len = sizeof so;
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &so, &len);
        if (so) return so;
    }
    if (c->ssl) return tls_handshake_blocking(c, deadline, why);
    return 0;
}

double rd_timeout(const SyncClient *c) { return c->read_timeout != 0 ? c->read_timeout : c->io_timeout; }
double wr_timeout(const SyncClient *c) { return c->write_timeout != 0 ? c->write_timeout : c->io_timeout; }

// More bytes into rbuf: > 0, 0 at end of stream, or -errno.
ssize_t fill(SyncClient *c, size_t want, Nanos deadline) {
    size_t old = c->rbuf.size();
    c->rbuf.resize(old + want);
    ssize_t n = read_some(c, c->rbuf.data() + old, want, deadline);
    c->rbuf.resize(old + (n > 0 ? static_cast<size_t>(n) : 0));
    return n;
}

// One package by the framing settings: its length at the front of rbuf (0 at end of stream) or -err.
ssize_t recv_packet(SyncClient *c, Nanos deadline) {
    auto *sp = c->settings.splitter.get();
    for (;;) {
        auto step = sp->next(mem::Slice(c->rbuf.data(), c->rbuf.size()));
        if (step.status == proto::framing::Splitter::kReady) return static_cast<ssize_t>(step.consume);
        if (step.status < 0) {
            c->rbuf.clear();
            sp->reset();
            return -(-step.status == kErrLimit ? code(SwooleError::kPackageLengthTooLarge)
                                               : code(SwooleError::kProtocolError));
        }
        if (step.consume) c->rbuf.erase(0, step.consume);
        size_t want = sp->expected_length() > c->rbuf.size()
                          ? std::min<size_t>(sp->expected_length() - c->rbuf.size(), 1 << 20)
                          : 65536;
        ssize_t n = fill(c, std::max<size_t>(want, 4096), deadline);
        if (n <= 0) {
            c->rbuf.clear();
            sp->reset();
            return n;
        }
    }
}

void apply_settings(zval *self, SyncClient *c) {
    zval *setting = prop(self, kSetting);
    if (Z_TYPE_P(setting) != IS_ARRAY) return;
    HashTable *ht = Z_ARRVAL_P(setting);
    (void)apply_protocol(&c->settings, ht);
    c->read_timeout = c->settings.read_timeout;
    c->write_timeout = c->settings.write_timeout;
    if (c->settings.open_ssl) c->ssl = true;
}

bool require_connected(zval *self, SyncClient *c) {
    if (c->connected && c->fd >= 0) return true;
    sync_error(self, code(SwooleError::kClientNoConnection));
    php_error_docref(nullptr, E_WARNING, "client is not connected to server");
    return false;
}

}  // namespace
}  // namespace gust::php::sock

using namespace gust;
using namespace gust::php;
using namespace gust::php::sock;

ZEND_METHOD(Swoole_Client, __construct) {
    zend_long type;
    bool async = false;
    zend_string *id = nullptr;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_LONG(type)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(async)
        Z_PARAM_STR(id)
    ZEND_PARSE_PARAMETERS_END();
    SyncClient *c = sync_of(ZEND_THIS);
    if (async) {
        zend_throw_error(nullptr, "please install the ext-async-io extension, async client is no longer supported");
        RETURN_THROWS();
    }
    if (!parse_client_type(type, &c->domain, &c->type, &c->ssl)) {
        zend_throw_exception_ex(swoole_exception_ce(), EINVAL, "Unknown client type '" ZEND_LONG_FMT "'", type);
        RETURN_THROWS();
    }
    if (c->ssl && c->type != SOCK_STREAM && c->domain == AF_UNIX) {  // UDP: DTLS
        zend_throw_exception(swoole_exception_ce(), "SWOOLE_SSL needs a TCP, UDP (DTLS) or unix stream socket", EINVAL);
        RETURN_THROWS();
    }
    set_long(ZEND_THIS, kType, type);
    if (id) {
        zval *z = prop(ZEND_THIS, kId);
        zval_ptr_dtor(z);
        ZVAL_STR_COPY(z, id);
    }
}

ZEND_METHOD(Swoole_Client, __destruct) { ZEND_PARSE_PARAMETERS_NONE(); }

ZEND_METHOD(Swoole_Client, set) {
    HashTable *settings;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ARRAY_HT(settings)
    ZEND_PARSE_PARAMETERS_END();
    opt::refuse_empty_package_eof(settings);
    zval *setting = prop(ZEND_THIS, kSetting);
    if (Z_TYPE_P(setting) != IS_ARRAY) {
        zval_ptr_dtor(setting);
        array_init(setting);
    }
    SEPARATE_ARRAY(setting);
    zend_hash_merge(Z_ARRVAL_P(setting), settings, zval_add_ref, 1);
    apply_settings(ZEND_THIS, sync_of(ZEND_THIS));
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Client, connect) {
    zend_string *host;
    zend_long port = 0, sock_flag = 0;
    double timeout = 0.5;
    ZEND_PARSE_PARAMETERS_START(1, 4)
        Z_PARAM_STR(host)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(port)
        Z_PARAM_DOUBLE(timeout)
        Z_PARAM_LONG(sock_flag)
    ZEND_PARSE_PARAMETERS_END();
    (void)sock_flag;
    SyncClient *c = sync_of(ZEND_THIS);
    if (ZSTR_LEN(host) == 0) {
        php_error_docref(nullptr, E_WARNING, "The host is empty");
        RETURN_FALSE;
    }
    if (c->connected) {
        php_error_docref(nullptr, E_WARNING, "connection to the server has already been established");
        RETURN_FALSE;
    }
    c->drop();
    apply_settings(ZEND_THIS, c);
    if (c->settings.connect_timeout != 0 && timeout == 0.5) timeout = c->settings.connect_timeout;
    if (timeout == 0) timeout = 0.5;
    c->io_timeout = timeout;
    c->host.assign(ZSTR_VAL(host), ZSTR_LEN(host));
    std::string why;
    zval *setting = prop(ZEND_THIS, kSetting);
    c->bind_settings = Z_TYPE_P(setting) == IS_ARRAY ? Z_ARRVAL_P(setting) : nullptr;
    int err = sync_connect(c, c->host, port, timeout, &why);
    c->bind_settings = nullptr;
    if (err) {
        c->drop();
        set_long(ZEND_THIS, kSock, -1);
        sync_error(ZEND_THIS, err, why.empty() ? nullptr : why.c_str());
        php_error_docref(nullptr, E_WARNING, "connect to server[%s:%d] failed. Error: %s[%d]", c->host.c_str(),
                         static_cast<int>(port), why.empty() ? strerror_of(err) : why.c_str(), err);
        RETURN_FALSE;
    }
    c->connected = true;
    set_long(ZEND_THIS, kSock, c->fd);
    set_long(ZEND_THIS, kErrCode, 0);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Client, recv) {
    zend_long size = 65536, flags = 0;
    ZEND_PARSE_PARAMETERS_START(0, 2)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(size)
        Z_PARAM_LONG(flags)
    ZEND_PARSE_PARAMETERS_END();
    SyncClient *c = sync_of(ZEND_THIS);
    if (!require_connected(ZEND_THIS, c)) RETURN_FALSE;
    Nanos deadline = deadline_after(rd_timeout(c));
    if (c->settings.splitter) {
        ssize_t n = recv_packet(c, deadline);
        if (n < 0) {
            int err = static_cast<int>(-n) == ETIMEDOUT ? EAGAIN : static_cast<int>(-n);
            sync_error(ZEND_THIS, err);
            RETURN_FALSE;
        }
        RETVAL_STRINGL(c->rbuf.data(), static_cast<size_t>(n));
        c->rbuf.erase(0, static_cast<size_t>(n));
        return;
    }
    if (size <= 0) size = 65536;
    // Bytes read ahead by an earlier packet read come first.
    if (!c->rbuf.empty()) {
        size_t take = std::min(c->rbuf.size(), static_cast<size_t>(size));
        RETVAL_STRINGL(c->rbuf.data(), take);
        c->rbuf.erase(0, take);
        return;
    }
    zend_string *buf = zend_string_alloc(size, 0);
    size_t got = 0;
    int err = 0;
    bool all = (flags & MSG_WAITALL) != 0;
    do {
        ssize_t n = read_some(c, ZSTR_VAL(buf) + got, static_cast<size_t>(size) - got, deadline);
        if (n < 0) {
            // A timeout is EAGAIN here, as the blocking socket's SO_RCVTIMEO gives in Swoole.
            err = static_cast<int>(-n) == ETIMEDOUT ? EAGAIN : static_cast<int>(-n);
            break;
        }
        if (n == 0) break;
        got += static_cast<size_t>(n);
    } while (all && got < static_cast<size_t>(size));
    if (err && got == 0) {
        zend_string_efree(buf);
        sync_error(ZEND_THIS, err);
        RETURN_FALSE;
    }
    if (got == 0) {
        zend_string_efree(buf);
        RETURN_EMPTY_STRING();
    }
    buf = zend_string_truncate(buf, got, 0);
    ZSTR_VAL(buf)[got] = '\0';
    RETURN_NEW_STR(buf);
}

ZEND_METHOD(Swoole_Client, send) {
    zend_string *data;
    zend_long flags = 0;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_STR(data)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(flags)
    ZEND_PARSE_PARAMETERS_END();
    (void)flags;
    if (ZSTR_LEN(data) == 0) {
        php_error_docref(nullptr, E_WARNING, "data to send is empty");
        RETURN_FALSE;
    }
    SyncClient *c = sync_of(ZEND_THIS);
    if (!require_connected(ZEND_THIS, c)) RETURN_FALSE;
    int err = write_all(c, ZSTR_VAL(data), ZSTR_LEN(data), deadline_after(wr_timeout(c)));
    if (err) {
        sync_error(ZEND_THIS, err == ETIMEDOUT ? EAGAIN : err);
        php_error_docref(nullptr, E_WARNING, "send(%d) %zu bytes failed. Error: %s[%d]", c->fd, ZSTR_LEN(data),
                         strerror_of(err), err);
        RETURN_FALSE;
    }
    RETURN_LONG(static_cast<zend_long>(ZSTR_LEN(data)));
}

ZEND_METHOD(Swoole_Client, sendto) {
    zend_string *ip, *data;
    zend_long port;
    ZEND_PARSE_PARAMETERS_START(3, 3)
        Z_PARAM_STR(ip)
        Z_PARAM_LONG(port)
        Z_PARAM_STR(data)
    ZEND_PARSE_PARAMETERS_END();
    SyncClient *c = sync_of(ZEND_THIS);
    if (ZSTR_LEN(data) == 0) RETURN_FALSE;
    if (c->type != SOCK_DGRAM) {
        php_error_docref(nullptr, E_WARNING, "only a dgram socket can use sendto");
        RETURN_FALSE;
    }
    net::Address to;
    int err = sync_resolve(c, std::string(ZSTR_VAL(ip), ZSTR_LEN(ip)), port, &to);
    if (!err && c->fd < 0) {
        int fd = net::sys::open_socket(c->domain, c->type, 0);
        if (fd < 0) err = -fd;
        c->fd = fd < 0 ? -1 : fd;
    }
    if (!err) {
        ssize_t n = ::sendto(c->fd, ZSTR_VAL(data), ZSTR_LEN(data), MSG_NOSIGNAL, to.sockaddr_ptr(), to.length());
        if (n < 0) err = errno;
    }
    if (err) {
        sync_error(ZEND_THIS, err);
        RETURN_FALSE;
    }
    set_long(ZEND_THIS, kSock, c->fd);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Client, sendfile) {
    zend_string *file;
    zend_long offset = 0, length = 0;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_PATH_STR(file)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(offset)
        Z_PARAM_LONG(length)
    ZEND_PARSE_PARAMETERS_END();
    SyncClient *c = sync_of(ZEND_THIS);
    if (!require_connected(ZEND_THIS, c)) RETURN_FALSE;
    int in = open(ZSTR_VAL(file), O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (in < 0 || fstat(in, &st) != 0 || offset < 0 || offset > st.st_size || length < 0) {
        int err = in < 0 ? errno : EINVAL;
        if (in >= 0) close(in);
        php_error_docref(nullptr, E_WARNING, "sendfile(%s) failed: %s", ZSTR_VAL(file), strerror(err));
        sync_error(ZEND_THIS, err);
        RETURN_FALSE;
    }
    size_t left = static_cast<size_t>(st.st_size - offset);
    if (length > 0 && static_cast<size_t>(length) < left) left = static_cast<size_t>(length);
    Nanos deadline = deadline_after(wr_timeout(c));
    off_t off = static_cast<off_t>(offset);
    std::unique_ptr<char[]> chunk(new char[65536]);
    int err = 0;
    while (left > 0 && !err) {
        ssize_t n = pread(in, chunk.get(), std::min<size_t>(left, 65536), off);
        if (n <= 0) {
            err = n < 0 ? errno : EIO;
            break;
        }
        err = write_all(c, chunk.get(), static_cast<size_t>(n), deadline);
        off += n;
        left -= static_cast<size_t>(n);
    }
    close(in);
    if (err) {
        sync_error(ZEND_THIS, err);
        RETURN_FALSE;
    }
    RETURN_TRUE;
}

// An ext/sockets Socket on a duplicate of the connection's descriptor (one socket, so options set
// through it apply to the connection), made the way socket_import_stream() makes one.
ZEND_METHOD(Swoole_Client, getSocket) {
    ZEND_PARSE_PARAMETERS_NONE();
    SyncClient *c = sync_of(ZEND_THIS);
    if (!require_connected(ZEND_THIS, c)) RETURN_FALSE;
    sockets_ext_socket_of(c->fd, "getSocket()", return_value);
}

void gust::php::sock::sockets_ext_socket_of(int fd, const char *who, zval *out) {
    ZVAL_FALSE(out);
    if (!zend_hash_str_exists(CG(function_table), ZEND_STRL("socket_import_stream"))) {
        php_error_docref(nullptr, E_WARNING, "%s needs the sockets extension", who);
        return;
    }
    int copy = dup(fd);
    if (copy < 0) return;
    php_stream *stream = php_stream_sock_open_from_socket(copy, nullptr);
    if (!stream) {
        close(copy);
        return;
    }
    zval zstream, fname;
    php_stream_to_zval(stream, &zstream);
    ZVAL_STRING(&fname, "socket_import_stream");
    if (call_user_function(nullptr, nullptr, &fname, out, 1, &zstream) != SUCCESS) ZVAL_FALSE(out);
    zval_ptr_dtor(&fname);
    zval_ptr_dtor(&zstream);  // the Socket holds the stream now
}

ZEND_METHOD(Swoole_Client, isConnected) {
    ZEND_PARSE_PARAMETERS_NONE();
    SyncClient *c = sync_of(ZEND_THIS);
    RETURN_BOOL(c->connected && c->fd >= 0);
}

static void sync_name(INTERNAL_FUNCTION_PARAMETERS, bool peer) {
    ZEND_PARSE_PARAMETERS_NONE();
    SyncClient *c = sync_of(ZEND_THIS);
    if (!require_connected(ZEND_THIS, c)) RETURN_FALSE;
    sockaddr_storage ss{};
    socklen_t len = sizeof ss;
    int rc = peer ? getpeername(c->fd, reinterpret_cast<sockaddr *>(&ss), &len)
                  : getsockname(c->fd, reinterpret_cast<sockaddr *>(&ss), &len);
    if (rc != 0) {
        sync_error(ZEND_THIS, errno);
        RETURN_FALSE;
    }
    net::Address a = net::Address::from_sockaddr(reinterpret_cast<sockaddr *>(&ss), len);
    std::string host = a.host();
    array_init(return_value);
    add_assoc_long(return_value, "port", a.is_ip() ? a.port() : 0);
    add_assoc_stringl(return_value, "host", host.data(), host.size());
}

ZEND_METHOD(Swoole_Client, getsockname) { sync_name(INTERNAL_FUNCTION_PARAM_PASSTHRU, false); }
ZEND_METHOD(Swoole_Client, getpeername) { sync_name(INTERNAL_FUNCTION_PARAM_PASSTHRU, true); }

ZEND_METHOD(Swoole_Client, shutdown) {
    zend_long how;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(how)
    ZEND_PARSE_PARAMETERS_END();
    SyncClient *c = sync_of(ZEND_THIS);
    if (!require_connected(ZEND_THIS, c)) RETURN_FALSE;
    if (::shutdown(c->fd, static_cast<int>(how)) != 0) {
        sync_error(ZEND_THIS, errno);
        RETURN_FALSE;
    }
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Client, enableSSL) {
    zval *callback = nullptr;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_ZVAL(callback)
    ZEND_PARSE_PARAMETERS_END();
    (void)callback;
    SyncClient *c = sync_of(ZEND_THIS);
    if (c->type != SOCK_STREAM) {
        php_error_docref(nullptr, E_WARNING, "cannot use enableSSL on a dgram socket");
        RETURN_FALSE;
    }
    if (!require_connected(ZEND_THIS, c)) RETURN_FALSE;
    if (c->tls) {
        php_error_docref(nullptr, E_WARNING, "SSL has already been enabled");
        RETURN_FALSE;
    }
    c->ssl = true;
    std::string why;
    int err = tls_handshake_blocking(c, deadline_after(c->io_timeout), &why);
    if (err) {
        sync_error(ZEND_THIS, err, why.empty() ? nullptr : why.c_str());
        RETURN_FALSE;
    }
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Client, getPeerCert) {
    ZEND_PARSE_PARAMETERS_NONE();
    SyncClient *c = sync_of(ZEND_THIS);
    std::string pem = c->tls ? c->tls->peer_certificate_pem() : std::string();
    if (pem.empty()) {
        sync_error(ZEND_THIS, code(SwooleError::kSslEmptyPeerCertificate));
        RETURN_FALSE;
    }
    RETURN_STRINGL(pem.data(), pem.size());
}

ZEND_METHOD(Swoole_Client, verifyPeerCert) {
    bool allow_self_signed = false;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(allow_self_signed)
    ZEND_PARSE_PARAMETERS_END();
    SyncClient *c = sync_of(ZEND_THIS);
    std::string pem = c->tls ? c->tls->peer_certificate_pem() : std::string();
    std::string why;
    int err = verify_pem_now(pem, c->settings.tls_config,
                             c->settings.ssl_host_name.empty() ? c->host : c->settings.ssl_host_name, allow_self_signed,
                             &why);
    if (err) {
        sync_error(ZEND_THIS, err, why.empty() ? nullptr : why.c_str());
        RETURN_FALSE;
    }
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Client, close) {
    bool force = false;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(force)
    ZEND_PARSE_PARAMETERS_END();
    (void)force;
    SyncClient *c = sync_of(ZEND_THIS);
    if (c->fd < 0) {
        sync_error(ZEND_THIS, code(SwooleError::kClientNoConnection));
        RETURN_FALSE;
    }
    if (c->tls) c->tls->shutdown();
    c->drop();
    set_long(ZEND_THIS, kSock, -1);
    RETURN_TRUE;
}

namespace {

// The fd select() watches for an item of swoole_client_select()'s arrays: a Swoole\Client's
// socket, or whatever fd_of_zval() reads (a stream, a Socket, a Coroutine\Socket, a Process's
// pipe, an int); -1 for anything else, which is left out.
int select_fd(zval *item, SyncClient **client) {
    *client = nullptr;
    if (Z_TYPE_P(item) == IS_OBJECT && instanceof_function(Z_OBJCE_P(item), ce_sync_client)) {
        *client = SyncClass::from(item);
        return (*client)->fd;
    }
    return gust::php::fd_of_zval(item);
}

}  // namespace

// swoole_client_select(&$read, &$write, &$error, $timeout), also named swoole_select(): poll()
// over the items' fds; each array keeps the items that are ready. The number ready, 0 on timeout,
// false on an error.
ZEND_FUNCTION(swoole_client_select) {
    zval *read, *write, *error;
    double timeout = 0.5;
    ZEND_PARSE_PARAMETERS_START(3, 4)
        Z_PARAM_ZVAL(read)
        Z_PARAM_ZVAL(write)
        Z_PARAM_ZVAL(error)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    zval *sets[3] = {read, write, error};
    const short events[3] = {POLLIN, POLLOUT, POLLPRI};
    std::vector<pollfd> fds;
    std::vector<int> set_of;  // which array each pollfd came from
    bool buffered = false;    // a client holds bytes already read: readable without waiting
    for (int i = 0; i < 3; i++) {
        zval *arr = sets[i];
        ZVAL_DEREF(arr);
        if (Z_TYPE_P(arr) != IS_ARRAY) continue;
        zval *item;
        ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(arr), item) {
            SyncClient *c;
            const int fd = select_fd(item, &c);
            if (fd < 0) continue;
            if (i == 0 && c && (!c->rbuf.empty() || (c->tls && c->tls->pending() > 0))) buffered = true;
            fds.push_back({fd, events[i], 0});
            set_of.push_back(i);
        }
        ZEND_HASH_FOREACH_END();
    }
    int ms = buffered || timeout == 0 ? 0 : timeout < 0 ? -1 : static_cast<int>(std::ceil(timeout * 1000));
    int rc;
    do {
        rc = ::poll(fds.data(), fds.size(), ms);
    } while (rc < 0 && errno == EINTR);
    if (rc < 0) {
        php_error_docref(nullptr, E_WARNING, "poll() failed: %s", strerror(errno));
        RETURN_FALSE;
    }
    int ready = 0;
    for (int i = 0; i < 3; i++) {
        zval *arr = sets[i];
        ZVAL_DEREF(arr);
        if (Z_TYPE_P(arr) != IS_ARRAY) continue;
        zval kept;
        array_init(&kept);
        zend_string *key;
        zend_ulong idx;
        zval *item;
        ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(arr), idx, key, item) {
            SyncClient *c;
            const int fd = select_fd(item, &c);
            if (fd < 0) continue;
            bool hit = i == 0 && c && (!c->rbuf.empty() || (c->tls && c->tls->pending() > 0));
            for (size_t k = 0; k < fds.size() && !hit; k++) {
                if (set_of[k] == i && fds[k].fd == fd && fds[k].revents) hit = true;
            }
            if (!hit) continue;
            Z_TRY_ADDREF_P(item);
            if (key) {
                zend_hash_update(Z_ARRVAL(kept), key, item);
            } else {
                zend_hash_index_update(Z_ARRVAL(kept), idx, item);
            }
            ready++;
        }
        ZEND_HASH_FOREACH_END();
        if (Z_ISREF_P(sets[i])) {
            ZEND_TRY_ASSIGN_REF_VALUE(sets[i], &kept);
        } else {
            zval_ptr_dtor(&kept);
        }
    }
    RETURN_LONG(ready);
}

#include "stubs/client_arginfo.h"

void gust::php::sock::register_sync_client_class() {
    ce_sync_client = register_class_Swoole_Client();
    SyncClass::install(ce_sync_client);
    zend_register_functions(nullptr, ext_functions, nullptr, MODULE_PERSISTENT);
}
