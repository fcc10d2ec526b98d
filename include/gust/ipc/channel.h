// Sender and Receiver of IPC messages over a unix SOCK_SEQPACKET socket (one end of
// make_channel_pair(), or any connected seqpacket socket).
//
// Why SOCK_SEQPACKET (docs/core-ipc.md has the measurements):
//  - one sendmsg is one record, delivered whole or not at all: several reactor threads may
//    write to one worker's socket without a lock and without ever interleaving bytes, and a
//    sender never sees a partial write, so its only state is "next chunk of the head message";
//  - the receiver peeks the fixed 32-byte header, asks the Assembler where the chunk goes,
//    then recvmsg()s header + chunk with a two-element iovec straight into the destination;
//  - record boundaries make a corrupt length detectable (MSG_TRUNC / short record) instead of
//    desynchronising the stream.
//
// Lifecycle: Sender and Receiver borrow the fd (the caller closes it after destroying them).
// A Sender attached to a loop must be destroyed (or detached) on that loop's thread.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include <sys/socket.h>
#include <sys/uio.h>

#include "gust/base/clock.h"
#include "gust/base/result.h"
#include "gust/ipc/assembler.h"
#include "gust/ipc/message.h"
#include "gust/loop/loop.h"

namespace gust::ipc {

// A connected, non-blocking, close-on-exec SOCK_SEQPACKET pair. `buffer_bytes` > 0 sets
// SO_SNDBUF and SO_RCVBUF on both ends (tests use tiny buffers to force EAGAIN).
Result<std::pair<int, int>> make_channel_pair(int buffer_bytes = 0);

struct SenderOptions {
    uint32_t max_chunk = 64u << 10;  // payload bytes per record; must not exceed the receiver's Limits::max_chunk
    size_t max_queued_messages = 1024;
    uint64_t max_queued_bytes = 64ull << 20;  // payload bytes referenced by the queue (borrowed, not copied)
    // Where the receiver's destination buffers start modulo 32 (24 for a zend_string's value).
    // The sender pads each record so the payload has the same alignment inside the record: the
    // kernel's copy into user memory is ~3x slower when source and destination disagree mod 32.
    uint8_t dest_align = 0;
    // Batching (needs attach()): send() only queues, and the queue is written once per loop iteration
    // (a deferred flush) with sendmmsg, up to kSendBatch records per call. A peer that is busy then
    // finds many records per wake-up instead of being woken per message (docs/core-ipc.md).
    bool batch = false;
};

inline constexpr unsigned kSendBatch = 64;  // records per sendmmsg
// A batching Sender packs runs of small whole messages (each at most this large) into one
// kBundle record, up to the chunk size; at most kMaxBatchParts messages go per sendmmsg.
inline constexpr uint32_t kMaxBundledPayload = 4096;
inline constexpr unsigned kMaxBatchParts = 512;

struct SenderStats {
    uint64_t records = 0;  // records written
    uint64_t calls = 0;    // sendmsg/sendmmsg calls that wrote at least one record
    uint64_t failed = 0;   // messages completed with an error (also those sent with send_copy)
};

// Called once for a message that was queued: 0 when its last record was written, else the error.
using SendDone = std::function<void(int status)>;

class Sender final : private loop::IoHandler {
public:
    explicit Sender(int fd, SenderOptions options = {});
    ~Sender();  // detaches; queued messages complete with kErrClosed
    Sender(const Sender &) = delete;
    Sender &operator=(const Sender &) = delete;

    // Non-blocking send of one message. Only type, flags, reactor_id and session_id of `h` are
    // used. The payload is never copied: what the socket does not take now is queued by
    // reference and `data` must stay valid until `done` runs.
    // Returns 0: written completely now (`done` is not called); 1: queued (`done` runs later,
    // from flush() or the attached loop); kErrLimit: the queue bounds would be exceeded (nothing
    // queued, nothing called); kErrInvalid: size over the format's 4 GiB; -errno: the socket failed.
    int send(const Header &h, const void *data, uint32_t size, SendDone done = {});

    // Like send(), but the payload (`a` then `b`, either may be empty) is copied into the sender's own
    // buffer first, so the caller may reuse its memory at once and there is no `done`. Meant for small
    // messages. Returns 0 (taken: written or queued), kErrLimit, kErrInvalid or -errno.
    int send_copy(const Header &h, const void *a, uint32_t a_size, const void *b = nullptr, uint32_t b_size = 0);

    // Like send_copy(), and the record also carries a duplicate of `fd` (SCM_RIGHTS; the caller
    // keeps its own). The message gets kFlagFd and must fit one record (kErrInvalid otherwise); it is
    // never bundled, and the duplicate is closed once the record is written or dropped.
    int send_fd(const Header &h, int fd, const void *a, uint32_t a_size, const void *b = nullptr, uint32_t b_size = 0);

    // Writes queued records until the socket would block: 0 when the queue is empty, -EAGAIN
    // when records remain, or the socket's error (every queued message then completes with it).
    int flush();

    // Let `loop` call flush() whenever the socket is writable and messages are queued.
    Status attach(loop::Loop *loop);
    void detach();

    // From a coroutine: writes the whole message, parking on the socket while it is full.
    // kErrBusy while messages are queued (FIFO would break), kErrTimedOut, kErrCanceled,
    // kErrNotInCoroutine, or the socket's error. `timeout` < 0 waits forever.
    Status co_send(const Header &h, const void *data, uint32_t size, Nanos timeout = -1);

    // For a caller that can wait for room (and so would fill the queue to its bounds, leaving none
    // for messages that cannot wait): 0 if a message of `size` bytes keeps the queue within half its
    // bounds (or the queue is empty), else kErrLimit, like a refused send.
    int admit_waitable(uint64_t size);
    // Called from flush() once the queue is down to a quarter of its bounds after a send was refused
    // with kErrLimit, so a caller that must not drop its message knows when to try again.
    void on_room(std::function<void()> fn) { on_room_ = std::move(fn); }

    size_t queued_messages() const { return queue_.size(); }
    uint64_t queued_bytes() const { return queued_bytes_; }
    uint32_t chunk_size() const { return chunk_; }
    const SenderStats &stats() const { return stats_; }

private:
    struct Out {
        Header header;
        const uint8_t *data;  // nullptr: the payload is in arena_ at arena_off
        uint32_t size;
        uint32_t offset;
        SendDone done;
        size_t arena_off = 0;
        bool finished = false;  // its last record is written (an empty payload has offset == size from the start)
        int fd = -1;            // send_fd(): our duplicate, closed when the message completes
    };
    struct BatchScratch;
    const uint8_t *payload(const Out &o) const { return o.data ? o.data : arena_.data() + o.arena_off; }
    bool bundleable(const Out &o) const;
    bool batching() const { return options_.batch && loop_ != nullptr; }
    int enqueue(Out &&o);
    void schedule_flush();
    // One sendmmsg of up to kSendBatch records from the head of the queue: records written, or -errno.
    int write_batch();
    void complete_front(int status);
    void on_io(uint32_t events) override;
    // Writes records of `o` until done (0), -EAGAIN or an error.
    int write_message(Out &o);
    int write_record(Out &o);
    void fail_all(int code);
    int enqueue_copy(const Header &h, const void *a, uint32_t a_size, const void *b, uint32_t b_size, int fd);
    void update_interest();
    int refuse();  // kErrLimit, remembering that on_room_ is owed
    void report_room();

    int fd_;
    SenderOptions options_;
    uint32_t chunk_;
    uint8_t pad_;
    std::deque<Out> queue_;
    uint64_t queued_bytes_ = 0;
    loop::Loop *loop_ = nullptr;
    loop::WatchId watch_{};
    bool want_write_ = false;
    bool peer_gone_ = false;      // hangup seen with nothing queued: the watch is gone (on_io)
    std::vector<uint8_t> arena_;  // payloads of send_copy() messages still queued
    std::unique_ptr<BatchScratch> scratch_;
    bool flush_scheduled_ = false;
    std::shared_ptr<char> alive_ = std::make_shared<char>();  // the deferred flush checks it is still there
    SenderStats stats_;
    std::function<void()> on_room_;
    bool refused_ = false;
};

class Receiver {
public:
    Receiver(int fd, const Limits &limits, PayloadAllocator *allocator);
    ~Receiver();  // closes descriptors of records read and not handed out
    Receiver(const Receiver &) = delete;
    Receiver &operator=(const Receiver &) = delete;

    // Reads one record (never blocks). Returns
    //   1  a message is complete: *out holds it and owns its destination (and out->fd, if any);
    //   0  a chunk was placed (or a chunk of a refused message skipped); call again;
    //   -EAGAIN  nothing to read;
    //   kErrClosed  the peer closed its end;
    //   kErrProtocol / kErrLimit  a bad record was consumed and dropped — last_header_error() or
    //        assembler().last_error() says why;
    //   other -errno  the socket failed.
    int receive_one(Message *out);

    // From a coroutine: the next complete message, parking while the socket is empty. A bad
    // record ends the wait with its error (the caller decides whether to close).
    Result<Message> co_receive(Nanos timeout = -1);

    // Staging (default on): when no chunked message is in progress, a record is read whole with one
    // recv into a staging buffer and its payload copied to the destination — one syscall instead
    // of peek + place, which measures faster for single-record messages here (docs/core-ipc.md).
    // Continuation chunks of a large message are still placed straight into its destination.
    void set_staging(bool on) { staging_ = on; }

    // Batched receive (with staging, while no chunked message is in progress): one recvmmsg reads up to
    // `records` records into staging slots, and receive_one() hands them out one per call before it
    // touches the socket again. 1 (the default) reads one record per call. Continuation chunks that
    // arrive in the same batch as their first chunk are copied from staging; once a batch ends with a
    // message in progress, its later chunks are placed in its destination again (peek + recvmsg).
    // Each slot holds a whole record (32 + 31 + max_chunk bytes), allocated on first use and touched
    // only as far as records fill it.
    void set_batch(uint32_t records);
    // Records read from the socket and not handed out yet. A reader that stops must still take these:
    // they are no longer in the socket for anyone else.
    size_t buffered() const { return staged_count_ - staged_next_ + (bundle_next_ ? 1 : 0); }
    // True when nothing is buffered and the last batch read came back short, i.e. the socket was
    // empty then: a drain loop may stop without the extra read that would return EAGAIN (new records
    // make the fd readable again).
    bool drained() const { return buffered() == 0 && short_batch_; }

    HeaderError last_header_error() const { return header_error_; }
    Assembler &assembler() { return assembler_; }
    int fd() const { return fd_; }

private:
    int discard();
    int receive_staged(Message *out);
    int receive_placed(Message *out);
    // Decodes one whole record that is already in memory (`n` = its real length, maybe > `cap`).
    // `fd` is the descriptor that came with the record (-1: none; -2: the record's descriptors were
    // unusable, e.g. cut or more than one); it is handed out with the message or closed.
    int take_record(const uint8_t *rec, size_t n, size_t cap, int fd, Message *out);
    int take_bundled(Message *out);
    int fill_batch();
    size_t slot_size() const { return kHeaderSize + kMaxPad + limits_.max_chunk; }

    int fd_;
    bool staging_ = true;
    std::unique_ptr<uint8_t[]> stage_;
    uint32_t batch_ = 1;
    std::unique_ptr<uint8_t[]> slots_;
    std::vector<mmsghdr> mm_;
    std::vector<iovec> iov_;
    std::vector<uint8_t> control_;  // one SCM_RIGHTS buffer per slot
    std::vector<int> slot_fd_;      // the descriptor each slot's record brought (-1 none, -2 unusable)
    size_t staged_count_ = 0;
    size_t staged_next_ = 0;
    // A kBundle record being handed out, one message per receive_one(): inside a staging slot or
    // stage_, which are not reused before it ends.
    const uint8_t *bundle_next_ = nullptr;
    const uint8_t *bundle_end_ = nullptr;
    bool short_batch_ = false;
    Limits limits_;
    Assembler assembler_;
    HeaderError header_error_ = HeaderError::kNone;
};

}  // namespace gust::ipc
