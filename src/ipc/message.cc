#include "gust/ipc/message.h"

#include <cstring>

namespace gust::ipc {

namespace {

// Wire layout (host byte order):
//   0 u16 magic | 2 u8 version | 3 u8 type | 4 u16 flags | 6 u16 reactor_id
//   8 u64 session_id | 16 u32 total_len | 20 u32 chunk_offset | 24 u32 chunk_len | 28 u8 pad
//   29 u8 reserved (0) | 30 u16 reserved (0)
template <typename T>
void put(uint8_t *out, size_t at, T v) {
    std::memcpy(out + at, &v, sizeof v);
}
template <typename T>
T get(const uint8_t *in, size_t at) {
    T v;
    std::memcpy(&v, in + at, sizeof v);
    return v;
}

Status fail(HeaderError e, HeaderError *why, int code = kErrProtocol) {
    if (why) *why = e;
    return Error{code};
}

}  // namespace

const char *message_type_name(MessageType t) {
    switch (t) {
        case MessageType::kData: return "data";
        case MessageType::kConnect: return "connect";
        case MessageType::kClose: return "close";
        case MessageType::kPipeMessage: return "pipe message";
        case MessageType::kTask: return "task";
        case MessageType::kFinish: return "finish";
        case MessageType::kControl: return "control";
        case MessageType::kBundle: return "bundle";
    }
    return "unknown";
}

const char *header_error_name(HeaderError e) {
    switch (e) {
        case HeaderError::kNone: return "no error";
        case HeaderError::kTruncated: return "record shorter than a header";
        case HeaderError::kBadMagic: return "bad magic";
        case HeaderError::kBadVersion: return "unsupported version";
        case HeaderError::kUnknownType: return "unknown message type";
        case HeaderError::kUnknownFlags: return "unknown flag bits";
        case HeaderError::kReservedNonZero: return "reserved field not zero";
        case HeaderError::kTooLarge: return "payload over the configured maximum";
        case HeaderError::kChunkTooLarge: return "chunk over the configured maximum";
        case HeaderError::kChunkOutOfRange: return "chunk outside the payload";
        case HeaderError::kEmptyChunk: return "empty chunk of a non-empty payload";
        case HeaderError::kBadPad: return "pad over 31 bytes";
        case HeaderError::kBadDescriptor: return "descriptors do not match the fd flag";
    }
    return "unknown";
}

void encode_header(const Header &h, uint8_t *out) {
    put<uint16_t>(out, 0, kMagic);
    put<uint8_t>(out, 2, kVersion);
    put<uint8_t>(out, 3, static_cast<uint8_t>(h.type));
    put<uint16_t>(out, 4, h.flags);
    put<uint16_t>(out, 6, h.reactor_id);
    put<uint64_t>(out, 8, h.session_id);
    put<uint32_t>(out, 16, h.total_len);
    put<uint32_t>(out, 20, h.chunk_offset);
    put<uint32_t>(out, 24, h.chunk_len);
    put<uint8_t>(out, 28, h.pad);
    put<uint8_t>(out, 29, 0);
    put<uint16_t>(out, 30, 0);
}

Status parse_header(const uint8_t *data, size_t size, const Limits &limits, Header *out, HeaderError *why) {
    if (why) *why = HeaderError::kNone;
    if (size < kHeaderSize) return fail(HeaderError::kTruncated, why);
    if (get<uint16_t>(data, 0) != kMagic) return fail(HeaderError::kBadMagic, why);
    if (get<uint8_t>(data, 2) != kVersion) return fail(HeaderError::kBadVersion, why);
    const uint8_t type = get<uint8_t>(data, 3);
    if (type == 0 || type > kMaxMessageType) return fail(HeaderError::kUnknownType, why);
    const uint16_t flags = get<uint16_t>(data, 4);
    if (flags & ~kKnownFlags) return fail(HeaderError::kUnknownFlags, why);
    if (get<uint8_t>(data, 29) != 0 || get<uint16_t>(data, 30) != 0) return fail(HeaderError::kReservedNonZero, why);
    const uint8_t pad = get<uint8_t>(data, 28);
    if (pad > kMaxPad) return fail(HeaderError::kBadPad, why);
    Header h;
    h.type = static_cast<MessageType>(type);
    h.flags = flags;
    h.reactor_id = get<uint16_t>(data, 6);
    h.session_id = get<uint64_t>(data, 8);
    h.total_len = get<uint32_t>(data, 16);
    h.chunk_offset = get<uint32_t>(data, 20);
    h.chunk_len = get<uint32_t>(data, 24);
    h.pad = pad;
    if (h.total_len > limits.max_payload) return fail(HeaderError::kTooLarge, why, kErrLimit);
    if (h.chunk_len > limits.max_chunk) return fail(HeaderError::kChunkTooLarge, why, kErrLimit);
    // 64-bit sum: offset + len cannot wrap.
    if (static_cast<uint64_t>(h.chunk_offset) + h.chunk_len > h.total_len) {
        return fail(HeaderError::kChunkOutOfRange, why);
    }
    if (h.chunk_len == 0 && h.total_len != 0) return fail(HeaderError::kEmptyChunk, why);
    *out = h;
    return {};
}

}  // namespace gust::ipc
