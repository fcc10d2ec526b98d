// WebSocket frame headers and UTF-8 validation. Properties: the parser never
// reads past its input and a header it accepts has the length it reports; a
// header Gust writes parses back to the same length; UTF-8 validation gives the
// same verdict whole or split (the first byte picks the split).
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "gust/proto/websocket.h"

using namespace gust::proto::ws;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    std::vector<uint8_t> input(data + 1, data + size);
    FrameHeader h;
    FrameLimits limits;
    limits.allow_rsv1 = data[0] & 1;
    limits.require_mask = data[0] & 2;
    const int rc = parse_frame_header(input.data(), input.size(), &h, limits);
    if (rc > 0) {
        if (static_cast<size_t>(rc) != h.header_length || h.header_length > input.size()) abort();
        uint8_t out[14];
        size_t n = write_frame_header(out, h.opcode, h.payload_length, h.fin, h.rsv1);
        FrameHeader back;
        FrameLimits open;
        open.require_mask = false;
        open.allow_rsv1 = true;
        open.max_payload = UINT64_MAX;
        if (parse_frame_header(out, n, &back, open) != static_cast<int>(n) || back.payload_length != h.payload_length) {
            abort();
        }
    } else if (rc == kMalformed && (h.close_code != 1002 && h.close_code != 1009)) {
        abort();
    }
    const size_t split = input.empty() ? 0 : data[0] % (input.size() + 1);
    Utf8Validator whole, parts;
    const bool ok_whole = whole.feed(input.data(), input.size()) && whole.complete();
    const bool ok_parts =
        parts.feed(input.data(), split) && parts.feed(input.data() + split, input.size() - split) && parts.complete();
    if (ok_whole != ok_parts) abort();
    return 0;
}
