// HTTP/1.1 framing for Swoole\Http\Server ports: cuts the stream into whole requests (head plus
// raw body) so the reactor — a worker's in BASE mode, the master's threads in PROCESS mode —
// hands the worker complete requests and answers malformed ones itself. The worker parses the
// head again when it is in another process (or the request waited behind others), else it uses
// this parse (ready_head()); both are the strict parser of http1.h, so they agree on every byte.
#include <algorithm>
#include <memory>

#include "gust/base/error.h"
#include "gust/proto/framing.h"
#include "gust/proto/http1_response.h"
#include "gust/proto/websocket.h"

namespace gust::proto::framing {
namespace {

// Counts chunked body bytes without keeping them: the framing only needs where the body ends.
struct DiscardSink final : http1::ChunkedDecoder::Sink {
    void on_body_data(std::string_view) override {}
};

// One head per thread, reused: constructing one zeroes its 4 KiB header array. (On the heap: a
// dlopen()ed library has little static TLS.)
http1::RequestHead &shared_head() {
    // initial-exec: a pointer in static TLS, read without __tls_get_addr (gust.so is loaded at
    // startup, where static TLS has room for it).
    static thread_local std::unique_ptr<http1::RequestHead> reused __attribute__((tls_model("initial-exec")));
    if (!reused) reused = std::make_unique<http1::RequestHead>();
    return *reused;
}

}  // namespace

Splitter::Step Splitter::http_fail(int status, const char *reason) {
    http_status_ = status;
    return fail(-kErrProtocol, reason);
}

bool is_h2c_upgrade(const http1::RequestHead &head) {
    if (!head.upgrade || head.version_minor != 1) return false;
    if (head.framing == http1::BodyFraming::kChunked || head.content_length > 0) return false;
    bool has_settings = false;
    (void)head.header("http2-settings", &has_settings);
    if (!has_settings) return false;
    // Upgrade lists protocols in preference order; h2c anywhere in it will do.
    std::string_view list = head.header("upgrade");
    while (!list.empty()) {
        const size_t comma = list.find(',');
        std::string_view token = list.substr(0, comma);
        while (!token.empty() && (token.front() == ' ' || token.front() == '\t')) token.remove_prefix(1);
        while (!token.empty() && (token.back() == ' ' || token.back() == '\t')) token.remove_suffix(1);
        if (http1::equals_ignore_case(token, "h2c")) return true;
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
    }
    return false;
}

Splitter::Step Splitter::http_head(mem::Slice buffer) {
    const Options &o = framing_->options();
    http1::Limits limits;
    limits.max_head_bytes = o.http_max_head;
    http1::RequestHead &head = shared_head();
    const int rc = http1::parse_request_head(buffer.data(), buffer.size(), &head, limits, scanned_);
    if (rc == http1::kNeedMore) {
        scanned_ = buffer.size();
        return Step{};
    }
    if (rc < 0) return http_fail(head.error_status, head.error_reason);
    http_head_len_ = static_cast<size_t>(rc);
    head_parsed_now_ = true;
    http_ends_connection_ = !head.keep_alive || head.upgrade;
    // h2c upgrade on an HTTP/2 port: after this request only the client preface may follow.
    http_upgrades_h2c_ = o.http2 && is_h2c_upgrade(head);
    if (http_upgrades_h2c_) http_ends_connection_ = false;
    http_upgrades_ = o.websocket && head.upgrade && head.method == "GET" &&
                     http1::header_has_token(head.header("upgrade"), "websocket");  // a list (RFC 9110 §7.8)
    http_chunked_ = head.framing == http1::BodyFraming::kChunked;
    // Uploads have their own bound (upload_max_filesize) when it is the larger one.
    const std::string_view type = head.header("content-type");
    const bool upload = type.size() >= 19 && http1::equals_ignore_case(type.substr(0, 19), "multipart/form-data");
    http_body_limit_ = upload ? std::max(o.max_length, o.http_max_upload) : o.max_length;
    if (head.framing == http1::BodyFraming::kLength && head.content_length > http_body_limit_) {
        return http_fail(413, "request body larger than package_max_length");
    }
    scanned_ = http_head_len_;
    expected_ = head.framing == http1::BodyFraming::kLength ? http_head_len_ + head.content_length : 0;
    if (http_chunked_) chunked_ = http1::ChunkedDecoder(http_body_limit_);
    const bool has_body = http_chunked_ || head.content_length > 0;
    http_continue_due_ = head.expect_continue && has_body;
    http_phase_ = HttpPhase::kBody;
    return Step{};
}

// One whole frame per package. Its header is checked before any of its payload is buffered: an
// unmasked, oversized or malformed frame fails at once with the close code to send.
Splitter::Step Splitter::websocket_frame(mem::Slice buffer) {
    const Options &o = framing_->options();
    if (expected_ == 0) {
        ws::FrameLimits limits;
        limits.max_payload = o.max_length;
        limits.require_mask = true;
        limits.allow_rsv1 = o.websocket_rsv1;
        ws::FrameHeader h;
        const int rc =
            ws::parse_frame_header(reinterpret_cast<const uint8_t *>(buffer.data()), buffer.size(), &h, limits);
        if (rc == ws::kNeedMore) return Step{};
        if (rc < 0) {
            ws_close_code_ = h.close_code;
            return fail(h.close_code == 1009 ? -kErrLimit : -kErrProtocol, h.reason);
        }
        expected_ = h.header_length + static_cast<size_t>(h.payload_length);
    }
    if (buffer.size() < expected_) return Step{};
    return ready(buffer, expected_);
}

Splitter::Step Splitter::http(mem::Slice buffer) {
    ready_head_ = nullptr;
    ready_head_len_ = 0;
    head_parsed_now_ = false;
    if (http_phase_ == HttpPhase::kWebSocket) return websocket_frame(buffer);
    if (http_phase_ == HttpPhase::kHttp2) {
        return buffer.empty() ? Step{} : ready(buffer, std::min<size_t>(buffer.size(), framing_->options().max_length));
    }
    if (framing_->options().http2 && http_phase_ == HttpPhase::kHead && http_head_len_ == 0 && !buffer.empty()) {
        // The client preface (RFC 9113 §3.4) cannot start an HTTP/1.1 request ("PRI" with "*" and
        // version 2.0 is refused there): wait for all 24 bytes while they match, then switch.
        constexpr std::string_view kPreface = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
        const size_t n = std::min(buffer.size(), kPreface.size());
        if (std::string_view(reinterpret_cast<const char *>(buffer.data()), n) == kPreface.substr(0, n)) {
            if (n < kPreface.size()) return Step{};
            http_phase_ = HttpPhase::kHttp2;
            return ready(buffer, std::min<size_t>(buffer.size(), framing_->options().max_length));
        }
        if (http2_required_) {
            // ALPN agreed on h2: an HTTP/1.1 request here is a protocol error, answered by closing.
            Step failed = http_fail(400, "h2 was negotiated by ALPN but the client preface did not come");
            http_status_ = 0;
            return failed;
        }
    }
    if (http_phase_ == HttpPhase::kFinished) {
        // The connection ends with the request already delivered: nothing after it is a request.
        Step discard;
        discard.consume = buffer.size();
        return discard;
    }
    if (http_phase_ == HttpPhase::kHead) {
        Step step = http_head(buffer);
        if (step.status < 0 && framing_->options().http2 && http_status_ == 400) {
            // On an HTTP/2 port, a first line that names no HTTP/1.x version may be a broken
            // HTTP/2 preface: close without an HTTP/1.1 answer (RFC 9113 §3.4; h2spec 3.5/2).
            const std::string_view text(buffer.data(), buffer.size());
            const std::string_view line = text.substr(0, text.find('\n'));
            if (line.find(" HTTP/1.") == std::string_view::npos) http_status_ = 0;
        }
        if (step.status < 0 || http_phase_ == HttpPhase::kHead) return step;
    }
    size_t end = 0;
    if (!http_chunked_) {
        end = expected_ != 0 ? expected_ : http_head_len_;
    } else {
        // Raw chunked bytes are bounded too: twice the body limit leaves room for chunk framing
        // without letting one-byte chunks buffer unbounded memory.
        const size_t raw_limit = http_head_len_ + 2 * size_t{http_body_limit_} + kChunkedFramingSlack;
        DiscardSink sink;
        const size_t avail = std::min(buffer.size(), raw_limit);
        if (scanned_ < avail) {
            const int64_t used = chunked_.feed(buffer.data() + scanned_, avail - scanned_, sink);
            if (used < 0) return http_fail(chunked_.error_status(), chunked_.error_reason());
            scanned_ += static_cast<size_t>(used);
        }
        if (chunked_.done()) {
            end = scanned_;
        } else if (buffer.size() >= raw_limit) {
            return http_fail(413, "chunked request body larger than package_max_length");
        }
    }
    if (end == 0 || buffer.size() < end) {
        Step wait;
        wait.send_continue = http_continue_due_ && buffer.size() <= http_head_len_;
        http_continue_due_ = false;
        return wait;
    }
    const bool last = http_ends_connection_;
    Step step = ready(buffer, end);
    if (head_parsed_now_ && step.status == kReady) {
        ready_head_ = &shared_head();
        ready_head_len_ = http_head_len_;
    }
    http_phase_ = http_upgrades_ ? HttpPhase::kWebSocket : last ? HttpPhase::kFinished : HttpPhase::kHead;
    if (http_upgrades_h2c_) http2_required_ = true;
    http_upgrades_h2c_ = false;
    http_chunked_ = false;
    http_continue_due_ = false;
    http_upgrades_ = false;
    http_head_len_ = 0;
    return step;
}

}  // namespace gust::proto::framing
