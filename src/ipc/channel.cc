#include "gust/ipc/channel.h"

#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "gust/coro/fd_wait.h"

namespace gust::ipc {

namespace {

constexpr uint32_t kMinChunk = 1024;
constexpr uint64_t kMaxSize = UINT32_MAX;

Nanos remaining(Nanos deadline) {
    if (deadline < 0) return -1;
    loop::Loop *l = loop::Loop::current();
    const Nanos now = l ? l->now() : monotonic_now();
    return deadline > now ? deadline - now : 0;
}

Nanos deadline_after(Nanos timeout) {
    if (timeout < 0) return -1;
    loop::Loop *l = loop::Loop::current();
    return (l ? l->now() : monotonic_now()) + timeout;
}

}  // namespace

Result<std::pair<int, int>> make_channel_pair(int buffer_bytes) {
    int sv[2];
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, sv) < 0) return Error{-errno};
    if (buffer_bytes > 0) {
        for (int fd : sv) {
            if (::setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &buffer_bytes, sizeof buffer_bytes) < 0 ||
                ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &buffer_bytes, sizeof buffer_bytes) < 0) {
                const int e = errno;
                ::close(sv[0]);
                ::close(sv[1]);
                return Error{-e};
            }
        }
    }
    return std::make_pair(sv[0], sv[1]);
}

// ------------------------------------------------------------------ Sender

Sender::Sender(int fd, SenderOptions options)
    : fd_(fd), options_(options), chunk_(options.max_chunk), pad_(static_cast<uint8_t>(options.dest_align % 32)) {
    // Chunks of a multiple of 64 keep every chunk's source and destination alignment equal.
    if (chunk_ >= 64) chunk_ &= ~63u;
    if (chunk_ == 0) chunk_ = 1;
}

Sender::~Sender() {
    detach();
    fail_all(kErrClosed);
}

int Sender::write_record(Out &o) {
    for (;;) {
        const uint32_t len = std::min(chunk_, o.size - o.offset);
        Header h = o.header;
        h.total_len = o.size;
        h.chunk_offset = o.offset;
        h.chunk_len = len;
        h.pad = len ? pad_ : 0;
        uint8_t hdr[kHeaderSize + kMaxPad] = {};
        encode_header(h, hdr);
        iovec iov[2] = {{hdr, kHeaderSize + h.pad}, {const_cast<uint8_t *>(o.data) + o.offset, len}};
        msghdr msg{};
        msg.msg_iov = iov;
        msg.msg_iovlen = len ? 2 : 1;
        const ssize_t n = ::sendmsg(fd_, &msg, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n < 0) {
            if (errno == EINTR) continue;
            // A record larger than the socket's send buffer can never go: use smaller chunks.
            if (errno == EMSGSIZE && len > kMinChunk) {
                chunk_ = std::max(kMinChunk, (len / 2) & ~63u);
                continue;
            }
            return -errno;
        }
        // A seqpacket record is all or nothing; anything else is a kernel contract we rely on broken.
        if (static_cast<size_t>(n) != kHeaderSize + h.pad + len) return -EIO;
        o.offset += len;
        return 0;
    }
}

int Sender::write_message(Out &o) {
    // An empty payload is one record with chunk_len 0; the loop runs at least once.
    do {
        const int rc = write_record(o);
        if (rc < 0) return rc;
    } while (o.offset < o.size);
    return 0;
}

int Sender::send(const Header &h, const void *data, uint32_t size, SendDone done) {
    if (size > kMaxSize) return kErrInvalid;
    Out o{h, static_cast<const uint8_t *>(data), size, 0, {}};
    if (queue_.empty()) {
        const int rc = write_message(o);
        if (rc == 0) return 0;
        if (rc != -EAGAIN) return rc;
    }
    const uint64_t left = o.size - o.offset;
    // A message partly on the wire is queued whatever the bounds (at most one such message per
    // call): refusing it would leave the receiver holding half a message.
    if (o.offset == 0 &&
        (queue_.size() >= options_.max_queued_messages || queued_bytes_ + left > options_.max_queued_bytes)) {
        return kErrLimit;
    }
    o.done = std::move(done);
    queued_bytes_ += left;
    queue_.push_back(std::move(o));
    update_interest();
    return 1;
}

int Sender::flush() {
    while (!queue_.empty()) {
        Out &o = queue_.front();
        const uint32_t before = o.offset;
        const int rc = write_message(o);
        queued_bytes_ -= o.offset - before;
        if (rc == -EAGAIN) {
            update_interest();
            return -EAGAIN;
        }
        if (rc < 0) {
            fail_all(rc);
            update_interest();
            return rc;
        }
        SendDone done = std::move(o.done);
        queue_.pop_front();
        if (done) done(0);
    }
    update_interest();
    return 0;
}

void Sender::fail_all(int code) {
    while (!queue_.empty()) {
        SendDone done = std::move(queue_.front().done);
        queued_bytes_ -= queue_.front().size - queue_.front().offset;
        queue_.pop_front();
        if (done) done(code);
    }
    queued_bytes_ = 0;
}

Status Sender::attach(loop::Loop *loop) {
    detach();
    auto w = loop->watch(fd_, 0, this);
    if (!w.ok()) return w.error();
    loop_ = loop;
    watch_ = w.value();
    want_write_ = false;
    loop_->set_watch_ref(watch_, false);
    update_interest();
    return {};
}

void Sender::detach() {
    if (loop_) {
        loop_->unwatch(watch_);
        loop_ = nullptr;
        watch_ = {};
        want_write_ = false;
    }
}

void Sender::update_interest() {
    if (!loop_) return;
    const bool want = !queue_.empty();
    if (want == want_write_) return;
    want_write_ = want;
    (void)loop_->update(watch_, want ? uint32_t{loop::kWritable} : 0u);
    // Only queued messages keep the loop alive.
    loop_->set_watch_ref(watch_, want);
}

void Sender::on_io(uint32_t) { (void)flush(); }

Status Sender::co_send(const Header &h, const void *data, uint32_t size, Nanos timeout) {
    if (!queue_.empty()) return Error{kErrBusy};
    if (size > kMaxSize) return Error{kErrInvalid};
    const Nanos deadline = deadline_after(timeout);
    Out o{h, static_cast<const uint8_t *>(data), size, 0, {}};
    for (;;) {
        const int rc = write_message(o);
        if (rc == 0) return {};
        if (rc != -EAGAIN) return Error{rc};
        auto w = coro::wait_fd(fd_, loop::kWritable, remaining(deadline), {"ipc::Sender", 0, "send"});
        if (!w.ok()) return w.error();
    }
}

// ------------------------------------------------------------------ Receiver

Receiver::Receiver(int fd, const Limits &limits, PayloadAllocator *allocator)
    : fd_(fd), limits_(limits), assembler_(limits, allocator) {}

int Receiver::discard() {
    uint8_t scratch[kHeaderSize];
    // On a seqpacket socket any read consumes the whole record, the rest is truncated away.
    while (::recv(fd_, scratch, sizeof scratch, MSG_DONTWAIT) < 0 && errno == EINTR) {
    }
    return 0;
}

int Receiver::receive_staged(Message *out) {
    const size_t cap = kHeaderSize + kMaxPad + limits_.max_chunk;
    if (!stage_) stage_ = std::make_unique<uint8_t[]>(cap);
    ssize_t n;
    do {
        n = ::recv(fd_, stage_.get(), cap, MSG_DONTWAIT | MSG_TRUNC);
    } while (n < 0 && errno == EINTR);
    if (n < 0) return errno == EWOULDBLOCK ? -EAGAIN : -errno;
    if (n == 0) return kErrClosed;
    const size_t got = std::min(static_cast<size_t>(n), cap);
    Header h;
    if (Status s = parse_header(stage_.get(), got, limits_, &h, &header_error_); !s.ok()) return s.code();
    auto place = assembler_.begin_chunk(h);
    if (!place.ok()) return place.code();
    if (static_cast<size_t>(n) != kHeaderSize + h.pad + h.chunk_len) {
        assembler_.abort_chunk();
        return kErrProtocol;
    }
    uint8_t *dest = place.value();
    if (dest) std::memcpy(dest, stage_.get() + kHeaderSize + h.pad, h.chunk_len);
    if (!dest && h.chunk_len > 0) {
        Message unused;
        (void)assembler_.end_chunk(&unused);  // a chunk of a refused message: skipped
        return 0;
    }
    return assembler_.end_chunk(out) ? 1 : 0;
}

int Receiver::receive_one(Message *out) {
    header_error_ = HeaderError::kNone;
    if (staging_ && assembler_.pending_messages() == 0) return receive_staged(out);
    uint8_t hdr[kHeaderSize];
    ssize_t n;
    do {
        n = ::recv(fd_, hdr, kHeaderSize, MSG_PEEK | MSG_DONTWAIT);
    } while (n < 0 && errno == EINTR);
    if (n < 0) return errno == EWOULDBLOCK ? -EAGAIN : -errno;
    if (n == 0) {
        // A zero-length record reads like EOF; both mean the channel is unusable.
        return kErrClosed;
    }
    Header h;
    if (Status s = parse_header(hdr, static_cast<size_t>(n), limits_, &h, &header_error_); !s.ok()) {
        discard();
        return s.code();
    }
    auto place = assembler_.begin_chunk(h);
    if (!place.ok()) {
        discard();
        return place.code();
    }
    uint8_t *dest = place.value();
    if (dest == nullptr && h.chunk_len > 0) {
        // A chunk of a message whose allocation was refused: drop the record.
        discard();
        Message unused;
        (void)assembler_.end_chunk(&unused);
        return 0;
    }
    uint8_t pad[kMaxPad];
    iovec iov[3] = {{hdr, kHeaderSize}, {pad, h.pad}, {dest, h.chunk_len}};
    msghdr msg{};
    msg.msg_iov = iov;
    msg.msg_iovlen = h.chunk_len ? 3 : 2;
    do {
        n = ::recvmsg(fd_, &msg, MSG_DONTWAIT);
    } while (n < 0 && errno == EINTR);
    if (n < 0) {
        const int e = errno;
        assembler_.abort_chunk();
        return -e;
    }
    if (static_cast<size_t>(n) != kHeaderSize + h.pad + h.chunk_len || (msg.msg_flags & MSG_TRUNC)) {
        assembler_.abort_chunk();
        return kErrProtocol;
    }
    return assembler_.end_chunk(out) ? 1 : 0;
}

Result<Message> Receiver::co_receive(Nanos timeout) {
    const Nanos deadline = deadline_after(timeout);
    for (;;) {
        Message m;
        const int rc = receive_one(&m);
        if (rc == 1) return m;
        if (rc == 0) continue;
        if (rc != -EAGAIN) return Error{rc};
        auto w = coro::wait_fd(fd_, loop::kReadable, remaining(deadline), {"ipc::Receiver", 0, "receive"});
        if (!w.ok()) return w.error();
    }
}

}  // namespace gust::ipc
