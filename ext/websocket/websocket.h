// Swoole\WebSocket\Server in the PHP binding: the worker's WebSocket connections (handshake,
// message assembly, control frames, permessage-deflate) and the Frame classes. The reactor cuts
// each connection's stream into whole frames after the upgrade (proto/framing_http.cc), so a frame
// arrives here complete, still masked. See docs/php-websocket-server.md.
#pragma once

#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "gust/proto/compress.h"
#include "gust/proto/websocket.h"
#include "http/http.h"
#include "server/protocol.h"
#include "server/server.h"

namespace gust::php::srv {

// WebSocket close codes (RFC 6455 §7.4), the status a close frame carries. A code space of its own,
// not Swoole's error codes (common/errors.h): close code 1009 is "message too big", error code 1009
// SWOOLE_ERROR_OUTPUT_BUFFER_OVERFLOW.
enum CloseCode : uint16_t {
    kCloseNormal = 1000,
    kCloseProtocolError = 1002,
    kCloseNoStatus = 1005,  // never on the wire: the close frame had no status
    kCloseInvalidPayload = 1007,
    kCloseMessageTooBig = 1009,
};

// WebSocket options (docs/php-websocket-server.md), read when the server starts.
struct WebSocketSettings : ProtocolState {
    bool compression = false;  // websocket_compression: permessage-deflate offered
    std::string subprotocol;
    bool close_frame = false;  // open_websocket_close_frame: close frames reach onMessage
    bool ping_frame = false;   // open_websocket_ping_frame: pings reach onMessage (no auto pong)
    bool pong_frame = false;
    double close_timeout = 5;  // disconnect(): the peer's close reply is awaited this long
};
const WebSocketSettings &ws_settings(Server *s);

// The upgrade request of a WebSocket port: the handshake (default or onHandshake). True when it
// took the request (the connection is then WebSocket, or closed).
bool websocket_upgrade(Server *s, Port *port, server::SessionId id, const proto::http1::RequestHead &head,
                       zend_string *data, size_t head_len);
bool is_websocket(Server *s, server::SessionId id);
// One whole frame of a WebSocket connection (takes `frame`'s reference).
void websocket_frame_arrived(Server *s, Port *port, server::SessionId id, zend_string *frame);
// The event a closing connection reports (kClose, or kDisconnect for a non-WebSocket one when
// onDisconnect is set); forgets its WebSocket state.
int websocket_closed(Server *s, Port *port, server::SessionId id);
// A Response that ended with status 101 on a WebSocket port (onHandshake): the connection is open.
void websocket_handshake_done(Server *s, server::SessionId id, int status);
void websocket_worker_end(Server *s);
bool websocket_load_settings(Server *s, HashTable *settings);

void register_websocket_area(int module_number);  // MINIT: the classes; plugs into HTTP and the server

// Swoole's flag values.
constexpr zend_long kWsFlagFin = 1;
constexpr zend_long kWsFlagCompress = 2;
constexpr zend_long kWsFlagRsv1 = 4;
constexpr zend_long kWsFlagMask = 32;

struct WsConn {
    enum class State : uint8_t { kHandshaking, kOpen, kClosing };
    State state = State::kHandshaking;
    Port *port = nullptr;
    bool compress = false;  // permessage-deflate negotiated
    std::optional<proto::compress::Inflater> inflater;
    std::optional<proto::compress::Deflater> deflater;
    uint8_t opcode = 0;       // the data message being assembled (0: none)
    bool compressed = false;  // ...and whether its first frame had RSV1
    std::string message;
    proto::ws::Utf8Validator utf8;
    std::deque<zend_string *> early;  // frames that came before the handshake finished
    loop::TimerId close_timer = 0;    // disconnect(): waits for the peer's close frame
};

struct WsWorker {
    std::unordered_map<server::SessionId, std::unique_ptr<WsConn>> conns;
    ~WsWorker();
};

WsConn *ws_conn(Server *s, server::SessionId id);
WsConn &ws_add(Server *s, Port *port, server::SessionId id);
void ws_forget(Server *s, server::SessionId id);

// The frame bytes (server side: unmasked) for a payload; `flags` as Swoole's (FIN, COMPRESS).
std::string ws_frame_bytes(uint8_t opcode, std::string_view payload, zend_long flags, bool rsv1);
// The first permessage-deflate offer in `offers` (a Sec-WebSocket-Extensions value) we can honour
// (RFC 7692 §7.1): the parameters to answer, or nullopt. The codecs are made to match.
std::optional<std::string> negotiate_deflate(std::string_view offers, int level,
                                             std::optional<proto::compress::Inflater> &inflater,
                                             std::optional<proto::compress::Deflater> &deflater);
// Sends a frame to a connection: compressed when asked and negotiated.
bool ws_send(Server *s, server::SessionId id, uint8_t opcode, std::string_view payload, zend_long flags);
// Sends a close frame and marks the connection closing; `close_now` closes the socket after it.
void ws_close(Server *s, server::SessionId id, uint16_t code, std::string_view reason, bool close_now);

// Swoole\WebSocket\Frame objects.
zend_object *ws_make_frame(server::SessionId fd, std::string_view data, uint8_t opcode, zend_long flags);
zend_object *ws_make_close_frame(server::SessionId fd, uint16_t code, std::string_view reason);

extern zend_class_entry *ce_websocket_server;
extern zend_class_entry *ce_ws_frame;
extern zend_class_entry *ce_ws_close_frame;

}  // namespace gust::php::srv
