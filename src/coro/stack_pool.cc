#include "gust/coro/stack_pool.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#if defined(__SANITIZE_ADDRESS__)
#define GUST_POOL_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GUST_POOL_ASAN 1
#endif
#endif
#ifdef GUST_POOL_ASAN
#include <sanitizer/asan_interface.h>
#endif

namespace gust::coro {
namespace {
constexpr uint64_t kCanary = 0x6775737443616e61ull;  // "gustCana"
constexpr size_t kCanaryWords = 4;
constexpr size_t kCanaryBytes = kCanaryWords * sizeof(uint64_t);
}  // namespace

StackPool::StackPool(StackOptions options) : options_(options) {
    long page = sysconf(_SC_PAGESIZE);
    page_ = page > 0 ? static_cast<size_t>(page) : 4096;
    options_.stack_size = (options_.stack_size + page_ - 1) / page_ * page_;
    if (options_.stack_size < 4 * page_) options_.stack_size = 4 * page_;
    if (options_.slab_stacks == 0) options_.slab_stacks = 1;
}

StackPool::~StackPool() {
    for (auto &[addr, len] : mappings_) {
#ifdef GUST_POOL_ASAN
        ASAN_UNPOISON_MEMORY_REGION(addr, len);
#endif
        munmap(addr, len);
    }
}

// A finished coroutine never unwinds its last frames, and a new mapping may reuse the
// addresses of an old one: clear the redzones ASan still remembers for the range, or the
// next coroutine on it trips over stale poison.
void StackPool::unpoison([[maybe_unused]] const Stack &s) {
#ifdef GUST_POOL_ASAN
    ASAN_UNPOISON_MEMORY_REGION(s.base, s.size);
#endif
}

// Slab layout: the canary of a stack is the last kCanaryBytes of the slot below it
// (for the first slot, of an extra page at the slab's low end). It shares a page
// with that neighbour's top frames, which are resident anyway, so a parked
// coroutine costs one resident page, not two. Guarded stacks need no canary.
void StackPool::write_canary(const Stack &s) {
    if (s.guarded) return;
    auto *w = reinterpret_cast<uint64_t *>(static_cast<char *>(s.base) - kCanaryBytes);
    for (size_t i = 0; i < kCanaryWords; ++i) w[i] = kCanary;
}

bool StackPool::canary_intact(const Stack &s) {
    if (s.guarded || !s.base) return true;
    auto *w = reinterpret_cast<const uint64_t *>(static_cast<const char *>(s.base) - kCanaryBytes);
    for (size_t i = 0; i < kCanaryWords; ++i) {
        if (w[i] != kCanary) return false;
    }
    return true;
}

bool StackPool::grow_slab() {
    const size_t len = page_ + options_.stack_size * options_.slab_stacks;
    void *mem = mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mem == MAP_FAILED) return false;
    mappings_.emplace_back(mem, len);
    ++stats_.mappings;
    // Hand out from the top so the first stacks used are the last in the free list.
    for (size_t i = options_.slab_stacks; i-- > 0;) {
        Stack s{static_cast<char *>(mem) + page_ + i * options_.stack_size, options_.stack_size - kCanaryBytes, false};
        write_canary(s);
        free_.push_back(s);
        ++stats_.free;
    }
    return true;
}

Stack StackPool::acquire() {
    if (free_.empty() && stats_.guarded < options_.guarded_budget) {
        const size_t len = options_.stack_size + page_;
        void *mem = mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (mem != MAP_FAILED) {
            if (mprotect(mem, page_, PROT_NONE) == 0) {
                mappings_.emplace_back(mem, len);
                stats_.mappings += 2;
                ++stats_.guarded;
                ++stats_.in_use;
                Stack s{static_cast<char *>(mem) + page_, options_.stack_size, true};
                unpoison(s);
                write_canary(s);
                return s;
            }
            munmap(mem, len);
        }
    }
    if (free_.empty() && !grow_slab()) return Stack{};
    Stack s = free_.back();
    free_.pop_back();

    --stats_.free;
    ++stats_.in_use;
    unpoison(s);
    return s;
}

void StackPool::release(Stack s) {
    if (!s.base) return;
    if (!canary_intact(s)) {
        fprintf(stderr, "gust: coroutine stack overflow detected (stack %p, %zu bytes); raise the stack size\n", s.base,
                s.size);
        abort();
    }
    --stats_.in_use;
    if (free_.size() >= options_.keep_free) {
        // Keep the address range, give the touched pages back (they are re-zeroed on next touch).
        // Whole pages only: the top page also holds the canary of the stack above.
        madvise(s.base, s.size / page_ * page_, MADV_DONTNEED);
    }
    free_.push_back(s);
    ++stats_.free;
}

}  // namespace gust::coro
