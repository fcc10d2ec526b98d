#include "gust/ipc/channel.h"
#include "ipc/deadline.h"

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

int Sender::enqueue(Out &&o) {
    if (queue_.size() >= options_.max_queued_messages || queued_bytes_ + o.size > options_.max_queued_bytes) {
        return kErrLimit;
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
    const uint64_t size = uint64_t{a_size} + b_size;
    if (size > kMaxSize) return kErrInvalid;
    if (queue_.size() >= options_.max_queued_messages || queued_bytes_ + size > options_.max_queued_bytes) {
        return kErrLimit;
    }
    Out o{h, nullptr, static_cast<uint32_t>(size), 0, {}};
    o.arena_off = arena_.size();
    arena_.insert(arena_.end(), static_cast<const uint8_t *>(a), static_cast<const uint8_t *>(a) + a_size);
    if (b_size) arena_.insert(arena_.end(), static_cast<const uint8_t *>(b), static_cast<const uint8_t *>(b) + b_size);
    const bool was_empty = queue_.empty();
    const int rc = enqueue(std::move(o));
    if (rc < 0) {
        arena_.resize(o.arena_off);
        return rc;
    }
    if (!batching() && was_empty) {
        const int f = flush();
        if (f < 0 && f != -EAGAIN) return f;
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
        return kErrLimit;
    }
    o.done = std::move(done);
    queued_bytes_ += left;
    queue_.push_back(std::move(o));
    update_interest();
    return 1;
}

int Sender::write_batch() {
    mmsghdr msgs[kSendBatch];
    iovec iov[kSendBatch][2];
    uint8_t hdrs[kSendBatch][kHeaderSize + kMaxPad];
    struct Ref {
        Out *out;
        uint32_t len;
        bool last;
    } refs[kSendBatch];
    unsigned n = 0;
    for (auto it = queue_.begin(); it != queue_.end() && n < kSendBatch; ++it) {
        Out &o = *it;
        uint32_t off = o.offset;
        // An empty payload is one record with chunk_len 0; the loop runs at least once.
        do {
            const uint32_t len = std::min(chunk_, o.size - off);
            Header h = o.header;
            h.total_len = o.size;
            h.chunk_offset = off;
            h.chunk_len = len;
            h.pad = len ? pad_ : 0;
            encode_header(h, hdrs[n]);
            std::memset(hdrs[n] + kHeaderSize, 0, h.pad);
            iov[n][0] = {hdrs[n], kHeaderSize + h.pad};
            iov[n][1] = {const_cast<uint8_t *>(payload(o)) + off, len};
            msgs[n] = {};
            msgs[n].msg_hdr.msg_iov = iov[n];
            msgs[n].msg_hdr.msg_iovlen = len ? 2 : 1;
            off += len;
            refs[n] = {&o, len, off == o.size};
            ++n;
        } while (off < o.size && n < kSendBatch);
        if (off < o.size) break;  // the batch is full in the middle of this message
    }
    int sent;
    do {
        sent = ::sendmmsg(fd_, msgs, n, MSG_NOSIGNAL | MSG_DONTWAIT);
    } while (sent < 0 && errno == EINTR);
    if (sent < 0) {
        // A record larger than the socket's send buffer can never go: use smaller chunks.
        if (errno == EMSGSIZE && refs[0].len > kMinChunk) {
            chunk_ = std::max(kMinChunk, (refs[0].len / 2) & ~63u);
            return 0;
        }
        return -errno;
    }
    ++stats_.calls;
    stats_.records += static_cast<unsigned>(sent);
    for (int i = 0; i < sent; ++i) {
        // A seqpacket record is all or nothing; anything else is a kernel contract we rely on broken.
        if (msgs[i].msg_len != iov[i][0].iov_len + refs[i].len) return -EIO;
        refs[i].out->offset += refs[i].len;
        queued_bytes_ -= refs[i].len;
        if (refs[i].last) refs[i].out->finished = true;
    }
    return sent;
}

void Sender::complete_front(int status) {
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

int Sender::flush() {
    while (!queue_.empty()) {
        const int rc = write_batch();
        while (!queue_.empty() && queue_.front().finished) complete_front(0);
        if (rc == -EAGAIN || rc == -EWOULDBLOCK) {
            update_interest();
            return -EAGAIN;
        }
        if (rc < 0) {
            fail_all(rc);
            update_interest();
            return rc;
        }
    }
    update_interest();
    return 0;
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
        loop_->unwatch(watch_);
        loop_ = nullptr;
        watch_ = {};
        want_write_ = false;
    }
}

void Sender::update_interest() {
    if (!loop_) return;
    // Batching alone does not need writability: the deferred flush runs this iteration. The watch is
    // for a socket that refused records (EAGAIN).
    const bool want = !queue_.empty() && !(batching() && flush_scheduled_);
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


}  // namespace gust::ipc
