// TLS (OpenSSL): contexts built from Swoole-style ssl_* settings, a non-blocking engine for one
// connection (driven by the server's reactor), and a session on a CoSocket that parks the
// coroutine like the socket's own operations.
//
// The session does its own I/O on the socket's fd (a BIO that sends with MSG_NOSIGNAL, so a dead
// peer never raises SIGPIPE) and waits through CoSocket::wait_ready, so the socket's one-waiter-
// per-direction rule and close() semantics carry over. Verification is checked after the
// handshake, before a byte of application data is sent, which lets `allow_self_signed` accept
// exactly the self-signed errors and report every other one by name.
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>

#include "gust/base/clock.h"
#include "gust/base/result.h"
#include "gust/net/co_socket.h"

typedef struct ssl_ctx_st SSL_CTX;
typedef struct ssl_st SSL;

namespace gust::net {

// Protocol versions, as a bit set (Swoole's SWOOLE_SSL_TLSv1_* values).
enum TlsVersion : int {
    kTls1_0 = 1 << 3,
    kTls1_1 = 1 << 4,
    kTls1_2 = 1 << 5,
    kTls1_3 = 1 << 6,
};

enum class TlsRole { kClient, kServer };

// Swoole's ssl_* settings. A client verifies the server by default; a server asks for a client
// certificate only with verify_peer (then `cafile`, Swoole's ssl_client_cert_file, must list the
// CAs it accepts).
struct TlsConfig {
    bool verify_peer = true;                      // check the peer's chain (and, for a client, the host name)
    bool allow_self_signed = false;               // with verify_peer: accept a self-signed certificate
    int verify_depth = 0;                         // 0: OpenSSL's default
    std::string cafile, capath;                   // empty: the system store
    std::string cert_file, key_file, passphrase;  // our certificate (a server must have one)
    std::string ciphers;                          // TLS 1.2 and below; empty: OpenSSL's defaults
    int protocols = 0;                            // TlsVersion bits; 0: TLS 1.2 and 1.3
    std::string alpn;                             // comma-separated names in preference order, e.g. "h2,http/1.1"
    bool verify_host = true;                      // with verify_peer, a client also checks the host name
    // DTLS 1.2 over a connected UDP socket instead of TLS over a stream (`protocols` is ignored).
    // A server context also answers DtlsListener's cookie exchange (net/dtls.h).
    bool datagram = false;

    bool operator==(const TlsConfig &) const = default;
};

// An SSL_CTX shared by the sessions of one configuration.
class TlsContext {
public:
    // Loads certificates and keys now, so a bad path or key is reported here with OpenSSL's reason.
    static Result<std::shared_ptr<TlsContext>> create(TlsRole role, const TlsConfig &config, std::string *error);
    ~TlsContext();
    TlsContext(const TlsContext &) = delete;
    TlsContext &operator=(const TlsContext &) = delete;

    TlsRole role() const { return role_; }
    const TlsConfig &config() const { return config_; }
    SSL_CTX *native() const { return ctx_; }

private:
    TlsContext(SSL_CTX *ctx, TlsRole role, TlsConfig config);
    static int select_alpn(SSL *, const unsigned char **out, unsigned char *outlen, const unsigned char *in,
                           unsigned inlen, void *arg);
    SSL_CTX *ctx_;
    TlsRole role_;
    TlsConfig config_;
    std::string alpn_wire_;  // a server's list in ALPN's wire format
};

// One TLS connection on a connected non-blocking fd that never waits: each call does what the
// socket allows now. -EAGAIN means "call again when the fd is ready" — writable if wants_write(),
// else readable. Every failure is negative: -kErrTls (handshake or record failure), -kErrTlsVerify
// (the peer's certificate was refused), or -errno of the socket; error() names the reason. The server's
// event-driven reactor drives it from readiness events; TlsSession drives it from a coroutine.
class TlsEngine {
public:
    // The role is the context's. A client sends `host` as SNI (unless it is an IP literal) and
    // checks it against the certificate when the context verifies peers; empty skips both.
    TlsEngine(std::shared_ptr<TlsContext> ctx, int fd, const std::string &host = {});
    // Takes over `ssl`, whose BIO and accept state are set already (DtlsListener hands a client
    // over this way, after the cookie exchange).
    TlsEngine(std::shared_ptr<TlsContext> ctx, SSL *ssl);
    ~TlsEngine();
    TlsEngine(const TlsEngine &) = delete;
    TlsEngine &operator=(const TlsEngine &) = delete;

    // 0 once established, -EAGAIN, or an error.
    int handshake();
    // > 0 bytes, 0 at the end of the stream (close_notify or, leniently, a bare FIN), -EAGAIN, or
    // an error. Decrypted bytes beyond `len` stay buffered: see pending().
    ssize_t read(void *buf, size_t len);
    // > 0 bytes taken (partial writes: one record at a time), -EAGAIN, or an error. After -EAGAIN
    // the retry must start with the same bytes (the buffer may have moved or grown).
    ssize_t write(const void *buf, size_t len);
    // Sends close_notify if the socket takes it now; never waits.
    void shutdown();

    bool established() const { return established_; }
    bool wants_write() const { return wants_write_; }
    // Decrypted bytes already buffered: the fd may look idle while these wait.
    size_t pending() const;
    const std::string &error() const { return error_; }
    // DTLS handshakes retransmit on a timer of their own: the nanoseconds until the engine wants
    // on_timer() (-1: no timer running, e.g. once established or for TLS).
    Nanos timer_due_in() const;
    // Retransmits the last flight when its timer expired: 0, or an error once the retries ran out.
    int on_timer();
    // OpenSSL's reason code of the last TLS failure (ERR_GET_REASON), 0 when the socket failed instead.
    int reason() const { return reason_; }
    std::string protocol() const;  // "TLSv1.3"
    std::string cipher() const;
    std::string alpn_selected() const;
    std::string server_name() const;  // the SNI a client sent (server side)
    // The peer certificate in PEM, empty when there is none.
    std::string peer_certificate_pem() const;
    // True when the peer's certificate is for `name` (a DNS name, wildcards allowed, or an IP literal).
    bool peer_matches(const std::string &name) const;

private:
    // The result of a failed SSL call: -EAGAIN (wants_write_ set) or an error.
    int classify(int rc);

    std::shared_ptr<TlsContext> ctx_;
    SSL *ssl_ = nullptr;
    std::string error_;
    int reason_ = 0;
    bool established_ = false;
    bool wants_write_ = false;
};

// A TlsEngine over a CoSocket whose operations park the coroutine like the socket's (same
// one-waiter-per-direction rule, deadlines and close() semantics). Socket errors and timeouts
// pass through unchanged.
class TlsSession {
public:
    TlsSession(std::shared_ptr<TlsContext> ctx, CoSocket &sock, const std::string &host = {});
    TlsSession(const TlsSession &) = delete;
    TlsSession &operator=(const TlsSession &) = delete;

    Status handshake(Nanos timeout);
    Result<size_t> recv(void *buf, size_t len, Nanos timeout);
    Result<size_t> send_all(const void *buf, size_t len, Nanos timeout);
    void shutdown();

    size_t pending() const { return engine_.pending(); }
    const std::string &error() const { return engine_.error(); }
    std::string protocol() const { return engine_.protocol(); }
    std::string cipher() const { return engine_.cipher(); }
    std::string alpn_selected() const { return engine_.alpn_selected(); }
    std::string server_name() const { return engine_.server_name(); }
    std::string peer_certificate_pem() const { return engine_.peer_certificate_pem(); }

private:
    // Parks until the engine's wanted readiness: 0 or an error code.
    int wait(Nanos deadline);

    TlsEngine engine_;
    CoSocket &sock_;
};

}  // namespace gust::net
