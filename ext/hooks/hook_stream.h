// Internal to the stream socket hooks (hook_stream.cc: factory, ops, read/write/close;
// hook_stream_xport.cc: connect, accept, recvfrom, sendto).
#pragma once

#include <poll.h>

#include <cerrno>
#include <cstdint>

#include "common/module.h"

extern "C" {
#include "main/php_network.h"
}

#include "gust/base/clock.h"

namespace gust::php::stream_hook {

struct Transport {
    const char *name;
    uint32_t flag;
    int socktype;
    bool inet;
    php_stream_transport_factory original = nullptr;  // what the transport table held before us
    bool hooked = false;
};

// The hooked copy of one of PHP's socket ops tables.
struct HookedOps {
    const php_stream_ops *original = nullptr;
    php_stream_ops ops{};
    const Transport *transport = nullptr;
};

// The hooked ops of a stream that has them.
HookedOps *hooked_of(php_stream *stream);
// Points a PHP socket stream of `transport` at the hooked copy of its ops.
void hook_stream(php_stream *stream, const Transport *transport);
// The transport called `name` ("tcp", "udp", "unix", "udg"), or nullptr.
const Transport *transport_named(const char *name);
// True while the stream's close wakes its waiters: its operations fail at once.
bool is_closing(php_stream *stream);

// The timeout of one read (write) on a hooked stream inside a coroutine: stream_set_timeout() on
// the stream wins, then Co::set()'s socket_read_timeout (socket_write_timeout) once chosen, then
// the stream's own timeout (PHP's default_socket_timeout). < 0: none.
Nanos io_timeout(php_stream *stream, bool write);
// The timeout of a connect (accept) whose caller passed `given` (nullptr or a negative timeout:
// none given): `given` wins, else Co::set()'s socket_connect_timeout (read timeout, if chosen).
Nanos connect_timeout(const struct timeval *given);
Nanos accept_timeout(const struct timeval *given);

// Runs an original op with the stream's ops switched back (PHP's socket code compares them).
template <typename Fn>
auto with_original(php_stream *stream, HookedOps *h, Fn fn) {
    stream->ops = h->original;
    auto r = fn(h->original);
    stream->ops = &h->ops;
    return r;
}

inline php_netstream_data_t *sock_of(php_stream *stream) {
    return static_cast<php_netstream_data_t *>(stream->abstract);
}

// Time left until `deadline` (< 0: none), never negative.
inline Nanos left(Nanos deadline) {
    if (deadline < 0) return -1;
    Nanos now = monotonic_now();
    return deadline > now ? deadline - now : 0;
}
inline Nanos deadline_after(Nanos timeout) { return timeout < 0 ? -1 : monotonic_now() + timeout; }

// True when `fd` is ready for `events` (POLLIN/POLLOUT) right now.
inline bool ready_now(int fd, short events) {
    struct pollfd p = {fd, events, 0};
    int n;
    do n = poll(&p, 1, 0);
    while (n < 0 && errno == EINTR);
    return n > 0;
}

// The transport operations that wait (all inside a coroutine, on a stream with a socket).
namespace xport {
// STREAM_XPORT_OP_CONNECT of tcp:// and udp://. false: the original must handle it (bindto, bad address).
bool connect(php_stream *stream, HookedOps *h, php_stream_xport_param *x);
void accept(php_stream *stream, HookedOps *h, php_stream_xport_param *x, int *rc);
// In blocking mode only.
void recvfrom(php_stream *stream, php_stream_xport_param *x);
void sendto(php_stream *stream, php_stream_xport_param *x);
}  // namespace xport

}  // namespace gust::php::stream_hook
