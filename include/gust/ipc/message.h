// IPC message format between master reactor threads and worker processes (PROCESS mode).
//
// Every socket message (one SOCK_SEQPACKET record) is a fixed 32-byte header, `pad` filler bytes
// (0-31, so the payload sits at the alignment the receiver's buffers want: see core-ipc.md), then
// `chunk_len` payload bytes. A payload larger than one record travels as several records
// (chunks) that all carry the same header fields except chunk_offset/chunk_len, so the
// receiver learns the full length from the first chunk and can place each chunk directly
// at its offset in one destination buffer. See docs/core-ipc.md.
//
// The header is host byte order: both ends are processes of one machine and one build.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gust/base/result.h"

namespace gust::ipc {

inline constexpr uint16_t kMagic = 0x4749;  // "GI"
inline constexpr uint8_t kVersion = 1;
inline constexpr size_t kHeaderSize = 32;
inline constexpr uint8_t kMaxPad = 31;

enum class MessageType : uint8_t {
    kData = 1,         // bytes from a client connection (session = connection id)
    kConnect = 2,      // a client connected (payload: optional connection info)
    kClose = 3,        // a client connection closed / must be closed
    kPipeMessage = 4,  // sendMessage() between workers
    kTask = 5,         // task to a task worker
    kFinish = 6,       // a task worker's result
    kControl = 7,      // engine control (shutdown, reload, stats, ...)
    // Several small whole messages in one record, each as its own 32-byte header (pad 0, one
    // chunk) followed by its payload: one skb and one wake-up of the peer instead of one per
    // message (docs/core-ipc.md). Written by a batching Sender; never nested.
    kBundle = 8,
};
inline constexpr uint8_t kMaxMessageType = 8;
const char *message_type_name(MessageType t);

// Flags for the layers above; the codec only checks that no unknown bit is set.
enum MessageFlags : uint16_t {
    kFlagNone = 0,
    kFlagServerInitiated = 1u << 0,  // e.g. a close requested by the server, not the peer
    kFlagSerialized = 1u << 1,       // payload is a serialized PHP value, not raw bytes
    kFlagTaskNonBlocking = 1u << 2,
    kFlagTaskCallback = 1u << 3,
    kFlagTaskCoroutine = 1u << 4,
    kFlagFile = 1u << 5,        // kData to the master: the payload names a file region to send (FileRef)
    kFlagHttpAnswer = 1u << 6,  // kData to a worker: an HTTP status (int32) the reactor wants sent in turn
    // The record carries one file descriptor (SCM_RIGHTS). Only on a message of one record, never
    // inside a bundle; the receiver refuses a record whose descriptors do not match this flag.
    kFlagFd = 1u << 7,
    // Free for the server layer's own meanings (PROCESS mode: connection hand-off, forwarding).
    kFlagServer1 = 1u << 8,
    kFlagServer2 = 1u << 9,
};
inline constexpr uint16_t kKnownFlags = 0x3ff;

// Decoded header. Session ids are opaque 64-bit connection ids (fd + generation).
struct Header {
    MessageType type = MessageType::kData;
    uint16_t flags = 0;
    uint16_t reactor_id = 0;  // the sending reactor thread (or worker id for pipe messages)
    uint64_t session_id = 0;
    uint32_t total_len = 0;     // the whole payload
    uint32_t chunk_offset = 0;  // where this chunk goes in the payload
    uint32_t chunk_len = 0;     // payload bytes in this record, after the header and the pad
    uint8_t pad = 0;            // filler bytes between header and payload (<= kMaxPad)

    bool first_chunk() const { return chunk_offset == 0; }
    bool last_chunk() const { return chunk_offset + chunk_len == total_len; }
};

struct Limits {
    uint32_t max_payload = 8u << 20;           // total_len above this is refused (kErrLimit)
    uint32_t max_chunk = 64u << 10;            // payload bytes per record (sender splits at this)
    uint32_t max_pending_messages = 1024;      // partially received messages at once
    uint64_t max_pending_bytes = 64ull << 20;  // sum of total_len of partially received messages
};

// Writes the 32-byte wire form of `h` into out[kHeaderSize].
void encode_header(const Header &h, uint8_t *out);

// Why a header was refused (tests and logs name the reason; the code returned is
// kErrProtocol or kErrLimit).
enum class HeaderError : uint8_t {
    kNone = 0,
    kTruncated,  // fewer than kHeaderSize bytes
    kBadMagic,
    kBadVersion,
    kUnknownType,
    kUnknownFlags,
    kReservedNonZero,
    kTooLarge,         // total_len > limits.max_payload
    kChunkTooLarge,    // chunk_len > limits.max_chunk
    kChunkOutOfRange,  // chunk_offset + chunk_len > total_len
    kEmptyChunk,       // chunk_len == 0 while total_len > 0
    kBadPad,           // pad > kMaxPad
    kBadDescriptor,    // the record's descriptors do not match kFlagFd (Receiver)
};
const char *header_error_name(HeaderError e);

// Parses and validates one header from `data` (at least kHeaderSize bytes must be
// present, extra bytes are ignored). On failure returns kErrProtocol (or kErrLimit for
// kTooLarge/kChunkTooLarge) and, if `why` is non-null, the reason.
Status parse_header(const uint8_t *data, size_t size, const Limits &limits, Header *out, HeaderError *why = nullptr);

}  // namespace gust::ipc
