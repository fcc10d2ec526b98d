// Slice: a read-only view of bytes someone else owns (a buffer, a string, a
// mapped file). Cheap to copy; never frees. Valid only while the owner is
// unchanged — a Buffer append or compact invalidates slices of it.
#pragma once

#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

namespace gust::mem {

class Slice {
public:
    constexpr Slice() = default;
    constexpr Slice(const char *data, size_t size) : data_(data), size_(size) {}
    Slice(const void *data, size_t size) : data_(static_cast<const char *>(data)), size_(size) {}
    constexpr Slice(std::string_view s) : data_(s.data()), size_(s.size()) {}
    Slice(const std::string &s) : data_(s.data()), size_(s.size()) {}

    constexpr const char *data() const { return data_; }
    constexpr size_t size() const { return size_; }
    constexpr bool empty() const { return size_ == 0; }
    constexpr const char *begin() const { return data_; }
    constexpr const char *end() const { return data_ + size_; }
    constexpr char operator[](size_t i) const { return data_[i]; }

    // Clamped: a range past the end yields what is left (possibly nothing).
    constexpr Slice sub(size_t offset, size_t count = static_cast<size_t>(-1)) const {
        if (offset > size_) offset = size_;
        size_t left = size_ - offset;
        return Slice(data_ + offset, count < left ? count : left);
    }
    constexpr void remove_prefix(size_t n) {
        if (n > size_) n = size_;
        data_ += n;
        size_ -= n;
    }
    constexpr std::string_view view() const { return std::string_view(data_, size_); }
    std::string str() const { return std::string(data_, size_); }

    friend bool operator==(Slice a, Slice b) { return a.view() == b.view(); }

private:
    const char *data_ = nullptr;
    size_t size_ = 0;
};

}  // namespace gust::mem
