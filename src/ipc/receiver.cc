#include "gust/ipc/channel.h"
#include "ipc/deadline.h"
#include "ipc/fd_passing.h"

#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "gust/coro/fd_wait.h"

namespace gust::ipc {

namespace {

// A record's descriptor must match its kFlagFd, and such a message is one record.
bool descriptor_fits(const Header &h, int fd) {
    if (fd == kUnusableFd) return false;
    const bool flagged = (h.flags & kFlagFd) != 0;
    if (flagged != (fd >= 0)) return false;
    return !flagged || (h.chunk_offset == 0 && h.chunk_len == h.total_len);
}

void close_fd(int fd) {
    if (fd >= 0) ::close(fd);
}

}  // namespace

Receiver::Receiver(int fd, const Limits &limits, PayloadAllocator *allocator)
    : fd_(fd), limits_(limits), assembler_(limits, allocator) {}

Receiver::~Receiver() {
    for (size_t i = staged_next_; i < staged_count_ && i < slot_fd_.size(); ++i) close_fd(slot_fd_[i]);
}

int Receiver::discard() {
    uint8_t scratch[kHeaderSize];
    // On a seqpacket socket any read consumes the whole record, the rest is truncated away.
    while (::recv(fd_, scratch, sizeof scratch, MSG_DONTWAIT) < 0 && errno == EINTR) {
    }
    return 0;
}

int Receiver::take_record(const uint8_t *rec, size_t n, size_t cap, int fd, Message *out) {
    const size_t got = std::min(n, cap);
    Header h;
    if (Status s = parse_header(rec, got, limits_, &h, &header_error_); !s.ok()) {
        close_fd(fd);
        return s.code();
    }
    if (!descriptor_fits(h, fd)) {
        close_fd(fd);
        header_error_ = HeaderError::kBadDescriptor;
        return kErrProtocol;
    }
    if (h.type == MessageType::kBundle) {
        if (n != kHeaderSize + h.pad + h.chunk_len || h.chunk_len != h.total_len || h.session_id || h.flags) {
            return kErrProtocol;
        }
        bundle_next_ = rec + kHeaderSize + h.pad;
        bundle_end_ = bundle_next_ + h.chunk_len;
        return take_bundled(out);
    }
    auto place = assembler_.begin_chunk(h);
    if (!place.ok()) {
        close_fd(fd);
        return place.code();
    }
    if (n != kHeaderSize + h.pad + h.chunk_len) {
        assembler_.abort_chunk();
        close_fd(fd);
        return kErrProtocol;
    }
    uint8_t *dest = place.value();
    if (dest) std::memcpy(dest, rec + kHeaderSize + h.pad, h.chunk_len);
    if (!dest && h.chunk_len > 0) {
        Message unused;
        (void)assembler_.end_chunk(&unused);  // a chunk of a refused message: skipped
        close_fd(fd);
        return 0;
    }
    if (!assembler_.end_chunk(out)) {
        close_fd(fd);  // only a single-record message carries one, so this cannot happen; stay safe
        return 0;
    }
    out->fd = fd;
    return 1;
}

// The next message of the bundle being handed out: a whole single-chunk message, never a bundle.
// A bad one drops the rest of the bundle (its boundaries can no longer be trusted).
int Receiver::take_bundled(Message *out) {
    const size_t left = static_cast<size_t>(bundle_end_ - bundle_next_);
    Header h;
    Status st = parse_header(bundle_next_, left, limits_, &h, &header_error_);
    if (st.ok() && (h.type == MessageType::kBundle || (h.flags & kFlagFd) || h.pad != 0 || h.chunk_offset != 0 ||
                    h.chunk_len != h.total_len || kHeaderSize + size_t{h.chunk_len} > left)) {
        st = Error{kErrProtocol};
    }
    if (!st.ok()) {
        bundle_next_ = bundle_end_ = nullptr;
        return st.code();
    }
    const uint8_t *payload = bundle_next_ + kHeaderSize;
    bundle_next_ = payload + h.chunk_len;
    if (bundle_next_ == bundle_end_) bundle_next_ = bundle_end_ = nullptr;
    auto place = assembler_.begin_chunk(h);
    if (!place.ok()) return place.code();
    uint8_t *dest = place.value();
    if (dest) std::memcpy(dest, payload, h.chunk_len);
    if (!dest && h.chunk_len > 0) {
        Message unused;
        (void)assembler_.end_chunk(&unused);  // refused by the allocator: skipped
        return 0;
    }
    return assembler_.end_chunk(out) ? 1 : 0;
}

int Receiver::receive_staged(Message *out) {
    const size_t cap = slot_size();
    if (!stage_) stage_.reset(new uint8_t[cap]);  // not value-initialised: pages are touched only as used
    iovec iov{stage_.get(), cap};
    alignas(cmsghdr) uint8_t control[kFdControlSize];
    msghdr msg{};
    ssize_t n;
    do {
        msg = {};
        msg.msg_iov = &iov;
        msg.msg_iovlen = 1;
        msg.msg_control = control;
        msg.msg_controllen = sizeof control;
        n = ::recvmsg(fd_, &msg, MSG_DONTWAIT | MSG_TRUNC | MSG_CMSG_CLOEXEC);
    } while (n < 0 && errno == EINTR);
    if (n < 0) return errno == EWOULDBLOCK ? -EAGAIN : -errno;
    const int fd = take_fd(msg);
    if (n == 0) {
        close_fd(fd);
        return kErrClosed;
    }
    return take_record(stage_.get(), static_cast<size_t>(n), cap, fd, out);
}

void Receiver::set_batch(uint32_t records) {
    records = std::clamp<uint32_t>(records, 1, 1024);
    if (records == batch_ || buffered() > 0) return;
    batch_ = records;
    slots_.reset();
    mm_.clear();
    iov_.clear();
    staged_count_ = staged_next_ = 0;
    short_batch_ = false;
}

int Receiver::fill_batch() {
    const size_t cap = slot_size();
    if (!slots_) {
        // Not value-initialised: a slot's pages are committed only as far as records fill it.
        slots_.reset(new uint8_t[cap * batch_]);
        mm_.resize(batch_);
        iov_.resize(batch_);
        // kFdControlSize is a multiple of the cmsghdr alignment, and vector storage is aligned for it.
        control_.assign(size_t{kFdControlSize} * batch_, 0);
        slot_fd_.assign(batch_, -1);
        for (uint32_t i = 0; i < batch_; ++i) iov_[i] = {slots_.get() + cap * i, cap};
    }
    for (uint32_t i = 0; i < batch_; ++i) {
        mm_[i] = {};
        mm_[i].msg_hdr.msg_iov = &iov_[i];
        mm_[i].msg_hdr.msg_iovlen = 1;
        mm_[i].msg_hdr.msg_control = control_.data() + size_t{kFdControlSize} * i;
        mm_[i].msg_hdr.msg_controllen = kFdControlSize;
    }
    int n;
    do {
        // MSG_TRUNC: each msg_len is the record's real length, so an oversized record is refused
        // instead of silently cut.
        n = ::recvmmsg(fd_, mm_.data(), batch_, MSG_DONTWAIT | MSG_TRUNC | MSG_CMSG_CLOEXEC, nullptr);
    } while (n < 0 && errno == EINTR);
    if (n < 0) {
        short_batch_ = errno == EWOULDBLOCK;  // empty now: nothing to read until the fd is readable again
        return errno == EWOULDBLOCK ? -EAGAIN : -errno;
    }
    for (int i = 0; i < n; ++i) slot_fd_[static_cast<size_t>(i)] = take_fd(mm_[static_cast<size_t>(i)].msg_hdr);
    staged_next_ = 0;
    staged_count_ = static_cast<size_t>(n);
    short_batch_ = static_cast<uint32_t>(n) < batch_;
    return 0;
}

int Receiver::receive_one(Message *out) {
    header_error_ = HeaderError::kNone;
    if (bundle_next_) return take_bundled(out);  // its record's memory stays until the bundle ends
    if (buffered() == 0 && batch_ > 1 && staging_ && assembler_.pending_messages() == 0) {
        if (const int rc = fill_batch(); rc < 0) return rc;
    }
    if (buffered() > 0) {
        const size_t i = staged_next_++;
        const size_t n = mm_[i].msg_len;
        if (n == 0) {
            // A closed peer reads as empty records (recvmmsg fills every slot with one); so does an
            // empty record, which no sender writes. Either way the channel is unusable.
            for (size_t k = i; k < staged_count_; ++k) close_fd(slot_fd_[k]);
            staged_count_ = staged_next_ = 0;
            return kErrClosed;
        }
        return take_record(slots_.get() + slot_size() * i, n, slot_size(), slot_fd_[i], out);
    }
    short_batch_ = false;
    if (staging_ && assembler_.pending_messages() == 0) return receive_staged(out);
    return receive_placed(out);
}

int Receiver::receive_placed(Message *out) {
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
    if (h.type == MessageType::kBundle) return receive_staged(out);  // whole messages: read the record whole
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
    alignas(cmsghdr) uint8_t control[kFdControlSize];
    msghdr msg{};
    do {
        msg = {};
        msg.msg_iov = iov;
        msg.msg_iovlen = h.chunk_len ? 3 : 2;
        msg.msg_control = control;
        msg.msg_controllen = sizeof control;
        n = ::recvmsg(fd_, &msg, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
    } while (n < 0 && errno == EINTR);
    if (n < 0) {
        const int e = errno;
        assembler_.abort_chunk();
        return -e;
    }
    const int fd = take_fd(msg);
    if (static_cast<size_t>(n) != kHeaderSize + h.pad + h.chunk_len || (msg.msg_flags & MSG_TRUNC) ||
        !descriptor_fits(h, fd)) {
        close_fd(fd);
        assembler_.abort_chunk();
        return kErrProtocol;
    }
    if (!assembler_.end_chunk(out)) {
        close_fd(fd);
        return 0;
    }
    out->fd = fd;
    return 1;
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
