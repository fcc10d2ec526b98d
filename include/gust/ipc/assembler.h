// Assembler: turns validated chunk headers into places to write, so a chunked payload is
// received straight into one destination buffer (one copy from the socket to the final
// buffer). Pure state, no sockets: the Receiver drives it with recvmsg, the fuzz target
// with memcpy.
//
// Rules:
//  - A message is keyed by (type, reactor_id, session_id). Its chunks arrive in order
//    (chunk_offset == bytes received so far) and carry the same total_len and flags.
//    Chunks of messages with different keys may interleave freely.
//  - The allocator is asked once per message, on its first chunk, for total_len bytes
//    (also for total_len == 0). Nothing is allocated from a header until it validated
//    and fits the pending limits.
//  - A refused allocation drops that message: its remaining chunks are skipped
//    (begin_chunk returns nullptr: discard the record) and kErrLimit is reported once.
//  - Any other inconsistency drops the message it concerns (its destination released)
//    and reports kErrProtocol; the peer is broken and the caller should close the channel.
//  - The destination of a completed message belongs to whoever received the Message;
//    every other destination is released by the Assembler (on error, reset or destruction).
#pragma once

#include <cstdint>
#include <unordered_map>

#include "gust/base/result.h"
#include "gust/ipc/message.h"

namespace gust::ipc {

// Where a message's payload goes. `cookie` is the allocator's own handle (e.g. the
// zend_string whose value `data` points into).
struct Destination {
    uint8_t *data = nullptr;
    void *cookie = nullptr;
};

class PayloadAllocator {
public:
    // Called once per message with its full payload length. Return data == nullptr to
    // refuse (the message is then skipped); for size == 0 a null data is not a refusal.
    virtual Destination allocate(const Header &first, uint32_t size) = 0;
    // Gives back a destination whose message will not be delivered.
    virtual void release(Destination dest, uint32_t size) = 0;

protected:
    ~PayloadAllocator() = default;
};

// A complete message. header.chunk_offset == 0 and header.chunk_len == header.total_len.
struct Message {
    Header header;
    Destination dest;
    // The descriptor that came with a kFlagFd message (else -1). Whoever takes the message owns it
    // and must close it.
    int fd = -1;
    uint32_t size() const { return header.total_len; }
};

// Why the assembler refused a chunk (for tests and logs).
enum class AssembleError : uint8_t {
    kNone = 0,
    kNoFirstChunk,    // a continuation chunk of a message that never started
    kAlreadyStarted,  // a first chunk while a message with the same key is in progress
    kOutOfOrder,      // chunk_offset != bytes received so far
    kTotalChanged,    // total_len differs from the first chunk's
    kFlagsChanged,    // flags differ from the first chunk's
    kTooManyPending,  // limits.max_pending_messages
    kPendingBytes,    // limits.max_pending_bytes
    kAllocatorRefused,
    kRecordLength,  // the record did not hold exactly chunk_len payload bytes (Receiver)
};
const char *assemble_error_name(AssembleError e);

class Assembler {
public:
    Assembler(const Limits &limits, PayloadAllocator *allocator);
    ~Assembler();
    Assembler(const Assembler &) = delete;
    Assembler &operator=(const Assembler &) = delete;

    // For one record whose header `h` passed parse_header(): where its chunk_len payload
    // bytes must be written. nullptr (with ok) means "skip this record" (a refused message).
    // Exactly one of end_chunk()/abort_chunk() must follow a successful call.
    Result<uint8_t *> begin_chunk(const Header &h);
    // The bytes are in place. Returns true and fills *out when the message is complete.
    bool end_chunk(Message *out);
    // The record could not be read in full: drops the message the chunk belonged to.
    void abort_chunk();

    // Releases every partially received message.
    void reset();

    size_t pending_messages() const { return pending_.size(); }
    uint64_t pending_bytes() const { return pending_bytes_; }
    AssembleError last_error() const { return last_error_; }

private:
    struct Key {
        uint64_t session_id;
        uint16_t reactor_id;
        uint8_t type;
        bool operator==(const Key &) const = default;
    };
    struct KeyHash {
        size_t operator()(const Key &k) const;
    };
    struct Pending {
        Header first;
        Destination dest;
        uint32_t received = 0;
        bool skipping = false;  // allocation refused: discard the rest
    };
    Status refuse(AssembleError e, int code = kErrProtocol);
    void drop(const Key &key);

    Limits limits_;
    PayloadAllocator *allocator_;
    std::unordered_map<Key, Pending, KeyHash> pending_;
    uint64_t pending_bytes_ = 0;
    AssembleError last_error_ = AssembleError::kNone;

    // The chunk between begin_chunk and end_chunk/abort_chunk.
    bool in_chunk_ = false;
    bool cur_single_ = false;  // a one-chunk message: not in pending_
    Key cur_key_{};
    Header cur_header_{};
    Destination cur_dest_{};
};

}  // namespace gust::ipc
