// Pooled coroutine stacks. Memory comes from mmap(MAP_NORESERVE) so the kernel
// commits pages only when touched. Memory mappings are the scarce resource
// (vm.max_map_count, 65530 by default): a guard page splits a mapping in two,
// so only the first `guarded_budget` stacks get one (2 mappings each); the rest
// are carved from slabs of `slab_stacks` stacks (1 mapping per slab) and carry a
// 32-byte canary just below their low end (in the top page of the slot below, so
// it costs no extra resident page), checked when a stack returns to the pool and
// each time its coroutine switches out.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gust::coro {

struct StackOptions {
    size_t stack_size = 256 * 1024;  // usable bytes per stack (rounded to pages)
    size_t guarded_budget = 4096;    // stacks with their own guard page
    size_t slab_stacks = 64;         // unguarded stacks per slab mapping
    size_t keep_free = 1024;         // free stacks kept committed; above it pages go back to the kernel
};

struct Stack {
    void *base = nullptr;  // lowest usable address
    size_t size = 0;       // usable bytes: stack_size, minus 32 for the canary on slab stacks
    bool guarded = false;
};

struct StackStats {
    size_t in_use = 0;
    size_t free = 0;
    size_t guarded = 0;
    size_t mappings = 0;  // memory mappings this pool holds
};

class StackPool {
public:
    explicit StackPool(StackOptions options = {});
    ~StackPool();
    StackPool(const StackPool &) = delete;
    StackPool &operator=(const StackPool &) = delete;

    // nullptr base when the kernel refuses memory.
    Stack acquire();
    // Aborts with a clear message if the stack's canary was overwritten (overflow).
    void release(Stack stack);
    StackStats stats() const { return stats_; }
    // False once something wrote over the canary at the low end of the stack.
    static bool canary_intact(const Stack &s);
    size_t stack_size() const { return options_.stack_size; }

private:
    bool grow_slab();
    static void write_canary(const Stack &s);
    static void unpoison(const Stack &s);

    StackOptions options_;
    size_t page_ = 4096;
    std::vector<Stack> free_;
    std::vector<std::pair<void *, size_t>> mappings_;
    StackStats stats_;
};

}  // namespace gust::coro
