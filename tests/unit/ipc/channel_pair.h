// Shared by the channel tests: a connected channel pair closed at the end of a test, and
// deterministic payload bytes.
#pragma once

#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "gust/ipc/channel.h"

namespace gust::ipc::testing {

struct Pair {
    int a = -1, b = -1;
    explicit Pair(int buffer_bytes = 0) {
        auto p = make_channel_pair(buffer_bytes);
        EXPECT_TRUE(p.ok());
        a = p.value().first;
        b = p.value().second;
    }
    ~Pair() {
        if (a >= 0) ::close(a);
        if (b >= 0) ::close(b);
    }
};

// `n` pseudo-random bytes, the same for the same seed.
inline std::vector<uint8_t> pattern(size_t n, uint32_t seed) {
    std::vector<uint8_t> v(n);
    uint32_t x = seed * 2654435761u + 1;
    for (size_t i = 0; i < n; ++i) {
        x = x * 1103515245u + 12345u;
        v[i] = static_cast<uint8_t>(x >> 16);
    }
    return v;
}

}  // namespace gust::ipc::testing
