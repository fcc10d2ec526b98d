// Transport operations of the hooked socket streams that wait: connect (coroutine DNS, then a
// non-blocking connect awaited on the loop), accept, and stream_socket_recvfrom/sendto. Each runs
// inside a coroutine only; see hook_stream.cc for the rest.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>

#include "coroutine/coroutine.h"
#include "common/errors.h"
#include "common/module.h"
#include "hooks/hook_stream.h"
#include "hooks/hook_stream_wait.h"

#include "gust/net/dns.h"

namespace gust::php::stream_hook {
namespace {

namespace sw = stream_wait;

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

bool is_ip_literal(const std::string &host) {
    unsigned char buf[sizeof(struct in6_addr)];
    return inet_pton(AF_INET, host.c_str(), buf) == 1 || inet_pton(AF_INET6, host.c_str(), buf) == 1;
}

// Resolves xparam's "host:port" with the name resolvers, else the coroutine DNS. Every C++ object is gone when it
// returns (the caller then checks resumed(), which may longjmp).
void resolve_name(const char *name, size_t len, int family, Resolved &out) {
    std::string host;
    int port = 0;
    if (!split_host_port(name, len, host, port)) return;
    out.parsed = true;
    // The name resolvers plugged in (swoole_name_resolver_add()) answer first, as for
    // Coroutine\Socket's connects; an address literal is not a name.
    if (!is_ip_literal(host)) {
        std::string named;
        if (gust::php::name_resolver_resolve(host, false, &named)) {
            if (named.empty()) {
                snprintf(out.error, sizeof(out.error),
                         "php_network_getaddresses: getaddrinfo for %s failed: the name resolvers gave no address",
                         host.c_str());
                return;
            }
            host = std::move(named);
        } else if (EG(exception)) {
            snprintf(out.error, sizeof(out.error), "php_network_getaddresses: getaddrinfo for %s failed: %s",
                     host.c_str(), "a name resolver threw");
            return;
        }
    }
    gust::net::ResolveOptions options;
    options.family = family;
    options.timeout = option_nanos(gust::php::options().socket_dns_timeout);
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

// The context's socket.bindto ("host:port", "[v6]:port"; an empty host or "0" is any address, as
// Swoole takes it) bound on `fd` of `family` before it connects. true when there is none or it is
// bound; false with *err (a warning for an address that does not parse, as PHP gives).
bool bind_to_context_address(int fd, int family, php_stream *stream, int *err) {
    php_stream_context *ctx = PHP_STREAM_CONTEXT(stream);
    zval *v = ctx ? php_stream_context_get_option(ctx, "socket", "bindto") : nullptr;
    if (!v) return true;
    zend_string *text = zval_get_string(v);
    std::string host;
    int port = 0;
    if (!split_host_port(ZSTR_VAL(text), ZSTR_LEN(text), host, port)) host.assign(ZSTR_VAL(text), ZSTR_LEN(text));
    zend_string_release(text);
    sockaddr_storage ss{};
    socklen_t len;
    const bool any = host.empty() || host == "0";
    bool parsed;
    if (family == AF_INET6) {
        auto *a = reinterpret_cast<sockaddr_in6 *>(&ss);
        a->sin6_family = AF_INET6;
        a->sin6_port = htons(static_cast<uint16_t>(port));
        parsed = any || inet_pton(AF_INET6, host.c_str(), &a->sin6_addr) == 1;
        len = sizeof(sockaddr_in6);
    } else {
        auto *a = reinterpret_cast<sockaddr_in *>(&ss);
        a->sin_family = AF_INET;
        a->sin_port = htons(static_cast<uint16_t>(port));
        parsed = any || inet_pton(AF_INET, host.c_str(), &a->sin_addr) == 1;
        len = sizeof(sockaddr_in);
    }
    if (!parsed) {
        php_error_docref(nullptr, E_WARNING, "Invalid IP Address: %s", host.c_str());
        *err = EINVAL;
        return false;
    }
    if (bind(fd, reinterpret_cast<sockaddr *>(&ss), len) != 0) {
        *err = errno;
        return false;
    }
    return true;
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
    if (!bind_to_context_address(fd, sa->sa_family, stream, err)) {
        close(fd);
        return -1;
    }
    set_blocking(fd, false);
    int rc;
    do rc = connect(fd, sa, len);
    while (rc < 0 && errno == EINTR);
    if (rc < 0 && errno != EINPROGRESS) {
        *err = errno;
        close(fd);
        return -1;
    }
    if (rc < 0) {
        // The stream owns the fd while we wait: if resumed() longjmps, PHP closes it with the stream.
        php_netstream_data_t *sock = sock_of(stream);
        sock->socket = fd;
        Nanos wait_for = left(deadline);
        sw::Outcome out = wait_for == 0 ? sw::kTimedOut : sw::wait(fd, gust::loop::kWritable, wait_for, "connect");
        if (wait_for != 0 && !gust::php::resumed(gust::php::current())) out = sw::kAborted;
        sock->socket = -1;
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

}  // namespace

namespace xport {

// STREAM_XPORT_OP_CONNECT of tcp:// and udp://. false: let the original handle it.
bool connect(php_stream *stream, HookedOps *h, php_stream_xport_param *x) {
    php_netstream_data_t *sock = sock_of(stream);
    if (!x->inputs.name) return false;
    gust::php::PhpCoroutine *p = gust::php::current();
    const Nanos deadline = deadline_after(connect_timeout(x->inputs.timeout));
    Resolved r;  // plain data on the coroutine's stack: nothing to free if resumed() longjmps
    resolve_name(x->inputs.name, x->inputs.namelen, AF_UNSPEC, r);
    if (!r.parsed) return false;
    x->outputs.error_code = 0;
    if (!gust::php::resumed(p)) {
        x->outputs.returncode = -1;
        return true;
    }
    if (r.count == 0) {
        set_last_error(SwooleError::kDnslookupResolveFailed);
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
        // PHP reports the errno through the stream; swoole_last_error() names it too, as in Swoole.
        if (err) set_last_error(err);
        x->outputs.error_code = err;
        if (x->want_errortext && err) x->outputs.error_text = php_socket_error_str(err);
    }
    return true;
}

void accept(php_stream *stream, HookedOps *h, php_stream_xport_param *x, int *rc) {
    php_netstream_data_t *sock = sock_of(stream);
    gust::php::PhpCoroutine *p = gust::php::current();
    const Nanos deadline = deadline_after(accept_timeout(x->inputs.timeout));
    while (sock->socket >= 0 && !ready_now(sock->socket, POLLIN)) {
        Nanos wait_for = left(deadline);
        if (wait_for == 0) break;  // the original reports the timeout
        sw::Outcome out = sw::wait(sock->socket, gust::loop::kReadable, wait_for, "accept");
        if (!gust::php::resumed(p) || out == sw::kClosed || out == sw::kAborted) {
            x->outputs.client = nullptr;
            x->outputs.returncode = -1;
            x->outputs.error_code = set_last_error(out == sw::kClosed ? EBADF : ECANCELED);
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
    *rc = with_original(
        stream, h, [&](const php_stream_ops *o) { return o->set_option(stream, PHP_STREAM_OPTION_XPORT_API, 0, x); });
    x->inputs.timeout = saved;
    if (x->outputs.client) hook_stream(x->outputs.client, h->transport);
}

void recvfrom(php_stream *stream, php_stream_xport_param *x) {
    php_netstream_data_t *sock = sock_of(stream);
    gust::php::PhpCoroutine *p = gust::php::current();
    int flags = MSG_DONTWAIT;
    if ((x->inputs.flags & STREAM_OOB) == STREAM_OOB) flags |= MSG_OOB;
    if ((x->inputs.flags & STREAM_PEEK) == STREAM_PEEK) flags |= MSG_PEEK;
    const bool want = x->want_textaddr || x->want_addr;
    const Nanos deadline = deadline_after(io_timeout(stream, false));
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
                php_network_populate_name_from_sockaddr(
                    (struct sockaddr *)&sa, sl, x->want_textaddr ? &x->outputs.textaddr : nullptr,
                    x->want_addr ? &x->outputs.addr : nullptr, x->want_addr ? &x->outputs.addrlen : nullptr);
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
        sw::Outcome out =
            wait_for == 0 ? sw::kTimedOut : sw::wait(sock->socket, gust::loop::kReadable, wait_for, "recvfrom");
        if (wait_for != 0 && !gust::php::resumed(p)) return;
        if (out == sw::kTimedOut) sock->timeout_event = 1;
        if (out != sw::kReady) return;
    }
}

void sendto(php_stream *stream, php_stream_xport_param *x) {
    php_netstream_data_t *sock = sock_of(stream);
    gust::php::PhpCoroutine *p = gust::php::current();
    int flags = MSG_DONTWAIT | MSG_NOSIGNAL;
    if ((x->inputs.flags & STREAM_OOB) == STREAM_OOB) flags |= MSG_OOB;
    const bool datagram = sock_of(stream) && hooked_of(stream)->transport->socktype == SOCK_DGRAM;
    const Nanos deadline = deadline_after(io_timeout(stream, true));
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
        sw::Outcome out =
            wait_for == 0 ? sw::kTimedOut : sw::wait(sock->socket, gust::loop::kWritable, wait_for, "sendto");
        if (wait_for != 0 && !gust::php::resumed(p)) return;
        if (out == sw::kTimedOut) sock->timeout_event = 1;
        if (out != sw::kReady) return;
    }
}

}  // namespace xport
}  // namespace gust::php::stream_hook
