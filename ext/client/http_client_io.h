// Swoole\Coroutine\Http\Client: what the files of one request's I/O share (private to ext/client):
// http_client_connect.cc (DNS, connect, TLS, keep-alive reuse, sending the request),
// http_client_response.cc (reading and framing the response, the body's sink, decoding) and
// http_client_execute.cc (the whole request, retries, the response into the properties).
//
// These functions hold C++ objects while the coroutine parks; that is safe because a parked
// coroutine is either resumed (and returns through them) or, after a fatal error elsewhere, never
// runs again and its memory is released without unwinding. PHP state is touched only before and
// after, but for write_func's callback (deliver() in http_client_response.cc).
#pragma once

#include <string>
#include <vector>

#include "common/errors.h"
#include "client/http_client.h"

#include "gust/base/clock.h"

namespace gust::php::http_client::io {

constexpr size_t kReadChunk = 64 * 1024;

// What happened to one attempt; err is a positive errno or a Swoole code, 0 on success.
struct Outcome {
    int err = 0;
    zend_long status = 0;  // statusCode on failure
    bool retry = false;    // sending on the reused connection failed: try a fresh one
};

struct Io {
    zend_object *self;  // for write_func's first argument
    State *st;
    const Settings &s;
    Nanos deadline;  // the `timeout` of the whole request, -1 for none
    // The nodes the name resolvers gave for this request's host (a Cluster's, in the order to
    // try), asked at its first connect; each later connect takes the next one (fail-over).
    bool resolvers_asked = false;
    bool resolver_answered = false;
    std::vector<std::string> nodes;
    size_t next_node = 0;

    // The timeout of one operation: its own, cut to what is left of the whole request.
    Nanos budget(Nanos own) const {
        if (deadline < 0) return own;
        Nanos left = deadline - monotonic_now();
        if (left <= 0) return 0;
        return own < 0 || left < own ? left : own;
    }

    // More bytes into st->rbuf: > 0 bytes, 0 at end of stream, < 0 a negated error.
    int64_t fill() {
        if (!st->sock) return -ECONNRESET;
        size_t old = st->rbuf.size();
        st->rbuf.resize(old + kReadChunk);
        auto r = conn_recv(st, st->rbuf.data() + old, kReadChunk, budget(s.read_timeout));
        st->rbuf.resize(old + (r.ok() ? r.value() : 0));
        if (!r.ok()) return -swoole_code_of(r.code());
        return static_cast<int64_t>(r.value());
    }

    int send(const char *data, size_t len) {
        if (!st->sock) return ECONNRESET;
        auto r = conn_send_all(st, data, len, budget(s.write_timeout));
        return r.ok() ? 0 : swoole_code_of(r.code());
    }
};

// Connects when there is no live connection, then sends `req`. *reused: the connection had already
// carried a response (so a failure may be its idle close, worth one retry).
Outcome send_phase(Io &io, const std::string &host, int port, const Request &req, bool *reused);

// After send_phase (`sent`): the response, sending again on a fresh connection when a reused one
// died before answering; then the body decoded and the connection kept or closed. Only C++ state
// is touched (but write_func's callback, when set). download(): *download_fd is the file, opened
// once a response head came, left open for the caller to close.
Outcome receive_phase(Io &io, const std::string &host, int port, const Request &req, Response &resp, Outcome sent,
                      bool reused, int *download_fd);

// statusCode, headers and cookies of `resp` into the client's properties (not the body).
void publish_head(zend_object *self, const Response &resp, const Settings &s);

}  // namespace gust::php::http_client::io
