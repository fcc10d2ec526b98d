// Coroutine\Socket's byte stream through TLS (open_ssl, ssl_*, sslHandshake()), sendFile() and
// static import(): the parts of the socket that go beyond plain recv/send on the fd.
#include <fcntl.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <memory>

#include "common/errors.h"
#include "gust/base/clock.h"
#include "gust/base/error.h"
#include "socket/socket_internal.h"

extern "C" {
#include "main/php_network.h"
#include "main/php_streams.h"
}

using namespace gust;
using namespace gust::php;
using namespace gust::php::sock;

Result<size_t> gust::php::sock::stream_recv(SocketState *s, void *buf, size_t len, Nanos timeout) {
    if (s->tls) return s->tls->recv(buf, len, timeout);
    return s->sock->recv(buf, len, timeout);
}

Result<size_t> gust::php::sock::stream_send(SocketState *s, const void *buf, size_t len, Nanos timeout) {
    if (s->tls) return s->tls->send_all(buf, len, timeout);
    return s->sock->send(buf, len, timeout);
}

namespace {

bool bool_key(HashTable *ht, const char *key, bool *out) {
    zval *v = zend_hash_str_find(ht, key, strlen(key));
    if (!v) return false;
    *out = zend_is_true(v);
    return true;
}

void string_key(HashTable *ht, const char *key, std::string *out) {
    zval *v = zend_hash_str_find(ht, key, strlen(key));
    if (!v) return;
    zend_string *str = zval_get_string(v);
    out->assign(ZSTR_VAL(str), ZSTR_LEN(str));
    zend_string_release(str);
}

}  // namespace

void gust::php::sock::read_ssl_settings(SocketState *s, HashTable *ht) {
    bool b;
    if (bool_key(ht, "open_ssl", &b)) s->open_ssl = b;
    net::TlsConfig &t = s->tls_config;
    if (bool_key(ht, "ssl_verify_peer", &b)) {
        t.verify_peer = b;
        s->ssl_verify_set = true;
    }
    if (bool_key(ht, "ssl_allow_self_signed", &b)) t.allow_self_signed = b;
    if (zval *v = zend_hash_str_find(ht, ZEND_STRL("ssl_verify_depth"))) {
        t.verify_depth = static_cast<int>(zval_get_long(v));
    }
    string_key(ht, "ssl_cafile", &t.cafile);
    // A server's CAs for client certificates (Swoole's name for them on servers).
    string_key(ht, "ssl_client_cert_file", &t.cafile);
    string_key(ht, "ssl_capath", &t.capath);
    string_key(ht, "ssl_cert_file", &t.cert_file);
    string_key(ht, "ssl_key_file", &t.key_file);
    string_key(ht, "ssl_passphrase", &t.passphrase);
    string_key(ht, "ssl_ciphers", &t.ciphers);
    string_key(ht, "ssl_alpn_protocols", &t.alpn);
    if (zval *v = zend_hash_str_find(ht, ZEND_STRL("ssl_protocols"))) t.protocols = static_cast<int>(zval_get_long(v));
    string_key(ht, "ssl_host_name", &s->ssl_host_name);
}

int gust::php::sock::ensure_tls_context(SocketState *s, bool server) {
    const net::TlsRole role = server ? net::TlsRole::kServer : net::TlsRole::kClient;
    net::TlsConfig config = s->tls_config;
    config.datagram = s->type == SOCK_DGRAM;  // a UDP socket: DTLS
    // A server asks for a client certificate only when told to (Swoole's default for servers).
    if (server && !s->ssl_verify_set) config.verify_peer = false;
    if (s->tls_ctx && s->tls_ctx->config() == config && s->tls_ctx->role() == role) return 0;
    s->tls_ctx.reset();
    s->tls_error.clear();
    auto ctx = net::TlsContext::create(role, config, &s->tls_error);
    if (!ctx.ok()) return code(SwooleError::kSslHandshakeFailed);
    s->tls_ctx = std::move(ctx.value());
    return 0;
}

int gust::php::sock::tls_handshake(SocketState *s, std::string_view host, Nanos timeout) {
    if (s->tls) return 0;  // done already: a second call is a no-op, as in Swoole
    if (int err = ensure_tls_context(s, s->server_side)) return err;
    std::string name = s->ssl_host_name;
    if (name.empty() && !s->server_side && s->domain != AF_UNIX) name.assign(host);
    auto tls = std::make_unique<net::TlsSession>(s->tls_ctx, *s->sock, name);
    Status hs = tls->handshake(timeout);
    if (hs.ok()) {
        s->tls = std::move(tls);
        return 0;
    }
    if (hs.code() == kErrTls || hs.code() == kErrTlsVerify) s->tls_error = tls->error();
    // Half a handshake leaves nothing usable, and plaintext must never follow a peer that failed
    // verification: the connection ends here.
    tls.reset();
    s->sock->close();
    return code_of(hs.code());
}

namespace {

// An errCode and its message: OpenSSL's reason for a TLS failure.
void set_tls_error(zval *self, SocketState *s, int err) {
    if (!s->tls_error.empty() &&
        (err == code(SwooleError::kSslHandshakeFailed) || err == code(SwooleError::kSslVerifyFailed))) {
        set_error(self, err, s->tls_error.c_str());
    } else {
        set_error(self, err);
    }
}

}  // namespace

void gust::php::sock::op_ssl_handshake(zval *self, std::string_view host, zval *return_value) {
    SocketState *s = state_of(self);
    // Both directions: the handshake reads and writes.
    PhpCoroutine *p = begin_io(self, s, Kind::kRead);
    if (!p) RETURN_FALSE;
    if (s->write_cid != 0) {
        end_io(s, Kind::kRead);
        set_error(self, EBUSY);
        RETURN_FALSE;
    }
    s->write_cid = s->read_cid;
    int err = tls_handshake(s, host, timeout_of(s, 0, Kind::kConnect));
    end_io(s, Kind::kRead);
    end_io(s, Kind::kWrite);
    if (!resumed(p)) return;
    if (err) {
        sync_fd(self, s);
        set_tls_error(self, s, err);
        RETURN_FALSE;
    }
    clear_error(self);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Socket, sslHandshake) {
    ZEND_PARSE_PARAMETERS_NONE();
    SocketState *s = state_of(ZEND_THIS);
    std::string host;
    if (s->sock && s->sock->is_open() && !s->server_side) {
        auto peer = s->sock->peer_address();
        if (peer.ok()) host = peer.value().host();
    }
    op_ssl_handshake(ZEND_THIS, host, return_value);
}

namespace {

constexpr size_t kFileChunk = 64 * 1024;

// Sends [offset, offset + length) of the file: the kernel's sendfile() on a plain socket, reads
// through a buffer over TLS. 0 or an errCode.
int do_send_file(SocketState *s, int file, off_t offset, size_t length, Nanos timeout) {
    Nanos deadline = timeout < 0 ? -1 : monotonic_now() + timeout;
    auto left = [deadline]() -> Nanos {
        if (deadline < 0) return -1;
        Nanos l = deadline - monotonic_now();
        return l > 0 ? l : 0;
    };
    if (s->tls) {
        std::unique_ptr<char[]> buf(new char[kFileChunk]);
        while (length > 0) {
            ssize_t n = pread(file, buf.get(), std::min(length, kFileChunk), offset);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) return errno;
            if (n == 0) return EIO;  // the file shrank under us
            auto r = stream_send(s, buf.get(), static_cast<size_t>(n), left());
            if (!r.ok()) return code_of(r.code());
            offset += n;
            length -= static_cast<size_t>(n);
        }
        return 0;
    }
    while (length > 0) {
        ssize_t n = ::sendfile(s->sock->fd(), file, &offset, std::min<size_t>(length, 1 << 30));
        if (n > 0) {
            length -= static_cast<size_t>(n);
            continue;
        }
        if (n == 0) return EIO;
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) return errno;
        Status st = s->sock->wait_ready(true, left());
        if (!st.ok()) return code_of(st.code());
    }
    return 0;
}

}  // namespace

void gust::php::sock::op_send_file(zval *self, const char *path, zend_long offset, zend_long length,
                                   zval *return_value) {
    SocketState *s = state_of(self);
    if (!usable(self, s)) RETURN_FALSE;
    if (offset < 0 || length < 0) {
        php_error_docref(nullptr, E_WARNING, "offset and length must not be negative");
        set_error(self, EINVAL);
        RETURN_FALSE;
    }
    int file = open(path, O_RDONLY | O_CLOEXEC);
    if (file < 0) {
        int err = errno;
        php_error_docref(nullptr, E_WARNING, "open(%s) failed: %s", path, strerror(err));
        set_error(self, err);
        RETURN_FALSE;
    }
    struct stat st;
    if (fstat(file, &st) != 0 || offset > st.st_size) {
        int err = offset > st.st_size ? EINVAL : errno;
        close(file);
        set_error(self, err);
        RETURN_FALSE;
    }
    size_t size = static_cast<size_t>(st.st_size - offset);
    if (length > 0 && static_cast<size_t>(length) < size) size = static_cast<size_t>(length);
    PhpCoroutine *p = begin_io(self, s, Kind::kWrite);
    if (!p) {
        close(file);
        RETURN_FALSE;
    }
    int err = do_send_file(s, file, static_cast<off_t>(offset), size, timeout_of(s, 0, Kind::kWrite));
    end_io(s, Kind::kWrite);
    close(file);
    if (!resumed(p)) return;
    if (err) {
        set_error(self, err);
        RETURN_FALSE;
    }
    clear_error(self);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Socket, sendFile) {
    zend_string *file;
    zend_long offset = 0, length = 0;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_PATH_STR(file)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(offset)
        Z_PARAM_LONG(length)
    ZEND_PARSE_PARAMETERS_END();
    op_send_file(ZEND_THIS, ZSTR_VAL(file), offset, length, return_value);
}

// A Co\Socket over a copy of a stream's (or ext/sockets') descriptor; the stream stays usable on
// its own, as in Swoole.
ZEND_METHOD(Swoole_Coroutine_Socket, import) {
    zval *zstream;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_RESOURCE(zstream)
    ZEND_PARSE_PARAMETERS_END();
    php_stream *stream = static_cast<php_stream *>(
        zend_fetch_resource2_ex(zstream, "stream", php_file_le_stream(), php_file_le_pstream()));
    if (!stream) RETURN_FALSE;
    php_socket_t fd = -1;
    if (php_stream_cast(stream, PHP_STREAM_AS_SOCKETD, reinterpret_cast<void **>(&fd), 1) != SUCCESS || fd < 0) {
        php_error_docref(nullptr, E_WARNING, "the stream has no socket descriptor");
        RETURN_FALSE;
    }
    int domain = 0;
    socklen_t len = sizeof(domain);
    if (getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &len) != 0 && errno == ENOTSOCK) {
        // A file, pipe or memory stream: the words of PHP's own socket_import_stream().
        php_error_docref(nullptr, E_WARNING, "Cannot represent a stream of type %s as a Socket Descriptor",
                         stream->ops->label);
        RETURN_FALSE;
    }
    zend_object *obj = socket_over_copy_of(fd);
    if (!obj) RETURN_FALSE;
    RETURN_OBJ(obj);
}

int gust::php::sock::socket_fd_of(zend_object *obj) {
    const auto &sock = SocketClass::from(obj)->sock;
    return sock ? sock->fd() : -1;
}

void gust::php::sock::give_read_ahead(zend_object *obj, std::string bytes) {
    std::string &rbuf = SocketClass::from(obj)->rbuf;
    rbuf.insert(0, bytes);
}

bool gust::php::sock::close_socket_object(zend_object *obj) {
    SocketState *s = SocketClass::from(obj);
    if (!s->sock || !s->sock->is_open()) return false;
    std::vector<coro::CoroutineId> waiting = s->sock->close_keeping_waiters();
    zval self;
    ZVAL_OBJ(&self, obj);
    sync_fd(&self, s);
    wake_closed_now(waiting);
    return true;
}

zend_object *gust::php::sock::socket_over_copy_of(int fd) {
    int domain = 0, type = 0, protocol = 0;
    socklen_t len = sizeof(int);
    if (getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &len) != 0) {
        php_error_docref(nullptr, E_WARNING, "the descriptor is not a socket: %s", strerror(errno));
        return nullptr;
    }
    len = sizeof(int);
    (void)getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len);
    len = sizeof(int);
    (void)getsockopt(fd, SOL_SOCKET, SO_PROTOCOL, &protocol, &len);
    int copy = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (copy < 0) {
        php_error_docref(nullptr, E_WARNING, "dup() failed: %s", strerror(errno));
        return nullptr;
    }
    // The flag belongs to the open file, so the original turns non-blocking too (as Swoole's does).
    int flags = fcntl(copy, F_GETFL);
    (void)fcntl(copy, F_SETFL, flags | O_NONBLOCK);
    return make_socket(new net::CoSocket(copy), domain, type, protocol);
}

// verifyPeerCert(): the peer's certificate against the ssl_cafile/ssl_capath CAs (else the
// system's) and the host name, whatever ssl_verify_peer said at the handshake.
int gust::php::sock::verify_peer_now(SocketState *s, std::string_view host, bool allow_self_signed, std::string *why) {
    std::string pem = s->tls ? s->tls->peer_certificate_pem() : std::string();
    std::string name = s->ssl_host_name.empty() ? std::string(host) : s->ssl_host_name;
    return verify_pem_now(pem, s->tls_config, name, allow_self_signed, why);
}

int gust::php::sock::verify_pem_now(const std::string &pem, const net::TlsConfig &t, const std::string &name,
                                    bool allow_self_signed, std::string *why) {
    if (pem.empty()) return code(SwooleError::kSslEmptyPeerCertificate);
    BIO *bio = BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size()));
    X509 *cert = bio ? PEM_read_bio_X509(bio, nullptr, nullptr, nullptr) : nullptr;
    if (bio) BIO_free(bio);
    if (!cert) return code(SwooleError::kSslEmptyPeerCertificate);
    X509_STORE *store = X509_STORE_new();
    bool loaded = !t.cafile.empty() || !t.capath.empty()
                      ? X509_STORE_load_locations(store, t.cafile.empty() ? nullptr : t.cafile.c_str(),
                                                  t.capath.empty() ? nullptr : t.capath.c_str()) == 1
                      : X509_STORE_set_default_paths(store) == 1;
    X509_STORE_CTX *ctx = X509_STORE_CTX_new();
    int result = X509_V_ERR_UNSPECIFIED;
    if (loaded && ctx && X509_STORE_CTX_init(ctx, store, cert, nullptr) == 1) {
        result = X509_verify_cert(ctx) == 1 ? X509_V_OK : X509_STORE_CTX_get_error(ctx);
    }
    bool self_signed =
        result == X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT || result == X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN;
    int err = 0;
    if (result != X509_V_OK && !(allow_self_signed && self_signed)) {
        *why = X509_verify_cert_error_string(result);
        err = code(SwooleError::kSslVerifyFailed);
    } else {
        if (!name.empty()) {
            bool ok = X509_check_ip_asc(cert, name.c_str(), 0) == 1 ||
                      X509_check_host(cert, name.data(), name.size(), 0, nullptr) == 1;
            if (!ok) {
                *why = "certificate does not match host name " + name;
                err = code(SwooleError::kSslVerifyFailed);
            }
        }
    }
    if (ctx) X509_STORE_CTX_free(ctx);
    X509_STORE_free(store);
    X509_free(cert);
    return err;
}
