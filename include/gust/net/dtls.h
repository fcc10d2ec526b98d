// DTLS servers on a bound UDP socket (docs/ARCHITECTURE.md, "TLS and DTLS"). The listener answers
// every ClientHello with a stateless cookie (HelloVerifyRequest) and keeps nothing for a client until
// one echoes its cookie, which proves it receives at its address: garbage, spoofed floods and hellos
// from many ports cost no memory. A client that passed gets a UDP socket of its own, bound to the
// listener's address and connected to the client (the kernel routes its datagrams there, not to the
// listener), and a TlsEngine on it that finishes the handshake like a TLS connection's.
#pragma once

#include <cstdint>
#include <memory>

#include "gust/net/address.h"
#include "gust/net/tls.h"

typedef struct bio_st BIO;

namespace gust::net {

// A DTLS server context's cookie callbacks (TlsContext::create sets them): HMAC-SHA256 of the
// client's address and port under a random secret of this process, made before a server forks so
// that every worker of one port accepts the others' cookies.
void use_dtls_cookies(SSL_CTX *ctx);

class DtlsListener {
public:
    // `ctx`: a server context with `datagram` set; `fd`: the bound, non-blocking UDP socket, which
    // stays the caller's. Sets SO_REUSEADDR on it so that client sockets can share its address.
    DtlsListener(std::shared_ptr<TlsContext> ctx, int fd);
    ~DtlsListener();
    DtlsListener(const DtlsListener &) = delete;
    DtlsListener &operator=(const DtlsListener &) = delete;

    struct Client {
        int fd = -1;  // the client's connected socket (the caller closes it)
        Address peer;
        std::unique_ptr<TlsEngine> engine;  // its handshake is under way: drive it with handshake()
    };

    // Reads what waits on the listener, up to `budget` datagrams: answers hellos, drops the rest.
    // 0 with *out filled when a client echoed its cookie; -EAGAIN when drained or the budget is
    // spent; another negative errno when the client's socket could not be made (that client is
    // dropped; it retries). Never blocks.
    int accept(Client *out, int budget = 64);

    // Datagrams read that made no client (hellos answered with a cookie, garbage, retransmissions).
    uint64_t dropped() const { return read_ - accepted_; }

    // The read budget of the accept() under way (the listener's BIO filter spends it).
    int reads_left_ = 0;
    uint64_t read_ = 0;

private:
    // A fresh SSL in listen state on the listener's socket, or false (out of memory).
    bool arm();
    int connect_client(const Address &local, const Address &peer);

    std::shared_ptr<TlsContext> ctx_;
    int fd_;
    SSL *listening_ = nullptr;
    uint64_t accepted_ = 0;
};

}  // namespace gust::net
