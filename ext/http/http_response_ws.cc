// Swoole\Http\Response's WebSocket and HTTP/2 methods: upgrade(), push(), recv(), ping(), goaway()
// and disconnect(). WebSocket through the Response needs a connection it owns (a coroutine
// server's); Swoole\Http\Server's connections upgrade through WebSocket\Server instead.
#include <algorithm>
#include <string>

#include "gust/proto/websocket.h"
#include "http/http.h"

using namespace gust::php::http;

namespace {

// WebSocket needs a connection this Response owns: a coroutine server's (Swoole\Http\Server's
// connections upgrade through onHandshake / WebSocket\Server instead).
Transport *websocket_transport(ResponseObject *r) {
    if (r->transport) return r->transport.get();
    php_error_docref(nullptr, E_WARNING,
                     "WebSocket through the Response is only available on Swoole\\Coroutine\\Http\\Server");
    return nullptr;
}

}  // namespace

ZEND_METHOD(Swoole_Http_Response, upgrade) {
    ZEND_PARSE_PARAMETERS_NONE();
    ResponseObject *r = this_response(ZEND_THIS);
    Transport *t = websocket_transport(r);
    if (!t || refuse_unwritable(r)) RETURN_FALSE;
    RETURN_BOOL(t->ws_upgrade(r));
}

ZEND_METHOD(Swoole_Http_Response, push) {
    zval *data;
    zend_long opcode = 1, flags = 1;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_ZVAL(data)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(opcode)
        Z_PARAM_LONG(flags)
    ZEND_PARSE_PARAMETERS_END();
    ResponseObject *r = this_response(ZEND_THIS);
    Transport *t = websocket_transport(r);
    if (!t) RETURN_FALSE;
    RETURN_BOOL(t->ws_push(data, opcode, flags));
}

ZEND_METHOD(Swoole_Http_Response, recv) {
    double timeout = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    ResponseObject *r = this_response(ZEND_THIS);
    Transport *t = websocket_transport(r);
    if (!t) RETURN_FALSE;
    t->ws_recv(timeout, return_value);
}

namespace {

// ping()/goaway() are HTTP/2 frames (and ping() a WebSocket one on an upgraded connection): on
// any other connection they refuse as Swoole does.
bool refuse_not_http2(ResponseObject *r) {
    php_error_docref(nullptr, E_WARNING, "fd[" ZEND_LONG_FMT "] is not a HTTP2 conncetion",
                     static_cast<zend_long>(r->fd));
    return false;
}

bool http2_stream_of(ResponseObject *r) { return is_http2_stream(r->transport.get()); }

}  // namespace

ZEND_METHOD(Swoole_Http_Response, ping) {
    zend_string *data = nullptr;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_STR(data)
    ZEND_PARSE_PARAMETERS_END();
    ResponseObject *r = this_response(ZEND_THIS);
    if (r->transport && http2_stream_of(r)) {
        // An HTTP/2 PING's opaque data is 8 bytes (RFC 9113 §6.7): shorter is zero-padded.
        if (data && ZSTR_LEN(data) > 8) {
            zend_argument_value_error(1, "must be at most 8 bytes long (an HTTP/2 PING's data)");
            RETURN_THROWS();
        }
        RETURN_BOOL(http2_ping(r->transport.get(), data ? std::string_view(ZSTR_VAL(data), ZSTR_LEN(data)) : "") == 1);
    }
    if (!r->transport || !r->transport->ws_upgraded()) RETURN_BOOL(refuse_not_http2(r));
    // A control frame carries at most 125 bytes (RFC 6455 5.5).
    if (data && ZSTR_LEN(data) > 125) {
        zend_argument_value_error(1, "must be at most 125 bytes long (a WebSocket control frame)");
        RETURN_THROWS();
    }
    zval payload;
    if (data) {
        ZVAL_STR(&payload, data);
    } else {
        ZVAL_EMPTY_STRING(&payload);
    }
    RETURN_BOOL(r->transport->ws_push(&payload, 9, 1));
}

ZEND_METHOD(Swoole_Http_Response, goaway) {
    zend_long error_code = 0;
    zend_string *debug_data = nullptr;
    ZEND_PARSE_PARAMETERS_START(0, 2)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(error_code)
        Z_PARAM_STR(debug_data)
    ZEND_PARSE_PARAMETERS_END();
    ResponseObject *r = this_response(ZEND_THIS);
    if (!r->transport || !http2_stream_of(r)) RETURN_BOOL(refuse_not_http2(r));
    if (error_code < 0 || error_code > UINT32_MAX) {
        zend_argument_value_error(1, "must be between 0 and 4294967295");
        RETURN_THROWS();
    }
    const std::string_view debug = debug_data ? std::string_view(ZSTR_VAL(debug_data), ZSTR_LEN(debug_data)) : "";
    RETURN_BOOL(http2_goaway(r->transport.get(), static_cast<uint32_t>(error_code), debug) == 1);
}

ZEND_METHOD(Swoole_Http_Response, disconnect) {
    zend_long code = 1000;
    zend_string *reason = nullptr;
    ZEND_PARSE_PARAMETERS_START(0, 2)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(code)
        Z_PARAM_STR(reason)
    ZEND_PARSE_PARAMETERS_END();
    ResponseObject *r = this_response(ZEND_THIS);
    Transport *t = websocket_transport(r);
    if (!t) RETURN_FALSE;
    if (!t->ws_upgraded()) {
        php_error_docref(nullptr, E_WARNING, "the connection is not a WebSocket connection (call upgrade() first)");
        RETURN_FALSE;
    }
    const std::string payload = gust::proto::ws::close_payload(
        static_cast<uint16_t>(code),
        reason ? std::string_view(ZSTR_VAL(reason), ZSTR_LEN(reason)) : std::string_view());
    zval frame;
    ZVAL_STRINGL(&frame, payload.data(), payload.size());
    const bool ok = t->ws_push(&frame, 8, 1);
    zval_ptr_dtor(&frame);
    r->ended = true;
    (void)t->close();
    RETURN_BOOL(ok);
}
