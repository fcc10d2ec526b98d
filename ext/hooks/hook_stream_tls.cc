// SWOOLE_HOOK_SSL / SWOOLE_HOOK_TLS: TLS on PHP's stream sockets without blocking the thread.
//
// While a flag is on, the ssl:// (SWOOLE_HOOK_SSL) and tls://, tlsv1.x:// (SWOOLE_HOOK_TLS)
// transports have our factory: inside a coroutine it makes a hooked tcp:// stream (so connect
// yields, see hook_stream_xport.cc) marked to start TLS once connected; outside coroutines PHP's
// OpenSSL factory runs as usual. The TLS itself is the core's engine (gust/net/tls.h) on the
// stream's socket, configured from the stream context's "ssl" options the way PHP reads them, and
// driven from the hooked read/write ops: a coroutine parks on the loop while the engine waits for
// the socket, anything else polls. stream_socket_enable_crypto() on any hooked tcp:// stream
// (STARTTLS) goes through the same engine, client or server side by the crypto method.
#include "hooks/hook_stream_tls.h"

#include <poll.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>

#include "coroutine/coroutine.h"
#include "hooks/hook_stream_wait.h"
#include "hooks/hooks.h"

#include "gust/base/error.h"
#include "gust/net/tls.h"

namespace gust::php::stream_tls {

struct TlsStream {
    std::shared_ptr<net::TlsContext> ctx;
    std::unique_ptr<net::TlsEngine> engine;  // set once enabling started
    bool client = true;
    bool enable_on_connect = false;  // an ssl:// / tls:// client stream of our factory
    bool listener = false;           // an ssl:// / tls:// server of our factory: accepted streams get TLS
    int method = 0;                  // STREAM_CRYPTO_METHOD_* bits
    std::string url_host;            // the host of the URL: the default peer name
    std::string check_name;          // a name checked after the handshake (verify_peer_name without chain checks)
};

namespace {

namespace sw = stream_wait;
using stream_hook::left;
using stream_hook::sock_of;

std::unordered_map<php_stream *, std::unique_ptr<TlsStream>> g_streams;

// The crypto methods' version bits are Swoole's (and the core's) TlsVersion bits.
constexpr int kVersionBits = net::kTls1_0 | net::kTls1_1 | net::kTls1_2 | net::kTls1_3;

zval *ssl_option(php_stream *stream, const char *name) {
    php_stream_context *ctx = PHP_STREAM_CONTEXT(stream);
    return ctx ? php_stream_context_get_option(ctx, "ssl", name) : nullptr;
}
bool bool_option(php_stream *stream, const char *name, bool fallback) {
    zval *v = ssl_option(stream, name);
    return v ? zend_is_true(v) : fallback;
}
std::string string_option(php_stream *stream, const char *name) {
    zval *v = ssl_option(stream, name);
    if (!v || Z_TYPE_P(v) == IS_NULL || Z_TYPE_P(v) == IS_FALSE) return {};
    zend_string *s = zval_get_string(v);
    std::string out(ZSTR_VAL(s), ZSTR_LEN(s));
    zend_string_release(s);
    return out;
}
std::string ini_string(const char *name) {
    const char *v = zend_ini_string_ex(const_cast<char *>(name), strlen(name), 0, nullptr);
    return v ? std::string(v) : std::string();
}

// 0 when the fd is ready, else -ETIMEDOUT or -ECANCELED (closed, canceled: give up at once).
int wait_socket(int fd, bool writable, Nanos deadline, const char *op) {
    Nanos wait_for = left(deadline);
    if (wait_for == 0) return -ETIMEDOUT;
    if (hooks::in_coroutine()) {
        PhpCoroutine *p = current();
        sw::Outcome out = sw::wait(fd, writable ? loop::kWritable : loop::kReadable, wait_for, op);
        if (!resumed(p)) return -ECANCELED;
        if (out == sw::kTimedOut) return -ETIMEDOUT;
        return out == sw::kReady ? 0 : -ECANCELED;
    }
    struct pollfd pfd = {fd, static_cast<short>(writable ? POLLOUT : POLLIN), 0};
    const int ms = wait_for < 0 ? -1 : static_cast<int>(std::max<Nanos>(1, wait_for / 1000000));
    int n;
    do n = poll(&pfd, 1, ms);
    while (n < 0 && errno == EINTR);
    return n > 0 ? 0 : -ETIMEDOUT;
}

// The engine's configuration from the stream context, as PHP's OpenSSL streams read it.
bool configure(php_stream *stream, TlsStream *t, net::TlsConfig &c, std::string &sni) {
    const bool client = t->client;
    c.verify_peer = bool_option(stream, "verify_peer", client);
    const bool verify_name = client && bool_option(stream, "verify_peer_name", true);
    c.allow_self_signed = bool_option(stream, "allow_self_signed", false);
    c.cafile = string_option(stream, "cafile");
    c.capath = string_option(stream, "capath");
    if (c.cafile.empty() && c.capath.empty()) {
        c.cafile = ini_string("openssl.cafile");
        c.capath = ini_string("openssl.capath");
    }
    if (zval *d = ssl_option(stream, "verify_depth")) c.verify_depth = static_cast<int>(zval_get_long(d));
    c.cert_file = string_option(stream, "local_cert");
    c.key_file = string_option(stream, "local_pk");
    c.passphrase = string_option(stream, "passphrase");
    c.ciphers = string_option(stream, "ciphers");
    if (c.ciphers == "DEFAULT") c.ciphers.clear();
    // OpenSSL 3's default security level refuses TLS 1.0/1.1: a method naming 1.2 or 1.3 uses
    // those only; one naming only old versions gets them (docs/DIFFERENCES.md).
    const int versions = t->method & kVersionBits;
    const int modern = versions & (net::kTls1_2 | net::kTls1_3);
    c.protocols = modern ? modern : versions;
    if (!c.protocols) c.protocols = net::kTls1_2 | net::kTls1_3;
    std::string peer_name = string_option(stream, "peer_name");
    if (peer_name.empty()) peer_name = t->url_host;
    // SNI: on by default, SNI_server_name overriding the peer name.
    const bool sni_enabled = client && bool_option(stream, "SNI_enabled", true);
    std::string sni_name = string_option(stream, "SNI_server_name");
    if (sni_name.empty()) sni_name = peer_name;
    sni = sni_enabled ? sni_name : std::string();
    // The engine checks the name during the handshake when it also checks the chain and the SNI
    // name is the peer name; any other combination is checked afterwards (as PHP does).
    c.verify_host = verify_name && c.verify_peer && sni == peer_name;
    if (verify_name && !c.verify_host) t->check_name = peer_name.empty() ? std::string("?") : peer_name;
    if (!client && c.cert_file.empty()) {
        php_error_docref(nullptr, E_WARNING, "SSL server mode needs the local_cert context option");
        return false;
    }
    return true;
}

// A context per configuration: the last few are kept (each handshake would otherwise reload the CA store).
std::shared_ptr<net::TlsContext> context_for(net::TlsRole role, const net::TlsConfig &c, std::string *error) {
    static std::shared_ptr<net::TlsContext> recent[4];
    for (auto &ctx : recent)
        if (ctx && ctx->role() == role && ctx->config() == c) return ctx;
    auto made = net::TlsContext::create(role, c, error);
    if (!made.ok()) return nullptr;
    std::rotate(std::begin(recent), std::end(recent) - 1, std::end(recent));
    recent[0] = made.value();
    return recent[0];
}

// Builds the engine (once per enabling). false with a warning.
bool prepare(php_stream *stream, TlsStream *t) {
    if (t->engine) return true;
    net::TlsConfig c;
    std::string sni, error;
    if (!configure(stream, t, c, sni)) return false;
    t->ctx = context_for(t->client ? net::TlsRole::kClient : net::TlsRole::kServer, c, &error);
    if (!t->ctx) {
        php_error_docref(nullptr, E_WARNING, "SSL context: %s", error.c_str());
        return false;
    }
    t->engine = std::make_unique<net::TlsEngine>(t->ctx, sock_of(stream)->socket, sni);
    return true;
}

// The handshake, waiting (yielding inside a coroutine) up to `timeout` on a blocking stream.
// 1 done, 0 would block (a non-blocking stream: call again), -1 failed with a warning.
int handshake(php_stream *stream, TlsStream *t, Nanos timeout) {
    php_netstream_data_t *sock = sock_of(stream);
    if (sock->socket < 0) return -1;
    if (!prepare(stream, t)) return -1;
    const Nanos deadline = stream_hook::deadline_after(timeout);
    for (;;) {
        int rc = t->engine->handshake();
        if (rc == 0) break;
        if (rc != -EAGAIN) {
            php_error_docref(nullptr, E_WARNING, "SSL operation failed with code 1. OpenSSL Error messages:\n%s",
                             t->engine->error().c_str());
            set_last_error(rc == -kErrTlsVerify ? SwooleError::kSslVerifyFailed : SwooleError::kSslHandshakeFailed);
            return -1;
        }
        if (!sock->is_blocked) return 0;
        int w = wait_socket(sock->socket, t->engine->wants_write(), deadline, "handshake");
        if (w == -ETIMEDOUT) {
            php_error_docref(nullptr, E_WARNING, "SSL: Handshake timed out");
            set_last_error(ETIMEDOUT);
            return -1;
        }
        if (w != 0) return -1;
    }
    if (!t->check_name.empty() && !t->engine->peer_matches(t->check_name)) {
        php_error_docref(nullptr, E_WARNING, "Peer certificate did not match expected name `%s'",
                         t->check_name.c_str());
        set_last_error(SwooleError::kSslVerifyFailed);
        return -1;
    }
    return 1;
}

void drop(php_stream *stream) { g_streams.erase(stream); }

}  // namespace

TlsStream *of(php_stream *stream) {
    if (g_streams.empty()) return nullptr;
    auto it = g_streams.find(stream);
    return it == g_streams.end() || !it->second->engine || !it->second->engine->established() ? nullptr
                                                                                              : it->second.get();
}

ssize_t read(php_stream *stream, TlsStream *t, char *buf, size_t count) {
    php_netstream_data_t *sock = sock_of(stream);
    if (stream_hook::is_closing(stream) || sock->socket < 0) return -1;
    sock->timeout_event = 0;
    const Nanos deadline = stream_hook::deadline_after(stream_hook::io_timeout(stream, false));
    for (;;) {
        ssize_t n = t->engine->read(buf, count);
        if (n > 0) {
            php_stream_notify_progress_increment(PHP_STREAM_CONTEXT(stream), n, 0);
            return n;
        }
        if (n == 0) {
            stream->eof = 1;
            return 0;
        }
        if (n != -EAGAIN) {
            stream->eof = 1;
            return -1;
        }
        if (!sock->is_blocked) return 0;
        int w = wait_socket(sock->socket, t->engine->wants_write(), deadline, "read");
        if (w == -ETIMEDOUT) {
            sock->timeout_event = 1;
            return -1;
        }
        if (w != 0) return -1;
    }
}

ssize_t write(php_stream *stream, TlsStream *t, const char *buf, size_t count) {
    php_netstream_data_t *sock = sock_of(stream);
    if (stream_hook::is_closing(stream) || sock->socket < 0) return -1;
    sock->timeout_event = 0;
    const Nanos deadline = stream_hook::deadline_after(stream_hook::io_timeout(stream, true));
    for (;;) {
        ssize_t n = t->engine->write(buf, count);
        if (n > 0) {
            php_stream_notify_progress_increment(PHP_STREAM_CONTEXT(stream), n, 0);
            return n;
        }
        if (n != -EAGAIN) {
            if (!(stream->flags & PHP_STREAM_FLAG_SUPPRESS_ERRORS))
                php_error_docref(nullptr, E_NOTICE, "SSL: %s", t->engine->error().c_str());
            return -1;
        }
        if (!sock->is_blocked) return 0;
        int w = wait_socket(sock->socket, t->engine->wants_write(), deadline, "write");
        if (w == -ETIMEDOUT) {
            sock->timeout_event = 1;
            return -1;
        }
        if (w != 0) return -1;
    }
}

int crypto_option(php_stream *stream, php_stream_xport_crypto_param *param) {
    auto it = g_streams.find(stream);
    TlsStream *t = it == g_streams.end() ? nullptr : it->second.get();
    if (param->op == php_stream_xport_crypto_param::STREAM_XPORT_CRYPTO_OP_SETUP) {
        if (t && t->engine) {
            php_error_docref(nullptr, E_WARNING, "SSL/TLS already set-up for this stream");
            param->outputs.returncode = -1;
            return PHP_STREAM_OPTION_RETURN_OK;
        }
        if (!t) t = (g_streams[stream] = std::make_unique<TlsStream>()).get();
        t->method = static_cast<int>(param->inputs.method);
        t->client = (param->inputs.method & 1) != 0;
        param->outputs.returncode = 0;
        return PHP_STREAM_OPTION_RETURN_OK;
    }
    // STREAM_XPORT_CRYPTO_OP_ENABLE
    if (!param->inputs.activate) {
        if (t && t->engine && t->engine->established()) t->engine->shutdown();
        if (t) drop(stream);
        param->outputs.returncode = 1;
        return PHP_STREAM_OPTION_RETURN_OK;
    }
    if (!t) {
        php_error_docref(nullptr, E_WARNING, "SSL/TLS not set-up for this stream");
        param->outputs.returncode = -1;
        return PHP_STREAM_OPTION_RETURN_OK;
    }
    if (t->engine && t->engine->established()) {
        param->outputs.returncode = 1;
        return PHP_STREAM_OPTION_RETURN_OK;
    }
    // PHP bounds a client's handshake by the connect timeout and a server's by the stream's; the
    // connect's is gone by now, so both use the stream's (default_socket_timeout).
    int rc = handshake(stream, t, stream_hook::io_timeout(stream, false));
    if (rc < 0) drop(stream);
    param->outputs.returncode = rc;
    return PHP_STREAM_OPTION_RETURN_OK;
}

void after_connect(php_stream *stream, php_stream_xport_param *x) {
    auto it = g_streams.find(stream);
    if (it == g_streams.end() || !it->second->enable_on_connect) return;
    TlsStream *t = it->second.get();
    t->enable_on_connect = false;
    if (x->outputs.returncode != 0) return;
    int rc = handshake(stream, t, stream_hook::connect_timeout(x->inputs.timeout));
    if (rc == 1) return;
    drop(stream);
    php_error_docref(nullptr, E_WARNING, "Failed to enable crypto");
    x->outputs.returncode = -1;
}

void after_accept(php_stream *stream, php_stream_xport_param *x) {
    if (!x->outputs.client || g_streams.empty()) return;
    auto it = g_streams.find(stream);
    if (it == g_streams.end() || !it->second->listener) return;
    php_stream *client = x->outputs.client;
    auto t = std::make_unique<TlsStream>();
    t->client = false;
    t->method = it->second->method & ~1;
    TlsStream *raw = t.get();
    g_streams[client] = std::move(t);
    // The accepted stream shares the listener's context (local_cert, verify_peer, cafile…).
    if (!PHP_STREAM_CONTEXT(client) && PHP_STREAM_CONTEXT(stream))
        php_stream_context_set(client, PHP_STREAM_CONTEXT(stream));
    int rc = handshake(client, raw, stream_hook::accept_timeout(x->inputs.timeout));
    if (rc == 1) return;
    drop(client);
    php_stream_close(client);
    x->outputs.client = nullptr;
    x->outputs.returncode = -1;
}

void add_meta_data(php_stream *, TlsStream *t, zval *array) {
    zval crypto;
    array_init(&crypto);
    std::string protocol = t->engine->protocol(), cipher = t->engine->cipher();
    add_assoc_stringl(&crypto, "protocol", protocol.data(), protocol.size());
    add_assoc_stringl(&crypto, "cipher_name", cipher.data(), cipher.size());
    add_assoc_stringl(&crypto, "cipher_version", protocol.data(), protocol.size());
    add_assoc_zval(array, "crypto", &crypto);
}

void forget(php_stream *stream) {
    if (g_streams.empty()) return;
    auto it = g_streams.find(stream);
    if (it == g_streams.end()) return;
    if (it->second->engine && it->second->engine->established() && sock_of(stream)->socket >= 0)
        it->second->engine->shutdown();
    g_streams.erase(it);
}

// ---- the ssl:// and tls:// factories

namespace {

struct SecureTransport {
    const char *name;
    uint32_t flag;
    int method;  // STREAM_CRYPTO_METHOD_*_CLIENT
    php_stream_transport_factory original = nullptr;
    bool hooked = false;
};

SecureTransport g_secure[] = {
    {"ssl", hooks::kSsl, STREAM_CRYPTO_METHOD_ANY_CLIENT},
    {"tls", hooks::kTls, STREAM_CRYPTO_METHOD_TLS_CLIENT},
    {"tlsv1.0", hooks::kTls, STREAM_CRYPTO_METHOD_TLSv1_0_CLIENT},
    {"tlsv1.1", hooks::kTls, STREAM_CRYPTO_METHOD_TLSv1_1_CLIENT},
    {"tlsv1.2", hooks::kTls, STREAM_CRYPTO_METHOD_TLSv1_2_CLIENT},
    {"tlsv1.3", hooks::kTls, STREAM_CRYPTO_METHOD_TLSv1_3_CLIENT},
};

// The host of "host:port" or "[v6]:port".
std::string host_of(const char *name, size_t len) {
    std::string s(name, len);
    if (!s.empty() && s[0] == '[') {
        size_t end = s.find(']');
        return end == std::string::npos ? std::string() : s.substr(1, end - 1);
    }
    size_t colon = s.rfind(':');
    return colon == std::string::npos ? s : s.substr(0, colon);
}

php_stream *secure_factory(const char *proto, size_t protolen, const char *resourcename, size_t resourcenamelen,
                           const char *persistent_id, int options, int flags, struct timeval *timeout,
                           php_stream_context *context STREAMS_DC) {
    SecureTransport *st = nullptr;
    for (SecureTransport &cand : g_secure)
        if (strlen(cand.name) == protolen && strncasecmp(cand.name, proto, protolen) == 0) st = &cand;
    // Outside coroutines: PHP's own OpenSSL streams.
    if (st && !hooks::in_coroutine())
        return st->original(proto, protolen, resourcename, resourcenamelen, persistent_id, options, flags, timeout,
                            context STREAMS_REL_CC);
    php_stream *stream = php_stream_generic_socket_factory("tcp", 3, resourcename, resourcenamelen, persistent_id,
                                                           options, flags, timeout, context STREAMS_REL_CC);
    if (!stream) return nullptr;
    stream_hook::hook_stream(stream, stream_hook::transport_named("tcp"));
    auto t = std::make_unique<TlsStream>();
    // A server (stream_socket_server("ssl://…")) starts TLS on each connection it accepts.
    t->listener = (flags & STREAM_XPORT_SERVER) != 0;
    t->enable_on_connect = !t->listener;
    t->method = st ? st->method : STREAM_CRYPTO_METHOD_TLS_CLIENT;
    // The context's crypto_method wins over the transport's, as in PHP.
    if (context) {
        if (zval *m = php_stream_context_get_option(context, "ssl", "crypto_method"))
            t->method = static_cast<int>(zval_get_long(m)) | 1;
    }
    t->url_host = host_of(resourcename, resourcenamelen);
    g_streams[stream] = std::move(t);
    return stream;
}

void apply(uint32_t flags) {
    HashTable *table = php_stream_xport_get_hash();
    for (SecureTransport &t : g_secure) {
        // The entry is swapped in place (as for tcp://): PHP's table is persistent. Without
        // ext/openssl there is no entry and nothing to hook.
        zval *entry = table ? zend_hash_str_find(table, t.name, strlen(t.name)) : nullptr;
        if (!entry || Z_TYPE_P(entry) != IS_PTR) continue;
        const bool on = (flags & t.flag) != 0;
        if (on && !t.hooked) {
            t.original = reinterpret_cast<php_stream_transport_factory>(Z_PTR_P(entry));
            Z_PTR_P(entry) = reinterpret_cast<void *>(secure_factory);
            t.hooked = true;
        } else if (!on && t.hooked) {
            Z_PTR_P(entry) = reinterpret_cast<void *>(t.original);
            t.hooked = false;
        }
    }
}

}  // namespace
}  // namespace gust::php::stream_tls

GUST_HOOK_AREA(g_stream_tls_area, "TLS stream sockets", gust::php::hooks::kSsl | gust::php::hooks::kTls,
               gust::php::stream_tls::apply);
