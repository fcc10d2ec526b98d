// The worker's WebSocket connections: each whole frame from the reactor is unmasked in place,
// control frames are answered (pong, close echo), fragments are assembled into one message —
// inflated under permessage-deflate with the message limit as the bound, text checked as UTF-8 as
// the fragments arrive — and the message goes to onMessage in a coroutine. Protocol errors close
// the connection with their close code (1002, 1007, 1009: RFC 6455, not error codes).
#include "websocket/websocket.h"
#include "server/send.h"

#include "gust/base/log.h"
#include "http/http.h"
#include "zend/options.h"

#include <algorithm>

namespace gust::php::srv {

zend_class_entry *ce_websocket_server = nullptr;
zend_class_entry *ce_ws_frame = nullptr;
zend_class_entry *ce_ws_close_frame = nullptr;

namespace {

namespace ws = proto::ws;

struct FrameSlots {
    uint32_t fd, data, opcode, flags, finish, code, reason;
} frame_slots;

// Frames queued before the handshake finished; more than this closes the connection.
constexpr size_t kMaxEarlyFrames = 16;

size_t message_limit(Server *s) { return static_cast<size_t>(std::max<zend_long>(1, s->settings.package_max_length)); }

bool valid_close_code(uint16_t code) {
    // RFC 6455 §7.4: codes a peer may send; 1004-1006 and 1015 are never on the wire.
    if (code >= 3000 && code <= 4999) return true;
    return code >= 1000 && code <= 1014 && code != 1004 && code != 1005 && code != 1006;
}

void set_long(zend_object *obj, uint32_t slot, zend_long v) {
    zval z;
    ZVAL_LONG(&z, v);
    http::set_property(obj, slot, &z);
}

void set_string(zend_object *obj, uint32_t slot, std::string_view v) {
    zval z;
    ZVAL_STRINGL_FAST(&z, v.data(), v.size());
    http::set_property(obj, slot, &z);
}

void deliver(Server *s, WsConn &c, server::SessionId id, zend_object *frame) {
    zval args[2];
    ZVAL_OBJ(&args[0], s->self);
    ZVAL_OBJ(&args[1], frame);
    (void)run_callback(s, c.port, kMessage, args, 2);
    zval_ptr_dtor(&args[1]);
}

void fail(Server *s, server::SessionId id, uint16_t code, const char *why) {
    GUST_LOG_WARN("websocket connection %lld: %s; closing it with %u", static_cast<long long>(id), why, code);
    ws_close(s, id, code, {}, true);
}

void on_close_frame(Server *s, WsConn &c, server::SessionId id, std::string_view payload) {
    uint16_t code = kCloseNoStatus;
    std::string_view reason;
    if (payload.size() == 1) return fail(s, id, kCloseProtocolError, "close frame with a one-byte payload");
    if (payload.size() >= 2) {
        code = static_cast<uint16_t>((static_cast<uint8_t>(payload[0]) << 8) | static_cast<uint8_t>(payload[1]));
        reason = payload.substr(2);
        if (!valid_close_code(code)) return fail(s, id, kCloseProtocolError, "invalid close code");
        ws::Utf8Validator v;
        if (!v.feed(reinterpret_cast<const uint8_t *>(reason.data()), reason.size()) || !v.complete()) {
            return fail(s, id, kCloseInvalidPayload, "close reason is not UTF-8");
        }
    }
    if (ws_settings(s).close_frame) {
        deliver(s, c, id, ws_make_close_frame(id, code, reason));
        return;
    }
    if (c.state == WsConn::State::kClosing) {
        // The answer to our disconnect(): the handshake is complete.
        (void)close_session(s, id, false);
        return;
    }
    // The answer echoes the code and the reason (as Swoole does; RFC 6455 5.5.1 asks for the code).
    ws_close(s, id, code == kCloseNoStatus ? kCloseNormal : code, reason, true);
}

// A data frame's payload (already unmasked) joins the message in progress.
void on_data_frame(Server *s, WsConn &c, server::SessionId id, const ws::FrameHeader &h, std::string_view payload) {
    if (h.opcode == ws::kContinuation) {
        if (c.opcode == 0) return fail(s, id, kCloseProtocolError, "continuation without a message");
        if (h.rsv1) return fail(s, id, kCloseProtocolError, "RSV1 on a continuation frame");
    } else {
        if (c.opcode != 0) return fail(s, id, kCloseProtocolError, "new message before the last one ended");
        c.opcode = h.opcode;
        c.compressed = h.rsv1;
        c.message.clear();
        c.utf8.reset();
    }
    const size_t limit = message_limit(s);
    const size_t before = c.message.size();
    if (c.compressed) {
        // RFC 7692 §7.2.2: the sender removed the sync-flush tail of each message; it goes back
        // after the message's last fragment.
        static constexpr char kTail[4] = {0, 0, static_cast<char>(0xff), static_cast<char>(0xff)};
        Status st = c.inflater->inflate(payload, c.message, limit - before, false);
        if (st.ok() && h.fin) {
            st = c.inflater->inflate(std::string_view(kTail, 4), c.message, limit - c.message.size(), true);
        }
        if (!st.ok()) {
            return fail(
                s, id, st.code() == kErrLimit ? kCloseMessageTooBig : kCloseInvalidPayload,
                st.code() == kErrLimit ? "inflated message over package_max_length" : "corrupt compressed data");
        }
    } else {
        if (payload.size() > limit - before) return fail(s, id, kCloseMessageTooBig, "message over package_max_length");
        c.message.append(payload);
    }
    if (c.opcode == ws::kText &&
        !c.utf8.feed(reinterpret_cast<const uint8_t *>(c.message.data()) + before, c.message.size() - before)) {
        return fail(s, id, kCloseInvalidPayload, "text is not UTF-8");
    }
    if (!h.fin) return;
    if (c.opcode == ws::kText && !c.utf8.complete())
        return fail(s, id, kCloseInvalidPayload, "text ends inside a character");
    const uint8_t opcode = c.opcode;
    const zend_long flags = kWsFlagFin | (c.compressed ? kWsFlagCompress | kWsFlagRsv1 : 0);
    c.opcode = 0;
    std::string message;
    message.swap(c.message);
    deliver(s, c, id, ws_make_frame(id, message, opcode, flags));
}

}  // namespace

WsWorker::~WsWorker() {
    for (auto &[id, c] : conns) {
        for (zend_string *f : c->early) zend_string_release(f);
        if (c->close_timer && loop_state_if_any()) loop_state_if_any()->loop->cancel_timer(c->close_timer);
    }
}

WsConn *ws_conn(Server *s, server::SessionId id) {
    if (!s->ws) return nullptr;
    auto it = s->ws->conns.find(id);
    return it == s->ws->conns.end() ? nullptr : it->second.get();
}

WsConn &ws_add(Server *s, Port *port, server::SessionId id) {
    if (!s->ws) s->ws = new WsWorker();
    auto &slot = s->ws->conns[id];
    slot = std::make_unique<WsConn>();
    slot->port = port;
    return *slot;
}

void ws_forget(Server *s, server::SessionId id) {
    WsConn *c = ws_conn(s, id);
    if (!c) return;
    for (zend_string *f : c->early) zend_string_release(f);
    if (c->close_timer && loop_state_if_any()) loop_state_if_any()->loop->cancel_timer(c->close_timer);
    s->ws->conns.erase(id);
}

bool is_websocket(Server *s, server::SessionId id) { return ws_conn(s, id) != nullptr; }

std::string ws_frame_bytes(uint8_t opcode, std::string_view payload, zend_long flags, bool rsv1) {
    uint8_t head[14];
    const size_t n = ws::write_frame_header(head, opcode, payload.size(), (flags & kWsFlagFin) != 0, rsv1);
    std::string out;
    out.reserve(n + payload.size());
    out.append(reinterpret_cast<const char *>(head), n);
    out.append(payload);
    return out;
}

bool ws_send(Server *s, server::SessionId id, uint8_t opcode, std::string_view payload, zend_long flags) {
    WsConn *c = ws_conn(s, id);
    std::string compressed;
    bool rsv1 = false;
    const bool data = opcode == ws::kText || opcode == ws::kBinary;
    if (c && c->compress && data && (flags & kWsFlagCompress) && (flags & kWsFlagFin)) {
        if (c->deflater->deflate(payload, compressed).ok()) {
            payload = compressed;
            rsv1 = true;
        }
    } else if (c && c->compress && data && (flags & kWsFlagRsv1)) {
        // FLAG_RSV1 on what Gust does not compress (a fragment, or no FLAG_COMPRESS): the script
        // deflated the payload itself (RFC 7692 marks a message's first frame); it goes as it is,
        // on a connection that negotiated permessage-deflate only.
        rsv1 = true;
    }
    return send_bytes_to_session(s, id, ws_frame_bytes(opcode, payload, flags, rsv1));
}

void ws_close(Server *s, server::SessionId id, uint16_t code, std::string_view reason, bool close_now) {
    (void)send_bytes_to_session(s, id, ws_frame_bytes(ws::kClose, ws::close_payload(code, reason), kWsFlagFin, false));
    WsConn *c = ws_conn(s, id);
    if (close_now) {
        if (c) c->state = WsConn::State::kClosing;
        (void)close_session(s, id, false);
        return;
    }
    if (!c || c->state == WsConn::State::kClosing) return;
    c->state = WsConn::State::kClosing;
    // The peer should answer with its close frame; a peer that does not is cut off.
    const Nanos wait = static_cast<Nanos>(ws_settings(s).close_timeout * 1e9);
    c->close_timer = loop_state()->loop->add_timer(std::max<Nanos>(wait, kNanosPerMilli), 0, [s, id](loop::TimerId) {
        if (WsConn *conn = ws_conn(s, id)) conn->close_timer = 0;
        (void)close_session(s, id, false);
    });
}

void websocket_frame_arrived(Server *s, Port *port, server::SessionId id, zend_string *frame) {
    WsConn *c = ws_conn(s, id);
    if (!c) {
        zend_string_release(frame);
        return;
    }
    if (c->state == WsConn::State::kHandshaking) {
        // RFC 6455 §4.1: a client waits for the handshake's answer; one that does not is queued, boundedly.
        if (c->early.size() >= kMaxEarlyFrames) {
            zend_string_release(frame);
            ws_forget(s, id);
            (void)close_session(s, id, false);
            return;
        }
        c->early.push_back(frame);
        return;
    }
    ws::FrameLimits limits;
    limits.max_payload = message_limit(s);
    limits.allow_rsv1 = c->compress;
    ws::FrameHeader h;
    auto *bytes = reinterpret_cast<uint8_t *>(ZSTR_VAL(frame));
    const int rc = ws::parse_frame_header(bytes, ZSTR_LEN(frame), &h, limits);
    if (rc < 0) {
        zend_string_release(frame);
        return fail(s, id, rc == ws::kMalformed && h.close_code ? h.close_code : kCloseProtocolError,
                    h.reason ? h.reason : "bad frame");
    }
    // The reactor made the frame whole, and the string is ours: unmask in place.
    uint8_t *payload = bytes + h.header_length;
    const size_t len = static_cast<size_t>(h.payload_length);
    ws::apply_mask(payload, len, h.mask);
    const std::string_view view(reinterpret_cast<const char *>(payload), len);
    switch (h.opcode) {
        case ws::kPing:
            if (ws_settings(s).ping_frame) {
                deliver(s, *c, id, ws_make_frame(id, view, ws::kPing, kWsFlagFin));
            } else if (c->state == WsConn::State::kOpen) {
                (void)ws_send(s, id, ws::kPong, view, kWsFlagFin);
            }
            break;
        case ws::kPong:
            if (ws_settings(s).pong_frame) deliver(s, *c, id, ws_make_frame(id, view, ws::kPong, kWsFlagFin));
            break;
        case ws::kClose: on_close_frame(s, *c, id, view); break;
        default:
            if (c->state == WsConn::State::kOpen) on_data_frame(s, *c, id, h, view);
    }
    zend_string_release(frame);
}

int websocket_closed(Server *s, Port *port, server::SessionId id) {
    const bool was_websocket = is_websocket(s, id);
    ws_forget(s, id);
    const bool has_disconnect = (port && port->callbacks[kDisconnect].is_set()) || s->callbacks[kDisconnect].is_set();
    return !was_websocket && has_disconnect && port && port->websocket ? kDisconnect : kClose;
}

void websocket_worker_end(Server *s) {
    delete s->ws;
    s->ws = nullptr;
}

const WebSocketSettings &ws_settings(Server *s) {
    static const WebSocketSettings defaults;
    ProtocolState *state = s ? s->protocol_states[static_cast<int>(ProtocolId::kWebSocket)].get() : nullptr;
    return state ? *static_cast<const WebSocketSettings *>(state) : defaults;
}

bool websocket_load_settings(Server *s, HashTable *ht) {
    using namespace opt;
    auto w = std::make_unique<WebSocketSettings>();
    w->compression = bool_of(ht, "websocket_compression", false);
    w->subprotocol = string_of(ht, "websocket_subprotocol", "");
    w->close_frame = bool_of(ht, "open_websocket_close_frame", false);
    w->ping_frame = bool_of(ht, "open_websocket_ping_frame", false);
    w->pong_frame = bool_of(ht, "open_websocket_pong_frame", false);
    w->close_timeout = std::max(0.0, double_of(ht, "websocket_close_timeout", 5));
    s->protocol_states[static_cast<int>(ProtocolId::kWebSocket)] = std::move(w);
    return true;
}

zend_object *ws_make_frame(server::SessionId fd, std::string_view data, uint8_t opcode, zend_long flags) {
    zval z;
    object_init_ex(&z, ce_ws_frame);
    zend_object *obj = Z_OBJ(z);
    set_long(obj, frame_slots.fd, fd);
    set_string(obj, frame_slots.data, data);
    set_long(obj, frame_slots.opcode, opcode);
    set_long(obj, frame_slots.flags, flags);
    zval fin;
    ZVAL_BOOL(&fin, (flags & kWsFlagFin) != 0);
    http::set_property(obj, frame_slots.finish, &fin);
    return obj;
}

zend_object *ws_make_close_frame(server::SessionId fd, uint16_t code, std::string_view reason) {
    zval z;
    object_init_ex(&z, ce_ws_close_frame);
    zend_object *obj = Z_OBJ(z);
    set_long(obj, frame_slots.fd, fd);
    set_string(obj, frame_slots.data, ws::close_payload(code, reason));
    set_long(obj, frame_slots.code, code);
    set_string(obj, frame_slots.reason, reason);
    return obj;
}

void setup_websocket_classes(zend_class_entry *server, zend_class_entry *frame, zend_class_entry *close_frame) {
    ce_websocket_server = server;
    ce_ws_frame = frame;
    ce_ws_close_frame = close_frame;
    frame_slots = {http::property_offset(frame, "fd"),          http::property_offset(frame, "data"),
                   http::property_offset(frame, "opcode"),      http::property_offset(frame, "flags"),
                   http::property_offset(frame, "finish"),      http::property_offset(close_frame, "code"),
                   http::property_offset(close_frame, "reason")};
}

}  // namespace gust::php::srv
