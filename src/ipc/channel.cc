#include "gust/ipc/channel.h"
#include "ipc/deadline.h"
#include "ipc/fd_passing.h"

#include <sys/socket.h>
#include <fcntl.h>
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

// Scratch for one sendmmsg, kept between calls (a few tens of KiB, too much for a coroutine stack).
// Messages per bundle: 1 + 2 per message iovecs must stay within IOV_MAX (1024).
constexpr unsigned kMaxBundleParts = 256;

struct Sender::BatchScratch {
    struct Part {
        Out *out;
        uint32_t off, len;  // the payload bytes of `out` this record carries
        bool last;          // ... are its last
    };
    struct Record {
        unsigned first_part, parts;
        size_t bytes;  // the record's full length, to check what the kernel reports
    };
    mmsghdr msgs[kSendBatch];
    Record records[kSendBatch];
    alignas(cmsghdr) uint8_t control[kSendBatch][kFdControlSize];
    uint8_t record_hdrs[kSendBatch][kHeaderSize + kMaxPad];
    Part parts[kMaxBatchParts];
    uint8_t part_hdrs[kMaxBatchParts][kHeaderSize];
    iovec iov[kSendBatch + 2 * kMaxBatchParts];
};

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
        alignas(cmsghdr) uint8_t control[kFdControlSize];
        if (o.fd >= 0 && o.offset == 0) put_fd(msg, control, o.fd);
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

int Sender::enqueue(Out &&o) {
    if (queue_.size() >= options_.max_queued_messages || queued_bytes_ + o.size > options_.max_queued_bytes) {
        return refuse();
    }
    queued_bytes_ += o.size;
    queue_.push_back(std::move(o));
    // While the socket is full the writable watch flushes; a deferred flush would only meet EAGAIN.
    if (batching() && !want_write_) schedule_flush();
    else update_interest();
    return 1;
}

void Sender::schedule_flush() {
    if (flush_scheduled_) return;
    flush_scheduled_ = true;
    std::weak_ptr<char> alive = alive_;
    loop_->defer([this, alive] {
        if (alive.expired()) return;
        flush_scheduled_ = false;
        (void)flush();
    });
}

int Sender::send_copy(const Header &h, const void *a, uint32_t a_size, const void *b, uint32_t b_size) {
    return enqueue_copy(h, a, a_size, b, b_size, -1);
}

int Sender::send_fd(const Header &h, int fd, const void *a, uint32_t a_size, const void *b, uint32_t b_size) {
    if (fd < 0 || uint64_t{a_size} + b_size > chunk_) return kErrInvalid;
    const int dup = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (dup < 0) return -errno;
    Header with_fd = h;
    with_fd.flags |= kFlagFd;
    const int rc = enqueue_copy(with_fd, a, a_size, b, b_size, dup);
    if (rc != 0) ::close(dup);
    return rc;
}

int Sender::enqueue_copy(const Header &h, const void *a, uint32_t a_size, const void *b, uint32_t b_size, int fd) {
    const uint64_t size = uint64_t{a_size} + b_size;
    if (size > kMaxSize) return kErrInvalid;
    if (queue_.size() >= options_.max_queued_messages || queued_bytes_ + size > options_.max_queued_bytes) {
        return refuse();
    }
    Out o{h, nullptr, static_cast<uint32_t>(size), 0, {}};
    o.fd = fd;
    o.arena_off = arena_.size();
    arena_.insert(arena_.end(), static_cast<const uint8_t *>(a), static_cast<const uint8_t *>(a) + a_size);
    if (b_size) arena_.insert(arena_.end(), static_cast<const uint8_t *>(b), static_cast<const uint8_t *>(b) + b_size);
    const bool was_empty = queue_.empty();
    const size_t arena_off = o.arena_off;
    const int rc = enqueue(std::move(o));
    if (rc != 1) {
        arena_.resize(arena_off);
        return rc;
    }
    if (!batching() && was_empty) {
        // The message is queued (its descriptor is the queue's now): a failure completes it.
        const int f = flush();
        if (f < 0 && f != -EAGAIN) return fd >= 0 ? 0 : f;
    }
    return 0;
}

int Sender::send(const Header &h, const void *data, uint32_t size, SendDone done) {
    if (size > kMaxSize) return kErrInvalid;
    Out o{h, static_cast<const uint8_t *>(data), size, 0, {}};
    if (batching()) {
        o.done = std::move(done);
        return enqueue(std::move(o));
    }
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
        return refuse();
    }
    o.done = std::move(done);
    queued_bytes_ += left;
    queue_.push_back(std::move(o));
    update_interest();
    return 1;
}

bool Sender::bundleable(const Out &o) const {
    return o.offset == 0 && o.fd < 0 && o.size <= kMaxBundledPayload && kHeaderSize + o.size <= chunk_;
}

int Sender::write_batch() {
    if (!scratch_) scratch_ = std::make_unique<BatchScratch>();
    BatchScratch &b = *scratch_;
    unsigned n = 0, p = 0, v = 0;
    auto it = queue_.begin();
    while (it != queue_.end() && n < kSendBatch && p < kMaxBatchParts) {
        BatchScratch::Record &r = b.records[n];
        r = {p, 0, 0};
        const unsigned first_iov = v;
        auto next = std::next(it);
        if (batching() && bundleable(*it) && next != queue_.end() && bundleable(*next)) {
            // Consecutive small whole messages share one record behind a kBundle header.
            ++v;  // the bundle header's slot, filled once the length is known
            uint32_t len = 0;
            while (it != queue_.end() && p < kMaxBatchParts && p - r.first_part < kMaxBundleParts && bundleable(*it) &&
                   len + kHeaderSize + it->size <= chunk_) {
                Out &o = *it;
                Header h = o.header;
                h.total_len = h.chunk_len = o.size;
                h.chunk_offset = 0;
                h.pad = 0;
                encode_header(h, b.part_hdrs[p]);
                b.iov[v++] = {b.part_hdrs[p], kHeaderSize};
                if (o.size) b.iov[v++] = {const_cast<uint8_t *>(payload(o)), o.size};
                b.parts[p++] = {&o, 0, o.size, true};
                len += kHeaderSize + o.size;
                ++it;
            }
            Header bh;
            bh.type = MessageType::kBundle;
            bh.total_len = bh.chunk_len = len;
            encode_header(bh, b.record_hdrs[n]);
            b.iov[first_iov] = {b.record_hdrs[n], kHeaderSize};
            r.bytes = kHeaderSize + len;
        } else {
            // One record: a chunk of the message at `it`.
            Out &o = *it;
            // A message larger than a chunk takes consecutive records of the batch.
            const uint32_t off = p > 0 && b.parts[p - 1].out == &o ? b.parts[p - 1].off + b.parts[p - 1].len : o.offset;
            const uint32_t len = std::min(chunk_, o.size - off);
            Header h = o.header;
            h.total_len = o.size;
            h.chunk_offset = off;
            h.chunk_len = len;
            h.pad = len ? pad_ : 0;
            encode_header(h, b.record_hdrs[n]);
            std::memset(b.record_hdrs[n] + kHeaderSize, 0, h.pad);
            b.iov[v++] = {b.record_hdrs[n], kHeaderSize + h.pad};
            if (len) b.iov[v++] = {const_cast<uint8_t *>(payload(o)) + off, len};
            const bool last = off + len == o.size;
            b.parts[p++] = {&o, off, len, last};
            r.bytes = kHeaderSize + h.pad + len;
            if (last) ++it;
        }
        r.parts = p - r.first_part;
        b.msgs[n] = {};
        b.msgs[n].msg_hdr.msg_iov = b.iov + first_iov;
        b.msgs[n].msg_hdr.msg_iovlen = v - first_iov;
        // A descriptor rides on a message's only record (send_fd() keeps such messages to one).
        const BatchScratch::Part &head = b.parts[r.first_part];
        if (r.parts == 1 && head.out->fd >= 0 && head.off == 0) put_fd(b.msgs[n].msg_hdr, b.control[n], head.out->fd);
        ++n;
    }
    int sent;
    do {
        sent = ::sendmmsg(fd_, b.msgs, n, MSG_NOSIGNAL | MSG_DONTWAIT);
    } while (sent < 0 && errno == EINTR);
    if (sent < 0) {
        // A record larger than the socket's send buffer can never go: use smaller chunks.
        if (errno == EMSGSIZE && b.records[0].bytes > kHeaderSize + kMaxPad + kMinChunk) {
            chunk_ = std::max(kMinChunk, static_cast<uint32_t>((b.records[0].bytes - kHeaderSize) / 2) & ~63u);
            return 0;
        }
        return -errno;
    }
    ++stats_.calls;
    stats_.records += static_cast<unsigned>(sent);
    for (int i = 0; i < sent; ++i) {
        // A seqpacket record is all or nothing; anything else is a kernel contract we rely on broken.
        if (b.msgs[i].msg_len != b.records[i].bytes) return -EIO;
        for (unsigned k = 0; k < b.records[i].parts; ++k) {
            const BatchScratch::Part &part = b.parts[b.records[i].first_part + k];
            part.out->offset += part.len;
            queued_bytes_ -= part.len;
            if (part.last) part.out->finished = true;
        }
    }
    return sent;
}

void Sender::complete_front(int status) {
    if (queue_.front().fd >= 0) ::close(queue_.front().fd);
    SendDone done = std::move(queue_.front().done);
    queued_bytes_ -= queue_.front().size - queue_.front().offset;
    queue_.pop_front();
    if (queue_.empty()) {
        // Keep a modest arena for the next iteration, give back what a burst made it grow to.
        if (arena_.capacity() > (1u << 20)) std::vector<uint8_t>().swap(arena_);
        arena_.clear();
    }
    if (status != 0) ++stats_.failed;
    if (done) done(status);
}

int Sender::refuse() {
    refused_ = true;
    return kErrLimit;
}

int Sender::admit_waitable(uint64_t size) {
    if (queue_.empty() ||
        (queue_.size() < options_.max_queued_messages / 2 && queued_bytes_ + size <= options_.max_queued_bytes / 2)) {
        return 0;
    }
    return refuse();
}

void Sender::report_room() {
    // Well below the waitable half, not just one slot: the woken callers then fit several sends.
    if (!refused_ || queue_.size() > options_.max_queued_messages / 4 ||
        queued_bytes_ > options_.max_queued_bytes / 4) {
        return;
    }
    refused_ = false;
    if (on_room_) on_room_();
}

int Sender::flush() {
    int result = 0;
    while (!queue_.empty()) {
        const int rc = write_batch();
        while (!queue_.empty() && queue_.front().finished) complete_front(0);
        if (rc == -EAGAIN || rc == -EWOULDBLOCK) {
            result = -EAGAIN;
            break;
        }
        if (rc < 0) {
            fail_all(rc);
            result = rc;
            break;
        }
    }
    update_interest();
    report_room();  // last: the callback may send again
    return result;
}

void Sender::fail_all(int code) {
    while (!queue_.empty()) complete_front(code);
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
        if (!peer_gone_) loop_->unwatch(watch_);
        peer_gone_ = false;
        loop_ = nullptr;
        watch_ = {};
        want_write_ = false;
    }
}

void Sender::update_interest() {
    if (!loop_ || peer_gone_) return;
    // Batching alone does not need writability: the deferred flush runs this iteration. The watch is
    // for a socket that refused records (EAGAIN).
    const bool want = !queue_.empty() && !(batching() && flush_scheduled_);
    if (want == want_write_) return;
    want_write_ = want;
    (void)loop_->update(watch_, want ? uint32_t{loop::kWritable} : 0u);
    // Only queued messages keep the loop alive.
    loop_->set_watch_ref(watch_, want);
}

void Sender::on_io(uint32_t events) {
    (void)flush();
    // A peer that is gone reports hangup on every poll, even while nothing is queued (the watch's
    // interest is empty then): stop watching, or an idle process spins on it (a worker whose master
    // died did). Later sends still go to the socket and fail there (EPIPE).
    if ((events & (loop::kHangup | loop::kError)) && queue_.empty() && loop_ && !peer_gone_) {
        loop_->unwatch(watch_);
        peer_gone_ = true;
        want_write_ = false;
    }
}

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

}  // namespace gust::ipc
