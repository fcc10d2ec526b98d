// SWOOLE_HOOK_TCP / UDP / UNIX / UDG: PHP's socket transports made coroutine-aware.
//
// While a flag is on, the transport's factory in PHP's transport table is ours (the one it
// replaced is restored when the flag goes off): it calls PHP's generic socket factory and points the new stream at a copy of its
// ops whose read, write, close and set_option wrap the originals. Inside a coroutine, on a stream
// in blocking mode, the wrappers do the I/O with MSG_DONTWAIT and park the coroutine on the loop
// while the socket is not ready, honouring the stream's timeout (timed_out in the meta data, as
// PHP reports it); connect resolves names with the coroutine DNS and connects asynchronously;
// accept waits for the listening socket first. Everywhere else (outside coroutines, non-blocking
// streams, other operations) the original ops run, with the stream's ops switched back to the
// originals for the call, since PHP's socket code compares them.
//
// Streams keep the hooked ops after the flag goes off (they then behave as PHP's own outside
// coroutines); the copies are static, so a persistent stream outlives the request safely.
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "coroutine.h"
#include "hook_stream_wait.h"
#include "hooks.h"

extern "C" {
#include "main/php_network.h"
}

#include "gust/net/dns.h"

namespace {

namespace hooks = gust::php::hooks;
namespace sw = gust::php::stream_wait;
using gust::Nanos;

// ---- the transports and their ops

struct Transport {
    const char *name;
    uint32_t flag;
    int socktype;
    bool inet;
    php_stream_transport_factory original = nullptr;
    bool hooked = false;
};

Transport g_transports[] = {
    {"tcp", hooks::kTcp, SOCK_STREAM, true},
    {"udp", hooks::kUdp, SOCK_DGRAM, true},
    {"unix", hooks::kUnix, SOCK_STREAM, false},
    {"udg", hooks::kUdg, SOCK_DGRAM, false},
};

struct HookedOps {
    const php_stream_ops *original = nullptr;
    php_stream_ops ops{};
    const Transport *transport = nullptr;
};
// One copy per original ops table (four in practice); never freed, streams may point here forever.
HookedOps g_ops[8];
size_t g_ops_count = 0;

// Streams whose close is waking their waiters: their operations fail at once.
php_stream *g_closing[16];
size_t g_closing_count = 0;

ssize_t hooked_write(php_stream *stream, const char *buf, size_t count);
ssize_t hooked_read(php_stream *stream, char *buf, size_t count);
int hooked_close(php_stream *stream, int close_handle);
int hooked_set_option(php_stream *stream, int option, int value, void *ptrparam);

HookedOps *hooked_of(php_stream *stream) {
    for (size_t i = 0; i < g_ops_count; ++i)
        if (stream->ops == &g_ops[i].ops) return &g_ops[i];
    return nullptr;
}

// Points a PHP socket stream of `transport` at the hooked copy of its ops.
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

// Runs an original op with the stream's ops switched back (PHP's socket code compares them).
template <typename Fn>
auto with_original(php_stream *stream, HookedOps *h, Fn fn) {
    stream->ops = h->original;
    auto r = fn(h->original);
    stream->ops = &h->ops;
    return r;
}

bool is_closing(php_stream *stream) {
    for (size_t i = 0; i < g_closing_count; ++i)
        if (g_closing[i] == stream) return true;
    return false;
}

php_netstream_data_t *sock_of(php_stream *stream) { return static_cast<php_netstream_data_t *>(stream->abstract); }

// Time left until `deadline` (< 0: none), never negative.
Nanos left(Nanos deadline) {
    if (deadline < 0) return -1;
    Nanos now = gust::monotonic_now();
    return deadline > now ? deadline - now : 0;
}
Nanos deadline_after(Nanos timeout) { return timeout < 0 ? -1 : gust::monotonic_now() + timeout; }

// 0 when `fd` is ready for `events` (POLLIN/POLLOUT) right now, else how poll saw it.
bool ready_now(int fd, short events) {
    struct pollfd p = {fd, events, 0};
    int n;
    do n = poll(&p, 1, 0); while (n < 0 && errno == EINTR);
    return n > 0;
}

// ---- read / write

ssize_t hooked_read(php_stream *stream, char *buf, size_t count) {
    HookedOps *h = hooked_of(stream);
    php_netstream_data_t *sock = sock_of(stream);
    if (!sock || sock->socket < 0 || !sock->is_blocked || !hooks::in_coroutine())
        return with_original(stream, h, [&](const php_stream_ops *o) { return o->read(stream, buf, count); });
    if (is_closing(stream)) return -1;
    gust::php::PhpCoroutine *p = gust::php::current();
    sock->timeout_event = 0;
    const Nanos deadline = deadline_after(sw::from_timeval(&sock->timeout));
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
            return 0;
        }
        sw::Outcome out = sw::wait(sock->socket, gust::loop::kReadable, wait_for, "read");
        if (!gust::php::resumed(p)) return -1;
        if (out == sw::kTimedOut) {
            sock->timeout_event = 1;
            return 0;
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
    if (!sock || sock->socket < 0 || !sock->is_blocked || !hooks::in_coroutine())
        return with_original(stream, h, [&](const php_stream_ops *o) { return o->write(stream, buf, count); });
    if (is_closing(stream)) return -1;
    gust::php::PhpCoroutine *p = gust::php::current();
    const Nanos deadline = deadline_after(sw::from_timeval(&sock->timeout));
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
        sw::Outcome out = wait_for == 0 ? sw::kTimedOut
                                        : sw::wait(sock->socket, gust::loop::kWritable, wait_for, "write");
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
    if (sock && sock->socket >= 0 && g_closing_count < sizeof(g_closing) / sizeof(g_closing[0]) &&
        sw::close_fd(sock->socket)) {
        // The woken coroutines return from this stream's code (their operation fails) and only
        // then may PHP free the stream: they run before this coroutine's zero-delay timer fires.
        g_closing[g_closing_count++] = stream;
        gust::php::Runtime *rt = gust::php::runtime_if_any();
        if (hooks::in_coroutine()) {
            p = gust::php::current();
            (void)rt->scheduler->sleep(0);
            switched = true;
        } else if (rt && !rt->running) {
            (void)rt->loop->run_once(0);
        }
        for (size_t i = 0; i < g_closing_count; ++i) {
            if (g_closing[i] == stream) {
                g_closing[i] = g_closing[--g_closing_count];
                break;
            }
        }
    }
    int rc = with_original(stream, h, [&](const php_stream_ops *o) { return o->close(stream, close_handle); });
    if (switched) (void)gust::php::resumed(p);  // after the close: nothing of the stream is left to leak
    return rc;
}

// ---- connect

// "host:port" or "[v6]:port" the way PHP splits it; false when PHP would refuse it (the original
// then reports the error).
bool split_host_port(const char *name, size_t len, std::string &host, int &port) {
    if (len > 1 && name[0] == '[') {
        const char *end = static_cast<const char *>(memchr(name + 1, ']', len - 2));
        if (!end || end[1] != ':') return false;
        host.assign(name + 1, end - name - 1);
        port = atoi(end + 2);
        return true;
    }
    const char *colon = len ? static_cast<const char *>(memchr(name, ':', len - 1)) : nullptr;
    if (!colon) return false;
    host.assign(name, colon - name);
    port = atoi(colon + 1);
    return true;
}

constexpr size_t kMaxAddrs = 8;
struct Resolved {
    struct sockaddr_storage addrs[kMaxAddrs];
    socklen_t lens[kMaxAddrs];
    size_t count = 0;
    bool parsed = false;
    char error[256] = "";
};

static_assert(std::is_trivially_destructible_v<Resolved>);

// Resolves xparam's "host:port" with the coroutine DNS. Every C++ object is gone when it returns
// (the caller then checks resumed(), which may longjmp).
void resolve_name(const char *name, size_t len, int family, Resolved &out) {
    std::string host;
    int port = 0;
    if (!split_host_port(name, len, host, port)) return;
    out.parsed = true;
    gust::net::ResolveOptions options;
    options.family = family;
    std::string reason;
    auto addrs = gust::net::resolve(host, static_cast<uint16_t>(port), options, &reason);
    if (!addrs.ok()) {
        if (reason.empty()) reason = gust::error_message(addrs.code());
        snprintf(out.error, sizeof(out.error), "php_network_getaddresses: getaddrinfo for %s failed: %s", host.c_str(),
                 reason.c_str());
        return;
    }
    for (const auto &a : addrs.value()) {
        if (out.count == kMaxAddrs) break;
        memcpy(&out.addrs[out.count], a.sockaddr_ptr(), a.length());
        out.lens[out.count] = a.length();
        ++out.count;
    }
}

bool context_has_bindto(php_stream *stream) {
    php_stream_context *ctx = PHP_STREAM_CONTEXT(stream);
    return ctx && php_stream_context_get_option(ctx, "socket", "bindto") != nullptr;
}

bool context_flag(php_stream *stream, const char *name) {
    php_stream_context *ctx = PHP_STREAM_CONTEXT(stream);
    zval *v = ctx ? php_stream_context_get_option(ctx, "socket", name) : nullptr;
    return v && zend_is_true(v);
}

void set_blocking(int fd, bool blocking) {
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0) (void)fcntl(fd, F_SETFL, blocking ? (fl & ~O_NONBLOCK) : (fl | O_NONBLOCK));
}

// Connects one address: the connected fd (blocking again, as PHP leaves it), or -1 with *err set.
// *aborted when the coroutine must return at once.
int connect_one(const struct sockaddr *sa, socklen_t len, const Transport *t, php_stream *stream, Nanos deadline,
                int *err, bool *aborted) {
    int fd = socket(sa->sa_family, t->socktype, 0);
    if (fd < 0) {
        *err = errno;
        return -1;
    }
    int one = 1;
    if (t->socktype == SOCK_DGRAM && context_flag(stream, "so_broadcast"))
        (void)setsockopt(fd, SOL_SOCKET, SO_BROADCAST, &one, sizeof(one));
    if (t->socktype == SOCK_STREAM && context_flag(stream, "tcp_nodelay"))
        (void)setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    set_blocking(fd, false);
    int rc;
    do rc = connect(fd, sa, len); while (rc < 0 && errno == EINTR);
    if (rc < 0 && errno != EINPROGRESS) {
        *err = errno;
        close(fd);
        return -1;
    }
    if (rc < 0) {
        Nanos wait_for = left(deadline);
        sw::Outcome out = wait_for == 0 ? sw::kTimedOut : sw::wait(fd, gust::loop::kWritable, wait_for, "connect");
        if (wait_for != 0 && !gust::php::resumed(gust::php::current())) out = sw::kAborted;
        if (out != sw::kReady) {
            *err = ETIMEDOUT;
            *aborted = out == sw::kAborted || out == sw::kClosed;
            close(fd);
            return -1;
        }
        int so_error = 0;
        socklen_t sl = sizeof(so_error);
        if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &so_error, &sl) < 0) so_error = errno;
        if (so_error != 0) {
            *err = so_error;
            close(fd);
            return -1;
        }
    }
    set_blocking(fd, true);
    return fd;
}

// STREAM_XPORT_OP_CONNECT of tcp:// and udp://. false: let the original handle it.
bool hooked_connect(php_stream *stream, HookedOps *h, php_stream_xport_param *x) {
    php_netstream_data_t *sock = sock_of(stream);
    if (!x->inputs.name || context_has_bindto(stream)) return false;
    gust::php::PhpCoroutine *p = gust::php::current();
    const Nanos deadline = deadline_after(sw::from_timeval(x->inputs.timeout));
    Resolved r;  // plain data on the coroutine's stack: nothing to free if resumed() longjmps
    resolve_name(x->inputs.name, x->inputs.namelen, AF_UNSPEC, r);
    if (!r.parsed) return false;
    x->outputs.error_code = 0;
    if (!gust::php::resumed(p)) {
        x->outputs.returncode = -1;
        return true;
    }
    if (r.count == 0) {
        php_error_docref(nullptr, E_WARNING, "%s", r.error);
        if (x->want_errortext) x->outputs.error_text = zend_string_init(r.error, strlen(r.error), 0);
        x->outputs.returncode = -1;
        return true;
    }
    int fd = -1, err = 0;
    bool aborted = false;
    for (size_t i = 0; i < r.count && fd < 0 && !aborted; ++i)
        fd = connect_one(reinterpret_cast<sockaddr *>(&r.addrs[i]), r.lens[i], h->transport, stream, deadline, &err,
                         &aborted);
    sock->socket = fd;
    x->outputs.returncode = fd < 0 ? -1 : 0;
    if (fd < 0) {
        x->outputs.error_code = err;
        if (x->want_errortext && err) x->outputs.error_text = php_socket_error_str(err);
    }
    return true;
}

// ---- accept, recvfrom, sendto

void hooked_accept(php_stream *stream, HookedOps *h, php_stream_xport_param *x, int *rc) {
    php_netstream_data_t *sock = sock_of(stream);
    gust::php::PhpCoroutine *p = gust::php::current();
    const Nanos deadline = deadline_after(sw::from_timeval(x->inputs.timeout));
    while (sock->socket >= 0 && !ready_now(sock->socket, POLLIN)) {
        Nanos wait_for = left(deadline);
        if (wait_for == 0) break;  // the original reports the timeout
        sw::Outcome out = sw::wait(sock->socket, gust::loop::kReadable, wait_for, "accept");
        if (!gust::php::resumed(p) || out == sw::kClosed || out == sw::kAborted) {
            x->outputs.client = nullptr;
            x->outputs.returncode = -1;
            x->outputs.error_code = out == sw::kClosed ? EBADF : ECANCELED;
            if (x->want_errortext) x->outputs.error_text = php_socket_error_str(x->outputs.error_code);
            *rc = PHP_STREAM_OPTION_RETURN_OK;
            return;
        }
        if (out == sw::kTimedOut) break;
    }
    // Ready (or out of time): the original accepts without waiting.
    struct timeval zero = {0, 0};
    struct timeval *saved = x->inputs.timeout;
    x->inputs.timeout = &zero;
    *rc = with_original(stream, h, [&](const php_stream_ops *o) {
        return o->set_option(stream, PHP_STREAM_OPTION_XPORT_API, 0, x);
    });
    x->inputs.timeout = saved;
    if (x->outputs.client) hook_stream(x->outputs.client, h->transport);
}

void hooked_recv(php_stream *stream, php_stream_xport_param *x) {
    php_netstream_data_t *sock = sock_of(stream);
    gust::php::PhpCoroutine *p = gust::php::current();
    int flags = MSG_DONTWAIT;
    if ((x->inputs.flags & STREAM_OOB) == STREAM_OOB) flags |= MSG_OOB;
    if ((x->inputs.flags & STREAM_PEEK) == STREAM_PEEK) flags |= MSG_PEEK;
    const bool want = x->want_textaddr || x->want_addr;
    const Nanos deadline = deadline_after(sw::from_timeval(&sock->timeout));
    sock->timeout_event = 0;
    for (;;) {
        struct sockaddr_storage sa;
        socklen_t sl = sizeof(sa);
        ssize_t n = want ? recvfrom(sock->socket, x->inputs.buf, x->inputs.buflen, flags, (struct sockaddr *)&sa, &sl)
                         : recv(sock->socket, x->inputs.buf, x->inputs.buflen, flags);
        if (n >= 0) {
            x->outputs.returncode = static_cast<int>(n);
            if (!want) return;
            if (sl > 0) {
                php_network_populate_name_from_sockaddr((struct sockaddr *)&sa, sl,
                                                        x->want_textaddr ? &x->outputs.textaddr : nullptr,
                                                        x->want_addr ? &x->outputs.addr : nullptr,
                                                        x->want_addr ? &x->outputs.addrlen : nullptr);
            } else {
                if (x->want_textaddr) x->outputs.textaddr = ZSTR_EMPTY_ALLOC();
                if (x->want_addr) {
                    x->outputs.addr = nullptr;
                    x->outputs.addrlen = 0;
                }
            }
            return;
        }
        x->outputs.returncode = -1;
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) return;
        Nanos wait_for = left(deadline);
        sw::Outcome out = wait_for == 0 ? sw::kTimedOut : sw::wait(sock->socket, gust::loop::kReadable, wait_for, "recvfrom");
        if (wait_for != 0 && !gust::php::resumed(p)) return;
        if (out == sw::kTimedOut) sock->timeout_event = 1;
        if (out != sw::kReady) return;
    }
}

void hooked_send(php_stream *stream, php_stream_xport_param *x) {
    php_netstream_data_t *sock = sock_of(stream);
    gust::php::PhpCoroutine *p = gust::php::current();
    int flags = MSG_DONTWAIT | MSG_NOSIGNAL;
    if ((x->inputs.flags & STREAM_OOB) == STREAM_OOB) flags |= MSG_OOB;
    const bool datagram = sock_of(stream) && hooked_of(stream)->transport->socktype == SOCK_DGRAM;
    const Nanos deadline = deadline_after(sw::from_timeval(&sock->timeout));
    sock->timeout_event = 0;
    size_t done = 0;
    for (;;) {
        const char *buf = x->inputs.buf + done;
        size_t len = x->inputs.buflen - done;
        ssize_t n = x->inputs.addr ? sendto(sock->socket, buf, len, flags, x->inputs.addr, x->inputs.addrlen)
                                   : send(sock->socket, buf, len, flags);
        if (n >= 0) {
            done += static_cast<size_t>(n);
            if (datagram || done >= x->inputs.buflen) {
                x->outputs.returncode = static_cast<int>(done);
                return;
            }
            continue;
        }
        x->outputs.returncode = done > 0 ? static_cast<int>(done) : -1;
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) return;
        Nanos wait_for = left(deadline);
        sw::Outcome out = wait_for == 0 ? sw::kTimedOut : sw::wait(sock->socket, gust::loop::kWritable, wait_for, "sendto");
        if (wait_for != 0 && !gust::php::resumed(p)) return;
        if (out == sw::kTimedOut) sock->timeout_event = 1;
        if (out != sw::kReady) return;
    }
}

int hooked_set_option(php_stream *stream, int option, int value, void *ptrparam) {
    HookedOps *h = hooked_of(stream);
    php_netstream_data_t *sock = sock_of(stream);
    auto *x = static_cast<php_stream_xport_param *>(ptrparam);
    if (option == PHP_STREAM_OPTION_XPORT_API && x && sock && hooks::in_coroutine()) {
        if (is_closing(stream) &&
            (x->op == php_stream_xport_param::STREAM_XPORT_OP_ACCEPT || x->op == php_stream_xport_param::STREAM_XPORT_OP_RECV || x->op == php_stream_xport_param::STREAM_XPORT_OP_SEND)) {
            x->outputs.returncode = -1;
            return PHP_STREAM_OPTION_RETURN_OK;
        }
        switch (x->op) {
            case php_stream_xport_param::STREAM_XPORT_OP_CONNECT:
                if (h->transport->inet && hooked_connect(stream, h, x)) return PHP_STREAM_OPTION_RETURN_OK;
                break;
            case php_stream_xport_param::STREAM_XPORT_OP_ACCEPT: {
                if (sock->socket < 0) break;
                int rc = PHP_STREAM_OPTION_RETURN_ERR;
                hooked_accept(stream, h, x, &rc);
                return rc;
            }
            case php_stream_xport_param::STREAM_XPORT_OP_RECV:
                if (sock->socket < 0 || !sock->is_blocked) break;
                hooked_recv(stream, x);
                return PHP_STREAM_OPTION_RETURN_OK;
            case php_stream_xport_param::STREAM_XPORT_OP_SEND:
                if (sock->socket < 0 || !sock->is_blocked) break;
                hooked_send(stream, x);
                return PHP_STREAM_OPTION_RETURN_OK;
            default:
                break;
        }
    }
    int rc = with_original(stream, h,
                           [&](const php_stream_ops *o) { return o->set_option(stream, option, value, ptrparam); });
    // A connection accepted outside a coroutine is hooked too: it may be used inside one later.
    if (option == PHP_STREAM_OPTION_XPORT_API && x && x->op == php_stream_xport_param::STREAM_XPORT_OP_ACCEPT &&
        x->outputs.client)
        hook_stream(x->outputs.client, h->transport);
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
    php_stream *stream = php_stream_generic_socket_factory(proto, protolen, resourcename, resourcenamelen, persistent_id, options, flags,
                                  timeout, context STREAMS_REL_CC);
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
    if (flags == 0) g_closing_count = 0;  // request end: nothing can be closing any more
}

}  // namespace

GUST_HOOK_AREA(g_stream_area, "stream sockets", hooks::kTcp | hooks::kUdp | hooks::kUnix | hooks::kUdg, apply);
