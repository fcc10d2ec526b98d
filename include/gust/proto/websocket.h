// WebSocket framing (RFC 6455 §5): a frame-header parser that refuses what the
// RFC forbids before any payload is read or allocated, payload (un)masking, and
// an incremental UTF-8 validator for text messages (§8.1: fail at the first bad
// fragment, even when a code point is split across fragments).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace gust::proto::ws {

constexpr int kNeedMore = -2;
constexpr int kMalformed = -1;

enum Opcode : uint8_t {
    kContinuation = 0x0,
    kText = 0x1,
    kBinary = 0x2,
    kClose = 0x8,
    kPing = 0x9,
    kPong = 0xA,
};

struct FrameHeader {
    bool fin = false;
    bool rsv1 = false;  // "compressed" under permessage-deflate
    uint8_t opcode = 0;
    bool masked = false;
    uint8_t mask[4] = {0, 0, 0, 0};
    uint64_t payload_length = 0;
    size_t header_length = 0;  // bytes before the payload
    // Set when kMalformed is returned: the close code to send (1002 protocol error, 1009 too big).
    uint16_t close_code = 0;
    const char *reason = nullptr;
};

struct FrameLimits {
    uint64_t max_payload = 16 * 1024 * 1024;
    bool require_mask = true;  // a server must refuse unmasked client frames
    bool allow_rsv1 = false;   // only when permessage-deflate was negotiated
};

// Parses the header at the start of `data`: header bytes (> 0), kNeedMore, or kMalformed
// with close_code/reason set. Control frames must be final and at most 125 bytes; RSV2/3
// and unknown opcodes are refused; lengths must use the shortest encoding.
int parse_frame_header(const uint8_t *data, size_t len, FrameHeader *header, const FrameLimits &limits = {});

// XORs `len` bytes with the mask; `offset` is the payload position of data[0] (for chunks).
void apply_mask(uint8_t *data, size_t len, const uint8_t mask[4], uint64_t offset = 0);

// dst[i] = src[i] ^ mask: masks while copying (a sender masks a payload it must not modify into
// its own reused buffer in one pass). dst and src must not overlap.
void copy_masked(uint8_t *dst, const uint8_t *src, size_t len, const uint8_t mask[4], uint64_t offset = 0);

// A close frame's payload (§5.5.1): the code, big-endian, then the reason, cut to fit a control
// frame's 125 bytes. 1005 ("no status") is never sent: an empty payload.
constexpr uint16_t kCloseNoStatusCode = 1005;
std::string close_payload(uint16_t code, std::string_view reason);

// Writes a server frame header (unmasked) into out[0..14); returns its length.
size_t write_frame_header(uint8_t *out, uint8_t opcode, uint64_t payload_length, bool fin = true, bool rsv1 = false);

// UTF-8 validation that can be fed a message in pieces.
class Utf8Validator {
public:
    // false as soon as the bytes so far cannot start a valid UTF-8 text.
    bool feed(const uint8_t *data, size_t len);
    // true when everything fed is valid and no code point is left incomplete.
    bool complete() const { return state_ == 0 && !failed_; }
    void reset() {
        state_ = 0;
        failed_ = false;
    }

private:
    uint32_t state_ = 0;  // bytes still expected in the current code point, plus range info
    uint8_t lower_ = 0x80, upper_ = 0xBF;
    bool failed_ = false;
};

}  // namespace gust::proto::ws
