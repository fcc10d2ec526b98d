// The client side of one HTTP/2 connection (RFC 9113), without I/O: requests go in as header
// lists and bodies, bytes from the server go in through feed(), bytes to send come out of
// take_output(), and what the server said comes out as events. Framing, HPACK, flow control,
// SETTINGS and PING acknowledgement are Debian's libnghttp2 (a client session); this class
// keeps the per-stream bookkeeping the binding needs and bounds what a server can make it hold.
//
// Streaming request bodies: a stream opened with end_stream = false takes write() calls; the
// bytes wait here until the server's flow-control window lets them out (pending_bytes() tells
// the caller how much is waiting, so it can stop writing and read WINDOW_UPDATEs instead).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gust::proto::http2 {

using Header = std::pair<std::string, std::string>;

// Error codes of RFC 9113 §7 (also Swoole's SWOOLE_HTTP2_ERROR_* values).
enum ErrorCode : uint32_t {
    kNoError = 0x0,
    kProtocolError = 0x1,
    kInternalError = 0x2,
    kFlowControlError = 0x3,
    kSettingsTimeout = 0x4,
    kStreamClosed = 0x5,
    kFrameSizeError = 0x6,
    kRefusedStream = 0x7,
    kCancel = 0x8,
    kCompressionError = 0x9,
    kConnectError = 0xa,
    kEnhanceYourCalm = 0xb,
    kInadequateSecurity = 0xc,
    kHttp11Required = 0xd,
};

// The SETTINGS values of one side (RFC 9113 §6.5.2).
struct Settings {
    uint32_t header_table_size = 4096;
    uint32_t max_concurrent_streams = 128;
    uint32_t initial_window_size = 65535;
    uint32_t max_frame_size = 16384;
    uint32_t max_header_list_size = 64 * 1024;  // also the bound on one received header block
};

struct ClientOptions {
    Settings local;                          // what we announce
    uint32_t connection_window = 16u << 20;  // our connection-level receive window
    size_t max_pending_events = 1u << 16;    // more undelivered events than this is a failure
};

struct Event {
    enum Kind {
        kHeaders,      // a response header block (1xx blocks are skipped) or trailers
        kData,         // one DATA frame's payload (padding removed)
        kStreamClose,  // the stream is gone (both sides ended, or reset)
        kGoaway,       // the server is going away
        kPingAck,      // our PING came back
        kSettings,     // the server's SETTINGS arrived (remote_settings() has them)
    };
    Kind kind;
    int32_t stream_id = 0;
    bool end_stream = false;      // kHeaders, kData: the server ended its side with this frame
    bool trailers = false;        // kHeaders: a block after the response head
    int status = 0;               // kHeaders (not trailers): :status
    std::vector<Header> headers;  // kHeaders: regular fields, names lower-case as received
    std::string data;             // kData; kGoaway: the debug data
    uint32_t error_code = 0;      // kStreamClose (0 unless reset), kGoaway
    bool remote_ended = false;    // kStreamClose: the server had ended its side (a full response)
    int32_t last_stream_id = 0;   // kGoaway
};

class Client {
public:
    // Queues the connection preface and our SETTINGS (take_output() has them at once).
    explicit Client(const ClientOptions &options = {});
    ~Client();
    Client(const Client &) = delete;
    Client &operator=(const Client &) = delete;

    // A new stream: `headers` holds the pseudo-headers (:method, :scheme, :authority, :path)
    // first, then regular fields. `body` is sent now; with end_stream the request is complete,
    // without it write() adds to it. The stream id (> 0), or a negative nghttp2 error code.
    int32_t submit_request(const std::vector<Header> &headers, std::string_view body, bool end_stream);
    // More body for an open request stream: 0, or a negative nghttp2 error code (no such stream,
    // already ended).
    int write(int32_t stream_id, std::string_view data, bool end_stream);
    // Resets one of our streams (RST_STREAM with `code`). 0 or a negative nghttp2 error code.
    int reset(int32_t stream_id, uint32_t code);
    int ping();
    // GOAWAY with the last stream id the server started (none: 0). 0 or a negative error.
    int goaway(uint32_t code, std::string_view debug);

    // Bytes received from the server. 0, or a negative nghttp2 error code when the connection is
    // broken beyond repair (a GOAWAY for the server may still be in take_output()).
    int feed(const void *data, size_t len);
    // Everything ready to send now (frames, and DATA as far as flow control allows); may be empty.
    std::string take_output();

    bool has_event() const { return !events_.empty(); }
    Event pop_event();

    // True while the session still wants to talk (not after a fatal error or both sides' GOAWAY).
    bool alive() const;
    bool stream_open(int32_t stream_id) const;
    // Body bytes accepted by write()/submit_request() and not yet handed to take_output().
    size_t pending_bytes(int32_t stream_id) const;
    size_t pending_bytes() const;
    int32_t next_stream_id() const;
    int32_t last_server_stream_id() const { return last_server_stream_id_; }
    size_t active_streams() const;
    const Settings &local_settings() const { return options_.local; }
    Settings remote_settings() const;
    // The nghttp2 reason for a negative code.
    static const char *error_name(int code);
    // Why the connection failed: nghttp2's description of the error it found, or error_name().
    std::string error_reason() const;

    struct Impl;  // the nghttp2 callbacks reach the state through it

private:
    friend struct Impl;
    ClientOptions options_;
    std::unique_ptr<Impl> impl_;
    std::deque<Event> events_;
    int32_t last_server_stream_id_ = 0;
};

}  // namespace gust::proto::http2
