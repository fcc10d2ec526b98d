// IPC throughput over one SOCK_SEQPACKET pair, sender and receiver driven from one thread
// (send what fits, receive what arrived, repeat), so the numbers are the CPU cost of moving
// a message, without scheduler noise. Two paths, same run, same 32-byte header, same 64 KiB
// chunks, same per-message allocation of the final buffer (at a zend_string's offset 24). The second
// argument picks the allocation: 0 = fresh per message, 1 = recycled blocks. OneCopy pads its
// records so the payload's alignment matches the destination's (SenderOptions::dest_align = 24);
// OneCopyUnpadded does not — the kernel's copy is much slower when the two disagree mod 32.
//   OneCopy — gust::ipc::Sender (writev of header + borrowed payload) and Receiver (peek the
//             header, recvmsg the chunk straight into the final buffer): 1 copy per byte;
//   Staged  — memcpy header + chunk into a staging buffer and send it; recv each record into a
//             staging buffer and memcpy the chunk into the final buffer: 3 copies per byte,
//             but one syscall per record on the receiving side instead of two.
#include <benchmark/benchmark.h>

#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>
#include <vector>

#include "gust/ipc/channel.h"

namespace {
using namespace gust;
using namespace gust::ipc;

constexpr uint32_t kChunk = 64u << 10;

// Destination blocks laid out like a zend_string's value: 24 bytes into a block that Zend MM
// page-aligns for sizes over 3 KiB (its "large" and "huge" allocations), 64-aligned below.
// recycle = true keeps freed blocks per size, as PHP's allocator reuses its chunks (no page faults,
// but the destination is cold in cache); false mallocs and frees every message.
constexpr size_t kDestOffset = 24;
class Pool {
public:
    bool recycle = true;
    uint8_t *get(uint32_t size) {
        if (recycle) {
            auto &v = free_[size];
            if (!v.empty()) {
                uint8_t *p = v.back();
                v.pop_back();
                return p;
            }
        }
        const size_t align = size + kDestOffset > 3072 ? 4096 : 64;
        auto *block =
            static_cast<uint8_t *>(std::aligned_alloc(align, (size + kDestOffset + align - 1) / align * align));
        if (recycle) std::memset(block, 0, size + kDestOffset);
        return block + kDestOffset;
    }
    void put(uint8_t *p, uint32_t size) {
        if (!recycle) return std::free(p - kDestOffset);
        free_[size].push_back(p);
    }
    ~Pool() {
        for (auto &[n, v] : free_) {
            for (auto *p : v) std::free(p - kDestOffset);
        }
    }

private:
    std::map<uint32_t, std::vector<uint8_t *>> free_;
};
Pool pool;

class MallocAllocator final : public PayloadAllocator {
public:
    Destination allocate(const Header &, uint32_t size) override { return Destination{pool.get(size), nullptr}; }
    void release(Destination d, uint32_t size) override { pool.put(d.data, size); }
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

void one_copy(benchmark::State &state, uint8_t dest_align) {
    const auto size = static_cast<uint32_t>(state.range(0));
    pool.recycle = state.range(1) != 0;
    std::vector<uint8_t> payload(size, 0x5a);
    Pair p;
    SenderOptions so;
    so.max_chunk = kChunk;
    so.dest_align = dest_align;
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
                pool.put(m.dest.data, size);
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
void BM_IpcOneCopy(benchmark::State &state) { one_copy(state, kDestOffset); }
void BM_IpcOneCopyUnpadded(benchmark::State &state) { one_copy(state, 0); }

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
        if (h.first_chunk()) dest = pool.get(h.total_len);
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
    pool.recycle = state.range(1) != 0;
    std::vector<uint8_t> payload(size, 0x5a);
    Pair p;
    StagedSender s{p.a};
    StagedReceiver r{p.b, Limits{}};
    r.limits.max_payload = 16u << 20;
    r.limits.max_chunk = kChunk;
    for (auto _ : state) {
        s.start(payload.data(), size);
        for (;;) {
            uint8_t *out = nullptr;
            uint32_t n = 0;
            const int rc = r.receive_one(&out, &n);
            if (rc == 1) {
                benchmark::DoNotOptimize(out[n ? n - 1 : 0]);
                pool.put(out, n);
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

// ---- Measured alternative: SOCK_STREAM (one socket per writer), a hybrid receiver. It reads into a
// 4 KiB staging area and copies small payloads out of it (one read may carry many messages); when a
// chunk's remainder is >= 1 KiB it readv()s {the rest -> its place in the final buffer, staging}, so
// large payloads are placed directly (only the bytes that shared a staging read are copied twice)
// and the next header is read ahead in the same syscall. The sender writev()s without staging and
// tracks partial writes.
struct StreamSender {
    int fd;
    const uint8_t *data = nullptr;
    uint32_t size = 0, offset = 0;  // payload offset of the current record's chunk
    uint32_t record_done = 0;       // bytes of the current record (header + chunk) already written
    uint8_t hdr[kHeaderSize] = {};
    bool busy = false;
    void start(const uint8_t *d, uint32_t n) {
        data = d;
        size = n;
        offset = 0;
        record_done = 0;
        busy = true;
        pump();
    }
    void pump() {
        while (busy) {
            const uint32_t len = std::min(kChunk, size - offset);
            if (record_done == 0) {
                Header h = data_header();
                h.total_len = size;
                h.chunk_offset = offset;
                h.chunk_len = len;
                encode_header(h, hdr);
            }
            iovec iov[2];
            int cnt = 0;
            if (record_done < kHeaderSize) iov[cnt++] = {hdr + record_done, kHeaderSize - record_done};
            const uint32_t pdone = record_done > kHeaderSize ? record_done - static_cast<uint32_t>(kHeaderSize) : 0;
            if (len > pdone) iov[cnt++] = {const_cast<uint8_t *>(data) + offset + pdone, len - pdone};
            const ssize_t n = ::writev(fd, iov, cnt);
            if (n < 0) {
                if (errno == EAGAIN) return;
                std::abort();
            }
            record_done += static_cast<uint32_t>(n);
            if (record_done == kHeaderSize + len) {
                record_done = 0;
                offset += len;
                if (offset >= size) busy = false;
            }
        }
    }
};

struct StreamReceiver {
    static constexpr size_t kStaging = 4096;   // bytes per read when no large chunk is being placed
    static constexpr uint32_t kDirect = 1024;  // a chunk remainder at least this big is read in place
    int fd;
    Assembler *assembler;
    Limits limits;
    uint8_t st[kStaging] = {};
    size_t st_begin = 0, st_end = 0;
    bool in_chunk = false;
    Header cur{};
    uint8_t *dest = nullptr;
    uint32_t chunk_have = 0;
    int fill() {
        if (st_begin > 0) {
            std::memmove(st, st + st_begin, st_end - st_begin);
            st_end -= st_begin;
            st_begin = 0;
        }
        const ssize_t n = ::read(fd, st + st_end, kStaging - st_end);
        if (n < 0) return errno == EAGAIN ? -EAGAIN : -errno;
        if (n == 0) return kErrClosed;
        st_end += static_cast<size_t>(n);
        return 0;
    }
    int receive_one(Message *out) {
        for (;;) {
            if (!in_chunk) {
                if (st_end - st_begin < kHeaderSize) {
                    if (const int rc = fill(); rc < 0) return rc;
                    continue;
                }
                if (!parse_header(st + st_begin, kHeaderSize, limits, &cur).ok()) std::abort();
                st_begin += kHeaderSize;
                auto place = assembler->begin_chunk(cur);
                if (!place.ok()) std::abort();
                dest = place.value();
                in_chunk = true;
                chunk_have = 0;
            }
            const uint32_t c = std::min<uint32_t>(static_cast<uint32_t>(st_end - st_begin), cur.chunk_len - chunk_have);
            std::memcpy(dest + chunk_have, st + st_begin, c);
            st_begin += c;
            chunk_have += c;
            if (chunk_have == cur.chunk_len) {
                in_chunk = false;
                return assembler->end_chunk(out) ? 1 : 0;
            }
            const uint32_t rest = cur.chunk_len - chunk_have;
            if (rest < kDirect) {
                if (const int rc = fill(); rc < 0) return rc;
                continue;
            }
            // Staging is empty: place the rest directly and read ahead into staging.
            st_begin = st_end = 0;
            iovec iov[2] = {{dest + chunk_have, rest}, {st, kStaging}};
            const ssize_t n = ::readv(fd, iov, 2);
            if (n < 0) return errno == EAGAIN ? -EAGAIN : -errno;
            if (n == 0) return kErrClosed;
            const uint32_t d = std::min<uint32_t>(static_cast<uint32_t>(n), rest);
            chunk_have += d;
            st_end = static_cast<size_t>(n) - d;
        }
    }
};

void BM_IpcStreamHybrid(benchmark::State &state) {
    const auto size = static_cast<uint32_t>(state.range(0));
    pool.recycle = state.range(1) != 0;
    std::vector<uint8_t> payload(size, 0x5a);
    int sv[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, sv) < 0) std::abort();
    MallocAllocator alloc;
    Limits limits;
    limits.max_payload = 16u << 20;
    limits.max_chunk = kChunk;
    Assembler assembler(limits, &alloc);
    StreamSender s{sv[0], nullptr, 0, 0, 0, {}, false};
    StreamReceiver r{sv[1], &assembler, limits, {}, 0, 0, false, {}, nullptr, 0};
    for (auto _ : state) {
        s.start(payload.data(), size);
        for (;;) {
            Message m;
            const int rc = r.receive_one(&m);
            if (rc == 1) {
                benchmark::DoNotOptimize(m.dest.data[size ? size - 1 : 0]);
                pool.put(m.dest.data, size);
                break;
            }
            if (rc == -EAGAIN) {
                s.pump();
                continue;
            }
            if (rc != 0) std::abort();
        }
    }
    ::close(sv[0]);
    ::close(sv[1]);
    state.SetItemsProcessed(state.iterations());
    state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(size));
}

BENCHMARK(BM_IpcOneCopy)->ArgsProduct({{64, 4 << 10, 64 << 10, 1 << 20}, {0, 1}});
BENCHMARK(BM_IpcOneCopyUnpadded)->ArgsProduct({{64, 4 << 10, 64 << 10, 1 << 20}, {0, 1}});
BENCHMARK(BM_IpcStaged)->ArgsProduct({{64, 4 << 10, 64 << 10, 1 << 20}, {0, 1}});
BENCHMARK(BM_IpcStreamHybrid)->ArgsProduct({{64, 4 << 10, 64 << 10, 1 << 20}, {0, 1}});

}  // namespace

BENCHMARK_MAIN();
