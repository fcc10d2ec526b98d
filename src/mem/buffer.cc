#include "gust/mem/buffer.h"

#include <cassert>
#include <cerrno>
#include <cstring>
#include <new>
#include <utility>

namespace gust::mem {

Buffer::Buffer(Buffer &&other) noexcept
    : data_(std::move(other.data_)),
      capacity_(std::exchange(other.capacity_, 0)),
      read_(std::exchange(other.read_, 0)),
      write_(std::exchange(other.write_, 0)),
      limit_(other.limit_) {}

Buffer &Buffer::operator=(Buffer &&other) noexcept {
    if (this != &other) {
        data_ = std::move(other.data_);
        capacity_ = std::exchange(other.capacity_, 0);
        read_ = std::exchange(other.read_, 0);
        write_ = std::exchange(other.write_, 0);
        limit_ = other.limit_;
    }
    return *this;
}

Status Buffer::append(const void *bytes, size_t n) {
    if (n == 0) return {};
    Status st = reserve(n);
    if (!st.ok()) return st;
    std::memcpy(data_.get() + write_, bytes, n);
    write_ += n;
    return {};
}

Status Buffer::reserve(size_t n) {
    if (capacity_ - write_ >= n) return {};
    const size_t used = size();
    if (n > limit_ || used > limit_ - n) return Error{kErrLimit};
    const size_t need = used + n;
    // Sliding the data down is cheaper than a new allocation when the consumed
    // prefix frees enough room.
    if (need <= capacity_) {
        compact();
        return {};
    }
    size_t cap = capacity_ < kMinCapacity ? kMinCapacity : capacity_;
    while (cap < need) cap = cap > limit_ / 2 ? limit_ : cap * 2;
    if (cap > limit_) cap = limit_;
    return grow_to(cap);
}

Status Buffer::grow_to(size_t capacity) {
    std::unique_ptr<char[]> next(new (std::nothrow) char[capacity]);
    if (!next) return Error{-ENOMEM};
    const size_t used = size();
    if (used) std::memcpy(next.get(), data_.get() + read_, used);
    data_ = std::move(next);
    capacity_ = capacity;
    read_ = 0;
    write_ = used;
    return {};
}

void Buffer::commit(size_t n) {
    assert(n <= capacity_ - write_);
    write_ += n;
}

void Buffer::consume(size_t n) {
    if (n >= size()) {
        // Fully drained: rewind so the next recv starts at the front for free.
        read_ = write_ = 0;
        return;
    }
    read_ += n;
}

void Buffer::compact() {
    if (read_ == 0) return;
    const size_t used = size();
    if (used) std::memmove(data_.get(), data_.get() + read_, used);
    read_ = 0;
    write_ = used;
}

void Buffer::release() {
    data_.reset();
    capacity_ = read_ = write_ = 0;
}

}  // namespace gust::mem
