// Swoole\WebSocket\Server's methods (push, disconnect, isEstablished, pack, unpack), the Frame
// classes, and the WEBSOCKET_* constants.
#include "websocket/websocket.h"
#include "server/send.h"

extern "C" {
#include "ext/standard/php_random.h"
}

#include "http/http.h"
#include "stubs/websocket_arginfo.h"

namespace gust::php::srv {

void setup_websocket_classes(zend_class_entry *server, zend_class_entry *frame, zend_class_entry *close_frame);

namespace {

namespace ws = proto::ws;

struct FrameParts {
    std::string data;
    zend_long opcode = ws::kText;
    zend_long flags = kWsFlagFin;
};

zval *read_prop(zend_object *obj, const char *name) {
    return zend_read_property(obj->ce, obj, name, strlen(name), 1, nullptr);
}

// The payload, opcode and flags of a string or a Frame argument (a CloseFrame's code and reason
// make its payload).
FrameParts parts_of(zval *data, zend_long opcode, zend_long flags) {
    FrameParts p{{}, opcode, flags};
    if (Z_TYPE_P(data) != IS_OBJECT) {
        // Any scalar is sent as its string form, as Swoole does (an int or float is not a string zval).
        zend_string *str = zval_get_string(data);
        p.data.assign(ZSTR_VAL(str), ZSTR_LEN(str));
        zend_string_release(str);
        return p;
    }
    zend_object *obj = Z_OBJ_P(data);
    p.opcode = zval_get_long(read_prop(obj, "opcode"));
    p.flags = zval_get_long(read_prop(obj, "flags"));
    zend_string *d = zval_get_string(read_prop(obj, "data"));
    p.data.assign(ZSTR_VAL(d), ZSTR_LEN(d));
    zend_string_release(d);
    if (instanceof_function(obj->ce, ce_ws_close_frame)) {
        const zend_long code = zval_get_long(read_prop(obj, "code"));
        zend_string *reason = zval_get_string(read_prop(obj, "reason"));
        p.data = ws::close_payload(static_cast<uint16_t>(code), std::string_view(ZSTR_VAL(reason), ZSTR_LEN(reason)));
        zend_string_release(reason);
        p.opcode = ws::kClose;
    }
    return p;
}

bool valid_opcode(zend_long op) {
    return op == ws::kContinuation || op == ws::kText || op == ws::kBinary || op == ws::kClose || op == ws::kPing ||
           op == ws::kPong;
}

// Swoole's pack(): a frame as a server (or, with FLAG_MASK, a client) would send it; FLAG_COMPRESS
// deflates the payload on its own (no shared context).
zend_string *pack(const FrameParts &p) {
    std::string payload = p.data;
    bool rsv1 = false;
    if ((p.flags & kWsFlagCompress) && (p.opcode == ws::kText || p.opcode == ws::kBinary)) {
        auto d = proto::compress::Deflater::create(1, 15, false);
        std::string out;
        if (d.ok() && d.value().deflate(payload, out).ok()) {
            payload.swap(out);
            rsv1 = true;
        }
    }
    std::string frame = ws_frame_bytes(static_cast<uint8_t>(p.opcode), payload, p.flags, rsv1);
    if (p.flags & kWsFlagMask) {
        uint8_t key[4];
        (void)php_random_bytes_silent(key, sizeof key);
        const size_t head = frame.size() - payload.size();
        frame[1] = static_cast<char>(frame[1] | 0x80);
        frame.insert(head, reinterpret_cast<const char *>(key), 4);
        ws::apply_mask(reinterpret_cast<uint8_t *>(frame.data()) + head + 4, payload.size(), key);
    }
    return zend_string_init(frame.data(), frame.size(), 0);
}

void unpack(zend_string *data, zval *return_value) {
    ws::FrameLimits limits;
    limits.require_mask = false;
    limits.allow_rsv1 = true;
    limits.max_payload = UINT32_MAX;
    ws::FrameHeader h;
    const int rc =
        ws::parse_frame_header(reinterpret_cast<const uint8_t *>(ZSTR_VAL(data)), ZSTR_LEN(data), &h, limits);
    if (rc < 0 || ZSTR_LEN(data) - h.header_length < h.payload_length) RETURN_FALSE;
    std::string payload(ZSTR_VAL(data) + h.header_length, static_cast<size_t>(h.payload_length));
    if (h.masked) ws::apply_mask(reinterpret_cast<uint8_t *>(payload.data()), payload.size(), h.mask);
    zend_long flags = (h.fin ? kWsFlagFin : 0) | (h.masked ? kWsFlagMask : 0);
    if (h.rsv1) {
        auto inflater = proto::compress::Inflater::create(15, false);
        std::string out;
        if (!inflater.ok() || !inflater.value().inflate(payload, out, 64u << 20, true).ok()) RETURN_FALSE;
        payload.swap(out);
        flags |= kWsFlagCompress | kWsFlagRsv1;
    }
    if (h.opcode == ws::kClose) {
        uint16_t code = kCloseNoStatus;
        std::string reason;
        if (payload.size() >= 2) {
            code = static_cast<uint16_t>((static_cast<uint8_t>(payload[0]) << 8) | static_cast<uint8_t>(payload[1]));
            reason = payload.substr(2);
        }
        RETURN_OBJ(ws_make_close_frame(0, code, reason));
    }
    RETURN_OBJ(ws_make_frame(0, payload, h.opcode, flags));
}

Server *this_server(zval *self) { return server_from(Z_OBJ_P(self)); }

void pack_method(INTERNAL_FUNCTION_PARAMETERS) {
    zval *data;
    zend_long opcode = ws::kText, flags = kWsFlagFin;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_ZVAL(data)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(opcode)
        Z_PARAM_LONG(flags)
    ZEND_PARSE_PARAMETERS_END();
    if (Z_TYPE_P(data) != IS_OBJECT) convert_to_string(data);
    FrameParts p = parts_of(data, opcode, flags);
    if (!valid_opcode(p.opcode)) {
        zend_value_error("invalid WebSocket opcode " ZEND_LONG_FMT, p.opcode);
        RETURN_THROWS();
    }
    RETURN_STR(pack(p));
}

void unpack_method(INTERNAL_FUNCTION_PARAMETERS) {
    zend_string *data;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(data)
    ZEND_PARSE_PARAMETERS_END();
    unpack(data, return_value);
}

}  // namespace

}  // namespace gust::php::srv

using namespace gust::php::srv;
namespace ws = gust::proto::ws;

// The open WebSocket connection `fd`, or null with Swoole's error and warning (push(), ping()).
static WsConn *open_ws_conn_or_warn(Server *s, zend_long fd) {
    WsConn *c = ws_conn(s, fd);
    if (c && c->state == WsConn::State::kOpen) return c;
    record_error(s, gust::php::SwooleError::kWebsocketUnconnected);
    php_error_docref(nullptr, E_WARNING,
                     "the connected client of connection[" ZEND_LONG_FMT "] is not a websocket client or closed", fd);
    return nullptr;
}

ZEND_METHOD(Swoole_WebSocket_Server, push) {
    zend_long fd, opcode = ws::kText, flags = kWsFlagFin;
    zval *data;
    ZEND_PARSE_PARAMETERS_START(2, 4)
        Z_PARAM_LONG(fd)
        Z_PARAM_ZVAL(data)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(opcode)
        Z_PARAM_LONG(flags)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = this_server(ZEND_THIS);
    if (!open_ws_conn_or_warn(s, fd)) RETURN_FALSE;
    FrameParts p = parts_of(data, opcode, flags);
    if (!valid_opcode(p.opcode)) {
        record_error(s, gust::php::SwooleError::kWebsocketBadOpcode);
        php_error_docref(nullptr, E_WARNING, "the opcode (" ZEND_LONG_FMT ") is not supported", p.opcode);
        RETURN_FALSE;
    }
    RETURN_BOOL(ws_send(s, fd, static_cast<uint8_t>(p.opcode), p.data, p.flags));
}

ZEND_METHOD(Swoole_WebSocket_Server, disconnect) {
    zend_long fd, code = kCloseNormal;
    zend_string *reason = nullptr;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_LONG(fd)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(code)
        Z_PARAM_STR(reason)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = this_server(ZEND_THIS);
    WsConn *c = ws_conn(s, fd);
    if (!c || c->state != WsConn::State::kOpen) {
        record_error(s, gust::php::SwooleError::kWebsocketUnconnected);
        RETURN_FALSE;
    }
    if (code != kCloseNormal && (code < 4000 || code > 4999)) {
        php_error_docref(nullptr, E_WARNING, "the close code must be 1000 or between 4000 and 4999");
        RETURN_FALSE;
    }
    ws_close(s, fd, static_cast<uint16_t>(code),
             reason ? std::string_view(ZSTR_VAL(reason), ZSTR_LEN(reason)) : std::string_view(), false);
    RETURN_TRUE;
}

// A ping frame to one client (its pong is answered by the client, not reported here).
ZEND_METHOD(Swoole_WebSocket_Server, ping) {
    zend_long fd;
    zend_string *data = nullptr;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_LONG(fd)
        Z_PARAM_OPTIONAL
        Z_PARAM_STR(data)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = this_server(ZEND_THIS);
    if (!open_ws_conn_or_warn(s, fd)) RETURN_FALSE;
    const std::string_view payload = data ? std::string_view(ZSTR_VAL(data), ZSTR_LEN(data)) : std::string_view();
    if (payload.size() > 125) {  // RFC 6455 §5.5: a control frame carries at most 125 bytes
        php_error_docref(nullptr, E_WARNING, "a ping carries at most 125 bytes, %zu given", payload.size());
        RETURN_FALSE;
    }
    RETURN_BOOL(ws_send(s, fd, ws::kPing, payload, kWsFlagFin));
}

ZEND_METHOD(Swoole_WebSocket_Server, isEstablished) {
    zend_long fd;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(fd)
    ZEND_PARSE_PARAMETERS_END();
    WsConn *c = ws_conn(this_server(ZEND_THIS), fd);
    RETURN_BOOL(c && c->state == WsConn::State::kOpen);
}

ZEND_METHOD(Swoole_WebSocket_Server, pack) { pack_method(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_WebSocket_Server, unpack) { unpack_method(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_WebSocket_Frame, pack) { pack_method(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_WebSocket_Frame, unpack) { unpack_method(INTERNAL_FUNCTION_PARAM_PASSTHRU); }

ZEND_METHOD(Swoole_WebSocket_Frame, __toString) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_STR(pack(parts_of(ZEND_THIS, ws::kText, kWsFlagFin)));
}

void gust::php::srv::register_websocket_area(int module_number) {
    zend_class_entry *server = register_class_Swoole_WebSocket_Server(http::ce_http_server);
    zend_class_entry *frame = register_class_Swoole_WebSocket_Frame();
    zend_class_entry *close_frame = register_class_Swoole_WebSocket_CloseFrame(frame);
    setup_websocket_classes(server, frame, close_frame);
    struct Constant {
        const char *name;
        zend_long value;
    };
    static const Constant kConstants[] = {
        {"OPCODE_CONTINUATION", 0},
        {"OPCODE_TEXT", 1},
        {"OPCODE_BINARY", 2},
        {"OPCODE_CLOSE", 8},
        {"OPCODE_PING", 9},
        {"OPCODE_PONG", 10},
        {"FLAG_FIN", 1},
        {"FLAG_COMPRESS", 2},
        {"FLAG_RSV1", 4},
        {"FLAG_RSV2", 8},
        {"FLAG_RSV3", 16},
        {"FLAG_MASK", 32},
        {"STATUS_CONNECTION", 1},
        {"STATUS_HANDSHAKE", 2},
        {"STATUS_ACTIVE", 3},
        {"STATUS_CLOSING", 4},
        {"CLOSE_NORMAL", 1000},
        {"CLOSE_GOING_AWAY", 1001},
        {"CLOSE_PROTOCOL_ERROR", 1002},
        {"CLOSE_DATA_ERROR", 1003},
        {"CLOSE_STATUS_ERROR", 1005},
        {"CLOSE_ABNORMAL", 1006},
        {"CLOSE_MESSAGE_ERROR", 1007},
        {"CLOSE_POLICY_ERROR", 1008},
        {"CLOSE_MESSAGE_TOO_BIG", 1009},
        {"CLOSE_EXTENSION_MISSING", 1010},
        {"CLOSE_SERVER_ERROR", 1011},
        {"CLOSE_SERVICE_RESTART", 1012},
        {"CLOSE_TRY_AGAIN_LATER", 1013},
        {"CLOSE_BAD_GATEWAY", 1014},
        {"CLOSE_TLS", 1015},
        // Gust's earlier spelling of CLOSE_TLS, kept so code written for it keeps working.
        {"CLOSE_CLOSE_TLS", 1015},
    };
    for (const Constant &c : kConstants) {
        // Swoole defines each as SWOOLE_WEBSOCKET_X and, with short names, WEBSOCKET_X.
        for (const char *prefix : {"SWOOLE_WEBSOCKET_", "WEBSOCKET_"}) {
            std::string name = std::string(prefix) + c.name;
            zend_register_long_constant(name.c_str(), name.size(), c.value, CONST_CS | CONST_PERSISTENT, module_number);
        }
    }
    // The Swoole 1 name of STATUS_ACTIVE, still defined by Swoole 6 (short form only).
    REGISTER_LONG_CONSTANT("WEBSOCKET_STATUS_FRAME", 3, CONST_CS | CONST_PERSISTENT);
    Protocol p;
    p.server_class = &ce_websocket_server;
    p.load_settings = websocket_load_settings;
    p.session_closed = websocket_closed;
    p.worker_end = websocket_worker_end;
    register_protocol(ProtocolId::kWebSocket, p);
    http::Upgrade up;
    up.upgrade = websocket_upgrade;
    up.is_upgraded = is_websocket;
    up.frame_arrived = websocket_frame_arrived;
    up.handshake_done = websocket_handshake_done;
    http::register_upgrade(up);
}
