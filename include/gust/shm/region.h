// Memory shared with every process fork()ed after it was mapped (MAP_SHARED | MAP_ANONYMOUS).
//
// A SharedRegion owns its mapping in this process: the destructor unmaps it here only. Processes
// forked earlier keep their own mapping of the same pages, which the kernel frees when the last
// one goes, so a child never loses memory because its parent dropped the object. The pages start
// zero-filled. Nothing in a region may hold a pointer: each process may see it at a different
// address after a later mmap, so offsets only.
#pragma once

#include <cstddef>

#include "gust/base/result.h"

namespace gust::shm {

class SharedRegion {
public:
    // A new zero-filled mapping of at least `bytes` (rounded up to whole pages); -ENOMEM or
    // kErrInvalid (bytes == 0) on failure.
    static Result<SharedRegion> map(size_t bytes);

    SharedRegion() = default;
    SharedRegion(SharedRegion &&other) noexcept;
    SharedRegion &operator=(SharedRegion &&other) noexcept;
    SharedRegion(const SharedRegion &) = delete;
    SharedRegion &operator=(const SharedRegion &) = delete;
    ~SharedRegion() { reset(); }

    void *data() const { return data_; }
    size_t size() const { return size_; }  // the mapped bytes (whole pages)
    explicit operator bool() const { return data_ != nullptr; }
    // Unmaps it in this process.
    void reset();

private:
    SharedRegion(void *data, size_t size) : data_(data), size_(size) {}
    void *data_ = nullptr;
    size_t size_ = 0;
};

}  // namespace gust::shm
