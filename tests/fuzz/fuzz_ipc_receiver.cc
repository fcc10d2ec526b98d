// IPC Receiver: records written into a real SOCK_SEQPACKET pair and read back by a Receiver, so
// kBundle records (several whole messages behind one header), batched reads and placed reads all
// meet hostile bytes. Input: [u8 mode][records as u16 little-endian length + bytes]; mode picks
// the batch size and staging. Properties: nothing crashes or reads past a record; a delivered
// message has the length its header announced; every allocation is released.
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "gust/ipc/channel.h"

using namespace gust::ipc;

namespace {

class FuzzAllocator final : public PayloadAllocator {
public:
    Destination allocate(const Header &first, uint32_t size) override {
        if (size > 0 && first.session_id % 7 == 6) return {};  // exercise refusals
        ++live;
        auto *p = static_cast<uint8_t *>(malloc(size ? size : 1));
        return Destination{p, nullptr};
    }
    void release(Destination d, uint32_t) override {
        --live;
        free(d.data);
    }
    long live = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK, 0, sv) != 0) abort();
    Limits limits;
    limits.max_payload = 64 << 10;
    limits.max_chunk = 8192;
    limits.max_pending_messages = 8;
    FuzzAllocator alloc;
    {
        Receiver r(sv[1], limits, &alloc);
        r.set_batch(data[0] & 1 ? 8 : 1);
        r.set_staging((data[0] & 2) == 0);
        size_t pos = 1;
        auto drain = [&] {
            for (int guard = 0; guard < 100000; ++guard) {
                Message m;
                const int rc = r.receive_one(&m);
                if (rc == 1) {
                    if (m.header.chunk_len != m.header.total_len || m.size() != m.header.total_len) abort();
                    alloc.release(m.dest, m.size());
                } else if (rc == -EAGAIN || rc == gust::kErrClosed) {
                    return;
                }
            }
            abort();  // a receiver that never says "empty" would hang its reactor
        };
        while (pos + 2 <= size) {
            size_t len = static_cast<size_t>(data[pos]) | static_cast<size_t>(data[pos + 1]) << 8;
            pos += 2;
            if (len > size - pos) len = size - pos;
            if (len > 0) (void)::send(sv[0], data + pos, len, MSG_NOSIGNAL);
            pos += len;
            drain();  // one record at a time: the socket never fills
        }
        r.assembler().reset();
    }
    close(sv[0]);
    close(sv[1]);
    if (alloc.live != 0) abort();
    return 0;
}
