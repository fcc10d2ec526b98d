// TLS sessions over coroutine sockets, both ends in one loop: verification outcomes (CA, host
// name, self-signed, client certificates), data both ways through full socket buffers, ALPN,
// SNI, end of stream, timeouts and non-TLS peers.
#include <gtest/gtest.h>

#include <string>

#include "gust/coro/coroutine.h"
#include "gust/net/co_socket.h"
#include "gust/net/tls.h"
#include "test_certs.h"

namespace gust::net {
namespace {

const testing::TestCerts &certs() {
    static testing::TestCerts c;
    return c;
}

struct Env {
    loop::Loop loop;
    coro::Scheduler sched{loop};
    std::unique_ptr<CoSocket> listener;
    Address addr;
    Env() {
        listener = CoSocket::open(AF_INET, SOCK_STREAM).value();
        EXPECT_TRUE(listener->bind(Address::parse("127.0.0.1:0").value()).ok());
        EXPECT_TRUE(listener->listen().ok());
        addr = listener->local_address().value();
    }
};

TlsConfig server_config(const char *name = "server") {
    TlsConfig c;
    c.verify_peer = false;
    c.cert_file = certs().path(name, "crt");
    c.key_file = certs().path(name, "key");
    return c;
}

TlsConfig client_config() {
    TlsConfig c;
    c.cafile = certs().path("ca", "crt");
    return c;
}

std::shared_ptr<TlsContext> context(TlsRole role, const TlsConfig &config) {
    std::string error;
    auto r = TlsContext::create(role, config, &error);
    EXPECT_TRUE(r.ok()) << error;
    return r.ok() ? r.value() : nullptr;
}

// What each side of one connection saw.
struct Outcome {
    int client_code = -1, server_code = -1;
    std::string client_error, server_error;
    std::string client_alpn, server_alpn, sni;
    std::string received;  // by the server, then echoed
};

// Handshakes both ends; after success the client sends `payload` and reads the echo back.
Outcome run_pair(const TlsConfig &server, const TlsConfig &client, const std::string &host,
                 const std::string &payload = "ping") {
    Env env;
    Outcome out;
    auto server_ctx = context(TlsRole::kServer, server);
    auto client_ctx = context(TlsRole::kClient, client);
    (void)env.sched.create([&] {
        auto conn = env.listener->accept(kNanosPerSecond);
        ASSERT_TRUE(conn.ok());
        TlsSession tls(server_ctx, *conn.value());
        Status st = tls.handshake(2 * kNanosPerSecond);
        out.server_code = st.code();
        out.server_error = tls.error();
        if (!st.ok()) return;
        out.server_alpn = tls.alpn_selected();
        out.sni = tls.server_name();
        std::string buf(64 * 1024, '\0');
        while (out.received.size() < payload.size()) {
            auto n = tls.recv(buf.data(), buf.size(), 2 * kNanosPerSecond);
            if (!n.ok() || n.value() == 0) break;
            out.received.append(buf.data(), n.value());
        }
        EXPECT_TRUE(tls.send_all(out.received.data(), out.received.size(), 2 * kNanosPerSecond).ok());
        tls.shutdown();
    });
    std::string echoed;
    (void)env.sched.create([&] {
        auto sock = CoSocket::open(AF_INET, SOCK_STREAM).value();
        ASSERT_TRUE(sock->connect(env.addr, kNanosPerSecond).ok());
        TlsSession tls(client_ctx, *sock, host);
        Status st = tls.handshake(2 * kNanosPerSecond);
        out.client_code = st.code();
        out.client_error = tls.error();
        if (!st.ok()) return;
        out.client_alpn = tls.alpn_selected();
        auto sent = tls.send_all(payload.data(), payload.size(), 2 * kNanosPerSecond);
        if (!sent.ok()) {
            out.client_code = sent.code();
            out.client_error = tls.error();
            return;
        }
        std::string buf(64 * 1024, '\0');
        for (;;) {
            auto n = tls.recv(buf.data(), buf.size(), 2 * kNanosPerSecond);
            if (!n.ok()) {
                out.client_code = n.code();
                out.client_error = tls.error();
                break;
            }
            if (n.value() == 0) break;
            echoed.append(buf.data(), n.value());
        }
    });
    env.sched.run();
    if (out.client_code == 0) {
        EXPECT_EQ(echoed, out.received);
    }
    return out;
}

TEST(Tls, VerifiedByTheCaOnAnIpAddressAndEchoes) {
    Outcome o = run_pair(server_config(), client_config(), "127.0.0.1");
    EXPECT_EQ(o.client_code, 0) << o.client_error;
    EXPECT_EQ(o.server_code, 0) << o.server_error;
    EXPECT_EQ(o.received, "ping");
    EXPECT_EQ(o.sni, "");  // no SNI for an IP literal
}

TEST(Tls, SendsSniForANameAndMovesMegabytesBothWays) {
    std::string big(3 << 20, '\0');
    for (size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>(i * 131 + (i >> 9));
    Outcome o = run_pair(server_config(), client_config(), "localhost", big);
    EXPECT_EQ(o.client_code, 0) << o.client_error;
    EXPECT_EQ(o.sni, "localhost");
    EXPECT_TRUE(o.received == big);
}

TEST(Tls, RefusesAnUnknownIssuerByDefault) {
    TlsConfig client;  // the system store does not know the test CA
    Outcome o = run_pair(server_config(), client, "localhost");
    EXPECT_EQ(o.client_code, kErrTlsVerify);
    EXPECT_NE(o.client_error.find("certificate verify failed"), std::string::npos) << o.client_error;
    EXPECT_EQ(o.received, "");
}

TEST(Tls, RefusesTheWrongHostName) {
    Outcome o = run_pair(server_config(), client_config(), "wrong.example");
    EXPECT_EQ(o.client_code, kErrTlsVerify);
    EXPECT_NE(o.client_error.find("mismatch"), std::string::npos) << o.client_error;
}

TEST(Tls, VerifyHostOffChecksTheChainOnly) {
    TlsConfig client = client_config();
    client.verify_host = false;  // PHP's verify_peer_name => false
    Outcome o = run_pair(server_config(), client, "wrong.example");
    EXPECT_EQ(o.client_code, 0) << o.client_error;
    TlsConfig unknown;  // still refused: the chain is checked
    unknown.verify_host = false;
    EXPECT_EQ(run_pair(server_config(), unknown, "wrong.example").client_code, kErrTlsVerify);
}

TEST(Tls, PeerMatchesNamesTheCertificateCovers) {
    Env env;
    auto server_ctx = context(TlsRole::kServer, server_config());
    TlsConfig c;
    c.verify_peer = false;
    auto client_ctx = context(TlsRole::kClient, c);
    bool checked = false;
    (void)env.sched.create([&] {
        auto conn = env.listener->accept(kNanosPerSecond);
        ASSERT_TRUE(conn.ok());
        TlsSession tls(server_ctx, *conn.value());
        EXPECT_TRUE(tls.handshake(2 * kNanosPerSecond).ok());
        char b[8];
        (void)tls.recv(b, sizeof(b), 2 * kNanosPerSecond);
    });
    (void)env.sched.create([&] {
        auto sock = CoSocket::open(AF_INET, SOCK_STREAM).value();
        ASSERT_TRUE(sock->connect(env.addr, kNanosPerSecond).ok());
        TlsEngine engine(client_ctx, sock->fd(), "");
        int rc;
        while ((rc = engine.handshake()) == -EAGAIN) {
            ASSERT_TRUE(sock->wait_ready(engine.wants_write(), kNanosPerSecond).ok());
        }
        ASSERT_EQ(rc, 0) << engine.error();
        EXPECT_TRUE(engine.peer_matches("localhost"));
        EXPECT_TRUE(engine.peer_matches("127.0.0.1"));
        EXPECT_FALSE(engine.peer_matches("wrong.example"));
        EXPECT_FALSE(engine.peer_matches(""));
        checked = true;
        sock->close();
    });
    env.sched.run();
    EXPECT_TRUE(checked);
}

TEST(Tls, SelfSignedNeedsAllowSelfSigned) {
    Outcome refused = run_pair(server_config("self"), client_config(), "localhost");
    EXPECT_EQ(refused.client_code, kErrTlsVerify);
    TlsConfig allow = client_config();
    allow.allow_self_signed = true;
    Outcome ok = run_pair(server_config("self"), allow, "localhost");
    EXPECT_EQ(ok.client_code, 0) << ok.client_error;
    // allow_self_signed still checks the name.
    Outcome wrong = run_pair(server_config("self"), allow, "wrong.example");
    EXPECT_EQ(wrong.client_code, kErrTlsVerify);
}

TEST(Tls, VerifyPeerOffAcceptsAnyCertificate) {
    TlsConfig client;
    client.verify_peer = false;
    Outcome o = run_pair(server_config("self"), client, "wrong.example");
    EXPECT_EQ(o.client_code, 0) << o.client_error;
    EXPECT_EQ(o.received, "ping");
}

TEST(Tls, ServerRequiringAClientCertificate) {
    TlsConfig server = server_config();
    server.verify_peer = true;
    server.cafile = certs().path("ca", "crt");
    Outcome without = run_pair(server, client_config(), "localhost");
    EXPECT_NE(without.server_code, 0);
    EXPECT_EQ(without.received, "");
    EXPECT_NE(without.client_code, 0);  // TLS 1.3: the refusal arrives after the client's handshake
    TlsConfig client = client_config();
    client.cert_file = certs().path("client", "crt");
    client.key_file = certs().path("client", "key");
    Outcome with = run_pair(server, client, "localhost");
    EXPECT_EQ(with.server_code, 0) << with.server_error;
    EXPECT_EQ(with.client_code, 0) << with.client_error;
    EXPECT_EQ(with.received, "ping");
}

TEST(Tls, AlpnPicksTheServersFirstChoiceTheClientOffers) {
    TlsConfig server = server_config();
    server.alpn = "http/1.1,h2";
    TlsConfig client = client_config();
    client.alpn = "h2,http/1.1";
    Outcome o = run_pair(server, client, "localhost");
    EXPECT_EQ(o.client_alpn, "http/1.1");
    EXPECT_EQ(o.server_alpn, "http/1.1");
}

TEST(Tls, OldProtocolsOnlyWhenAskedFor) {
    TlsConfig server = server_config();
    server.protocols = kTls1_3;
    TlsConfig client = client_config();
    client.protocols = kTls1_2;
    Outcome o = run_pair(server, client, "localhost");
    EXPECT_EQ(o.client_code, kErrTls);
    EXPECT_NE(o.client_error, "");
}

TEST(Tls, BadFilesAreReportedByName) {
    TlsConfig c = server_config();
    c.cert_file = "/nonexistent/cert.pem";
    std::string error;
    auto r = TlsContext::create(TlsRole::kServer, c, &error);
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(error.rfind("ssl_cert_file", 0), 0u) << error;
    c = server_config();
    c.key_file = certs().path("client", "key");  // a key, but not the certificate's
    r = TlsContext::create(TlsRole::kServer, c, &error);
    EXPECT_FALSE(r.ok());
    EXPECT_NE(error.find("does not match"), std::string::npos) << error;
    TlsConfig no_cert;
    no_cert.verify_peer = false;
    EXPECT_FALSE(TlsContext::create(TlsRole::kServer, no_cert, &error).ok());
}

TEST(Tls, HandshakeWithASilentPeerTimesOut) {
    Env env;
    auto ctx = context(TlsRole::kClient, client_config());
    int code = 0;
    (void)env.sched.create([&] {
        auto conn = env.listener->accept(kNanosPerSecond);
        env.sched.sleep(100 * kNanosPerMilli);  // accepts, never answers
    });
    (void)env.sched.create([&] {
        auto sock = CoSocket::open(AF_INET, SOCK_STREAM).value();
        ASSERT_TRUE(sock->connect(env.addr, kNanosPerSecond).ok());
        TlsSession tls(ctx, *sock, "localhost");
        code = tls.handshake(20 * kNanosPerMilli).code();
    });
    env.sched.run();
    EXPECT_EQ(code, kErrTimedOut);
}

TEST(Tls, APlainTextPeerIsATlsFailureNotAHang) {
    Env env;
    auto ctx = context(TlsRole::kClient, client_config());
    int code = 0;
    (void)env.sched.create([&] {
        auto conn = env.listener->accept(kNanosPerSecond);
        ASSERT_TRUE(conn.ok());
        const char answer[] = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n";
        (void)conn.value()->send_all(answer, sizeof answer - 1);
        char b[512];
        (void)conn.value()->recv(b, sizeof b, kNanosPerSecond);
    });
    (void)env.sched.create([&] {
        auto sock = CoSocket::open(AF_INET, SOCK_STREAM).value();
        ASSERT_TRUE(sock->connect(env.addr, kNanosPerSecond).ok());
        TlsSession tls(ctx, *sock, "localhost");
        code = tls.handshake(kNanosPerSecond).code();
        sock->close();
    });
    env.sched.run();
    EXPECT_EQ(code, kErrTls);
}

TEST(Tls, ClosingTheSocketWakesAParkedReader) {
    Env env;
    auto server_ctx = context(TlsRole::kServer, server_config());
    auto client_ctx = context(TlsRole::kClient, client_config());
    std::unique_ptr<CoSocket> sock;
    std::unique_ptr<TlsSession> tls;
    int code = 0;
    bool handshaken = false;
    (void)env.sched.create([&] {
        auto conn = env.listener->accept(kNanosPerSecond);
        ASSERT_TRUE(conn.ok());
        TlsSession s(server_ctx, *conn.value());
        ASSERT_TRUE(s.handshake(kNanosPerSecond).ok());
        char b[16];
        (void)s.recv(b, sizeof b, kNanosPerSecond);  // returns when the client goes away
    });
    (void)env.sched.create([&] {
        sock = CoSocket::open(AF_INET, SOCK_STREAM).value();
        ASSERT_TRUE(sock->connect(env.addr, kNanosPerSecond).ok());
        tls = std::make_unique<TlsSession>(client_ctx, *sock, "localhost");
        ASSERT_TRUE(tls->handshake(kNanosPerSecond).ok());
        handshaken = true;
        char b[16];
        code = tls->recv(b, sizeof b, kNanosPerSecond).code();
    });
    (void)env.sched.create([&] {
        for (int i = 0; i < 2000 && !handshaken; ++i) env.sched.sleep(kNanosPerMilli);
        tls.reset();
        sock->close();
    });
    env.sched.run();
    EXPECT_EQ(code, kErrClosed);
}

}  // namespace
}  // namespace gust::net
