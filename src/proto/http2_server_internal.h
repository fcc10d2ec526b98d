// ServerConnection's private state, shared by http2_server.cc (session, input side) and
// http2_server_output.cc (responses, data provider, output).
#pragma once

#include <nghttp2/nghttp2.h>

#include <chrono>
#include <deque>
#include <unordered_map>
#include <unordered_set>

#include "gust/proto/http2_server.h"

namespace gust::proto::h2 {

struct StreamState {
    // Request side.
    Headers headers;
    size_t header_bytes = 0;
    size_t body_bytes = 0;
    bool rejected = false;  // reset by a bound: no more events for it
    // Response side.
    bool responded = false;
    // Queued body bytes as the writes came (no compaction copies): out_pos bytes of the first
    // chunk are sent already. Shared: an OutputBatch may still point into a chunk.
    std::deque<BodyChunk> out;
    size_t out_pos = 0;
    size_t out_bytes = 0;
    bool out_end = false;
    bool has_trailers = false;
    Headers trailers;
    bool deferred = false;    // the data provider said "no data yet": resume on send_data
    bool over_limit = false;  // stream_writable() turned false: tell kWritable when it turns back

    size_t queued() const { return out_bytes; }
    // Appends (or, into a batch, shares) and drops the first `length` queued bytes.
    void take(std::string *to, size_t length);
    void take(OutputBatch *to, size_t length);
};

struct ServerConnection::Impl {
    ServerConnection *owner;
    ServerSettings settings;
    nghttp2_session *session = nullptr;
    std::unordered_map<int32_t, StreamState> streams;
    bool calm = false;            // a local guard tripped: GOAWAY ENHANCE_YOUR_CALM
    bool protocol_error = false;  // a check nghttp2 leaves out failed: GOAWAY PROTOCOL_ERROR
    // Stream ids: the highest request seen, and the ids of recently closed streams (nghttp2 ignores
    // HEADERS on a lower id it no longer knows; RFC 9113 §5.1.1 makes a never-opened one an error).
    int32_t max_request_id = 0;
    std::deque<int32_t> recently_closed;
    std::unordered_set<int32_t> recently_closed_set;
    void remember_closed(int32_t stream_id);
    bool known_closed_or_forgotten(int32_t stream_id) const;
    // Token bucket for frames without request progress.
    double tokens = 0;
    std::chrono::steady_clock::time_point refilled;
    uint64_t body_bytes_moved = 0;  // for the one-token-per-KiB credit
    // take_output()'s destination while it runs (DATA goes straight there): one of the two.
    std::string *output = nullptr;
    OutputBatch *batch = nullptr;

    void push(Event &&event) { owner->events_.push_back(std::move(event)); }
    std::deque<Event> &events() { return owner->events_; }
    StreamState *find(int32_t stream_id) {
        auto it = streams.find(stream_id);
        return it == streams.end() ? nullptr : &it->second;
    }
    bool spend_control_token();
    void credit_body(size_t bytes);
    void reject(int32_t stream_id, StreamState *stream, uint32_t error_code);
};

// nghttp2's header array for a response or trailers (the pointers stay valid while `headers` does).
std::vector<nghttp2_nv> to_nv(const Headers &headers, const std::string *status = nullptr);

// The data provider's read callback and its no-copy sender (http2_server_output.cc).
ssize_t read_response_body(nghttp2_session *session, int32_t stream_id, uint8_t *buf, size_t length,
                           uint32_t *data_flags, nghttp2_data_source *source, void *user_data);
int send_response_data(nghttp2_session *session, nghttp2_frame *frame, const uint8_t *framehd, size_t length,
                       nghttp2_data_source *source, void *user_data);

}  // namespace gust::proto::h2
