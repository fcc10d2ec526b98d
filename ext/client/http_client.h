// Swoole\Coroutine\Http\Client: shared between ext/http_client.cc (class, setters, getters,
// get()/post()/request()), ext/http_client_{execute,connect,response}.cc (a request's I/O, see
// http_client_io.h) and ext/http_client_ws.cc (WebSocket). See docs/php-http-client.md.
#pragma once

#include "coroutine/coroutine.h"
#include "zend/callable.h"
#include "zend/object.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gust/base/clock.h"
#include "gust/net/co_socket.h"
#include "gust/net/tls.h"
#include "gust/proto/compress.h"

namespace gust::php::http_client {

// Swoole's statusCode values for a request that got no response.
constexpr zend_long kStatusConnectFailed = -1;
constexpr zend_long kStatusRequestTimeout = -2;
constexpr zend_long kStatusServerReset = -3;
constexpr zend_long kStatusSendFailed = -4;

// errCode is in the one code space (common/errors.h): an errno, or a SwooleError for DNS and TLS
// failures; core codes become it through swoole_code_of().
constexpr int kSwErrDnsFailed = code(SwooleError::kDnslookupResolveFailed);
constexpr int kSwErrDnsTimeout = code(SwooleError::kDnslookupResolveTimeout);
constexpr int kSwErrSslVerifyFailed = code(SwooleError::kSslVerifyFailed);
constexpr int kSwErrSslHandshakeFailed = code(SwooleError::kSslHandshakeFailed);

// A file range of a multipart body (addFile), sent after its part header `before`.
struct FilePart {
    std::string before;
    std::string path;
    uint64_t offset = 0, length = 0;
};

// Everything one request sends, taken from the properties before any I/O.
struct Request {
    std::string method;
    std::string head;  // request line, headers and the blank line
    std::string body;  // the whole body, or the multipart parts before the files
    std::vector<FilePart> files;
    std::string tail;  // after the files: the multipart close delimiter
    uint64_t content_length = 0;
    bool head_request = false;
    bool upgrade = false;
    std::string ws_key;  // upgrade(): the Sec-WebSocket-Key sent
    // download(): the response body goes to this file from this offset.
    bool download = false;
    std::string download_path;
    zend_long download_offset = 0;
};

// One response as received.
struct Response {
    int status = 0;
    std::vector<std::pair<std::string, std::string>> headers;  // name as received, value
    std::string body;
    bool keep_alive = false;
};

// The C++ side of one client object: the connection and what survives between calls.
struct State {
    std::unique_ptr<net::CoSocket> sock;
    std::unique_ptr<net::TlsSession> tls;      // over sock, for an ssl client
    std::shared_ptr<net::TlsContext> tls_ctx;  // kept while the ssl_* settings stay the same
    std::string tls_error;                     // errMsg of the last TLS failure
    std::string rbuf;                          // received bytes not consumed yet (pipelined or after the upgrade)
    bool busy = false;                         // a coroutine is inside a request or recv on this client
    // write_func ended in a fatal error (a bailout): the request unwinds its C++ state and returns;
    // the method that started it raises the bailout again (raise_write_func_bailout()).
    bool bailout_pending = false;
    bool reused = false;      // the current connection already carried a response
    std::string last_head;    // getHeaderOut(): the head of the last request sent
    uint64_t generation = 0;  // the runtime whose loop `sock` registered with
    // `$client->socket`, made when first read: a Co\Socket over a copy of this connection's
    // descriptor (it holds a reference). It closes with the connection; closing it ends the
    // connection at the client's next call.
    zend_object *socket_obj = nullptr;
    // WebSocket, after upgrade()
    bool websocket = false;
    bool ws_lost = false;         // the upgraded connection went (not by close()): push/recv fail quietly
    bool ws_compression = false;  // permessage-deflate negotiated
    std::optional<proto::compress::Inflater> inflater;
    std::optional<proto::compress::Deflater> deflater;
    // A fragmented message being received: kept across recv() calls, since a control frame (a
    // ping) may come between its fragments and is returned on its own.
    std::string ws_partial;
    uint8_t ws_partial_opcode = 0;  // 0: no message in progress
    bool ws_partial_compressed = false;
    // setDefer(): a request returns once it is sent, and recv() reads its answer.
    bool defer = false;
    struct Deferred {
        Request req;
        std::string host;
        int port = 0;
        bool reused = false;  // sent on a connection that had carried a response (may retry)
    };
    std::unique_ptr<Deferred> deferred;  // sent, answer not read yet
    // `write_func` of the request in progress: the response body goes to it piece by piece as it
    // arrives, instead of into `body`. Held here, not on the coroutine's stack, so that it is
    // released with the client even when a fatal error leaves the coroutine unwound.
    Callable write_func;
};

void drop_stale_socket(State *st);                     // below
void release_socket_object(State *st, bool close_it);  // below

struct ClientObject {
    State *st = new State();
    ~ClientObject() {
        drop_stale_socket(st);
        release_socket_object(st, true);
        delete st;  // closes the socket; nobody waits on it: a waiting call holds a reference
    }
};
using ClientClass = zobj::Class<ClientObject>;

inline ClientObject *client_of(zend_object *obj) { return ClientClass::from(obj); }

extern zend_class_entry *ce_client;
extern zend_class_entry *ce_client_exception;
extern zend_class_entry *ce_proxy;
// A method's request: the coroutine and one-request-at-a-time checks, then execute().
bool run_request(zend_object *self, zend_string *path);

// Settings read from the `setting` property when a request starts.
struct Settings {
    Nanos connect_timeout = -1;
    Nanos read_timeout = -1;
    Nanos write_timeout = -1;
    Nanos total_timeout = -1;  // `timeout`: the whole request, connect included
    bool keep_alive = true;
    bool websocket_mask = true;
    bool websocket_compression = false;
    // open_websocket_{ping,pong,close}_frame: recv() hands these control frames to the caller
    // (pings are answered either way; without the close setting a close frame ends the connection
    // and recv() returns false).
    bool ws_ping_frame = false;
    bool ws_pong_frame = false;
    bool ws_close_frame = false;
    bool http_compression = true;  // send Accept-Encoding and decode the answer
    bool lowercase_header = true;
    bool write_func = false;       // `write_func` set: the body is streamed to it (see State::write_func)
    size_t max_body = 256u << 20;  // a response body (decoded) larger than this is an error
    int max_retries = 1;           // reconnects of a dropped keep-alive connection per request
    bool ssl = false;              // the constructor's flag
    net::TlsConfig tls;            // ssl_* settings
    std::string ssl_host_name;     // SNI and the name checked; empty: the host
    // http_proxy_host/_port (/_username/_password): a plain-HTTP request goes to the proxy with an
    // absolute-form target (RFC 9112 §3.2.2). Not for TLS or WebSocket (no CONNECT tunnel).
    std::string proxy_host;
    int proxy_port = 0;
    std::string proxy_user, proxy_password;
    bool via_proxy(bool upgrade) const { return !proxy_host.empty() && !ssl && !upgrade; }
};
Settings read_settings(zend_object *self);

// Property helpers.
zval *prop(zend_object *self, const char *name, size_t len);
void set_long(zend_object *self, const char *name, size_t len, zend_long v);
void set_error(zend_object *self, int err, const char *msg = nullptr);
// errCode/errMsg/statusCode for a failure; the connection is closed.
void fail(zend_object *self, int err, zend_long status, const char *msg = nullptr);

// Builds the request from the properties; false with an exception or errCode set.
bool build_request(zend_object *self, const std::string &path, Request &req, const Settings &s);
// Runs one request on self's connection (connecting or reconnecting as needed) and fills the
// response properties. The caller is in a coroutine. false on failure (errCode, statusCode set).
bool execute(zend_object *self, const std::string &path, bool upgrade = false, Response *out = nullptr);
// After a request: the per-request properties Swoole resets.
void reset_request(zend_object *self);

void close_connection(zend_object *self);
// Forgets the connection (TLS session first, then the socket) without a goodbye.
void reset_socket(State *st);
// The connection's bytes, through TLS when it has it (CoSocket semantics).
Result<size_t> conn_recv(State *st, void *buf, size_t len, Nanos timeout);
Result<size_t> conn_send_all(State *st, const void *buf, size_t len, Nanos timeout);
// Lets go of `$client->socket` (closing it first when `close_it`: the connection it copies ends).
void release_socket_object(State *st, bool close_it);
// When the script closed `$client->socket`, the connection ends here too (errCode, statusCode
// set as for a lost connection); true then.
bool closed_through_socket_object(zend_object *self);
// Drops a socket whose runtime (and loop) ended since it connected — after a fatal error, or
// when the server tore the runtime down before forking — without touching the freed loop.
void drop_stale_socket(State *st);
// upgrade(), push(), recv(): ext/http_client_ws.cc
void ws_upgrade(zend_object *self, zend_string *path, zval *return_value);
void ws_push(zend_object *self, zval *data, zend_long opcode, zend_long flags, zval *return_value);
void ws_recv(zend_object *self, double timeout, zval *return_value);
// recv() after a deferred request: its answer into the properties, within `timeout` seconds (> 0)
// or the client's own timeouts.
bool deferred_recv(zend_object *self, double timeout);
// After a request or recv() returned, with no C++ object of the caller's left on the stack: the
// fatal error write_func hit goes on (it longjmps, as it would have from the callback).
inline void raise_write_func_bailout(State *st) {
    if (!st->bailout_pending) return;
    st->bailout_pending = false;
    zend_bailout();
}
// The connection after a successful upgrade (ext/http_client_ws.cc); false when the answer is
// not a valid 101 for our key. Called by execute() with the response head.
bool ws_accept(zend_object *self, const Request &req, const Response &resp, const Settings &s);

void register_client_area(int module_number);  // MINIT: Coroutine\Http\Client and get()/post()/request()

}  // namespace gust::php::http_client
