// Swoole\Coroutine\Http2\Client: shared between ext/client/http2_client.cc (classes, methods,
// request building, response objects) and ext/client/http2_client_io.cc (connection, TLS with
// ALPN "h2", flushing and reading). The protocol is proto::http2::Client. docs/php-http2-client.md.
#pragma once

#include "coroutine/coroutine.h"
#include "zend/object.h"

#include <map>
#include <memory>
#include <string>

#include "gust/base/clock.h"
#include "gust/net/co_socket.h"
#include "gust/net/tls.h"
#include "gust/proto/http2_client.h"

namespace gust::php::http2_client {

// One request stream as PHP sees it: the Response object being filled.
struct StreamRec {
    zval response;                   // a Swoole\Http2\Response (owned)
    std::string data;                // body received since the last part handed out
    bool pipeline_request = false;   // write() may add to the body
    bool request_ended = false;      // write(..., true) was called, or not a pipeline request
    bool use_pipeline_read = false;  // recv() hands out parts as read() does
    bool partial = false;            // a DATA frame without END_STREAM arrived (Swoole's "pipeline response")
    bool parts_out = false;          // a part was handed out: the body is not decoded as a whole
    std::string content_encoding;    // the response's Content-Encoding, decoded at the end
};

// Connection settings read from the `setting` property at connect().
struct Settings {
    Nanos connect_timeout = -1;
    Nanos read_timeout = -1;
    Nanos write_timeout = -1;
    net::TlsConfig tls;
    std::string ssl_host_name;
    bool http_compression = true;        // decode gzip/deflate/br response bodies
    size_t max_decoded_body = 1u << 30;  // bound on a decoded body (a compression bomb)
    proto::http2::ClientOptions h2;
};

struct State {
    std::unique_ptr<net::CoSocket> sock;
    std::unique_ptr<net::TlsSession> tls;
    std::shared_ptr<net::TlsContext> tls_ctx;
    std::unique_ptr<proto::http2::Client> conn;
    std::map<int32_t, StreamRec> streams;
    Settings s;
    uint64_t generation = 0;  // the runtime whose loop `sock` registered with
    bool reading = false;     // a coroutine is in recv()/read() or waiting for flow control
    bool flushing = false;    // a coroutine is sending: others leave their frames to it
    bool goaway = false;      // the server sent GOAWAY: no new streams, close when the last ends

    ~State() { clear_streams(); }
    void clear_streams() {
        for (auto &kv : streams) zval_ptr_dtor(&kv.second.response);
        streams.clear();
    }
};

struct ClientObject {
    State *st = new State();
    ~ClientObject();
};
using ClientClass = zobj::Class<ClientObject>;
inline State *state_of(zend_object *obj) { return ClientClass::from(obj)->st; }

extern zend_class_entry *ce_client;
extern zend_class_entry *ce_exception;
extern zend_class_entry *ce_request;
extern zend_class_entry *ce_response;

// errCode/errMsg (and swoole_last_error()).
void set_error(zend_object *self, int code, const char *msg = nullptr);
// Settings from the `setting` property and the coroutine defaults.
Settings read_settings(zend_object *self);
// Connects (DNS, TCP, TLS with ALPN "h2") and queues the preface. false with errCode set.
bool open_connection(zend_object *self);
// Drops the connection and every stream; `connected` becomes false.
void close_connection(zend_object *self);
// Sends what the protocol has queued (unless another coroutine is sending: it takes our frames
// too). false with errCode set and the connection closed.
bool flush(zend_object *self);
// Reads once (within `timeout`) and feeds the protocol. false with errCode set and the connection
// closed.
bool read_some(zend_object *self, Nanos timeout);
// Waits (reading WINDOW_UPDATEs) while more than the bound of request body waits for the
// server's window. false with errCode set.
bool wait_for_window(zend_object *self);

void register_http2_client_area(int module_number);  // MINIT

}  // namespace gust::php::http2_client
