// Buffer: a growable byte buffer with a read cursor and a write cursor.
//
//   [ consumed | readable (size()) | writable (writable().size()) ]
//   0          read_               write_                         capacity()
//
// Typical receive path: reserve(n) -> recv into writable() -> commit(got);
// a parser looks at readable() and consume()s what it used. Storage grows by
// doubling up to `limit`; asking for more than the limit returns kErrLimit and
// leaves the buffer unchanged. Not thread-safe.
#pragma once

#include <cstddef>
#include <memory>
#include <span>

#include "gust/base/result.h"
#include "gust/mem/slice.h"

namespace gust::mem {

class Buffer {
public:
    static constexpr size_t kNoLimit = static_cast<size_t>(-1);
    static constexpr size_t kMinCapacity = 64;

    explicit Buffer(size_t limit = kNoLimit) : limit_(limit) {}
    Buffer(Buffer &&other) noexcept;
    Buffer &operator=(Buffer &&other) noexcept;
    Buffer(const Buffer &) = delete;
    Buffer &operator=(const Buffer &) = delete;

    // Readable bytes.
    size_t size() const { return write_ - read_; }
    bool empty() const { return write_ == read_; }
    size_t capacity() const { return capacity_; }
    size_t limit() const { return limit_; }
    const char *data() const { return data_.get() + read_; }
    Slice readable() const { return Slice(data(), size()); }

    // Append bytes; kErrLimit if size() + n would exceed the limit.
    Status append(const void *bytes, size_t n);
    Status append(Slice s) { return append(s.data(), s.size()); }

    // Make at least n bytes writable after the write cursor (compacting first
    // when that suffices, else growing). kErrLimit if size() + n > limit.
    Status reserve(size_t n);
    // The writable tail (possibly empty); valid until the next non-const call.
    std::span<char> writable() { return std::span<char>(data_.get() + write_, capacity_ - write_); }
    // Mark n bytes of writable() as written (n <= writable().size()).
    void commit(size_t n);

    // Drop n readable bytes from the front (clamped to size()).
    void consume(size_t n);
    // Move the readable bytes to the start of the storage.
    void compact();
    void clear() { read_ = write_ = 0; }
    // Give the storage back (capacity becomes 0).
    void release();

private:
    Status grow_to(size_t capacity);

    std::unique_ptr<char[]> data_;
    size_t capacity_ = 0;
    size_t read_ = 0;
    size_t write_ = 0;
    size_t limit_;
};

}  // namespace gust::mem
