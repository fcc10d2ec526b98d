// The WebSocket opening handshake (RFC 6455 §4.2): Swoole's default one (validate, answer 101 with
// Sec-WebSocket-Accept, subprotocol and permessage-deflate (RFC 7692) negotiated, then onOpen), or
// the application's onHandshake, whose Response decides (101: open; anything else: closed).
#include "websocket/websocket.h"
#include "server/send.h"

extern "C" {
#include "ext/standard/base64.h"
#include "ext/standard/sha1.h"
#include "zend_interfaces.h"
}

#include "http/http.h"
#include "gust/proto/http1_response.h"

namespace gust::php::srv {
namespace {

constexpr std::string_view kAcceptGuid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

std::string accept_key(std::string_view key) {
    PHP_SHA1_CTX ctx;
    PHP_SHA1Init(&ctx);
    PHP_SHA1Update(&ctx, reinterpret_cast<const unsigned char *>(key.data()), key.size());
    PHP_SHA1Update(&ctx, reinterpret_cast<const unsigned char *>(kAcceptGuid.data()), kAcceptGuid.size());
    unsigned char digest[20];
    PHP_SHA1Final(digest, &ctx);
    zend_string *b64 = php_base64_encode(digest, sizeof digest);
    std::string out(ZSTR_VAL(b64), ZSTR_LEN(b64));
    zend_string_release(b64);
    return out;
}

bool valid_key(std::string_view key) {
    zend_string *raw = php_base64_decode_ex(reinterpret_cast<const unsigned char *>(key.data()), key.size(), true);
    const bool ok = raw && ZSTR_LEN(raw) == 16;
    if (raw) zend_string_release(raw);
    return ok;
}

// Calls fn(item) for each comma-separated item, trimmed.
template <typename Fn>
void for_each_item(std::string_view list, Fn &&fn) {
    while (!list.empty()) {
        const size_t comma = list.find(',');
        std::string_view item = list.substr(0, comma);
        while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) item.remove_prefix(1);
        while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) item.remove_suffix(1);
        if (!item.empty()) fn(item);
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
    }
}

}  // namespace

std::optional<std::string> negotiate_deflate(std::string_view offers, int level,
                                             std::optional<proto::compress::Inflater> &inflater_out,
                                             std::optional<proto::compress::Deflater> &deflater_out) {
    std::optional<std::string> answer;
    auto try_offer = [&](std::string_view offer) {
        if (answer) return;
        bool first = true, server_no_takeover = false, client_no_takeover = false, bad = false;
        int server_bits = 15;
        while (!offer.empty()) {
            const size_t semi = offer.find(';');
            std::string_view param = offer.substr(0, semi);
            while (!param.empty() && param.front() == ' ') param.remove_prefix(1);
            while (!param.empty() && param.back() == ' ') param.remove_suffix(1);
            const size_t eq = param.find('=');
            const std::string_view name = param.substr(0, eq);
            std::string_view value = eq == std::string_view::npos ? std::string_view() : param.substr(eq + 1);
            if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
                value = value.substr(1, value.size() - 2);
            if (first) {
                bad |= name != "permessage-deflate";
            } else if (name == "server_no_context_takeover" && value.empty()) {
                server_no_takeover = true;
            } else if (name == "client_no_context_takeover" && value.empty()) {
                client_no_takeover = true;
            } else if (name == "server_max_window_bits") {
                server_bits = value.empty() ? -1 : atoi(std::string(value).c_str());
                bad |= server_bits < 9 || server_bits > 15;  // zlib cannot compress with 8
            } else if (name == "client_max_window_bits") {
                if (!value.empty()) {
                    const int bits = atoi(std::string(value).c_str());
                    bad |= bits < 8 || bits > 15;
                }
            } else {
                bad = true;
            }
            first = false;
            if (semi == std::string_view::npos) break;
            offer.remove_prefix(semi + 1);
        }
        if (bad) return;
        auto deflater = proto::compress::Deflater::create(level, server_bits, !server_no_takeover);
        auto inflater = proto::compress::Inflater::create(15, !client_no_takeover);
        if (!deflater.ok() || !inflater.ok()) return;
        deflater_out.emplace(std::move(deflater.value()));
        inflater_out.emplace(std::move(inflater.value()));
        std::string a = "permessage-deflate";
        if (server_no_takeover) a += "; server_no_context_takeover";
        if (client_no_takeover) a += "; client_no_context_takeover";
        if (server_bits != 15) a += "; server_max_window_bits=" + std::to_string(server_bits);
        answer = a;
    };
    for_each_item(offers, try_offer);
    return answer;
}

namespace {

std::optional<std::string> negotiate_deflate(std::string_view offers, int level, WsConn &conn) {
    auto answer = srv::negotiate_deflate(offers, level, conn.inflater, conn.deflater);
    if (answer) conn.compress = true;
    return answer;
}

bool offered(std::string_view list, std::string_view token) {
    bool found = false;
    for_each_item(list, [&](std::string_view item) { found |= item == token; });
    return found;
}

void refuse(Server *s, server::SessionId id, int status) {
    std::string answer(proto::http1::error_response(status));
    if (status == 426) {
        // RFC 6455 §4.4: name the version we speak.
        const size_t end = answer.find("\r\n");
        answer.insert(end + 2, "Sec-WebSocket-Version: 13\r\n");
    }
    (void)send_bytes_to_session(s, id, answer);
    (void)close_session(s, id, false);
}

void start_open(Server *s, Port *port, server::SessionId id, zend_string *data, const proto::http1::RequestHead &head,
                size_t head_len) {
    int status = 0;
    zend_object *request = http::make_request(s, port, id, data, head, head_len, &status);
    if (!request) return;
    zval args[2];
    ZVAL_OBJ(&args[0], s->self);
    ZVAL_OBJ(&args[1], request);
    (void)run_callback(s, port, kOpen, args, 2);
    zval_ptr_dtor(&args[1]);
}

// The frames that arrived while the handshake ran, now that the connection is open.
void replay_early(Server *s, server::SessionId id) {
    WsConn *c = ws_conn(s, id);
    while (c && c->state == WsConn::State::kOpen && !c->early.empty()) {
        zend_string *frame = c->early.front();
        c->early.pop_front();
        websocket_frame_arrived(s, c->port, id, frame);
        c = ws_conn(s, id);
    }
}

// Upgrade is a list of protocols (RFC 9110 §7.8): "abc, websocket" asks for WebSocket too.
bool upgrades_to_websocket(std::string_view list) { return proto::http1::header_has_token(list, "websocket"); }

// onBeforeHandshakeResponse(server, request, response): what the script sets on the Response
// (headers, cookies) joins the server's own 101 answer; the Response itself sends nothing. What a
// callback sets after it first yields comes too late and is left out.
std::string before_handshake_response(Server *s, Port *port, server::SessionId id, zend_string *data,
                                      const proto::http1::RequestHead &head, size_t head_len, bool *has_server) {
    int status = 0;
    zend_object *request = http::make_request(s, port, id, data, head, head_len, &status);
    if (!request) return {};
    zend_object *response = http::make_response(s, id, head);
    http::ResponseObject *r = http::response_from(response);
    zval args[3];
    ZVAL_OBJ(&args[0], s->self);  // borrowed: run_callback copies its arguments
    ZVAL_OBJ(&args[1], request);
    ZVAL_OBJ(&args[2], response);
    (void)run_callback(s, port, kBeforeHandshakeResponse, args, 3);
    std::string lines = http::upgrade_header_lines(r, has_server);
    r->ended = true;     // answered by the 101 below: never a 500 when the script drops it
    r->current = false;  // the connection's request cycle is the handshake's, not this Response's
    zval_ptr_dtor(&args[1]);
    zval_ptr_dtor(&args[2]);
    return lines;
}

}  // namespace

bool websocket_upgrade(Server *s, Port *port, server::SessionId id, const proto::http1::RequestHead &head,
                       zend_string *data, size_t head_len) {
    if (!port || !port->websocket || !head.upgrade || !upgrades_to_websocket(head.header("upgrade"))) {
        return false;
    }
    WsConn &conn = ws_add(s, port, id);
    if (port->callbacks[kHandshake].is_set() || s->callbacks[kHandshake].is_set()) {
        // The application answers; its Response's end() reports the status (websocket_handshake_done).
        int status = 0;
        zend_object *request = http::make_request(s, port, id, data, head, head_len, &status);
        if (!request) {
            ws_forget(s, id);
            refuse(s, id, 400);
            return true;
        }
        zend_object *response = http::make_response(s, id, head);
        // websocket_compression holds for an application's handshake too: the offer is negotiated
        // here and the answer preset on its Response (its 101 carries it; it may replace it).
        const WebSocketSettings &h = ws_settings(s);
        bool has_extensions = false;
        const std::string_view extensions = head.header("sec-websocket-extensions", &has_extensions);
        if (h.compression && has_extensions) {
            if (auto params = negotiate_deflate(extensions, http::settings_of(s).compression_level, conn)) {
                zval name, value;
                ZVAL_STRINGL(&name, "Sec-WebSocket-Extensions", sizeof("Sec-WebSocket-Extensions") - 1);
                ZVAL_STRINGL(&value, params->data(), params->size());
                zend_call_method_with_2_params(response, response->ce, nullptr, "header", nullptr, &name, &value);
                zval_ptr_dtor(&name);
                zval_ptr_dtor(&value);
            }
        }
        zval args[2];
        ZVAL_OBJ(&args[0], request);
        ZVAL_OBJ(&args[1], response);
        (void)run_callback(s, port, kHandshake, args, 2);
        zval_ptr_dtor(&args[0]);
        zval_ptr_dtor(&args[1]);
        return true;
    }
    bool found = false;
    const std::string_view version = head.header("sec-websocket-version", &found);
    if (!found || version != "13") {
        ws_forget(s, id);
        refuse(s, id, 426);
        return true;
    }
    const std::string_view key = head.header("sec-websocket-key");
    if (head.method != "GET" || head.version_minor != 1 || !valid_key(key) ||
        !upgrades_to_websocket(head.header("upgrade"))) {
        ws_forget(s, id);
        refuse(s, id, 400);
        return true;
    }
    std::string answer = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         "Sec-WebSocket-Accept: ";
    answer += accept_key(key);
    answer += "\r\n";
    bool has_server = false;
    if (port->callbacks[kBeforeHandshakeResponse].is_set() || s->callbacks[kBeforeHandshakeResponse].is_set()) {
        answer += before_handshake_response(s, port, id, data, head, head_len, &has_server);
    }
    if (!has_server) answer += "Server: swoole-http-server\r\n";
    const WebSocketSettings &h = ws_settings(s);
    bool has_protocols = false;
    const std::string_view protocols = head.header("sec-websocket-protocol", &has_protocols);
    if (!h.subprotocol.empty() && has_protocols && offered(protocols, h.subprotocol)) {
        answer += "Sec-WebSocket-Protocol: " + h.subprotocol + "\r\n";
    }
    bool has_extensions = false;
    const std::string_view extensions = head.header("sec-websocket-extensions", &has_extensions);
    if (h.compression && has_extensions) {
        if (auto params = negotiate_deflate(extensions, http::settings_of(s).compression_level, conn)) {
            answer += "Sec-WebSocket-Extensions: " + *params + "\r\n";
        }
    }
    answer += "\r\n";
    if (!send_bytes_to_session(s, id, answer)) {
        // The client must not wait for an answer that never comes.
        ws_forget(s, id);
        (void)close_session(s, id, true);
        return true;
    }
    conn.state = WsConn::State::kOpen;
    start_open(s, port, id, data, head, head_len);
    replay_early(s, id);
    return true;
}

void websocket_handshake_done(Server *s, server::SessionId id, int status) {
    WsConn *c = ws_conn(s, id);
    if (!c || c->state != WsConn::State::kHandshaking) return;
    if (status != 101) {
        // The application refused the upgrade: the connection cannot go back to HTTP.
        ws_forget(s, id);
        (void)close_session(s, id, false);
        return;
    }
    c->state = WsConn::State::kOpen;
    replay_early(s, id);
}

}  // namespace gust::php::srv
