// Swoole\Http\Server in the PHP binding: Request and Response objects, and the worker's HTTP
// connections. The reactor (BASE worker, or PROCESS master thread) has already cut the stream into
// whole requests and refused malformed ones (proto/framing_http.cc); this side parses each request
// into a Request, answers it through a Response, and keeps pipelined requests of one connection
// in order. See docs/php-http-server.md.
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "gust/proto/compress.h"
#include "gust/proto/http1.h"
#include "server/protocol.h"
#include "server/server.h"
#include "zend/object.h"

namespace gust::php::http {

// Swoole\Http\Server options (docs/php-http-server.md), read when the server starts. The limits
// the reactor enforces while framing requests are the server's (srv::HttpFraming).
struct HttpSettings : srv::ProtocolState {
    bool parse_post = true;
    bool parse_cookie = true;
    bool parse_files = true;
    std::string upload_tmp_dir = "/tmp";
    zend_long upload_max_filesize = 0;  // 0: package_max_length bounds uploads
    bool compression = true;
    int compression_level = 1;
    zend_long compression_min_length = 20;
    // http_compression_types: the media types (no parameters, any case) to compress; empty: the
    // built-in text, JSON, JavaScript, XML and SVG types.
    std::vector<std::string> compression_types;
    bool static_handler = false;
    std::string document_root;  // realpath() of document_root
    std::vector<std::string> static_locations;
    std::vector<std::string> index_files;
    bool autoindex = false;
    Nanos request_timeout = 0;  // request_timeout (seconds in PHP): a request's deadline; 0: none
    // max_concurrency: a request arriving while this many are in progress in the worker is
    // answered 503; worker_max_concurrency: it waits until one of them ends (0: no limit).
    zend_long max_concurrency = 0;
    zend_long worker_max_concurrency = 0;
    // HTTP/2 (open_http2_protocol): Swoole's http2_* options, advertised in SETTINGS.
    uint32_t http2_header_table_size = 4096;
    uint32_t http2_initial_window_size = 65535;
    uint32_t http2_max_concurrent_streams = 128;
    uint32_t http2_max_frame_size = 16384;
    uint32_t http2_max_header_list_size = 65536;
};

// The settings of server `s` (the defaults when `s` is nullptr — Request::create() — or the
// server has not started).
const HttpSettings &settings_of(srv::Server *s);

// What a port that also speaks WebSocket does with an upgrade request and the frames after it.
// ext/websocket/ registers it at MINIT; this area never names WebSocket code.
struct Upgrade {
    // The upgrade request of a WebSocket port: the handshake. True when it took the request (the
    // connection is then upgraded, or closed).
    bool (*upgrade)(srv::Server *s, srv::Port *port, server::SessionId id, const proto::http1::RequestHead &head,
                    zend_string *data, size_t head_len) = nullptr;
    bool (*is_upgraded)(srv::Server *s, server::SessionId id) = nullptr;
    // One whole frame of an upgraded connection (takes `frame`'s reference).
    void (*frame_arrived)(srv::Server *s, srv::Port *port, server::SessionId id, zend_string *frame) = nullptr;
    // A Response that ended with `status` on an upgraded connection (onHandshake answered it).
    void (*handshake_done)(srv::Server *s, server::SessionId id, int status) = nullptr;
};
void register_upgrade(const Upgrade &upgrade);
const Upgrade &upgrade();

// HTTP/2 connections (http2_conn.cc): a package of a connection that speaks HTTP/2 (or starts
// with the client preface on an open_http2_protocol port). True when it took `data`'s reference.
bool http2_package(srv::Server *s, srv::Port *port, server::SessionId id, zend_string *data);
void http2_session_closed(server::SessionId id);
// An HTTP/1.1 request with Upgrade: h2c on an HTTP/2 port (proto::framing::is_h2c_upgrade):
// answers 101 and serves the request as stream 1. 0: not such a request (`data` untouched);
// 1: taken (`data` released); 400: a bad HTTP2-Settings field (`data` untouched).
int http2_upgrade(srv::Server *s, srv::Port *port, server::SessionId id, zend_string *data);
struct Transport;
bool is_http2_stream(const Transport *t);  // the Transport answers an HTTP/2 stream
// Response::ping()/goaway() on a Transport: -1 when it is not an HTTP/2 stream, else 1 (frame
// queued and flushed) or 0 (the connection is gone or failed).
int http2_ping(Transport *t, std::string_view opaque);
int http2_goaway(Transport *t, uint32_t error_code, std::string_view debug_data);
// The worker stops: every HTTP/2 connection gets a graceful GOAWAY (once); each closes once the
// streams it took have finished. Those still open are appended to *keep.
void http2_worker_stopping(srv::Server *s, std::vector<server::SessionId> *keep);
// Packages of HTTP/2 connections (and a client preface) are not requests: each stream is counted.
bool http2_counts_own_requests(srv::Server *s, server::SessionId id, std::string_view package);

extern zend_class_entry *ce_http_server;
void register_http_area();  // MINIT: Http\Server, Request, Response; plugs HTTP into the server

struct ResponseObject;

// Where a Response writes when no Swoole\Server owns its connection: a connection of a coroutine
// HTTP server (ext/coserver/) implements it. The Response keeps a reference, so a Response the
// script keeps after the connection went stays safe (alive() is then false).
struct Transport {
    virtual ~Transport() = default;
    virtual bool alive() const = 0;
    virtual bool send(std::string_view bytes) = 0;
    // `length` bytes of the open file `fd` from `offset` (`path` for messages).
    virtual bool send_file(const char *path, int fd, off_t offset, size_t length) = 0;
    // The response ended: the connection closes (`close_connection`) or reads its next request.
    virtual void response_done(bool close_connection) = 0;
    virtual bool close() = 0;
    virtual const HttpSettings &settings() const = 0;
    // $request->server's remote_addr/remote_port and server_port.
    virtual bool peer(zend_string **host, zend_long *port) const = 0;
    virtual zend_long local_port() const = 0;
    // WebSocket (Response::upgrade/push/recv): the handshake answer for `r`'s request, one frame
    // out (`data`: a string or a Swoole\WebSocket\Frame), and the next message in into `out` (a
    // Frame, "" at end of stream, false on timeout or error). False: not possible here.
    virtual bool ws_upgrade(ResponseObject *r) = 0;
    virtual bool ws_upgraded() const = 0;  // upgrade() answered: the connection speaks WebSocket
    virtual bool ws_push(zval *data, zend_long opcode, zend_long flags) = 0;
    virtual void ws_recv(double timeout, zval *out) = 0;
    // Trailers can follow any body (HTTP/2): end() then sends them even without write() first.
    virtual bool carries_trailers() const { return false; }
};

struct RequestObject {
    zend_string *data = nullptr;  // the request as received: head + raw body (getData)
    zend_string *body = nullptr;  // decoded body (getContent); nullptr when there is none
    std::string method;
    std::vector<std::string> tmpfiles;  // uploads, unlinked when the request is freed
    bool completed = true;              // Request::create() + parse(): the whole request was parsed
    ~RequestObject();                   // unlinks the uploads the script left
};

// What the access log needs of a request, kept by its Response (only when access_log is set).
struct AccessInfo {
    std::string method, target, referer, user_agent;
    int version_minor = 1;
};
struct RequestDeadline;

struct ResponseObject {
    RequestDeadline *deadline = nullptr;  // request_timeout armed for this response (http_deadline.cc)
    zend_object *server = nullptr;        // the Swoole\Server it answers through (a reference is held)
    server::SessionId fd = 0;
    int status = 200;
    std::string reason;
    int version_minor = 1;
    bool keep_alive = true;
    bool head_only = false;     // a HEAD request: headers only
    bool headers_sent = false;  // write() started a chunked (or, for HTTP/1.0, close-delimited) body
    bool ended = false;
    bool detached = false;
    bool current = false;  // the connection's request in progress (ending it starts the next)
    proto::compress::Encoding accepted = proto::compress::Encoding::kIdentity;  // from Accept-Encoding
    std::unique_ptr<proto::compress::Compressor> stream;                        // write() with compression
    std::shared_ptr<Transport> transport;  // instead of `server`: a coroutine server's connection
    // Metrics or access log on (srv::MetricsState): when the request reached the worker (0: not
    // measured, or counted already), its port and size, the bytes answered so far.
    Nanos started = 0;
    int port_index = 0;
    uint64_t bytes_in = 0;
    uint64_t bytes_out = 0;
    std::unique_ptr<AccessInfo> access;
    // A request the script neither answered nor detached gets a 500 here (the properties are
    // still alive: the wrapper destroys this before them).
    ~ResponseObject();
};
using RequestClass = zobj::Class<RequestObject>;
using ResponseClass = zobj::Class<ResponseObject>;

// Where a declared property lives in the object (looked up once, at registration), so the hot
// path writes and reads slots instead of hashing property names.
uint32_t property_offset(zend_class_entry *ce, const char *name);
inline zval *property_slot(zend_object *obj, uint32_t offset) { return OBJ_PROP(obj, offset); }
// Replaces a property's value with `value` (its reference is taken).
inline void set_property(zend_object *obj, uint32_t offset, zval *value) {
    zval *slot = property_slot(obj, offset);
    zval old;
    ZVAL_COPY_VALUE(&old, slot);
    ZVAL_COPY_VALUE(slot, value);
    zval_ptr_dtor(&old);
}

RequestObject *request_from(zend_object *obj);
ResponseObject *response_from(zend_object *obj);

// A new Swoole\Http\Request for the whole request `data` (a reference is taken); nullptr (with
// `status` set to the answer) when it cannot be parsed.
// `t`: the coroutine server's connection (then `s` and `port` are nullptr).
zend_object *make_request(srv::Server *s, srv::Port *port, server::SessionId fd, zend_string *data,
                          const proto::http1::RequestHead &head, size_t head_len, int *status,
                          const Transport *t = nullptr);
// A new Swoole\Http\Response bound to (server, fd) for the request `head`.
zend_object *make_response(srv::Server *s, server::SessionId fd, const proto::http1::RequestHead &head);

// A new Swoole\Http\Response writing to `t` (a coroutine server's connection `fd`).
zend_object *make_response_on(std::shared_ptr<Transport> t, server::SessionId fd,
                              const proto::http1::RequestHead &head);

// The headers and cookies the script set on `r`, as "Name: value\r\n" lines for the 101 of a
// WebSocket upgrade (the handshake's own headers left out); *has_server: a Server header is among them.
std::string upgrade_header_lines(ResponseObject *r, bool *has_server);

// The Response behind a method's $this.
ResponseObject *this_response(zval *self);
// True (with Swoole's warning and last error) when `r` can no longer be written: ended, detached,
// or without a connection.
bool refuse_unwritable(ResponseObject *r);

// Ends the response with what it has (no body): for the binding's own answers.
bool end_response_now(ResponseObject *r);
// Ends the response with `content` as its body, when it can still be answered.
bool end_response_with(ResponseObject *r, std::string_view content);

// Metrics and access log (server_metrics.h): `r` answers a request of `port` of `bytes_in` bytes.
void measure_request(srv::Server *s, srv::Port *port, ResponseObject *r, const proto::http1::RequestHead &head,
                     size_t bytes_in);
// request_timeout (http_deadline.cc). Before onRequest starts: a deadline for `r` when the setting is
// on (nullptr otherwise) and, in *hook, what tells it the coroutine ended. After: armed(d, ran, cid)
// starts its timer if the coroutine still runs, or frees it. Past the deadline a response nothing
// was written to gets a 503 (a started one loses its connection) and the coroutine is canceled with
// a timeout: its waiting call, and every later one, fails.
RequestDeadline *deadline_prepare(srv::Server *s, ResponseObject *r, FinishHook *hook);
void deadline_start(RequestDeadline *d, bool ran, zend_long cid);
// ~ResponseObject: the deadline no longer has a response to answer.
void deadline_response_gone(RequestDeadline *d);

// The worker's HTTP connections: the request in progress and the pipelined ones behind it.
void request_done(srv::Server *s, server::SessionId fd, bool close_connection);

// The cached "Date: ..." value (RFC 9110 IMF-fixdate), refreshed once a second.
std::string_view http_date();

// The static handler (enable_static_handler + document_root): 0 when the request is not for it
// (onRequest gets it), 1 when it answered, or -status when the request must be refused (a path
// that would leave document_root). `t`: the HTTP/2 stream to answer on (nullptr: the session).
int serve_static(srv::Server *s, server::SessionId fd, const proto::http1::RequestHead &head, Transport *t = nullptr);

// Object handlers of the classes register_class_*() made (http_server.cc registers them).
void setup_request_class(zend_class_entry *ce);
void setup_response_class(zend_class_entry *ce);

extern zend_class_entry *ce_request;
extern zend_class_entry *ce_response;

}  // namespace gust::php::http
