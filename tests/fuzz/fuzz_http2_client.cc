// The HTTP/2 client connection fed random server bytes. Properties: nothing crashes or leaks
// whatever the server sends (frames of any type, broken HPACK, resets, GOAWAYs), events come out
// only for streams we opened, and once feed() has failed it keeps failing. The first byte picks
// how the input is split into reads and whether a streaming request body is written meanwhile.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "gust/proto/http2_client.h"

using namespace gust::proto::http2;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    const uint8_t mode = data[0];
    data++;
    size--;
    ClientOptions o;
    o.local.max_header_list_size = 4096;
    o.max_pending_events = 256;
    Client c(o);
    std::vector<Header> get = {{":method", "GET"}, {":scheme", "http"}, {":authority", "f"}, {":path", "/"}};
    std::vector<Header> post = {{":method", "POST"}, {":scheme", "http"}, {":authority", "f"}, {":path", "/u"}};
    int32_t a = c.submit_request(get, "", true);
    int32_t b = c.submit_request(post, "body", false);
    if (a != 1 || b != 3) abort();
    (void)c.take_output();
    const size_t chunk = 1 + (mode & 0x3f);
    bool failed = false;
    for (size_t off = 0; off < size; off += chunk) {
        size_t n = size - off < chunk ? size - off : chunk;
        int rc = c.feed(data + off, n);
        if (failed && rc >= 0) abort();  // a broken session stays broken
        failed = rc < 0;
        if ((mode & 0x40) && !failed) (void)c.write(b, "more", (mode & 0x80) != 0);
        (void)c.take_output();
        while (c.has_event()) {
            Event e = c.pop_event();
            bool conn_level = e.kind == Event::kGoaway || e.kind == Event::kPingAck || e.kind == Event::kSettings;
            if (!conn_level && e.stream_id != a && e.stream_id != b) abort();
        }
    }
    (void)c.pending_bytes();
    (void)c.remote_settings();
    return 0;
}
