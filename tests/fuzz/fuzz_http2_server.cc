// HTTP/2 server connection fed random bytes after the client preface, in random-size pieces,
// answering every request it reports (headers, body, trailers) and draining the output with a
// small bound. Properties: no crash, sanitizer report or unbounded growth; events name streams
// the connection knows; a stream answered once refuses a second answer.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "gust/proto/http2_server.h"

using namespace gust::proto::h2;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) return 0;
    ServerSettings settings;
    settings.max_request_body = 4096;
    settings.stream_buffer_limit = 1024;
    settings.control_frame_burst = 64;
    const bool with_preface = data[0] & 1;
    const size_t piece = 1 + data[1] % 64;
    data += 2;
    size -= 2;
    ServerConnection server(settings);
    if (with_preface) server.receive(kClientPreface.data(), kClientPreface.size());
    std::string out;
    for (size_t pos = 0; pos < size; pos += piece) {
        const size_t n = size - pos < piece ? size - pos : piece;
        const bool more = server.receive(data + pos, n);
        for (Event &e : server.take_events()) {
            if (e.stream_id <= 0 && e.kind != Event::kStreamClosed) abort();
            if (e.kind == Event::kRequestEnd && server.stream_open(e.stream_id)) {
                if (!server.submit_response(e.stream_id, 200, {{"x", "y"}}, false)) continue;
                if (server.submit_response(e.stream_id, 200, {}, true)) abort();
                server.send_data(e.stream_id, std::string(3000, 'r'), false);
                server.send_trailers(e.stream_id, {{"t", "1"}});
            }
        }
        out.clear();
        server.take_output(&out, 8192);
        if (out.size() > 8192 + 16384 + 64) abort();
        if (!more) break;
    }
    return 0;
}
