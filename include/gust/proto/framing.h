// Stream framing of Swoole\Server ports: how a TCP byte stream is cut into the
// packages that onReceive gets, chosen by the port's options
// (open_eof_check / open_eof_split / package_eof, open_length_check /
// package_length_type / package_length_offset / package_body_offset /
// package_length_func, package_max_length). Pure code over bytes: no I/O, no
// allocation per call, so it runs in reactor threads and fuzzes alone.
//
// One Framing (validated options) is shared by every connection of a port;
// each connection owns a Splitter, which remembers how far it already looked
// so a package arriving a byte at a time costs O(bytes), not O(bytes²).
//
// Contract of Splitter::next(buffer): `buffer` holds every unconsumed byte of
// the connection, oldest first — what the previous call saw, minus the package
// it returned, plus whatever arrived since (the bytes may have moved in memory;
// no pointer is kept). The answer is one of
//   kReady     a package is at the front: `package` views buffer[0, consume).
//              Handle it, then drop `consume` bytes before the next call.
//   kNeedMore  read more bytes and call again. When `consume` is non-zero, drop
//              that many bytes first (HTTP mode: bytes after a request that
//              ends the connection are never interpreted).
//   < 0        -kErrLimit (over package_max_length) or -kErrProtocol (bad
//              length, length function error): close the connection and log
//              reason(). The splitter stays failed until reset().
// Call next() until it stops answering kReady: one read may carry several
// packages. See docs/core-proto.md for the modes and where Gust differs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "gust/base/result.h"
#include "gust/mem/slice.h"
#include "gust/proto/http1.h"

namespace gust::proto::framing {

enum class Mode : uint8_t {
    kEofCheck,    // open_eof_check: deliver the whole buffer once it ends with package_eof
    kEofSplit,    // open_eof_split: one package per package_eof, the eof included at its end
    kLength,      // open_length_check: a length field in a fixed header
    kLengthFunc,  // package_length_func: a function tells the package length
    kHttp,        // open_http_protocol: one whole HTTP/1.1 request (head + raw body), see framing_http.cc
    kMqtt,        // open_mqtt_protocol: one MQTT control packet (fixed header, its Remaining Length, the rest)
};

// The length function of kLengthFunc. It sees the unconsumed bytes (at least one, at
// most package_max_length) and answers the total length of the first package (> 0), 0 when it cannot tell
// yet, or a negative number when the bytes are garbage. It is not called again for
// a package once it answered a length.
using LengthFunc = std::function<int64_t(mem::Slice data)>;

constexpr size_t kMaxEofLength = 8;
// kHttp: a chunked body's raw bytes may take twice max_length plus this much chunk framing.
constexpr size_t kChunkedFramingSlack = 1024;

struct Options {
    Mode mode = Mode::kEofCheck;
    std::string eof = "\r\n";               // package_eof: 1 to 8 bytes
    char length_type = 'N';                 // package_length_type: c C s S n N l L v V (PHP pack() codes)
    uint32_t length_offset = 0;             // package_length_offset: where the length field starts
    uint32_t body_offset = 0;               // package_body_offset: package length = body_offset + length value
    uint32_t max_length = 2 * 1024 * 1024;  // package_max_length
    LengthFunc length_func;                 // kLengthFunc only
    // kHttp: max_length bounds the decoded body (413 beyond it); the request head is bounded here
    // (431/414 beyond it). A chunked body's raw bytes may take up to twice max_length.
    uint32_t http_max_head = 16 * 1024;
    // kHttp: a multipart/form-data body (an upload) may be this long instead when it is more than
    // max_length (upload_max_filesize; 0: max_length for every body).
    uint32_t http_max_upload = 0;
    // kHttp on a WebSocket port (open_websocket_protocol): after a request asking to upgrade to
    // websocket, the stream is WebSocket frames (RFC 6455 §5) and each package is one whole frame,
    // its payload at most max_length; client frames must be masked. `websocket_rsv1`: frames may
    // be compressed (permessage-deflate offered on this port).
    bool websocket = false;
    bool websocket_rsv1 = false;
    // kHttp on an HTTP/2 port (open_http2_protocol): a connection that starts with the HTTP/2
    // client preface (h2c by prior knowledge) becomes a raw byte stream: each package is whatever
    // arrived (at most max_length), the preface first; the worker's HTTP/2 connection frames it.
    bool http2 = false;
};

// Picks the mode the way Swoole reads the flags: open_eof_split implies
// open_eof_check, a package_length_func implies open_length_check, and EOF framing
// wins over length framing. nullopt: no framing (raw stream).
// An HTTP/1.1 request that asks to become HTTP/2 (RFC 7540 §3.2: Connection: Upgrade,
// Upgrade: h2c, an HTTP2-Settings field) and has no body: an HTTP/2 port answers it with 101 and
// the request becomes stream 1. With a body the upgrade is ignored (the request is HTTP/1.1).
bool is_h2c_upgrade(const http1::RequestHead &head);

std::optional<Mode> mode_from_flags(bool open_eof_check, bool open_eof_split, bool open_length_check,
                                    bool has_length_func);

// A length field described by its pack() code.
struct LengthField {
    uint8_t size = 0;  // 1, 2 or 4 bytes
    bool is_signed = false;
    bool big_endian = false;  // as stored on the wire
};

// The field for one of the ten codes Swoole accepts, nullopt for any other.
std::optional<LengthField> length_field(char code);

// Reads a field from `data` (at least field.size bytes), sign-extended when signed.
int64_t read_length(const char *data, const LengthField &field);

// Validated options, shared (read-only) by the splitters of every connection of a port.
class Framing {
public:
    // kErrInvalid when the options cannot work; invalid_reason() says why.
    static Result<Framing> create(Options options);
    // nullptr when `options` are valid, else a sentence for the warning.
    static const char *invalid_reason(const Options &options);

    const Options &options() const { return options_; }
    const LengthField &field() const { return field_; }
    // The largest package a splitter of this framing hands over: what the receiver of its packages
    // (a PROCESS-mode worker) must accept. For kHttp more than max_length: a request is its head plus
    // its body (raw chunked bytes take up to twice max_length), a WebSocket frame its header plus
    // max_length of payload.
    uint64_t max_package() const;

private:
    explicit Framing(Options options, LengthField field) : options_(std::move(options)), field_(field) {}
    Options options_;
    LengthField field_;
};

class Splitter {
public:
    enum Status : int {
        kNeedMore = 0,
        kReady = 1,
    };
    struct Step {
        int status = kNeedMore;  // kReady, kNeedMore, or -kErrLimit / -kErrProtocol
        mem::Slice package;      // kReady: the package, a view into the caller's buffer
        size_t consume = 0;      // bytes to drop before the next call (kReady: == package.size())
        // kHttp: the request head asked for `Expect: 100-continue` and its body has not arrived;
        // answer "100 Continue" now (reported once per request).
        bool send_continue = false;
    };

    // `framing` must outlive the splitter.
    explicit Splitter(const Framing &framing) : framing_(&framing) {}

    Step next(mem::Slice buffer);

    // The full length of the package being received, when known (length modes, once
    // the header or the length function told it); 0 otherwise. Lets a caller size
    // the package's final storage once.
    size_t expected_length() const { return expected_; }
    // Why next() failed, for the log line; nullptr when it did not.
    const char *reason() const { return reason_; }
    bool is_http() const { return framing_->options().mode == Mode::kHttp; }
    // kHttp: the status to answer a failed request with (400, 408, 413, 414, 417, 431, 501, 505)
    // before closing; 0 in other modes or when next() did not fail.
    int http_status() const { return http_status_; }
    // kHttp: the head of the request being received is complete and its body is awaited (read
    // timeouts differ for heads and bodies).
    bool in_body() const { return http_phase_ == HttpPhase::kBody; }
    // kHttp on a WebSocket port: the stream has switched to WebSocket frames.
    bool in_websocket() const { return http_phase_ == HttpPhase::kWebSocket; }
    // kHttp on an HTTP/2 port: the stream is HTTP/2 (raw packages, see Options::http2).
    bool in_http2() const { return http_phase_ == HttpPhase::kHttp2; }
    // kHttp on an HTTP/2 port whose TLS handshake chose "h2" by ALPN: the stream must start with
    // the client preface (RFC 9113 §3.3); anything else fails without an HTTP/1.1 answer.
    void require_http2() { http2_required_ = framing_->options().http2; }
    // The close code (1002, 1009) to send when next() failed on a WebSocket frame, else 0.
    int websocket_close_code() const { return ws_close_code_; }
    // kHttp: the head of the package the last next() returned, when that same call parsed it (its
    // views point into the buffer given to that call; the package starts there), with the head's
    // length; nullptr when an earlier call parsed it. Valid until the next call of any Splitter
    // of this thread (heads are parsed into one per thread).
    const http1::RequestHead *ready_head(size_t *head_len) const {
        if (head_len) *head_len = ready_head_len_;
        return ready_head_;
    }
    // kHttp: the last request delivered ends the connection (Connection: close, HTTP/1.0 without
    // keep-alive, or an upgrade); every later byte is dropped.
    bool finished() const { return http_phase_ == HttpPhase::kFinished; }
    // Back to the start of a package, failure forgotten (e.g. for a reused connection slot).
    void reset() {
        scanned_ = 0;
        expected_ = 0;
        failed_ = 0;
        reason_ = nullptr;
        http_status_ = 0;
        ws_close_code_ = 0;
        http_phase_ = HttpPhase::kHead;
        http2_required_ = false;
        http_upgrades_h2c_ = false;
    }

private:
    Step eof_check(mem::Slice buffer);
    Step eof_split(mem::Slice buffer);
    Step length(mem::Slice buffer);
    Step length_func(mem::Slice buffer);
    Step mqtt(mem::Slice buffer);
    Step http(mem::Slice buffer);
    Step http_head(mem::Slice buffer);
    Step http_fail(int status, const char *reason);
    Step websocket_frame(mem::Slice buffer);
    Step ready(mem::Slice buffer, size_t n);
    Step fail(int code, const char *reason);

    enum class HttpPhase : uint8_t { kHead, kBody, kFinished, kWebSocket, kHttp2 };

    const Framing *framing_;
    size_t scanned_ = 0;   // kEofSplit: no package_eof starts before this offset
    size_t expected_ = 0;  // length modes: the current package's length, 0 until known
    int failed_ = 0;       // the error answered once failed
    const char *reason_ = nullptr;
    // kHttp state of the request being received.
    HttpPhase http_phase_ = HttpPhase::kHead;
    bool http_chunked_ = false;
    bool http_ends_connection_ = false;  // the request being received is the connection's last
    bool http_continue_due_ = false;
    bool http_upgrades_ = false;      // the request being received asks to become a WebSocket
    bool http2_required_ = false;     // ALPN chose h2 (or h2c was accepted): only the preface may come
    bool http_upgrades_h2c_ = false;  // the request being received upgrades to h2c
    int http_status_ = 0;
    int ws_close_code_ = 0;
    size_t http_head_len_ = 0;
    uint32_t http_body_limit_ = 0;  // the request being received: max_length, or http_max_upload for an upload
    const http1::RequestHead *ready_head_ = nullptr;
    size_t ready_head_len_ = 0;
    bool head_parsed_now_ = false;   // the current call of next() parsed the head
    http1::ChunkedDecoder chunked_;  // kHttp with a chunked body
};

}  // namespace gust::proto::framing
