#include "gust/proto/websocket.h"

#include <algorithm>
#include <cstring>

namespace gust::proto::ws {
namespace {
int fail(FrameHeader *h, uint16_t code, const char *reason) {
    h->close_code = code;
    h->reason = reason;
    return kMalformed;
}
}  // namespace

int parse_frame_header(const uint8_t *data, size_t len, FrameHeader *h, const FrameLimits &limits) {
    *h = FrameHeader{};
    if (len < 2) return kNeedMore;
    h->fin = data[0] & 0x80;
    h->rsv1 = data[0] & 0x40;
    h->opcode = data[0] & 0x0F;
    h->masked = data[1] & 0x80;
    if (data[0] & 0x30) return fail(h, 1002, "reserved bits set");
    if (h->rsv1 && !limits.allow_rsv1) return fail(h, 1002, "RSV1 without a negotiated extension");
    const bool control = h->opcode & 0x8;
    if ((h->opcode > kBinary && h->opcode < kClose) || h->opcode > kPong) return fail(h, 1002, "unknown opcode");
    if (control && !h->fin) return fail(h, 1002, "fragmented control frame");
    if (control && h->rsv1) return fail(h, 1002, "compressed control frame");
    if (limits.require_mask && !h->masked) return fail(h, 1002, "unmasked client frame");
    const uint8_t len7 = data[1] & 0x7F;
    size_t pos = 2;
    if (len7 < 126) {
        h->payload_length = len7;
    } else if (len7 == 126) {
        if (len < 4) return kNeedMore;
        h->payload_length = (uint64_t{data[2]} << 8) | data[3];
        if (h->payload_length < 126) return fail(h, 1002, "length not minimally encoded");
        pos = 4;
    } else {
        if (len < 10) return kNeedMore;
        uint64_t n = 0;
        for (int i = 0; i < 8; ++i) n = (n << 8) | data[2 + i];
        if (n >> 63) return fail(h, 1002, "length has the top bit set");
        if (n <= 0xFFFF) return fail(h, 1002, "length not minimally encoded");
        h->payload_length = n;
        pos = 10;
    }
    if (control && h->payload_length > 125) return fail(h, 1002, "control frame payload over 125 bytes");
    if (h->payload_length > limits.max_payload) return fail(h, 1009, "frame larger than allowed");
    if (h->masked) {
        if (len < pos + 4) return kNeedMore;
        for (int i = 0; i < 4; ++i) h->mask[i] = data[pos + i];
        pos += 4;
    }
    h->header_length = pos;
    return static_cast<int>(pos);
}

void apply_mask(uint8_t *data, size_t len, const uint8_t mask[4], uint64_t offset) {
    size_t i = 0;
    // Byte by byte up to an 8-byte boundary, then eight bytes per step with the mask repeated in a
    // word (a 0.5 MiB frame is unmasked at memory speed), then the tail.
    while (i < len && (reinterpret_cast<uintptr_t>(data + i) & 7) != 0) {
        data[i] ^= mask[(offset + i) & 3];
        ++i;
    }
    if (len - i >= 8) {
        uint8_t pattern[8];
        for (int k = 0; k < 8; ++k) pattern[k] = mask[(offset + i + k) & 3];
        uint64_t word_mask;
        std::memcpy(&word_mask, pattern, 8);
        for (; len - i >= 8; i += 8) {
            uint64_t w;
            std::memcpy(&w, data + i, 8);
            w ^= word_mask;
            std::memcpy(data + i, &w, 8);
        }
    }
    for (; i < len; ++i) data[i] ^= mask[(offset + i) & 3];
}

void copy_masked(uint8_t *dst, const uint8_t *src, size_t len, const uint8_t mask[4], uint64_t offset) {
    size_t i = 0;
    // Eight bytes per step with the mask repeated in a word (unaligned loads and stores through
    // memcpy compile to plain moves), then the tail.
    if (len >= 8) {
        uint8_t pattern[8];
        for (int k = 0; k < 8; ++k) pattern[k] = mask[(offset + k) & 3];
        uint64_t word_mask;
        std::memcpy(&word_mask, pattern, 8);
        for (; len - i >= 8; i += 8) {
            uint64_t w;
            std::memcpy(&w, src + i, 8);
            w ^= word_mask;
            std::memcpy(dst + i, &w, 8);
        }
    }
    for (; i < len; ++i) dst[i] = src[i] ^ mask[(offset + i) & 3];
}

size_t write_frame_header(uint8_t *out, uint8_t opcode, uint64_t n, bool fin, bool rsv1) {
    out[0] = static_cast<uint8_t>((fin ? 0x80 : 0) | (rsv1 ? 0x40 : 0) | (opcode & 0x0F));
    if (n < 126) {
        out[1] = static_cast<uint8_t>(n);
        return 2;
    }
    if (n <= 0xFFFF) {
        out[1] = 126;
        out[2] = static_cast<uint8_t>(n >> 8);
        out[3] = static_cast<uint8_t>(n);
        return 4;
    }
    out[1] = 127;
    for (int i = 0; i < 8; ++i) out[2 + i] = static_cast<uint8_t>(n >> (56 - 8 * i));
    return 10;
}

// Table-free validation following RFC 3629's byte ranges: the first continuation byte
// of E0, ED, F0 and F4 sequences has a narrowed range (no overlongs, no surrogates,
// nothing above U+10FFFF).
bool Utf8Validator::feed(const uint8_t *data, size_t len) {
    if (failed_) return false;
    for (size_t i = 0; i < len; ++i) {
        if (state_ == 0) {
            // ASCII runs, eight bytes at a time (most text is mostly ASCII).
            while (len - i >= 8) {
                uint64_t w;
                std::memcpy(&w, data + i, 8);
                if (w & 0x8080808080808080ull) break;
                i += 8;
            }
            if (i == len) break;
        }
        const uint8_t b = data[i];
        if (state_ == 0) {
            if (b < 0x80) continue;
            lower_ = 0x80;
            upper_ = 0xBF;
            if (b >= 0xC2 && b <= 0xDF) {
                state_ = 1;
            } else if (b >= 0xE0 && b <= 0xEF) {
                state_ = 2;
                if (b == 0xE0) lower_ = 0xA0;
                if (b == 0xED) upper_ = 0x9F;
            } else if (b >= 0xF0 && b <= 0xF4) {
                state_ = 3;
                if (b == 0xF0) lower_ = 0x90;
                if (b == 0xF4) upper_ = 0x8F;
            } else {
                failed_ = true;
                return false;
            }
        } else {
            if (b < lower_ || b > upper_) {
                failed_ = true;
                return false;
            }
            lower_ = 0x80;
            upper_ = 0xBF;
            --state_;
        }
    }
    return true;
}

std::string close_payload(uint16_t code, std::string_view reason) {
    std::string payload;
    if (code == kCloseNoStatusCode) return payload;
    payload.reserve(2 + std::min<size_t>(reason.size(), 123));
    payload.push_back(static_cast<char>(code >> 8));
    payload.push_back(static_cast<char>(code & 0xff));
    payload.append(reason.substr(0, 123));
    return payload;
}

}  // namespace gust::proto::ws
