// IPC throughput over one SOCK_SEQPACKET pair, sender and receiver driven from one thread
// (send what fits, receive what arrived, repeat), so the numbers are the CPU cost of moving
// a message, without scheduler noise. Two paths, same run, same 32-byte header, same 64 KiB
// chunks, same per-message malloc of the final buffer:
//   OneCopy — gust::ipc::Sender (writev of header + borrowed payload) and Receiver (peek the
//             header, recvmsg the chunk straight into the final buffer): 1 copy per byte;
//   Staged  — memcpy header + chunk into a staging buffer and send it; recv each record into a
//             staging buffer and memcpy the chunk into the final buffer: 3 copies per byte,
//             but one syscall per record on the receiving side instead of two.
#include <benchmark/benchmark.h>

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "gust/ipc/channel.h"

namespace {
using namespace gust;
using namespace gust::ipc;

constexpr uint32_t kChunk = 64u << 10;

class MallocAllocator final : public PayloadAllocator {
public:
    Destination allocate(const Header &, uint32_t size) override {
        return Destination{static_cast<uint8_t *>(std::malloc(size ? size : 1)), nullptr};
    }
    void release(Destination d, uint32_t) override { std::free(d.data); }
};

struct Pair {
    int a, b;
    Pair() {
        auto p = make_channel_pair();
        if (!p.ok()) std::abort();
        a = p.value().first;
        b = p.value().second;
    }
    ~Pair() {
        ::close(a);
        ::close(b);
    }
};

Header data_header() {
    Header h;
    h.type = MessageType::kData;
    h.session_id = 1;
    return h;
}

void BM_IpcOneCopy(benchmark::State &state) {
    const auto size = static_cast<uint32_t>(state.range(0));
    std::vector<uint8_t> payload(size, 0x5a);
    Pair p;
    SenderOptions so;
    so.max_chunk = kChunk;
    Sender s(p.a, so);
    MallocAllocator alloc;
    Limits limits;
    limits.max_payload = 16u << 20;
    limits.max_chunk = kChunk;
    Receiver r(p.b, limits, &alloc);
    for (auto _ : state) {
        if (s.send(data_header(), payload.data(), size) < 0) std::abort();
        for (;;) {
            Message m;
            const int rc = r.receive_one(&m);
            if (rc == 1) {
                benchmark::DoNotOptimize(m.dest.data[size ? size - 1 : 0]);
                std::free(m.dest.data);
                break;
            }
            if (rc == -EAGAIN) {
                if (const int f = s.flush(); f < 0 && f != -EAGAIN) std::abort();
                continue;
            }
            if (rc != 0) std::abort();
        }
    }
    state.SetItemsProcessed(state.iterations());
    state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(size));
}

// The staged path: a faithful "copy into a staging buffer" sender and receiver.
struct StagedSender {
    int fd;
    std::vector<uint8_t> staging = std::vector<uint8_t>(kHeaderSize + kChunk);
    const uint8_t *data = nullptr;
    uint32_t size = 0, offset = 0;
    bool busy = false;
    void start(const uint8_t *d, uint32_t n) {
        data = d;
        size = n;
        offset = 0;
        busy = true;
        pump();
    }
    void pump() {
        while (busy) {
            const uint32_t len = std::min(kChunk, size - offset);
            Header h = data_header();
            h.total_len = size;
            h.chunk_offset = offset;
            h.chunk_len = len;
            encode_header(h, staging.data());
            std::memcpy(staging.data() + kHeaderSize, data + offset, len);
            const ssize_t n = ::send(fd, staging.data(), kHeaderSize + len, MSG_NOSIGNAL | MSG_DONTWAIT);
            if (n < 0) {
                if (errno == EAGAIN) return;
                std::abort();
            }
            offset += len;
            if (offset >= size) busy = false;
        }
    }
};

struct StagedReceiver {
    int fd;
    Limits limits;
    std::vector<uint8_t> staging = std::vector<uint8_t>(kHeaderSize + kChunk);
    uint8_t *dest = nullptr;
    // 1 complete (*out set), 0 chunk, -EAGAIN
    int receive_one(uint8_t **out, uint32_t *out_size) {
        const ssize_t n = ::recv(fd, staging.data(), staging.size(), MSG_DONTWAIT);
        if (n < 0) return errno == EAGAIN ? -EAGAIN : -errno;
        Header h;
        if (!parse_header(staging.data(), static_cast<size_t>(n), limits, &h).ok()) std::abort();
        if (static_cast<size_t>(n) != kHeaderSize + h.chunk_len) std::abort();
        if (h.first_chunk()) dest = static_cast<uint8_t *>(std::malloc(h.total_len ? h.total_len : 1));
        std::memcpy(dest + h.chunk_offset, staging.data() + kHeaderSize, h.chunk_len);
        if (!h.last_chunk()) return 0;
        *out = dest;
        *out_size = h.total_len;
        dest = nullptr;
        return 1;
    }
};

void BM_IpcStaged(benchmark::State &state) {
    const auto size = static_cast<uint32_t>(state.range(0));
    std::vector<uint8_t> payload(size, 0x5a);
    Pair p;
    StagedSender s{p.a};
    StagedReceiver r{p.b, Limits{}};
    r.limits.max_payload = 16u << 20;
    r.limits.max_chunk = kChunk;
    for (auto _ : state) {
        s.start(payload.data(), size);
        for (;;) {
            uint8_t *out;
            uint32_t n;
            const int rc = r.receive_one(&out, &n);
            if (rc == 1) {
                benchmark::DoNotOptimize(out[n ? n - 1 : 0]);
                std::free(out);
                break;
            }
            if (rc == -EAGAIN) {
                s.pump();
                continue;
            }
            if (rc != 0) std::abort();
        }
    }
    state.SetItemsProcessed(state.iterations());
    state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(size));
}

BENCHMARK(BM_IpcOneCopy)->Arg(64)->Arg(4 << 10)->Arg(64 << 10)->Arg(1 << 20);
BENCHMARK(BM_IpcStaged)->Arg(64)->Arg(4 << 10)->Arg(64 << 10)->Arg(1 << 20);

}  // namespace

BENCHMARK_MAIN();
