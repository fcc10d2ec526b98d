// Swoole\Coroutine\Http\Client: one whole request (connection, send, response, with retries and
// a name resolver's fail-over), setDefer()'s recv(), and the response into the properties.
// The I/O itself: http_client_connect.cc and http_client_response.cc (see http_client_io.h).
#include <unistd.h>

#include "common/module.h"
#include "coroutine/coroutine.h"
#include "client/http_client_io.h"
#include "client/client_common.h"

#include "gust/base/error.h"
#include "gust/proto/http1.h"

namespace gust::php::http_client {

using client_common::add_cookie;

namespace io {

namespace h1 = proto::http1;

namespace {

// A header received more than once becomes the list of its values, in order (as Swoole does).
void add_header(zval *headers, const std::string &key, const std::string &value) {
    zval *seen = zend_hash_str_find(Z_ARRVAL_P(headers), key.data(), key.size());
    if (!seen) {
        add_assoc_stringl_ex(headers, key.data(), key.size(), value.data(), value.size());
        return;
    }
    if (Z_TYPE_P(seen) != IS_ARRAY) {
        zval list;
        array_init(&list);
        add_next_index_zval(&list, seen);  // takes over the first value
        ZVAL_COPY_VALUE(seen, &list);
    }
    add_next_index_stringl(seen, value.data(), value.size());
}

}  // namespace

void publish_head(zend_object *self, const Response &resp, const Settings &s) {
    set_long(self, ZEND_STRL("statusCode"), resp.status);
    zval headers, set_cookies, cookies;
    array_init(&headers);
    array_init(&set_cookies);
    zval *old = prop(self, ZEND_STRL("cookies"));
    if (Z_TYPE_P(old) == IS_ARRAY) {
        ZVAL_ARR(&cookies, zend_array_dup(Z_ARRVAL_P(old)));
    } else {
        array_init(&cookies);
    }
    for (auto &[name, value] : resp.headers) {
        std::string key = name;
        if (s.lowercase_header) {
            for (char &c : key) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
        }
        if (h1::equals_ignore_case(name, "set-cookie")) {
            add_next_index_stringl(&set_cookies, value.data(), value.size());
            add_cookie(&cookies, value);
        }
        add_header(&headers, key, value);
    }
    zend_update_property(ce_client, self, ZEND_STRL("headers"), &headers);
    zend_update_property(ce_client, self, ZEND_STRL("set_cookie_headers"), &set_cookies);
    zend_update_property(ce_client, self, ZEND_STRL("cookies"), &cookies);
    zval_ptr_dtor(&headers);
    zval_ptr_dtor(&set_cookies);
    zval_ptr_dtor(&cookies);
}

}  // namespace io

namespace {

using io::Io;
using io::Outcome;
using io::publish_head;
using io::receive_phase;
using io::send_phase;

Io io_for(zend_object *self, State *st, const Settings &s) {
    return Io{self, st, s, s.total_timeout > 0 ? monotonic_now() + s.total_timeout : -1};
}

// The request's write_func, from the `setting` property (a value that is not callable warns and
// leaves the body buffered).
void load_write_func(zend_object *self, State *st, Settings &s) {
    st->write_func.reset();
    if (!s.write_func) return;
    zval *setting = prop(self, ZEND_STRL("setting"));
    zval *fn =
        Z_TYPE_P(setting) == IS_ARRAY ? zend_hash_str_find(Z_ARRVAL_P(setting), ZEND_STRL("write_func")) : nullptr;
    if (!fn || !st->write_func.assign(fn, "write_func")) s.write_func = false;
}

// Lets go of the request's write_func when the request ends: a callable that captured the client
// would otherwise keep it alive through State, where the cycle collector does not look.
struct WriteFuncScope {
    State *st;
    ~WriteFuncScope() { st->write_func.reset(); }
};

// Whether an attempt's node failed so that the next node of a resolver's cluster may take the
// request: it refused the connection, or answered 502 / 503.
bool node_failed(const Outcome &o, const Response &resp) {
    if (o.err) return o.status == kStatusConnectFailed;
    return resp.status == 502 || resp.status == 503;
}

// The whole request: connection, send, response. When a name resolver gave several nodes, a
// failed node gives way to the next, up to max_retries attempts in all.
Outcome run_io(zend_object *self, State *st, const Settings &s, const std::string &host, int port, const Request &req,
               Response &resp) {
    Io io = io_for(self, st, s);
    const int attempts = s.max_retries > 1 ? s.max_retries : 1;
    for (int attempt = 1;; ++attempt) {
        int download_fd = -1;
        bool reused = false;
        Outcome sent = send_phase(io, host, port, req, &reused);
        Outcome o = receive_phase(io, host, port, req, resp, sent, reused, &download_fd);
        if (download_fd >= 0) ::close(download_fd);
        if (req.upgrade || attempt >= attempts || io.next_node >= io.nodes.size() || !node_failed(o, resp)) return o;
        reset_socket(st);
        st->rbuf.clear();
        st->reused = false;
        resp = Response{};
    }
}

void publish(zend_object *self, Response &resp, const Settings &s) {
    publish_head(self, resp, s);
    zend_update_property_stringl(ce_client, self, ZEND_STRL("body"), resp.body.data(), resp.body.size());
}

// `connected`, and on failure errCode/errMsg/statusCode (the connection closed): true when `o` failed.
bool report_failure(zend_object *self, State *st, const Outcome &o) {
    zend_update_property_bool(ce_client, self, ZEND_STRL("connected"), st->sock != nullptr);
    if (!o.err) return false;
    bool tls_failure = o.err == kSwErrSslVerifyFailed || o.err == kSwErrSslHandshakeFailed;
    std::string detail = tls_failure && !st->tls_error.empty()
                             ? (o.err == kSwErrSslVerifyFailed ? "SSL " : "SSL handshake failed: ") + st->tls_error
                             : std::string();
    fail(self, o.err, o.status, detail.empty() ? nullptr : detail.c_str());
    return true;
}

}  // namespace

bool deferred_recv(zend_object *self, double timeout) {
    PhpCoroutine *p = current();
    State *st = client_of(self)->st;
    std::unique_ptr<State::Deferred> d = std::move(st->deferred);
    Settings s = read_settings(self);
    if (timeout > 0) s.read_timeout = s.total_timeout = seconds_to_nanos(timeout);
    load_write_func(self, st, s);
    WriteFuncScope write_func_scope{st};
    Io io = io_for(self, st, s);
    int download_fd = -1;
    Response resp;
    Outcome o = receive_phase(io, d->host, d->port, d->req, resp, Outcome{}, d->reused, &download_fd);
    if (download_fd >= 0) ::close(download_fd);
    if (st->bailout_pending) return false;  // no PHP state touched: the caller raises it again
    if (!resumed(p)) return false;
    if (report_failure(self, st, o)) return false;
    publish(self, resp, s);
    return true;
}

bool execute(zend_object *self, const std::string &path, bool upgrade, Response *out) {
    PhpCoroutine *p = current();
    Settings s = read_settings(self);
    State *st = client_of(self)->st;
    drop_stale_socket(st);
    if (st->websocket && !upgrade) close_connection(self);  // a WebSocket connection carries no more requests
    if (st->deferred) {  // an earlier deferred request was never recv()'d: its answer goes with its connection
        st->deferred.reset();
        close_connection(self);
    }
    // The script closed `$client->socket`: this request connects anew.
    if (st->socket_obj && !st->deferred && st->sock) (void)closed_through_socket_object(self);
    st->ws_lost = false;
    load_write_func(self, st, s);
    WriteFuncScope write_func_scope{st};
    Request req;
    req.upgrade = upgrade;
    bool built = build_request(self, path, req, s);
    if (!built || EG(exception)) {
        reset_request(self);
        return false;
    }
    zval *host_prop = prop(self, ZEND_STRL("host"));
    std::string host = Z_TYPE_P(host_prop) == IS_STRING ? Z_STRVAL_P(host_prop) : "";
    int port = static_cast<int>(zval_get_long(prop(self, ZEND_STRL("port"))));
    if (s.via_proxy(upgrade)) {  // the connection is the proxy's; the request names the origin
        host = s.proxy_host;
        port = s.proxy_port;
    }
    st->last_head = req.head;
    set_long(self, ZEND_STRL("errCode"), 0);
    zend_update_property_string(ce_client, self, ZEND_STRL("errMsg"), "");
    set_long(self, ZEND_STRL("statusCode"), 0);
    zend_update_property_string(ce_client, self, ZEND_STRL("body"), "");
    reset_request(self);

    if (st->defer && !upgrade) {
        Io io = io_for(self, st, s);
        bool reused = false;
        Outcome sent = send_phase(io, host, port, req, &reused);
        if (sent.err && sent.retry) sent = send_phase(io, host, port, req, &reused);  // the idle close, once
        if (!resumed(p)) return false;
        if (report_failure(self, st, sent)) return false;
        st->deferred.reset(new State::Deferred{std::move(req), host, port, reused});
        return true;
    }
    Response resp;
    Outcome o = run_io(self, st, s, host, port, req, resp);
    if (st->bailout_pending) return false;  // no PHP state touched: the caller raises it again
    if (!resumed(p)) return false;
    if (report_failure(self, st, o)) return false;
    publish(self, resp, s);
    if (upgrade) {
        if (!ws_accept(self, req, resp, s)) return false;
    }
    if (out) *out = std::move(resp);
    return true;
}

}  // namespace gust::php::http_client
