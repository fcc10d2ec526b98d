#include "gust/net/tls.h"

#include <arpa/inet.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>

#include "gust/net/dtls.h"
#include "gust/net/socket.h"

namespace gust::net {
namespace {

// ---- a socket BIO that never raises SIGPIPE (OpenSSL's own writes with write(2)) and never blocks,
// even on an fd in blocking mode (a PHP stream's socket, whose mode PHP owns)

int bio_fd(BIO *b) { return static_cast<int>(reinterpret_cast<intptr_t>(BIO_get_data(b))); }

int bio_write(BIO *b, const char *data, int len) {
    BIO_clear_retry_flags(b);
    ssize_t n = sys::send(bio_fd(b), data, static_cast<size_t>(len), MSG_DONTWAIT);
    if (n >= 0) return static_cast<int>(n);
    if (n == -EAGAIN) BIO_set_retry_write(b);
    errno = static_cast<int>(-n);
    return -1;
}

int bio_read(BIO *b, char *data, int len) {
    BIO_clear_retry_flags(b);
    ssize_t n = sys::recv(bio_fd(b), data, static_cast<size_t>(len), MSG_DONTWAIT);
    if (n >= 0) return static_cast<int>(n);
    if (n == -EAGAIN) BIO_set_retry_read(b);
    errno = static_cast<int>(-n);
    return -1;
}

long bio_ctrl(BIO *, int cmd, long, void *) {
    return cmd == BIO_CTRL_FLUSH ? 1 : 0;  // writes are unbuffered
}

int bio_create(BIO *b) {
    BIO_set_init(b, 1);
    return 1;
}

BIO_METHOD *socket_bio_method() {
    static BIO_METHOD *method = [] {
        BIO_METHOD *m = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "gust socket");
        BIO_meth_set_write(m, bio_write);
        BIO_meth_set_read(m, bio_read);
        BIO_meth_set_ctrl(m, bio_ctrl);
        BIO_meth_set_create(m, bio_create);
        return m;
    }();
    return method;
}

// The oldest queued OpenSSL error as text (the root cause; later ones say where it surfaced).
std::string openssl_reason(const char *fallback, int *reason = nullptr) {
    unsigned long first = ERR_get_error();
    ERR_clear_error();
    if (reason) *reason = static_cast<int>(ERR_GET_REASON(first));
    if (!first) return fallback;
    char buf[256];
    ERR_error_string_n(first, buf, sizeof buf);
    return buf;
}

int version_of(int bit) {
    switch (bit) {
        case kTls1_0: return TLS1_VERSION;
        case kTls1_1: return TLS1_1_VERSION;
        case kTls1_2: return TLS1_2_VERSION;
        default: return TLS1_3_VERSION;
    }
}

// allow_self_signed: a self-signed certificate (alone or as the chain's root) passes; every
// other verification error still fails the handshake.
int accept_self_signed(int preverified, X509_STORE_CTX *store) {
    if (preverified) return 1;
    int err = X509_STORE_CTX_get_error(store);
    return err == X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT || err == X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN;
}

int passphrase_callback(char *buf, int size, int, void *userdata) {
    const auto *pass = static_cast<const std::string *>(userdata);
    int n = static_cast<int>(std::min<size_t>(pass->size(), static_cast<size_t>(size)));
    std::memcpy(buf, pass->data(), static_cast<size_t>(n));
    return n;
}

// "h2,http/1.1" in ALPN's wire format (length-prefixed names); empty when a name is invalid.
std::string alpn_wire(const std::string &list) {
    std::string out;
    size_t start = 0;
    while (start <= list.size()) {
        size_t end = list.find(',', start);
        if (end == std::string::npos) end = list.size();
        size_t len = end - start;
        if (len == 0 || len > 255) return {};
        out.push_back(static_cast<char>(len));
        out.append(list, start, len);
        start = end + 1;
    }
    return out;
}

bool is_ip_literal(const std::string &host) {
    unsigned char buf[sizeof(struct in6_addr)];
    return inet_pton(AF_INET, host.c_str(), buf) == 1 || inet_pton(AF_INET6, host.c_str(), buf) == 1;
}

Nanos remaining(Nanos deadline) {
    if (deadline < 0) return -1;
    Nanos left = deadline - monotonic_now();
    return left > 0 ? left : 0;
}

}  // namespace

Result<std::shared_ptr<TlsContext>> TlsContext::create(TlsRole role, const TlsConfig &config, std::string *error) {
    ERR_clear_error();
    const bool server = role == TlsRole::kServer;
    const bool dtls = config.datagram;
    SSL_CTX *ctx = dtls ? SSL_CTX_new(server ? DTLS_server_method() : DTLS_client_method())
                        : SSL_CTX_new(server ? TLS_server_method() : TLS_client_method());
    auto refuse = [&](const char *what) -> Result<std::shared_ptr<TlsContext>> {
        if (error) *error = std::string(what) + ": " + openssl_reason("failed");
        if (ctx) SSL_CTX_free(ctx);
        return Error{kErrTls};
    };
    if (!ctx) return refuse("SSL_CTX_new");
    int lowest = 0, highest = 0;
    for (int bit : {kTls1_0, kTls1_1, kTls1_2, kTls1_3}) {
        if (!(config.protocols & bit)) continue;
        if (!lowest) lowest = version_of(bit);
        highest = version_of(bit);
    }
    if (dtls) {
        lowest = DTLS1_2_VERSION, highest = DTLS1_2_VERSION;  // DTLS 1.0 is TLS 1.1's age: not offered
    } else if (!config.protocols) {
        lowest = TLS1_2_VERSION;
    } else if (!lowest) {
        return refuse("ssl_protocols (no TLS version; SSLv2/SSLv3 are not supported)");
    }
    if (!SSL_CTX_set_min_proto_version(ctx, lowest) || !SSL_CTX_set_max_proto_version(ctx, highest)) {
        return refuse("ssl_protocols");
    }
    if (!dtls && lowest < TLS1_2_VERSION) SSL_CTX_set_security_level(ctx, 0);  // old versions need SHA-1
    // Many peers close without close_notify; the framing above (HTTP lengths, WebSocket close)
    // notices truncation.
    SSL_CTX_set_options(ctx, SSL_OP_IGNORE_UNEXPECTED_EOF | SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION |
                                 (server ? SSL_OP_CIPHER_SERVER_PREFERENCE : 0));
    SSL_CTX_set_mode(ctx, SSL_MODE_RELEASE_BUFFERS);
    if (dtls && server) {
        use_dtls_cookies(ctx);
    }
    if (!config.ciphers.empty() && !SSL_CTX_set_cipher_list(ctx, config.ciphers.c_str())) return refuse("ssl_ciphers");
    if (config.verify_peer) {
        const char *file = config.cafile.empty() ? nullptr : config.cafile.c_str();
        const char *dir = config.capath.empty() ? nullptr : config.capath.c_str();
        if (file || dir) {
            if (!SSL_CTX_load_verify_locations(ctx, file, dir)) return refuse(file ? "ssl_cafile" : "ssl_capath");
            if (server && file) {
                STACK_OF(X509_NAME) *names = SSL_load_client_CA_file(file);
                if (names) SSL_CTX_set_client_CA_list(ctx, names);  // what the request names
            }
        } else if (!SSL_CTX_set_default_verify_paths(ctx)) {
            return refuse("the system CA store");
        }
        int mode = SSL_VERIFY_PEER | (server ? SSL_VERIFY_FAIL_IF_NO_PEER_CERT : 0);
        SSL_CTX_set_verify(ctx, mode, config.allow_self_signed ? accept_self_signed : nullptr);
        if (config.verify_depth > 0) SSL_CTX_set_verify_depth(ctx, config.verify_depth);
    } else {
        SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, nullptr);
    }
    if (server && config.cert_file.empty()) {
        if (error) *error = "ssl_cert_file: a TLS server needs a certificate";
        SSL_CTX_free(ctx);
        return Error{kErrTls};
    }
    if (!config.cert_file.empty()) {
        std::string pass = config.passphrase;
        SSL_CTX_set_default_passwd_cb(ctx, passphrase_callback);
        SSL_CTX_set_default_passwd_cb_userdata(ctx, &pass);
        const std::string &key = config.key_file.empty() ? config.cert_file : config.key_file;
        bool ok = SSL_CTX_use_certificate_chain_file(ctx, config.cert_file.c_str()) == 1;
        if (!ok) return refuse("ssl_cert_file");
        ok = SSL_CTX_use_PrivateKey_file(ctx, key.c_str(), SSL_FILETYPE_PEM) == 1;
        SSL_CTX_set_default_passwd_cb_userdata(ctx, nullptr);
        if (!ok && ERR_GET_REASON(ERR_peek_last_error()) == X509_R_KEY_VALUES_MISMATCH) {
            return refuse("ssl_key_file does not match ssl_cert_file");
        }
        if (!ok) return refuse("ssl_key_file");
        if (!SSL_CTX_check_private_key(ctx)) return refuse("ssl_key_file does not match ssl_cert_file");
    }
    std::string wire;
    if (!config.alpn.empty()) {
        wire = alpn_wire(config.alpn);
        if (wire.empty()) {
            if (error) *error = "ssl_alpn_protocols: an empty or over-long protocol name";
            SSL_CTX_free(ctx);
            return Error{kErrTls};
        }
        // SSL_CTX_set_alpn_protos returns 0 on success.
        if (!server && SSL_CTX_set_alpn_protos(ctx, reinterpret_cast<const unsigned char *>(wire.data()),
                                               static_cast<unsigned>(wire.size())) != 0) {
            return refuse("ssl_alpn_protocols");
        }
    }
    std::shared_ptr<TlsContext> out(new TlsContext(ctx, role, config));
    out->alpn_wire_ = std::move(wire);
    if (server && !out->alpn_wire_.empty()) SSL_CTX_set_alpn_select_cb(ctx, select_alpn, out.get());
    return out;
}

TlsContext::TlsContext(SSL_CTX *ctx, TlsRole role, TlsConfig config)
    : ctx_(ctx), role_(role), config_(std::move(config)) {}

// The first of our protocols the client offers; no overlap means no ALPN (not a failure).
int TlsContext::select_alpn(SSL *, const unsigned char **out, unsigned char *outlen, const unsigned char *in,
                            unsigned inlen, void *arg) {
    const auto *self = static_cast<const TlsContext *>(arg);
    unsigned char *chosen = nullptr;
    const auto *ours = reinterpret_cast<const unsigned char *>(self->alpn_wire_.data());
    int rc = SSL_select_next_proto(&chosen, outlen, ours, static_cast<unsigned>(self->alpn_wire_.size()), in, inlen);
    if (rc != OPENSSL_NPN_NEGOTIATED) return SSL_TLSEXT_ERR_NOACK;
    *out = chosen;
    return SSL_TLSEXT_ERR_OK;
}

TlsContext::~TlsContext() { SSL_CTX_free(ctx_); }

// ---- TlsEngine: one SSL on a non-blocking fd, never waiting

TlsEngine::TlsEngine(std::shared_ptr<TlsContext> ctx, int fd, const std::string &host) : ctx_(std::move(ctx)) {
    ERR_clear_error();
    ssl_ = SSL_new(ctx_->native());
    BIO *bio = ssl_ ? BIO_new(socket_bio_method()) : nullptr;
    if (!bio) {
        if (ssl_) SSL_free(ssl_);
        ssl_ = nullptr;
        error_ = openssl_reason("out of memory");
        return;
    }
    if (ctx_->config().datagram) {
        // OpenSSL's datagram BIO: it knows the path MTU and DTLS's retransmission needs.
        BIO_free(bio);
        bio = BIO_new_dgram(fd, BIO_NOCLOSE);
        sockaddr_storage peer{};
        socklen_t peer_len = sizeof peer;
        if (bio && getpeername(fd, reinterpret_cast<sockaddr *>(&peer), &peer_len) == 0) {
            BIO_ctrl(bio, BIO_CTRL_DGRAM_SET_CONNECTED, 0, &peer);
        }
        if (!bio) {
            SSL_free(ssl_);
            ssl_ = nullptr;
            error_ = openssl_reason("out of memory");
            return;
        }
    } else {
        BIO_set_data(bio, reinterpret_cast<void *>(static_cast<intptr_t>(fd)));
    }
    SSL_set_bio(ssl_, bio, bio);
    // Partial writes: a write reports each record as it leaves, so an output buffer can be
    // consumed as it goes; the buffer may move (it grows) between a refused write and its retry.
    SSL_set_mode(ssl_, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    if (ctx_->role() == TlsRole::kServer) {
        SSL_set_accept_state(ssl_);
        return;
    }
    SSL_set_connect_state(ssl_);
    const bool ip = is_ip_literal(host);
    if (!host.empty() && !ip) SSL_set_tlsext_host_name(ssl_, host.c_str());
    if (!host.empty() && ctx_->config().verify_peer && ctx_->config().verify_host) {
        if (ip) X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl_), host.c_str());
        else SSL_set1_host(ssl_, host.c_str());
    }
}

TlsEngine::TlsEngine(std::shared_ptr<TlsContext> ctx, SSL *ssl) : ctx_(std::move(ctx)), ssl_(ssl) {
    if (ssl_) SSL_set_mode(ssl_, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
}

TlsEngine::~TlsEngine() {
    if (ssl_) SSL_free(ssl_);
}

int TlsEngine::classify(int rc) {
    const int saved_errno = errno;
    const int kind = SSL_get_error(ssl_, rc);
    reason_ = 0;
    wants_write_ = kind == SSL_ERROR_WANT_WRITE;
    switch (kind) {
        case SSL_ERROR_WANT_READ:
        case SSL_ERROR_WANT_WRITE: return -EAGAIN;
        case SSL_ERROR_ZERO_RETURN: error_ = "the peer closed the TLS session"; return -ECONNRESET;
        case SSL_ERROR_SYSCALL:
            if (ERR_peek_error()) break;
            if (saved_errno == 0 || rc == 0) {
                error_ = "the peer closed the connection";
                return -ECONNRESET;
            }
            error_ = strerror(saved_errno);
            return -saved_errno;
        default: break;
    }
    error_ = openssl_reason("TLS failure", &reason_);
    return -kErrTls;
}

int TlsEngine::handshake() {
    if (!ssl_) return -kErrTls;
    if (established_) return 0;
    ERR_clear_error();
    errno = 0;
    const int rc = SSL_do_handshake(ssl_);
    if (rc != 1) {
        const long verify = SSL_get_verify_result(ssl_);
        const int r = classify(rc);
        if (r == -kErrTls && verify != X509_V_OK) {
            error_ = std::string("certificate verify failed: ") + X509_verify_cert_error_string(verify);
            return -kErrTlsVerify;
        }
        return r;
    }
    wants_write_ = false;
    if (ctx_->role() == TlsRole::kClient && ctx_->config().verify_peer && !SSL_get0_peer_certificate(ssl_)) {
        error_ = "the peer sent no certificate";
        return -kErrTlsVerify;
    }
    established_ = true;
    return 0;
}

ssize_t TlsEngine::read(void *buf, size_t len) {
    if (!ssl_ || !established_) return -kErrTls;
    ERR_clear_error();
    errno = 0;
    const int n = SSL_read(ssl_, buf, static_cast<int>(std::min<size_t>(len, INT_MAX)));
    if (n > 0) return n;
    const int kind = SSL_get_error(ssl_, n);
    if (kind == SSL_ERROR_ZERO_RETURN) return 0;
    if (kind == SSL_ERROR_SYSCALL && !ERR_peek_error()) {
        // A datagram has no end of stream: an empty one is just dropped (close_notify ends DTLS).
        if (ctx_->config().datagram && (n == 0 || errno == 0)) return -EAGAIN;
        if (n == 0) return 0;
    }
    return classify(n);
}

ssize_t TlsEngine::write(const void *buf, size_t len) {
    if (!ssl_ || !established_) return -kErrTls;
    if (len == 0) return 0;
    ERR_clear_error();
    errno = 0;
    size_t most = 1u << 30;
    if (ctx_->config().datagram) {
        // One record per datagram: what fits the path MTU, and never more than a record holds.
        const size_t mtu = DTLS_get_data_mtu(ssl_);
        most = mtu > 0 ? std::min<size_t>(mtu, SSL3_RT_MAX_PLAIN_LENGTH) : SSL3_RT_MAX_PLAIN_LENGTH;
    }
    const int n = SSL_write(ssl_, buf, static_cast<int>(std::min(len, most)));
    if (n > 0) return n;
    return classify(n);
}

void TlsEngine::shutdown() {
    if (!ssl_ || !established_) return;
    ERR_clear_error();
    (void)SSL_shutdown(ssl_);  // one try: close_notify if the socket buffer takes it
    ERR_clear_error();
    established_ = false;
}

Nanos TlsEngine::timer_due_in() const {
    timeval tv{};
    if (!ssl_ || established_ || !ctx_->config().datagram || DTLSv1_get_timeout(ssl_, &tv) != 1) return -1;
    return static_cast<Nanos>(tv.tv_sec) * kNanosPerSecond + static_cast<Nanos>(tv.tv_usec) * 1000;
}

int TlsEngine::on_timer() {
    if (!ssl_ || established_ || !ctx_->config().datagram) return 0;
    ERR_clear_error();
    if (DTLSv1_handle_timeout(ssl_) >= 0) return 0;
    error_ = openssl_reason("DTLS handshake: the peer stopped answering", &reason_);
    return -kErrTls;
}

size_t TlsEngine::pending() const { return ssl_ ? static_cast<size_t>(SSL_pending(ssl_)) : 0; }

std::string TlsEngine::protocol() const { return ssl_ ? SSL_get_version(ssl_) : ""; }

std::string TlsEngine::cipher() const {
    const char *name = ssl_ ? SSL_get_cipher_name(ssl_) : nullptr;
    return name ? name : "";
}

std::string TlsEngine::alpn_selected() const {
    const unsigned char *data = nullptr;
    unsigned len = 0;
    if (ssl_) SSL_get0_alpn_selected(ssl_, &data, &len);
    return data ? std::string(reinterpret_cast<const char *>(data), len) : std::string();
}

std::string TlsEngine::server_name() const {
    const char *name = ssl_ ? SSL_get_servername(ssl_, TLSEXT_NAMETYPE_host_name) : nullptr;
    return name ? name : "";
}

std::string TlsEngine::peer_certificate_pem() const {
    X509 *cert = ssl_ ? SSL_get0_peer_certificate(ssl_) : nullptr;
    if (!cert) return {};
    BIO *mem = BIO_new(BIO_s_mem());
    if (!mem) return {};
    std::string out;
    if (PEM_write_bio_X509(mem, cert)) {
        char *data = nullptr;
        long n = BIO_get_mem_data(mem, &data);
        if (n > 0) out.assign(data, static_cast<size_t>(n));
    }
    BIO_free(mem);
    return out;
}

bool TlsEngine::peer_matches(const std::string &name) const {
    X509 *cert = ssl_ ? SSL_get0_peer_certificate(ssl_) : nullptr;
    if (!cert || name.empty()) return false;
    if (is_ip_literal(name)) return X509_check_ip_asc(cert, name.c_str(), 0) == 1;
    return X509_check_host(cert, name.data(), name.size(), 0, nullptr) == 1;
}

// ---- TlsSession: the engine driven from a coroutine

namespace {
// The engine's negative result as a Result code (GustErrors are positive, errno values negative).
int code_of(ssize_t n) { return -n > kErrBase ? static_cast<int>(-n) : static_cast<int>(n); }
}  // namespace

TlsSession::TlsSession(std::shared_ptr<TlsContext> ctx, CoSocket &sock, const std::string &host)
    : engine_(std::move(ctx), sock.fd(), host), sock_(sock) {}

int TlsSession::wait(Nanos deadline) {
    const Nanos left = remaining(deadline);
    if (left == 0) return kErrTimedOut;
    Status st = sock_.wait_ready(engine_.wants_write(), left);
    return st.code();  // after kErrClosed `this` may be gone: the caller touches nothing
}

Status TlsSession::handshake(Nanos timeout) {
    const Nanos deadline = timeout < 0 ? -1 : deadline_after(monotonic_now(), timeout);
    for (;;) {
        const int r = engine_.handshake();
        if (r == 0) return {};
        if (r != -EAGAIN) return Error{code_of(r)};
        // DTLS: wake for the retransmission timer too (a lost datagram is sent again, not waited for).
        const Nanos timer = engine_.timer_due_in();
        if (timer >= 0) {
            const Nanos left = remaining(deadline);
            if (left == 0) return Error{kErrTimedOut};
            const bool timer_first = left < 0 || timer < left;
            Status st = sock_.wait_ready(engine_.wants_write(), timer_first ? std::max<Nanos>(timer, 1) : left);
            if (st.ok()) continue;
            if (st.code() != kErrTimedOut || !timer_first) return st;
            if (const int t = engine_.on_timer()) return Error{code_of(t)};
            continue;
        }
        if (const int w = wait(deadline)) return Error{w};
    }
}

Result<size_t> TlsSession::recv(void *buf, size_t len, Nanos timeout) {
    const Nanos deadline = timeout < 0 ? -1 : deadline_after(monotonic_now(), timeout);
    for (;;) {
        const ssize_t n = engine_.read(buf, len);
        if (n >= 0) return static_cast<size_t>(n);
        if (n != -EAGAIN) return Error{code_of(n)};
        if (const int w = wait(deadline)) return Error{w};
    }
}

Result<size_t> TlsSession::send_all(const void *buf, size_t len, Nanos timeout) {
    const Nanos deadline = timeout < 0 ? -1 : deadline_after(monotonic_now(), timeout);
    const char *p = static_cast<const char *>(buf);
    size_t sent = 0;
    while (sent < len) {
        const ssize_t n = engine_.write(p + sent, len - sent);
        if (n > 0) {
            sent += static_cast<size_t>(n);
            continue;
        }
        if (n != -EAGAIN) return Error{code_of(n)};
        if (const int w = wait(deadline)) return Error{w};
    }
    return sent;
}

void TlsSession::shutdown() {
    if (sock_.is_open()) engine_.shutdown();
}

}  // namespace gust::net
