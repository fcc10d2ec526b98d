// IPC decoder: the header parser and the Assembler fed a stream of records, each
// [u16 little-endian length][record bytes: header, pad, chunk] (a SOCK_SEQPACKET record with its boundary).
// Properties: nothing crashes or reads past a record; a header that parses re-encodes to the
// same 32 bytes; the allocator is never asked for more than max_payload nor holds more than
// max_pending_bytes + one single-chunk message; a delivered message has the length its header
// announced and exactly the bytes its chunks carried; everything is released at the end.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "gust/ipc/assembler.h"
#include "gust/ipc/message.h"

using namespace gust::ipc;

namespace {

class FuzzAllocator final : public PayloadAllocator {
public:
    explicit FuzzAllocator(const Limits &l) : limits_(l) {}
    Destination allocate(const Header &first, uint32_t size) override {
        if (size > limits_.max_payload) abort();
        if (size > 0 && first.session_id % 5 == 4) return {};  // exercise refusals (null for 0 bytes is not one)
        live_bytes += size;
        ++live;
        if (live_bytes > limits_.max_pending_bytes + limits_.max_payload) abort();
        // Filled so an unwritten byte is at least initialised for ASan/MSan-style checks.
        auto *p = static_cast<uint8_t *>(malloc(size ? size : 1));
        memset(p, 0xA5, size);
        return Destination{p, nullptr};
    }
    void release(Destination d, uint32_t size) override { free_block(d.data, size); }
    void free_block(uint8_t *p, uint32_t size) {
        if (live == 0 || live_bytes < size) abort();
        --live;
        live_bytes -= size;
        free(p);
    }
    size_t live = 0;
    uint64_t live_bytes = 0;

private:
    Limits limits_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Limits limits;
    limits.max_payload = 64 << 10;
    limits.max_chunk = 4096;
    limits.max_pending_messages = 8;
    limits.max_pending_bytes = 128 << 10;
    FuzzAllocator alloc(limits);
    {
        Assembler a(limits, &alloc);
        size_t pos = 0;
        while (pos + 2 <= size) {
            size_t len = static_cast<size_t>(data[pos]) | static_cast<size_t>(data[pos + 1]) << 8;
            pos += 2;
            if (len > size - pos) len = size - pos;
            std::vector<uint8_t> record(data + pos, data + pos + len);  // exact-size copy: ASan sees overreads
            pos += len;
            Header h;
            HeaderError why;
            if (!parse_header(record.data(), record.size(), limits, &h, &why).ok()) {
                if (why == HeaderError::kNone) abort();
                continue;
            }
            uint8_t again[kHeaderSize];
            encode_header(h, again);
            if (memcmp(again, record.data(), kHeaderSize) != 0) abort();
            auto place = a.begin_chunk(h);
            if (!place.ok()) {
                if (a.last_error() == AssembleError::kNone) abort();
                continue;
            }
            if (record.size() != kHeaderSize + h.pad + h.chunk_len) {
                a.abort_chunk();
                continue;
            }
            if (place.value()) memcpy(place.value(), record.data() + kHeaderSize + h.pad, h.chunk_len);
            Message m;
            if (a.end_chunk(&m)) {
                if (m.header.chunk_offset != 0 || m.header.chunk_len != m.header.total_len) abort();
                if (m.header.type != h.type || m.header.session_id != h.session_id) abort();
                if (m.size() > 0 && m.header.last_chunk() && h.chunk_len > 0 &&
                    memcmp(m.dest.data + h.chunk_offset, record.data() + kHeaderSize + h.pad, h.chunk_len) != 0) {
                    abort();
                }
                alloc.free_block(m.dest.data, m.size());
            }
            if (a.pending_messages() > limits.max_pending_messages) abort();
            if (a.pending_bytes() > limits.max_pending_bytes) abort();
        }
    }
    if (alloc.live != 0 || alloc.live_bytes != 0) abort();
    return 0;
}
