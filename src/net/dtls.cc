#include "gust/net/dtls.h"

#include <netinet/in.h>
#include <sys/socket.h>
#include <openssl/err.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>

#include <cerrno>
#include <cstring>

#include "gust/net/socket.h"

namespace gust::net {
namespace {

// ---- DTLS cookies: an HMAC of the client's address under a secret of this process (made before a
// server forks, so every worker of one listener checks the others' cookies). The server keeps
// nothing per client until one echoes its cookie, which proves it receives at that address.

const unsigned char *cookie_secret() {
    static unsigned char secret[32];
    static const bool made = RAND_bytes(secret, sizeof secret) == 1;
    return made ? secret : nullptr;
}

bool make_cookie(SSL *ssl, unsigned char *out, unsigned *out_len) {
    const unsigned char *secret = cookie_secret();
    sockaddr_storage peer{};
    if (!secret || BIO_dgram_get_peer(SSL_get_rbio(ssl), &peer) <= 0) return false;
    unsigned char text[2 + 2 + 16];
    size_t len = 0;
    text[len++] = static_cast<unsigned char>(peer.ss_family);
    text[len++] = 0;
    if (peer.ss_family == AF_INET) {
        const auto *in = reinterpret_cast<const sockaddr_in *>(&peer);
        std::memcpy(text + len, &in->sin_port, 2);
        std::memcpy(text + len + 2, &in->sin_addr, 4);
        len += 6;
    } else if (peer.ss_family == AF_INET6) {
        const auto *in6 = reinterpret_cast<const sockaddr_in6 *>(&peer);
        std::memcpy(text + len, &in6->sin6_port, 2);
        std::memcpy(text + len + 2, &in6->sin6_addr, 16);
        len += 18;
    } else {
        return false;
    }
    return HMAC(EVP_sha256(), secret, 32, text, len, out, out_len) != nullptr;
}

int generate_cookie(SSL *ssl, unsigned char *cookie, unsigned *len) { return make_cookie(ssl, cookie, len) ? 1 : 0; }

int verify_cookie(SSL *ssl, const unsigned char *cookie, unsigned len) {
    unsigned char expected[EVP_MAX_MD_SIZE];
    unsigned expected_len = 0;
    if (!make_cookie(ssl, expected, &expected_len)) return 0;
    return len == expected_len && CRYPTO_memcmp(cookie, expected, len) == 0 ? 1 : 0;
}

}  // namespace

void use_dtls_cookies(SSL_CTX *ctx) {
    (void)cookie_secret();  // made now: before a server forks its workers
    SSL_CTX_set_cookie_generate_cb(ctx, generate_cookie);
    SSL_CTX_set_cookie_verify_cb(ctx, verify_cookie);
}

DtlsListener::DtlsListener(std::shared_ptr<TlsContext> ctx, int fd) : ctx_(std::move(ctx)), fd_(fd) {
    (void)sys::set_reuse_addr(fd_, true);
}

DtlsListener::~DtlsListener() {
    if (listening_) SSL_free(listening_);
}

// A filter in front of the listener's datagram BIO that lets one accept() read at most its budget:
// DTLSv1_listen answers hellos in a loop of its own until the socket is empty, which a sustained
// flood would never let happen. Past the budget it reports "try again" like an empty socket.
BIO_METHOD *budget_bio_method() {
    static BIO_METHOD *method = [] {
        BIO_METHOD *m = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_FILTER, "gust dtls budget");
        BIO_meth_set_read(m, [](BIO *b, char *data, int len) -> int {
            auto *self = static_cast<DtlsListener *>(BIO_get_data(b));
            BIO_clear_retry_flags(b);
            if (self->reads_left_ <= 0) {
                BIO_set_retry_read(b);
                return -1;
            }
            const int n = BIO_read(BIO_next(b), data, len);
            BIO_copy_next_retry(b);
            if (n >= 0) {
                --self->reads_left_;
                ++self->read_;
            }
            return n;
        });
        BIO_meth_set_write(m, [](BIO *b, const char *data, int len) -> int {
            BIO_clear_retry_flags(b);
            const int n = BIO_write(BIO_next(b), data, len);
            BIO_copy_next_retry(b);
            return n;
        });
        BIO_meth_set_ctrl(m, [](BIO *b, int cmd, long num, void *ptr) -> long {
            return BIO_next(b) ? BIO_ctrl(BIO_next(b), cmd, num, ptr) : 0;
        });
        BIO_meth_set_create(m, [](BIO *b) -> int {
            BIO_set_init(b, 1);
            return 1;
        });
        return m;
    }();
    return method;
}

bool DtlsListener::arm() {
    if (listening_) SSL_free(listening_);
    listening_ = SSL_new(ctx_->native());
    BIO *dgram = listening_ ? BIO_new_dgram(fd_, BIO_NOCLOSE) : nullptr;
    BIO *budget = dgram ? BIO_new(budget_bio_method()) : nullptr;
    if (!budget) {
        if (dgram) BIO_free(dgram);
        if (listening_) SSL_free(listening_);
        listening_ = nullptr;
        ERR_clear_error();
        return false;
    }
    BIO_set_data(budget, this);
    BIO_push(budget, dgram);
    SSL_set_bio(listening_, budget, budget);
    return true;
}

int DtlsListener::connect_client(const Address &local, const Address &peer) {
    const int fd = sys::open_socket(peer.family(), SOCK_DGRAM);
    if (fd < 0) return fd;
    // The listener's own address, so the client keeps talking to the address it chose; connected,
    // so that the kernel prefers this socket for the client's datagrams.
    (void)sys::set_reuse_addr(fd, true);
    int reuse_port = 0;
    socklen_t len = sizeof reuse_port;
    if (getsockopt(fd_, SOL_SOCKET, SO_REUSEPORT, &reuse_port, &len) == 0 && reuse_port) {
        (void)sys::set_reuse_port(fd, true);
    }
    int rc = sys::bind(fd, local);
    if (rc == 0) rc = sys::connect(fd, peer);
    if (rc != 0) {
        sys::close(fd);
        return rc < 0 ? rc : -rc;
    }
    return fd;
}

int DtlsListener::accept(Client *out, int budget) {
    reads_left_ = budget;
    for (;;) {
        if (!listening_ && !arm()) return -ENOMEM;
        BIO_ADDR *from = BIO_ADDR_new();
        if (!from) return -ENOMEM;
        ERR_clear_error();
        const int rc = DTLSv1_listen(listening_, from);
        BIO_ADDR_free(from);
        if (rc <= 0) {
            // Drained (or the budget spent), or a datagram that was not a hello: dropped.
            const bool drained = BIO_should_retry(SSL_get_rbio(listening_));
            ERR_clear_error();
            if (rc < 0) {  // a fresh one next time
                SSL_free(listening_);
                listening_ = nullptr;
            }
            if (drained || reads_left_ <= 0) return -EAGAIN;
            continue;
        }
        ++accepted_;
        sockaddr_storage peer_raw{};
        (void)BIO_dgram_get_peer(SSL_get_rbio(listening_), &peer_raw);
        const Address peer =
            Address::from_sockaddr(reinterpret_cast<const sockaddr *>(&peer_raw),
                                   peer_raw.ss_family == AF_INET6 ? sizeof(sockaddr_in6) : sizeof(sockaddr_in));
        Address local;
        int fd = sys::local_address(fd_, &local);
        if (fd == 0) fd = connect_client(local, peer);
        if (fd < 0) {
            SSL_free(listening_);
            listening_ = nullptr;
            return fd;
        }
        // The SSL that verified the cookie goes on with the handshake on the client's socket.
        SSL *ssl = listening_;
        listening_ = nullptr;
        BIO *bio = BIO_new_dgram(fd, BIO_NOCLOSE);
        if (!bio) {
            SSL_free(ssl);
            sys::close(fd);
            return -ENOMEM;
        }
        BIO_ctrl(bio, BIO_CTRL_DGRAM_SET_CONNECTED, 0, &peer_raw);
        SSL_set_bio(ssl, bio, bio);
        out->fd = fd;
        out->peer = peer;
        out->engine = std::make_unique<TlsEngine>(ctx_, ssl);
        return 0;
    }
}

}  // namespace gust::net
