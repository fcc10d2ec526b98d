// Swoole\Coroutine\Http\Client's WebSocket side (RFC 6455, RFC 7692): upgrade() with the
// Sec-WebSocket-Accept check and the permessage-deflate offer, push() of masked client frames,
// recv() of whole messages as Swoole\WebSocket\Frame / CloseFrame objects. The Frame classes
// belong to the WebSocket server binding; they are looked up when a frame is returned.
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <vector>

#include "coroutine/coroutine.h"
#include "client/http_client.h"
#include "websocket/websocket.h"

extern "C" {
#include "ext/random/php_random.h"
#include "ext/standard/base64.h"
#include "ext/standard/sha1.h"
}

#include "gust/base/error.h"
#include "gust/base/log.h"
#include "gust/proto/http1.h"
#include "gust/proto/http1_response.h"
#include "gust/proto/websocket.h"

namespace gust::php::http_client {
namespace {

namespace ws = proto::ws;
namespace h1 = proto::http1;

// Swoole's SWOOLE_WEBSOCKET_FLAG_* bits.
constexpr zend_long kFlagFin = 1;
constexpr zend_long kFlagCompress = 2;
constexpr zend_long kFlagMask = 32;

constexpr size_t kReadChunk = 64 * 1024;

struct WsMessage {
    uint8_t opcode = 0;
    bool compressed = false;
    std::string data;
    uint16_t close_code = 0;
    std::string close_reason;
};

constexpr size_t kPushChunk = 256 * 1024;  // a push buffer: header + up to this much payload
constexpr size_t kPushBuffersKept = 4;

// Push buffers, shared by every client of the thread: a push takes one, masks its frame into it
// chunk by chunk and gives it back. Only pushes parked at the same time (full sockets) need more
// than one; at most kPushBuffersKept stay allocated between pushes, so neither a push nor an idle
// client costs an allocation or memory of its own.
class PushBuffer {
public:
    PushBuffer() {
        if (free_.empty()) {
            buf_.reset(new uint8_t[14 + kPushChunk]);
        } else {
            buf_ = std::move(free_.back());
            free_.pop_back();
        }
    }
    ~PushBuffer() {
        if (free_.size() < kPushBuffersKept) free_.push_back(std::move(buf_));
    }
    PushBuffer(const PushBuffer &) = delete;
    PushBuffer &operator=(const PushBuffer &) = delete;
    uint8_t *data() { return buf_.get(); }

private:
    std::unique_ptr<uint8_t[]> buf_;
    static thread_local std::vector<std::unique_ptr<uint8_t[]>> free_;
};
thread_local std::vector<std::unique_ptr<uint8_t[]>> PushBuffer::free_;

// One client frame: header (masked unless websocket_mask is off) and payload. 0 or an errno.
// The frame goes out from a push buffer in chunks of kPushChunk, each masked while copied.
int send_frame(State *st, uint8_t opcode, std::string_view payload, bool fin, bool rsv1, bool mask, Nanos timeout) {
    if (!st->sock) return ECONNRESET;
    PushBuffer pb;
    uint8_t *buf = pb.data();
    size_t n = ws::write_frame_header(buf, opcode, payload.size(), fin, rsv1);
    uint8_t key[4] = {0, 0, 0, 0};
    if (mask) {
        buf[1] |= 0x80;
        if (php_random_bytes_silent(key, 4) != SUCCESS) {
            Nanos t = monotonic_now();
            memcpy(key, &t, 4);
        }
        memcpy(buf + n, key, 4);
        n += 4;
    }
    Nanos deadline = timeout < 0 ? -1 : monotonic_now() + timeout;
    const auto *src = reinterpret_cast<const uint8_t *>(payload.data());
    size_t done = 0;
    int err = 0;
    do {
        size_t take = std::min(payload.size() - done, kPushChunk);
        if (mask) ws::copy_masked(buf + n, src + done, take, key, done);
        else memcpy(buf + n, src + done, take);
        Nanos left = deadline < 0 ? -1 : std::max<Nanos>(deadline - monotonic_now(), 0);
        auto r = conn_send_all(st, buf, n + take, left);
        if (!r.ok()) {
            err = swoole_code_of(r.code());
            break;
        }
        done += take;
        n = 0;
    } while (done < payload.size() && st->sock);
    if (!err && done < payload.size()) err = ECONNRESET;
    return err;
}

int64_t fill(State *st, Nanos timeout) {
    if (!st->sock) return -ECONNRESET;
    size_t old = st->rbuf.size();
    st->rbuf.resize(old + kReadChunk);
    auto r = conn_recv(st, st->rbuf.data() + old, kReadChunk, timeout);
    st->rbuf.resize(old + (r.ok() ? r.value() : 0));
    if (!r.ok()) return -swoole_code_of(r.code());
    return static_cast<int64_t>(r.value());
}

// Reads frames until one message (or control frame) is whole. 0 or an errno; pings are answered.
int read_message(State *st, const Settings &s, Nanos timeout, WsMessage &out) {
    Nanos deadline = timeout < 0 ? -1 : monotonic_now() + timeout;
    ws::FrameLimits limits;
    limits.max_payload = s.max_body;
    limits.require_mask = false;
    limits.allow_rsv1 = st->ws_compression;
    std::string &message = st->ws_partial;
    while (true) {
        ws::FrameHeader fh;
        const auto *bytes = reinterpret_cast<const uint8_t *>(st->rbuf.data());
        int rc = ws::parse_frame_header(bytes, st->rbuf.size(), &fh, limits);
        if (rc == ws::kMalformed) return EPROTO;
        if (rc > 0 && fh.masked) return EPROTO;  // RFC 6455 §5.1: a server never masks
        if (rc == ws::kNeedMore || st->rbuf.size() < fh.header_length + fh.payload_length) {
            Nanos left = deadline < 0 ? -1 : deadline - monotonic_now();
            if (deadline >= 0 && left <= 0) return ETIMEDOUT;
            int64_t n = fill(st, left);
            if (n == 0) return ECONNRESET;
            if (n < 0) return static_cast<int>(-n);
            continue;
        }
        std::string payload = st->rbuf.substr(fh.header_length, fh.payload_length);
        st->rbuf.erase(0, fh.header_length + fh.payload_length);
        if (fh.opcode >= ws::kClose) {
            out.opcode = fh.opcode;
            if (fh.opcode == ws::kPing) {
                // Answered at once, as a browser does; handed to the caller only when asked for.
                (void)send_frame(st, ws::kPong, payload, true, false, s.websocket_mask, s.write_timeout);
                if (!s.ws_ping_frame) continue;
            } else if (fh.opcode == ws::kPong) {
                if (!s.ws_pong_frame) continue;
            } else if (fh.opcode == ws::kClose) {
                out.close_code = srv::kCloseNoStatus;  // no status in the frame
                if (payload.size() >= 2) {
                    out.close_code = static_cast<uint16_t>((static_cast<uint8_t>(payload[0]) << 8) |
                                                           static_cast<uint8_t>(payload[1]));
                    out.close_reason = payload.substr(2);
                }
                // Echo the code back (RFC 6455 §5.5.1), then the connection is done; a caller that
                // asked for close frames answers it itself (disconnect()).
                if (!s.ws_close_frame)
                    (void)send_frame(st, ws::kClose, payload.substr(0, 2), true, false, s.websocket_mask,
                                     s.write_timeout);
            }
            out.data = std::move(payload);
            return 0;
        }
        if (fh.opcode == ws::kContinuation) {
            if (st->ws_partial_opcode == 0) return EPROTO;
        } else {
            if (st->ws_partial_opcode != 0) {  // a new message inside an unfinished one (RFC 6455 §5.4)
                // Named after the method, as Swoole's log lines name where they come from.
                GUST_LOG_WARN("Swoole\\Coroutine\\Http\\Client::recv(): All fragments of a message, except for the "
                              "initial frame, must use the continuation frame opcode(0).");
                return EPROTO;
            }
            st->ws_partial_opcode = fh.opcode;
            st->ws_partial_compressed = fh.rsv1;
            message.clear();
        }
        if (message.size() + payload.size() > s.max_body) return EMSGSIZE;
        message += payload;
        if (!fh.fin) continue;
        const uint8_t msg_opcode = st->ws_partial_opcode;
        const bool msg_compressed = st->ws_partial_compressed;
        st->ws_partial_opcode = 0;
        if (msg_compressed) {
            if (!st->inflater) return EPROTO;
            message.append("\x00\x00\xff\xff", 4);
            std::string plain;
            Status z = st->inflater->inflate(message, plain, s.max_body, true);
            if (!z.ok()) return z.code() == kErrLimit ? EMSGSIZE : EPROTO;
            message = std::move(plain);
        }
        if (msg_opcode == ws::kText) {
            ws::Utf8Validator v;
            if (!v.feed(reinterpret_cast<const uint8_t *>(message.data()), message.size()) || !v.complete())
                return EILSEQ;
        }
        out.opcode = msg_opcode;
        out.compressed = msg_compressed;
        out.data = std::move(message);
        message.clear();
        return 0;
    }
}

// `name=value` parameters of the accepted permessage-deflate extension.
bool negotiate_deflate(State *st, std::string_view ext) {
    size_t semi = ext.find(';');
    std::string_view first = ext.substr(0, semi);
    while (!first.empty() && first.back() == ' ') first.remove_suffix(1);
    while (!first.empty() && first.front() == ' ') first.remove_prefix(1);
    if (!h1::equals_ignore_case(first, "permessage-deflate")) return false;
    int server_bits = 15, client_bits = 15;
    bool server_takeover = true, client_takeover = true;
    while (semi != std::string_view::npos) {
        ext.remove_prefix(semi + 1);
        semi = ext.find(';');
        std::string_view p = ext.substr(0, semi);
        while (!p.empty() && p.front() == ' ') p.remove_prefix(1);
        while (!p.empty() && p.back() == ' ') p.remove_suffix(1);
        size_t eq = p.find('=');
        std::string_view key = p.substr(0, eq), val = eq == std::string_view::npos ? "" : p.substr(eq + 1);
        if (!val.empty() && val.front() == '"') val = val.substr(1, val.size() >= 2 ? val.size() - 2 : 0);
        int bits = val.empty() ? 15 : atoi(std::string(val).c_str());
        if (h1::equals_ignore_case(key, "server_no_context_takeover")) server_takeover = false;
        else if (h1::equals_ignore_case(key, "client_no_context_takeover")) client_takeover = false;
        else if (h1::equals_ignore_case(key, "server_max_window_bits")) server_bits = bits;
        else if (h1::equals_ignore_case(key, "client_max_window_bits")) client_bits = bits;
        else return false;  // an answer we did not offer
    }
    if (server_bits < 8 || server_bits > 15 || client_bits < 8 || client_bits > 15) return false;
    auto inf = proto::compress::Inflater::create(server_bits, server_takeover);
    if (!inf.ok()) return false;
    st->inflater.emplace(std::move(inf.value()));
    // zlib cannot compress with a 2^8 window: then messages go out uncompressed (RFC 7692 allows it).
    if (client_bits > 8) {
        auto def = proto::compress::Deflater::create(6, client_bits, client_takeover);
        if (def.ok()) st->deflater.emplace(std::move(def.value()));
    }
    st->ws_compression = true;
    return true;
}

// Whether the request head sent offers permessage-deflate in a Sec-WebSocket-Extensions line.
bool offered_deflate(std::string_view head) {
    size_t at = 0;
    while ((at = head.find("\r\n", at)) != std::string_view::npos) {
        at += 2;
        std::string_view line = head.substr(at, head.find("\r\n", at) - at);
        constexpr std::string_view kName = "sec-websocket-extensions:";
        if (line.size() > kName.size() && h1::equals_ignore_case(line.substr(0, kName.size()), kName)) {
            std::string lower(line.substr(kName.size()));
            for (char &c : lower) c = static_cast<char>(tolower(static_cast<unsigned char>(c)));
            if (lower.find("permessage-deflate") != std::string::npos) return true;
        }
    }
    return false;
}

zend_class_entry *frame_class(bool close) { return close ? srv::ce_ws_close_frame : srv::ce_ws_frame; }

}  // namespace

bool ws_accept(zend_object *self, const Request &req, const Response &resp, const Settings &s) {
    State *st = client_of(self)->st;
    if (resp.status != 101) {
        close_connection(self);
        return false;
    }
    std::string_view upgrade, connection, accept, extensions;
    for (const auto &[name, value] : resp.headers) {
        if (h1::equals_ignore_case(name, "upgrade")) upgrade = value;
        else if (h1::equals_ignore_case(name, "connection")) connection = value;
        else if (h1::equals_ignore_case(name, "sec-websocket-accept")) accept = value;
        else if (h1::equals_ignore_case(name, "sec-websocket-extensions")) extensions = value;
    }
    std::string expect_src = req.ws_key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
    PHP_SHA1_CTX ctx;
    unsigned char digest[20];
    PHP_SHA1Init(&ctx);
    PHP_SHA1Update(&ctx, reinterpret_cast<const unsigned char *>(expect_src.data()), expect_src.size());
    PHP_SHA1Final(digest, &ctx);
    zend_string *expect = php_base64_encode(digest, sizeof(digest));
    bool ok = h1::equals_ignore_case(upgrade, "websocket") && h1::header_has_token(connection, "upgrade") &&
              accept == std::string_view(ZSTR_VAL(expect), ZSTR_LEN(expect));
    zend_string_release(expect);
    if (ok && !extensions.empty()) {
        // Only an extension we offered may come back (RFC 6455 §9.1): by websocket_compression, or
        // by the script's own Sec-WebSocket-Extensions header.
        ok = (s.websocket_compression || offered_deflate(req.head)) && negotiate_deflate(st, extensions);
    }
    if (!ok) {
        set_error(self, EPROTO,
                  "WebSocket handshake refused: bad Upgrade, Connection, Sec-WebSocket-Accept or extension");
        close_connection(self);
        return false;
    }
    st->websocket = true;
    zend_update_property_bool(ce_client, self, ZEND_STRL("connected"), true);
    return true;
}

void ws_upgrade(zend_object *self, zend_string *path, zval *return_value) {
    PhpCoroutine *p = require_coroutine();
    State *st = client_of(self)->st;
    if (st->busy) {
        zend_throw_error(nullptr, "Swoole\\Coroutine\\Http\\Client is already in use by another coroutine");
        return;
    }
    if (st->sock && st->websocket) close_connection(self);
    st->busy = true;
    bool ok = execute(self, std::string(ZSTR_VAL(path), ZSTR_LEN(path)), true);
    client_of(self)->st->busy = false;
    raise_write_func_bailout(client_of(self)->st);
    RETURN_BOOL(ok);
}

void ws_push(zend_object *self, zval *data, zend_long opcode, zend_long flags, zval *return_value) {
    State *st = client_of(self)->st;
    drop_stale_socket(st);
    if (closed_through_socket_object(self)) RETURN_FALSE;
    if (st->ws_lost && !st->sock) {  // upgraded, then the connection went: no handshake is missing
        set_error(self, code(SwooleError::kClientNoConnection), "client is not connected");
        RETURN_FALSE;
    }
    if (!st->websocket || !st->sock) {
        set_error(self, ENOTCONN, "websocket connection not established");
        php_error_docref(nullptr, E_WARNING, "websocket handshake failed, cannot push data");
        RETURN_FALSE;
    }
    // The payload is read where it lies (a zend_string held for the call); only a close frame's
    // code + reason and a compressed message are built.
    zend_string *held = nullptr;
    std::string built;
    std::string_view payload;
    if (Z_TYPE_P(data) == IS_OBJECT) {
        // A Frame object: its own data, opcode and flags (and code/reason for a close frame).
        zval rv;
        zend_object *f = Z_OBJ_P(data);
        held = zval_get_string(zend_read_property(f->ce, f, ZEND_STRL("data"), 1, &rv));
        payload = std::string_view(ZSTR_VAL(held), ZSTR_LEN(held));
        opcode = zval_get_long(zend_read_property(f->ce, f, ZEND_STRL("opcode"), 1, &rv));
        flags = zval_get_long(zend_read_property(f->ce, f, ZEND_STRL("flags"), 1, &rv));
        // $frame->finish decides the FIN bit, as in Swoole (false: a fragment to be continued).
        if (zend_hash_str_exists(&f->ce->properties_info, ZEND_STRL("finish"))) {
            const bool finish = zend_is_true(zend_read_property(f->ce, f, ZEND_STRL("finish"), 1, &rv));
            flags = finish ? (flags | kFlagFin) : (flags & ~kFlagFin);
        }
        if (opcode == ws::kClose && zend_hash_str_exists(&f->ce->properties_info, ZEND_STRL("code"))) {
            zend_long code = zval_get_long(zend_read_property(f->ce, f, ZEND_STRL("code"), 1, &rv));
            zend_string *reason = zval_get_string(zend_read_property(f->ce, f, ZEND_STRL("reason"), 1, &rv));
            built =
                ws::close_payload(static_cast<uint16_t>(code), std::string_view(ZSTR_VAL(reason), ZSTR_LEN(reason)));
            zend_string_release(reason);
            payload = built;
        }
    } else {
        held = zval_get_string(data);
        payload = std::string_view(ZSTR_VAL(held), ZSTR_LEN(held));
    }
    struct Release {
        zend_string *s;
        ~Release() {
            if (s) zend_string_release(s);
        }
    } release{held};
    if (opcode < 0 || opcode > 10 || (opcode > 2 && opcode < 8)) {
        php_error_docref(nullptr, E_WARNING, "the maximum value of opcode is 10");
        RETURN_FALSE;
    }
    if (opcode >= ws::kClose && payload.size() > 125) {
        set_error(self, EINVAL, "control frame payload is larger than 125 bytes");
        RETURN_FALSE;
    }
    PhpCoroutine *p = require_coroutine();
    Settings s = read_settings(self);
    // Control frames are never fragmented nor compressed (RFC 6455 §5.5, RFC 7692 §6.1): whatever
    // the flags say, a close, ping or pong goes out whole with RSV1 clear.
    bool fin = (flags & kFlagFin) || opcode >= ws::kClose;
    bool rsv1 = false;
    // Compress whole data messages only: a fragment cannot be compressed on its own here.
    if ((flags & kFlagCompress) && st->deflater && fin && (opcode == ws::kText || opcode == ws::kBinary)) {
        std::string z;
        if (st->deflater->deflate(payload, z).ok()) {
            built = std::move(z);
            payload = built;
            rsv1 = true;
        }
    }
    bool mask = s.websocket_mask || (flags & kFlagMask);
    int err = send_frame(st, static_cast<uint8_t>(opcode), payload, fin, rsv1, mask, s.write_timeout);
    if (!resumed(p)) return;
    if (err) {
        set_error(self, err);
        close_connection(self);
        RETURN_FALSE;
    }
    RETURN_TRUE;
}

void ws_recv(zend_object *self, double timeout, zval *return_value) {
    State *st = client_of(self)->st;
    drop_stale_socket(st);
    if (closed_through_socket_object(self)) RETURN_FALSE;
    if (!st->websocket || !st->sock) {
        set_error(self, code(SwooleError::kClientNoConnection), "client is not connected");
        RETURN_FALSE;
    }
    PhpCoroutine *p = require_coroutine();
    if (st->busy) {
        zend_throw_error(nullptr, "Swoole\\Coroutine\\Http\\Client is already in use by another coroutine");
        return;
    }
    Settings s = read_settings(self);
    Nanos t = timeout > 0 ? seconds_to_nanos(timeout) : (timeout < 0 ? -1 : s.read_timeout);
    st->busy = true;
    WsMessage msg;
    int err = read_message(st, s, t, msg);
    st->busy = false;
    if (!resumed(p)) return;
    if (err) {
        set_error(self, err);
        if (err != ETIMEDOUT) close_connection(self);
        RETURN_FALSE;
    }
    bool is_close = msg.opcode == ws::kClose;
    if (is_close && !s.ws_close_frame) {
        close_connection(self);
        set_error(self, code(SwooleError::kClientNoConnection), "the server closed the WebSocket connection");
        RETURN_FALSE;
    }
    zend_class_entry *ce = frame_class(is_close);
    if (!ce) ce = frame_class(false);
    if (!ce) ce = zend_standard_class_def;  // the WebSocket classes are not registered in this build
    object_init_ex(return_value, ce);
    zend_object *f = Z_OBJ_P(return_value);
    zend_update_property_long(ce, f, ZEND_STRL("fd"), st->sock ? st->sock->fd() : 0);
    zend_update_property_stringl(ce, f, ZEND_STRL("data"), msg.data.data(), msg.data.size());
    zend_update_property_long(ce, f, ZEND_STRL("opcode"), msg.opcode);
    zend_update_property_long(ce, f, ZEND_STRL("flags"), kFlagFin | (msg.compressed ? kFlagCompress : 0));
    zend_update_property_bool(ce, f, ZEND_STRL("finish"), true);
    if (is_close) {
        zend_update_property_long(ce, f, ZEND_STRL("code"), msg.close_code);
        zend_update_property_stringl(ce, f, ZEND_STRL("reason"), msg.close_reason.data(), msg.close_reason.size());
    }
}

}  // namespace gust::php::http_client
