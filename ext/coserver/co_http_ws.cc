// Coroutine\Http\Server after Response::upgrade(): the WebSocket handshake answer and the frames
// of the connection (Response::push()/recv()).
#include "coserver/co_http_internal.h"
#include "gust/proto/websocket.h"
#include "websocket/websocket.h"

extern "C" {
#include "ext/standard/base64.h"
#include "ext/standard/sha1.h"
}

namespace gust::php::cosrv {

constexpr std::string_view kWsGuid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

bool Conn::ws_upgrade(http::ResponseObject *r) {
    if (upgraded) return true;
    if (ws_key.empty() || !r->current) {
        php_error_docref(nullptr, E_WARNING, "the request is not a WebSocket upgrade request");
        return false;
    }
    PHP_SHA1_CTX ctx;
    unsigned char digest[20];
    PHP_SHA1Init(&ctx);
    PHP_SHA1Update(&ctx, reinterpret_cast<const unsigned char *>(ws_key.data()), ws_key.size());
    PHP_SHA1Update(&ctx, reinterpret_cast<const unsigned char *>(kWsGuid.data()), kWsGuid.size());
    PHP_SHA1Final(digest, &ctx);
    zend_string *accept = php_base64_encode(digest, sizeof digest);
    std::string answer = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         "Sec-WebSocket-Accept: ";
    answer.append(ZSTR_VAL(accept), ZSTR_LEN(accept));
    answer += "\r\nSec-WebSocket-Version: 13\r\n";
    zend_string_release(accept);
    if (!ws_extensions.empty()) {
        if (auto params = srv::negotiate_deflate(ws_extensions, settings().compression_level, ws_inflater, ws_deflater))
            answer += "Sec-WebSocket-Extensions: " + *params + "\r\n";
    }
    // What the script set on the Response before upgrade() goes out with the 101, as in Swoole.
    bool has_server = false;
    answer += http::upgrade_header_lines(r, &has_server);
    if (!has_server) answer += "Server: swoole-http-server\r\n";
    answer += "\r\n";
    r->ended = true;  // answered: no 500 when it goes
    r->current = false;
    response_pending = false;
    if (!send(answer)) return false;
    upgraded = true;
    return true;
}

bool Conn::ws_push(zval *data, zend_long opcode, zend_long flags) {
    if (!upgraded || ws_closing || !alive()) {
        php_error_docref(nullptr, E_WARNING, "the connection is not an open WebSocket connection");
        return false;
    }
    zend_string *payload;
    if (Z_TYPE_P(data) == IS_OBJECT && instanceof_function(Z_OBJCE_P(data), srv::ce_ws_frame)) {
        zval rv;
        zend_object *f = Z_OBJ_P(data);
        payload = zval_get_string(zend_read_property(f->ce, f, ZEND_STRL("data"), 1, &rv));
        opcode = zval_get_long(zend_read_property(f->ce, f, ZEND_STRL("opcode"), 1, &rv));
        flags = zval_get_long(zend_read_property(f->ce, f, ZEND_STRL("flags"), 1, &rv));
    } else {
        payload = zval_get_string(data);
    }
    bool ok = false;
    if (opcode < 0 || opcode > 0xf) {
        php_error_docref(nullptr, E_WARNING, "the opcode (" ZEND_LONG_FMT ") is not a WebSocket opcode", opcode);
    } else {
        // As Swoole\WebSocket\Server's push (srv::ws_send): FLAG_COMPRESS deflates a whole data
        // message when permessage-deflate was negotiated; FLAG_RSV1 alone marks a payload the
        // script deflated itself. Without the extension both are left out (the peer would fail
        // the connection on RSV1).
        std::string_view bytes(ZSTR_VAL(payload), ZSTR_LEN(payload));
        std::string compressed;
        bool rsv1 = false;
        const bool data_frame = opcode == 1 || opcode == 2;  // RSV1 marks a message's first frame only
        if (ws_deflater && data_frame && (flags & srv::kWsFlagCompress) && (flags & srv::kWsFlagFin)) {
            if (ws_deflater->deflate(bytes, compressed).ok()) {
                bytes = compressed;
                rsv1 = true;
            }
        } else if (ws_deflater && data_frame && (flags & srv::kWsFlagRsv1)) {
            rsv1 = true;
        }
        const std::string frame = srv::ws_frame_bytes(static_cast<uint8_t>(opcode), bytes,
                                                      flags & ~(srv::kWsFlagCompress | srv::kWsFlagRsv1), rsv1);
        ok = send(frame);
        if (ok && opcode == 8) ws_closing = true;
    }
    zend_string_release(payload);
    return ok;
}

void Conn::ws_recv(double timeout, zval *out) {
    ZVAL_FALSE(out);
    if (!upgraded) {
        php_error_docref(nullptr, E_WARNING, "the connection is not a WebSocket connection (call upgrade() first)");
        return;
    }
    const Nanos deadline = timeout > 0 ? monotonic_now() + seconds_to_nanos(timeout) : -1;
    std::string message;
    uint8_t message_opcode = 0;
    bool in_message = false;          // a data frame without FIN came: continuations follow until one has FIN
    bool message_compressed = false;  // its first frame had RSV1: inflated as it comes
    // A protocol failure: the close frame with its code, then the connection ends.
    auto fail = [this](uint16_t code) {
        (void)send(srv::ws_frame_bytes(8, gust::proto::ws::close_payload(code, {}), srv::kWsFlagFin, false));
        (void)close();
    };
    for (;;) {
        if (!alive()) {
            ZVAL_EMPTY_STRING(out);
            return;
        }
        auto step = splitter->next(mem::Slice(buf.data() + start, buf.size() - start));
        if (step.status == framing::Splitter::kNeedMore) {
            const Nanos left = deadline < 0 ? -1 : std::max<Nanos>(deadline - monotonic_now(), 1);
            const int64_t n = fill(left);
            if (n == 0) ZVAL_EMPTY_STRING(out);  // the peer went: "", as Swoole
            if (n <= 0) return;
            continue;
        }
        if (step.status < 0) {
            const uint16_t code =
                static_cast<uint16_t>(splitter->websocket_close_code() ? splitter->websocket_close_code() : 1002);
            (void)send(srv::ws_frame_bytes(8, gust::proto::ws::close_payload(code, {}), srv::kWsFlagFin, false));
            (void)close();
            return;
        }
        std::string frame(step.package.data(), step.package.size());
        start += step.consume;
        proto::ws::FrameHeader h;
        proto::ws::FrameLimits limits;
        limits.max_payload = ws_max_message;
        limits.allow_rsv1 = ws_inflater.has_value();  // only where permessage-deflate was negotiated
        if (proto::ws::parse_frame_header(reinterpret_cast<const uint8_t *>(frame.data()), frame.size(), &h, limits) <=
            0) {
            fail(h.close_code ? h.close_code : srv::kCloseProtocolError);
            return;
        }
        if (h.rsv1 && h.opcode == 0) {  // RFC 7692 §6.1: only a message's first frame says "compressed"
            fail(srv::kCloseProtocolError);
            return;
        }
        char *p = frame.data() + h.header_length;
        const size_t len = static_cast<size_t>(h.payload_length);
        if (h.masked) proto::ws::apply_mask(reinterpret_cast<uint8_t *>(p), len, h.mask);
        const std::string_view payload(p, len);
        switch (h.opcode) {
            case 9:  // ping: answered here
                (void)send(srv::ws_frame_bytes(10, payload, srv::kWsFlagFin, false));
                continue;
            case 10:  // pong
                continue;
            case 8: {  // close: answered with the same code, then the Frame for the script
                uint16_t code = srv::kCloseNoStatus;
                std::string_view reason;
                if (len >= 2) {
                    code = static_cast<uint16_t>((static_cast<uint8_t>(p[0]) << 8) | static_cast<uint8_t>(p[1]));
                    reason = payload.substr(2);
                }
                if (!ws_closing) {
                    (void)send(
                        srv::ws_frame_bytes(8, payload.substr(0, std::min<size_t>(len, 2)), srv::kWsFlagFin, false));
                    ws_closing = true;
                }
                ZVAL_OBJ(out, srv::ws_make_close_frame(sock->fd(), code, reason));
                return;
            }
            case 0:                 // continuation of the message being assembled
                if (!in_message) {  // RFC 6455 §5.4: nothing to continue
                    fail(srv::kCloseProtocolError);
                    return;
                }
                break;
            default:
                if (in_message) {  // RFC 6455 §5.4: a new message inside a fragmented one
                    fail(srv::kCloseProtocolError);
                    return;
                }
                in_message = true;
                message_opcode = h.opcode;
                message_compressed = h.rsv1;
                message.clear();
                break;
        }
        if (message_compressed) {
            // RFC 7692 §7.2.2: the sender dropped each message's sync-flush tail; it goes back
            // after the last fragment. The inflated message is bounded by package_max_length.
            static constexpr char kTail[4] = {0, 0, static_cast<char>(0xff), static_cast<char>(0xff)};
            const size_t limit = ws_max_message > message.size() ? ws_max_message - message.size() : 0;
            Status st = ws_inflater->inflate(payload, message, limit, false);
            if (st.ok() && h.fin)
                st = ws_inflater->inflate(std::string_view(kTail, 4), message, ws_max_message - message.size(), true);
            if (!st.ok()) {
                fail(st.code() == kErrLimit ? srv::kCloseMessageTooBig : srv::kCloseInvalidPayload);
                return;
            }
        } else {
            // The whole message, not only each frame, stays within package_max_length (as
            // Swoole\WebSocket\Server bounds it): fragments cannot pile up without end.
            if (payload.size() > ws_max_message - std::min(message.size(), ws_max_message)) {
                fail(srv::kCloseMessageTooBig);
                return;
            }
            message.append(payload);
        }
        if (h.fin) {
            in_message = false;
            const zend_long flags =
                srv::kWsFlagFin | (message_compressed ? srv::kWsFlagCompress | srv::kWsFlagRsv1 : 0);
            ZVAL_OBJ(out, srv::ws_make_frame(sock->fd(), message, message_opcode ? message_opcode : 1, flags));
            return;
        }
    }
}

}  // namespace gust::php::cosrv
