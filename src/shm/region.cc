#include "gust/shm/region.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <utility>

namespace gust::shm {

Result<SharedRegion> SharedRegion::map(size_t bytes) {
    if (bytes == 0) return Error{kErrInvalid};
    const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    if (bytes > SIZE_MAX - page) return Error{-ENOMEM};
    const size_t size = (bytes + page - 1) / page * page;
    void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return Error{-errno};
    return SharedRegion(p, size);
}

SharedRegion::SharedRegion(SharedRegion &&other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}

SharedRegion &SharedRegion::operator=(SharedRegion &&other) noexcept {
    if (this != &other) {
        reset();
        data_ = std::exchange(other.data_, nullptr);
        size_ = std::exchange(other.size_, 0);
    }
    return *this;
}

void SharedRegion::reset() {
    if (data_) munmap(data_, size_);
    data_ = nullptr;
    size_ = 0;
}

}  // namespace gust::shm
