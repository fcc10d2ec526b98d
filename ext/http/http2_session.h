// One HTTP/2 connection above proto::h2::ServerConnection, whoever carries its bytes: a
// Swoole\Http\Server worker's session (http2_conn.cc) or a Coroutine\Http\Server connection
// (ext/coserver/). It collects each stream's request, hands finished ones to on_request(), and
// gives each stream's Response a Transport (http2_session.cc) that turns the HTTP/1.1 bytes the
// Response serialises into HEADERS, DATA and trailers — so the Response code has one writer.
// The carrier decides how bytes go out (write_out) and what a request runs (on_request).
#pragma once

#include <memory>
#include <string>
#include <unordered_map>

#include "coroutine/coroutine.h"
#include "gust/proto/http2_server.h"
#include "http/http.h"

namespace gust::php::http {

struct Http2Request {
    proto::h2::Headers headers;
    std::string body;
};

class Http2Session : public std::enable_shared_from_this<Http2Session> {
public:
    virtual ~Http2Session() = default;

    std::unique_ptr<proto::h2::ServerConnection> h2;
    bool closed = false;
    bool going_away = false;  // GOAWAY sent: the streams taken finish, then the connection ends

    // Writes what is due and, once the session is finished, closes the connection. Never re-entered:
    // a call made while one runs (from a callback, or while a carrier's write waits) makes the
    // running one go round again.
    void flush();
    // Raises the request and stream events the session has queued (after receive()).
    void handle_events();
    void wake_all();  // every write() parked on a stream: the connection went
    // A graceful GOAWAY (once): the worker or the server stops.
    void go_away();
    // The Transport a stream's Response writes through.
    std::shared_ptr<Transport> stream_transport(int32_t stream_id, bool head_request);

    virtual const HttpSettings &http_settings() const = 0;
    virtual zend_long local_port() const = 0;
    virtual bool peer(zend_string **host, zend_long *port) const = 0;
    virtual double send_timeout() const = 0;  // seconds a write() may wait for the window (<= 0: none)

protected:
    // Bytes from h2->take_output() to the connection. True when the session has nothing more to
    // write; false when the output is full (the carrier calls flush() again when it has room) or
    // the connection failed (`closed` set).
    virtual bool write_out() = 0;
    virtual void close_connection() = 0;
    // A whole request arrived on `stream_id`: run its handler (in a coroutine of its own).
    virtual void on_request(int32_t stream_id, Http2Request &&request) = 0;

private:
    friend struct Http2Stream;
    void wake(int32_t stream_id);
    std::unordered_map<int32_t, Http2Request> requests_;
    // Coroutines whose write() waits for their stream's queue to drain (kWritable or its end).
    std::unordered_map<int32_t, coro::Coroutine *> parked_;
    bool flushing_ = false;
    bool flush_again_ = false;
};

// Swoole's http2_* options from a set() array into `h` (clamped to what RFC 9113 allows).
void read_http2_settings(HttpSettings *h, HashTable *ht);
// The HTTP/2 settings the server advertises, from the HTTP settings (Swoole's http2_* options).
proto::h2::ServerSettings http2_settings_of(const HttpSettings &h, size_t max_request_body);
// The request as the HTTP/1.1 bytes the Request parser reads (pseudo-headers to the request line
// and Host; split cookie fields joined, RFC 9113 §8.2.3); *method gets the method.
std::string http2_request_bytes(const Http2Request &request, std::string *method);
// An h2c upgrade request's fields as stream 1's headers (hop-by-hop fields dropped).
proto::h2::Headers http2_upgrade_headers(const proto::http1::RequestHead &head);
// $request->server['server_protocol'] = 'HTTP/2'.
void mark_http2_request(zend_object *request);
void append_lower(std::string &out, std::string_view v);

}  // namespace gust::php::http
