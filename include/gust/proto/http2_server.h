// HTTP/2 server connection (RFC 9113) on Debian's libnghttp2: framing, HPACK, flow control
// and stream states are nghttp2's; this class adds what a server around it needs and
// bounds what a peer can make it hold. It does no I/O and never blocks:
//
//   receive(bytes)  -> take_events(): request headers / body bytes / end / stream closed /
//                      stream writable again
//   submit_response + send_data (+ send_trailers) -> take_output(): bytes to write
//
// Ownership: the connection owns every queued byte; events are moved out to the caller.
// Bounds: request headers (max_header_list_size), request body per stream (max_request_body),
// response bytes queued per stream (stream_buffer_limit: send_data still queues, and
// stream_writable() tells the writer to wait for a kWritable event), output per take_output
// call (the caller passes its own bound), and nghttp2's guards configured from the settings
// (stream reset rate: CVE-2023-44487; CONTINUATION count: CVE-2024-28182; SETTINGS entries;
// queued PING/SETTINGS acks). A guard that trips sends GOAWAY or RST_STREAM; receive()
// returns false once the connection must end (flush take_output, then close).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct iovec;

namespace gust::proto::h2 {

// RFC 9113 §7 error codes (the ones a caller passes or reads).
enum ErrorCode : uint32_t {
    kNoError = 0x0,
    kProtocolError = 0x1,
    kInternalError = 0x2,
    kFlowControlError = 0x3,
    kStreamClosed = 0x5,
    kRefusedStream = 0x7,
    kCancel = 0x8,
    kEnhanceYourCalm = 0xb,
};

// The 24 bytes a client starts a prior-knowledge (h2c) or ALPN h2 connection with.
constexpr std::string_view kClientPreface = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

struct Header {
    std::string name;
    std::string value;
};
using Headers = std::vector<Header>;

struct ServerSettings {
    // Advertised in the server's SETTINGS (Swoole's http2_* options).
    uint32_t header_table_size = 4096;
    uint32_t initial_window_size = 65535;
    uint32_t max_concurrent_streams = 128;
    uint32_t max_frame_size = 16384;
    uint32_t max_header_list_size = 65536;  // also enforced: a larger request block resets its stream
    // Local bounds.
    size_t max_request_body = 2 * 1024 * 1024;  // per stream; more resets the stream (CANCEL)
    size_t stream_buffer_limit = 256 * 1024;    // queued response bytes before stream_writable() is false
    // nghttp2 guards.
    uint64_t reset_burst = 1000;  // RST_STREAM received: burst, then per-second rate (rapid reset)
    uint64_t reset_rate = 33;
    size_t max_continuations = 8;      // CONTINUATION frames per header block
    size_t max_settings_entries = 32;  // entries in one SETTINGS frame
    size_t max_outbound_ack = 1000;    // PING/SETTINGS acks queued unsent (a peer that floods and never reads)
    // Frames that carry no request progress (PING, SETTINGS, PRIORITY, WINDOW_UPDATE, empty
    // DATA/CONTINUATION, unknown types) spend a token from a bucket of control_frame_burst tokens,
    // refilled by control_frame_rate a second and one per KiB of body moved either way; an empty
    // bucket ends the connection with ENHANCE_YOUR_CALM (PING/SETTINGS/empty-frame floods).
    uint64_t control_frame_burst = 10000;
    uint64_t control_frame_rate = 1000;
};

struct Event {
    enum Kind {
        kRequest,       // request headers complete (headers: pseudo-headers first, then fields)
        kData,          // request body bytes (data)
        kRequestEnd,    // the peer finished the request (END_STREAM)
        kTrailers,      // request trailers (headers); kRequestEnd follows
        kStreamClosed,  // the stream is gone (error_code: 0 = completed normally, else reset)
        kWritable,      // queued response bytes fell back under stream_buffer_limit
    };
    Event(Kind k, int32_t id, uint32_t code = 0) : kind(k), stream_id(id), error_code(code) {}
    Kind kind;
    int32_t stream_id = 0;
    Headers headers;
    std::string data;
    uint32_t error_code = 0;
};

// The HTTP2-Settings field of an h2c upgrade (RFC 7540 §3.2.1): base64url (padding optional) of
// a SETTINGS payload, so whole 6-byte entries. nullopt when it is not.
std::optional<std::string> decode_http2_settings(std::string_view field);

// Body bytes a stream queues, kept alive by `owner` (a string, or a buffer a file's piece was
// read into without zero-filling it first).
struct BodyChunk {
    std::shared_ptr<const void> owner;
    std::string_view bytes;
};

// Output gathered without copying body bytes: the frame bytes the connection serialised and the
// queued body chunks DATA frames carry, in order, for writev(2). It shares the chunks it points
// into, so a stream reset before the batch is written cannot free them.
class OutputBatch {
public:
    size_t size() const { return total_ - sent_; }
    bool empty() const { return size() == 0; }
    void clear();
    // The unsent part as at most `max` iovecs; returns how many were filled.
    size_t fill(iovec *iov, size_t max) const;
    void consume(size_t n);  // the first n unsent bytes were written
    void append_bytes(const void *data, size_t len);
    void append_chunk(const BodyChunk &chunk, size_t offset, size_t len);
    void copy_to(std::string *out) const;  // the unsent part, flat

private:
    struct Piece {
        std::shared_ptr<const void> owner;  // null: `offset` is into bytes_
        const char *data;                   // the chunk's bytes (owner set)
        size_t offset;
        size_t len;
        const char *base(const std::string &bytes) const { return owner ? data : bytes.data() + offset; }
    };
    std::string bytes_;
    std::vector<Piece> pieces_;
    size_t first_ = 0;       // first unsent piece
    size_t first_done_ = 0;  // bytes of it already sent
    size_t total_ = 0;
    size_t sent_ = 0;
};

class ServerConnection {
public:
    explicit ServerConnection(const ServerSettings &settings = {});
    ~ServerConnection();
    ServerConnection(const ServerConnection &) = delete;
    ServerConnection &operator=(const ServerConnection &) = delete;

    // Feeds received bytes (the client preface first). false: the connection must end
    // (a GOAWAY is queued when the protocol allows one): write take_output(), then close.
    bool receive(const void *data, size_t len);
    // An HTTP/1.1 request with "Upgrade: h2c": settings_payload is the HTTP2-Settings header
    // decoded from base64url; the request becomes stream 1 (half-closed remote), to be answered
    // with submit_response(1, ...) after the caller wrote its "101 Switching Protocols".
    bool upgrade(std::string_view settings_payload, bool head_request);

    // Events from receive() and from take_output() (kWritable, kStreamClosed), in order.
    std::vector<Event> take_events();
    bool has_events() const { return !events_.empty(); }

    // Response HEADERS. end_stream: no body follows. false when the stream is gone or was answered.
    bool submit_response(int32_t stream_id, int status, const Headers &headers, bool end_stream);
    // Queues body bytes (after submit_response without end_stream); end_stream finishes the body.
    // Never refuses for size: check stream_writable() and wait for kWritable to stay bounded.
    bool send_data(int32_t stream_id, std::string_view data, bool end_stream);
    // The same, taking the bytes without a copy (a file's pieces read into their own buffers).
    bool send_owned_data(int32_t stream_id, std::string &&data, bool end_stream);
    // The same for bytes kept alive by chunk.owner.
    bool send_chunk(int32_t stream_id, BodyChunk chunk, bool end_stream);
    // Ends the stream with trailers after the queued body.
    bool send_trailers(int32_t stream_id, const Headers &trailers);
    bool stream_writable(int32_t stream_id) const;
    bool stream_open(int32_t stream_id) const;
    size_t stream_queued(int32_t stream_id) const;
    void reset_stream(int32_t stream_id, uint32_t error_code);

    // Graceful GOAWAY: streams already received finish, new ones are refused; finished() once done.
    void shutdown();
    // GOAWAY naming the last stream taken, with `error_code` and debug data (Response::goaway()):
    // streams already received still finish; finished() once they did. false after an error.
    bool goaway(uint32_t error_code, std::string_view debug_data);
    // A PING whose 8 opaque bytes are `opaque` zero-padded (at most 8 bytes; false otherwise).
    bool ping(std::string_view opaque);
    // GOAWAY with an error; the connection is done once the output is written.
    void terminate(uint32_t error_code);

    // Appends bytes to write to *out until about max bytes were appended (one frame more at most)
    // or nothing is left.
    // Returns the number appended. false from ok() after a fatal error here.
    size_t take_output(std::string *out, size_t max);
    // The same into a batch: DATA payloads are not copied, the batch shares the queued chunks.
    size_t take_output(OutputBatch *out, size_t max);
    bool want_write() const;
    // Neither side has anything left (after GOAWAY, or an error): close the transport.
    bool finished() const;
    bool ok() const { return !failed_; }
    size_t open_streams() const;
    // Highest client stream id taken for processing.
    int32_t last_stream_id() const;

    struct Impl;

private:
    std::unique_ptr<Impl> impl_;
    std::deque<Event> events_;
    bool failed_ = false;
    friend struct Impl;
};

}  // namespace gust::proto::h2
