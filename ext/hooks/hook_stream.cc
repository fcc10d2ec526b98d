// SWOOLE_HOOK_TCP / UDP / UNIX / UDG: PHP's socket transports made coroutine-aware.
//
// While a flag is on, the transport's factory in PHP's transport table is ours (the one it
// replaced is restored when the flag goes off): it calls PHP's generic socket factory and points
// the new stream at a copy of its ops whose read, write, close and set_option wrap the originals. Inside a coroutine,
// on a stream in blocking mode, the wrappers do the I/O with MSG_DONTWAIT and park the coroutine on the loop while the
// socket is not ready, honouring the stream's timeout (timed_out in the meta data, as PHP reports it); connect resolves
// names with the coroutine DNS and connects asynchronously; accept waits for the listening socket first. Everywhere
// else (outside coroutines, non-blocking streams, other operations) the original ops run, with the stream's ops
// switched back to the originals for the call, since PHP's socket code compares them.
//
// Streams keep the hooked ops after the flag goes off (they then behave as PHP's own outside
// coroutines); the copies are static, so a persistent stream outlives the request safely.
#include "hooks/hook_stream.h"

#include <sys/socket.h>

#include <cerrno>
#include <algorithm>
#include <cstring>
#include <unordered_set>
#include <vector>

#include "coroutine/coroutine.h"
#include "coroutine/fd_wait.h"
#include "hooks/hook_stream_tls.h"
#include "hooks/hook_stream_wait.h"
#include "hooks/hooks.h"

namespace gust::php::stream_hook {
namespace {

namespace sw = stream_wait;

Transport g_transports[] = {
    {"tcp", hooks::kTcp, SOCK_STREAM, true},
    {"udp", hooks::kUdp, SOCK_DGRAM, true},
    {"unix", hooks::kUnix, SOCK_STREAM, false},
    {"udg", hooks::kUdg, SOCK_DGRAM, false},
};

// One copy per original ops table (four in practice); never freed, streams may point here forever.
HookedOps g_ops[8];
size_t g_ops_count = 0;

// Streams whose close is waking their waiters (a few at a time; empty between closes).
std::vector<php_stream *> g_closing;

// Hooked streams given a timeout by stream_set_timeout(): theirs beats Co::set()'s default. PHP's
// socket data has no room for the flag; an entry goes when the stream closes.
std::unordered_set<php_stream *> g_explicit_timeout;

ssize_t hooked_write(php_stream *stream, const char *buf, size_t count);
ssize_t hooked_read(php_stream *stream, char *buf, size_t count);
int hooked_close(php_stream *stream, int close_handle);
int hooked_set_option(php_stream *stream, int option, int value, void *ptrparam);

}  // namespace

HookedOps *hooked_of(php_stream *stream) {
    for (size_t i = 0; i < g_ops_count; ++i)
        if (stream->ops == &g_ops[i].ops) return &g_ops[i];
    return nullptr;
}

const Transport *transport_named(const char *name) {
    for (const Transport &t : g_transports)
        if (strcmp(t.name, name) == 0) return &t;
    return nullptr;
}

void hook_stream(php_stream *stream, const Transport *transport) {
    if (!stream) return;
    for (size_t i = 0; i < g_ops_count; ++i) {
        if (stream->ops == g_ops[i].original) {
            stream->ops = &g_ops[i].ops;
            return;
        }
    }
    if (g_ops_count == sizeof(g_ops) / sizeof(g_ops[0]) || !stream->ops->read || !stream->ops->write ||
        !stream->ops->close || !stream->ops->set_option)
        return;
    HookedOps &h = g_ops[g_ops_count++];
    h.original = stream->ops;
    h.ops = *stream->ops;  // same label: stream_get_meta_data() reports the same stream_type
    h.ops.read = hooked_read;
    h.ops.write = hooked_write;
    h.ops.close = hooked_close;
    h.ops.set_option = hooked_set_option;
    h.transport = transport;
    stream->ops = &h.ops;
}

Nanos io_timeout(php_stream *stream, bool write) {
    php_netstream_data_t *sock = sock_of(stream);
    const Options &o = options();
    const bool chosen = write ? o.socket_write_timeout_set : o.socket_read_timeout_set;
    if (chosen && g_explicit_timeout.count(stream) == 0)
        return option_nanos(write ? o.socket_write_timeout : o.socket_read_timeout);
    return stream_wait::from_timeval(&sock->timeout);
}

namespace {
// A timeout the caller really gave. PHP passes none (nullptr, or tv_sec -1 from
// default_socket_timeout=-1) when it would wait without limit; PHP >= 8.3 may also pass a huge
// count for an overlong timeout. Those mean "no timeout given", as does anything above 30,000 years.
bool timeout_given(const struct timeval *tv) {
    constexpr time_t kNoneAbove = 1000000000000;  // seconds
    return tv && tv->tv_sec >= 0 && tv->tv_sec < kNoneAbove;
}
}  // namespace

Nanos connect_timeout(const struct timeval *given) {
    return timeout_given(given) ? stream_wait::from_timeval(given) : option_nanos(options().socket_connect_timeout);
}

Nanos accept_timeout(const struct timeval *given) {
    if (timeout_given(given)) return stream_wait::from_timeval(given);
    const Options &o = options();
    return o.socket_read_timeout_set ? option_nanos(o.socket_read_timeout) : -1;
}

bool is_closing(php_stream *stream) {
    return !g_closing.empty() && std::find(g_closing.begin(), g_closing.end(), stream) != g_closing.end();
}

namespace {

// ---- read / write

ssize_t hooked_read(php_stream *stream, char *buf, size_t count) {
    HookedOps *h = hooked_of(stream);
    php_netstream_data_t *sock = sock_of(stream);
    if (stream_tls::TlsStream *t = stream_tls::of(stream)) return stream_tls::read(stream, t, buf, count);
    if (!sock || sock->socket < 0 || !sock->is_blocked || !hooks::in_coroutine())
        return with_original(stream, h, [&](const php_stream_ops *o) { return o->read(stream, buf, count); });
    if (is_closing(stream)) return -1;
    gust::php::PhpCoroutine *p = gust::php::current();
    sock->timeout_event = 0;
    const Nanos deadline = deadline_after(io_timeout(stream, false));
    for (;;) {
        ssize_t n = recv(sock->socket, buf, count, MSG_DONTWAIT);
        if (n > 0) {
            php_stream_notify_progress_increment(PHP_STREAM_CONTEXT(stream), n, 0);
            return n;
        }
        if (n == 0) {
            stream->eof = 1;
            return 0;
        }
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) {
            stream->eof = 1;  // as PHP: a failed read ends the stream, without a notice
            return -1;
        }
        Nanos wait_for = left(deadline);
        if (wait_for == 0) {
            sock->timeout_event = 1;
            return -1;  // PHP 8.2: a timed-out read fails (fread() gives false)
        }
        sw::Outcome out = sw::wait(sock->socket, gust::loop::kReadable, wait_for, "read");
        if (!gust::php::resumed(p)) return -1;
        if (out == sw::kTimedOut) {
            sock->timeout_event = 1;
            return -1;
        }
        if (out != sw::kReady) return -1;  // closed by another coroutine (the stream is going away)
    }
}

void send_failed_notice(php_stream *stream, size_t count, int err) {
    if (stream->flags & PHP_STREAM_FLAG_SUPPRESS_ERRORS) return;
    php_error_docref(nullptr, E_NOTICE, "Send of %zu bytes failed with errno=%d %s", count, err, strerror(err));
}

ssize_t hooked_write(php_stream *stream, const char *buf, size_t count) {
    HookedOps *h = hooked_of(stream);
    php_netstream_data_t *sock = sock_of(stream);
    if (stream_tls::TlsStream *t = stream_tls::of(stream)) return stream_tls::write(stream, t, buf, count);
    if (!sock || sock->socket < 0 || !sock->is_blocked || !hooks::in_coroutine())
        return with_original(stream, h, [&](const php_stream_ops *o) { return o->write(stream, buf, count); });
    if (is_closing(stream)) return -1;
    gust::php::PhpCoroutine *p = gust::php::current();
    const Nanos deadline = deadline_after(io_timeout(stream, true));
    sock->timeout_event = 0;
    for (;;) {
        ssize_t n = send(sock->socket, buf, count, MSG_DONTWAIT | MSG_NOSIGNAL);
        if (n >= 0) {
            if (n > 0) php_stream_notify_progress_increment(PHP_STREAM_CONTEXT(stream), n, 0);
            return n;
        }
        int err = errno;
        if (err == EINTR) continue;
        if (err != EAGAIN && err != EWOULDBLOCK) {
            send_failed_notice(stream, count, err);
            return -1;
        }
        Nanos wait_for = left(deadline);
        sw::Outcome out =
            wait_for == 0 ? sw::kTimedOut : sw::wait(sock->socket, gust::loop::kWritable, wait_for, "write");
        if (wait_for != 0 && !gust::php::resumed(p)) return -1;
        if (out == sw::kTimedOut) {
            sock->timeout_event = 1;
            send_failed_notice(stream, count, EAGAIN);
            return -1;
        }
        if (out != sw::kReady) return -1;
    }
}

// ---- close: waiters of the stream are woken first and leave before PHP frees it

int hooked_close(php_stream *stream, int close_handle) {
    HookedOps *h = hooked_of(stream);
    php_netstream_data_t *sock = sock_of(stream);
    gust::php::PhpCoroutine *p = nullptr;
    bool switched = false;
    if (sock && sock->socket >= 0) {
        // The woken coroutines return from this stream's code (their operation fails) and only
        // then may PHP free the stream.
        g_closing.push_back(stream);
        p = gust::php::release_fd_waiters(sock->socket);
        switched = p != nullptr;
        // Nothing above longjmps (resumed() comes after the close), so the entry always goes.
        auto it = std::find(g_closing.begin(), g_closing.end(), stream);
        if (it != g_closing.end()) g_closing.erase(it);
    }
    if (!g_explicit_timeout.empty()) g_explicit_timeout.erase(stream);
    stream_tls::forget(stream);  // close_notify while the fd is open
    int rc = with_original(stream, h, [&](const php_stream_ops *o) { return o->close(stream, close_handle); });
    if (switched) (void)gust::php::resumed(p);  // after the close: nothing of the stream is left to leak
    return rc;
}

int hooked_set_option(php_stream *stream, int option, int value, void *ptrparam) {
    HookedOps *h = hooked_of(stream);
    php_netstream_data_t *sock = sock_of(stream);
    auto *x = static_cast<php_stream_xport_param *>(ptrparam);
    if (option == PHP_STREAM_OPTION_READ_TIMEOUT) g_explicit_timeout.insert(stream);  // stream_set_timeout()
    // stream_socket_enable_crypto(): PHP's plain socket ops have no TLS; ours (any mode, any context).
    if (option == PHP_STREAM_OPTION_CRYPTO_API && ptrparam && sock)
        return stream_tls::crypto_option(stream, static_cast<php_stream_xport_crypto_param *>(ptrparam));
    if (option == PHP_STREAM_OPTION_XPORT_API && x && sock && hooks::in_coroutine()) {
        if (is_closing(stream) && (x->op == php_stream_xport_param::STREAM_XPORT_OP_ACCEPT ||
                                   x->op == php_stream_xport_param::STREAM_XPORT_OP_RECV ||
                                   x->op == php_stream_xport_param::STREAM_XPORT_OP_SEND)) {
            x->outputs.returncode = -1;
            return PHP_STREAM_OPTION_RETURN_OK;
        }
        switch (x->op) {
            case php_stream_xport_param::STREAM_XPORT_OP_CONNECT:
                if (h->transport->inet && xport::connect(stream, h, x)) {
                    stream_tls::after_connect(stream, x);  // ssl:// and tls://: the handshake
                    return PHP_STREAM_OPTION_RETURN_OK;
                }
                break;
            case php_stream_xport_param::STREAM_XPORT_OP_ACCEPT: {
                if (sock->socket < 0) break;
                int rc = PHP_STREAM_OPTION_RETURN_ERR;
                xport::accept(stream, h, x, &rc);
                stream_tls::after_accept(stream, x);  // ssl:// servers: the handshake
                return rc;
            }
            case php_stream_xport_param::STREAM_XPORT_OP_RECV:
                if (sock->socket < 0 || !sock->is_blocked) break;
                xport::recvfrom(stream, x);
                return PHP_STREAM_OPTION_RETURN_OK;
            case php_stream_xport_param::STREAM_XPORT_OP_SEND:
                if (sock->socket < 0 || !sock->is_blocked) break;
                xport::sendto(stream, x);
                return PHP_STREAM_OPTION_RETURN_OK;
            default: break;
        }
    }
    int rc = with_original(stream, h,
                           [&](const php_stream_ops *o) { return o->set_option(stream, option, value, ptrparam); });
    if (option == PHP_STREAM_OPTION_XPORT_API && x && x->op == php_stream_xport_param::STREAM_XPORT_OP_CONNECT)
        stream_tls::after_connect(stream, x);
    if (option == PHP_STREAM_OPTION_META_DATA_API && ptrparam) {
        if (stream_tls::TlsStream *t = stream_tls::of(stream))
            stream_tls::add_meta_data(stream, t, static_cast<zval *>(ptrparam));
    }
    // A connection accepted outside a coroutine is hooked too: it may be used inside one later.
    if (option == PHP_STREAM_OPTION_XPORT_API && x && x->op == php_stream_xport_param::STREAM_XPORT_OP_ACCEPT &&
        x->outputs.client) {
        hook_stream(x->outputs.client, h->transport);
        stream_tls::after_accept(stream, x);
    }
    return rc;
}

// ---- the factory

php_stream *hooked_factory(const char *proto, size_t protolen, const char *resourcename, size_t resourcenamelen,
                           const char *persistent_id, int options, int flags, struct timeval *timeout,
                           php_stream_context *context STREAMS_DC) {
    const Transport *t = nullptr;
    for (const Transport &cand : g_transports)
        if (strlen(cand.name) == protolen && strncmp(cand.name, proto, protolen) == 0) t = &cand;
    // PHP's own socket factory, also for tcp:// whose registered factory is usually OpenSSL's
    // (which adds stream_socket_enable_crypto(); TLS is not hooked).
    php_stream *stream = php_stream_generic_socket_factory(
        proto, protolen, resourcename, resourcenamelen, persistent_id, options, flags, timeout, context STREAMS_REL_CC);
    if (stream && t) hook_stream(stream, t);
    return stream;
}

void apply(uint32_t flags) {
    HashTable *table = php_stream_xport_get_hash();
    for (Transport &t : g_transports) {
        zval *entry = table ? zend_hash_str_find(table, t.name, strlen(t.name)) : nullptr;
        if (!entry || Z_TYPE_P(entry) != IS_PTR) continue;
        const bool on = (flags & t.flag) != 0;
        if (on && !t.hooked) {
            t.original = reinterpret_cast<php_stream_transport_factory>(Z_PTR_P(entry));
            Z_PTR_P(entry) = reinterpret_cast<void *>(hooked_factory);
            t.hooked = true;
        } else if (!on && t.hooked) {
            Z_PTR_P(entry) = reinterpret_cast<void *>(t.original);
            t.hooked = false;
        }
    }
}

}  // namespace
}  // namespace gust::php::stream_hook

GUST_HOOK_AREA(g_stream_area, "stream sockets",
               gust::php::hooks::kTcp | gust::php::hooks::kUdp | gust::php::hooks::kUnix | gust::php::hooks::kUdg,
               gust::php::stream_hook::apply);
