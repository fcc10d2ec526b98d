// A PayloadAllocator for tests: counts calls, tracks live blocks, can refuse.
#pragma once

#include <cstdlib>
#include <functional>
#include <set>

#include "gust/ipc/assembler.h"

namespace gust::ipc::testing {

class TestAllocator final : public PayloadAllocator {
public:
    Destination allocate(const Header &first, uint32_t size) override {
        ++allocations;
        last_size = size;
        if (refuse && refuse(first, size)) return {};
        auto *p = static_cast<uint8_t *>(std::malloc(size ? size : 1));
        live.insert(p);
        return Destination{p, reinterpret_cast<void *>(static_cast<uintptr_t>(size))};
    }
    void release(Destination d, uint32_t) override {
        ++releases;
        free_block(d.data);
    }
    // The test owns delivered messages and frees them through this.
    void free_block(uint8_t *p) {
        if (!p) return;
        if (live.erase(p) != 1) std::abort();  // double free or foreign pointer
        std::free(p);
    }
    ~TestAllocator() {
        for (auto *p : live) std::free(p);
    }

    size_t allocations = 0;
    size_t releases = 0;
    uint32_t last_size = 0;
    std::set<uint8_t *> live;
    std::function<bool(const Header &, uint32_t)> refuse;
};

}  // namespace gust::ipc::testing
