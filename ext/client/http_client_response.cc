// Swoole\Coroutine\Http\Client: reading a request's response (RFC 9112 §6.3 framing, chunked,
// close-delimited, 1xx skipped), where its body goes (the bounded body string, the download file
// or write_func) and gzip/deflate/br decoded within a bound.
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>

#include "common/module.h"
#include "coroutine/coroutine.h"
#include "client/http_client_io.h"
#include "client/client_common.h"

#include "gust/base/error.h"
#include "gust/proto/compress.h"
#include "gust/proto/http1.h"
#include "gust/proto/http1_response.h"

namespace gust::php::http_client::io {

namespace {

namespace h1 = proto::http1;

constexpr int kMaxInterim = 32;  // 1xx responses skipped before the final one

// Where body bytes go: the response string (bounded) or the download file.
struct BodySink final : h1::ChunkedDecoder::Sink {
    std::string *body;
    int fd = -1;
    size_t max_body;
    int err = 0;
    // write_func: the pieces taken since the last deliver(), one per chunk or per read.
    bool stream = false;
    std::vector<std::string> pieces;
    // download() of a compressed body: decoded on its way into the file, as Swoole writes it.
    std::optional<proto::compress::BodyDecoder> decoder;
    void on_body_data(std::string_view d) override { add(d.data(), d.size()); }
    void add(const char *p, size_t n) {
        if (err || n == 0) return;
        if (stream && fd < 0) {
            pieces.emplace_back(p, n);
            return;
        }
        if (fd >= 0) {
            if (!decoder) {
                write_file(p, n);
            } else if (Status st = decoder->feed(std::string_view(p, n), &decoded_to_file, this); !st.ok()) {
                if (!err) err = st.code() == -ENOMEM ? ENOMEM : EPROTO;
            }
            return;
        }
        if (body->size() + n > max_body) {
            err = EMSGSIZE;
            return;
        }
        body->append(p, n);
    }
    // The body ended: a decoded download's stream must have ended with it.
    void finish() {
        if (err || !decoder) return;
        if (Status st = decoder->finish(&decoded_to_file, this); !st.ok() && !err)
            err = st.code() == -ENOMEM ? ENOMEM : EPROTO;
    }
    void write_file(const char *p, size_t n) {
        while (n > 0) {
            ssize_t w = ::write(fd, p, n);
            if (w < 0 && errno == EINTR) continue;
            if (w < 0) {
                err = errno;
                return;
            }
            p += w;
            n -= static_cast<size_t>(w);
        }
    }
    static Status decoded_to_file(std::string_view piece, void *arg) {
        auto *sink = static_cast<BodySink *>(arg);
        sink->write_file(piece.data(), piece.size());
        return sink->err ? Status(Error{-sink->err}) : Status();
    }
};

// Maps a read failure to Swoole's status: timeout -2, anything else (reset, EOF) -3.
Outcome read_failure(int64_t rc) {
    if (rc == 0) return Outcome{ECONNRESET, kStatusServerReset};
    int e = static_cast<int>(-rc);
    return Outcome{e, e == ETIMEDOUT ? kStatusRequestTimeout : kStatusServerReset};
}

// write_func: hands the sink's pieces to the script's callback, in order. The response's status
// and headers are published first, so the callback can read them. The callback may close the
// client (the request then ends as reset by the server, as in Swoole) or throw (it ends at once).
Outcome deliver(Io &io, BodySink &sink, const Response &resp, bool *head_published) {
    State *st = io.st;
    for (std::string &piece : sink.pieces) {
        if (!*head_published) {
            publish_head(io.self, resp, io.s);
            *head_published = true;
        }
        zval args[2], ret;
        ZVAL_OBJ_COPY(&args[0], io.self);
        ZVAL_STRINGL(&args[1], piece.data(), piece.size());
        ZVAL_UNDEF(&ret);
        // A fatal error in the callback must not longjmp over the request's C++ frames (they own
        // memory): caught here, the request ends, and the method raises it again.
        zend_try { st->write_func.call(args, 2, &ret); }
        zend_catch { st->bailout_pending = true; }
        zend_end_try();
        zval_ptr_dtor(&args[0]);
        zval_ptr_dtor(&args[1]);
        if (st->bailout_pending) {
            sink.pieces.clear();
            return Outcome{ECANCELED, kStatusServerReset};
        }
        zval_ptr_dtor(&ret);
        if (EG(exception)) {
            sink.pieces.clear();
            return Outcome{ECANCELED, kStatusServerReset};
        }
        if (!st->sock) {
            sink.pieces.clear();
            return Outcome{ECONNRESET, kStatusServerReset};
        }
    }
    sink.pieces.clear();
    return Outcome{};
}

int open_download(const Request &req, int *fd) {
    int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (req.download_offset > 0 ? 0 : O_TRUNC);
    *fd = ::open(req.download_path.c_str(), flags, 0644);
    if (*fd < 0) return errno;
    if (req.download_offset > 0 && ::lseek(*fd, req.download_offset, SEEK_SET) < 0) {
        int e = errno;
        ::close(*fd);
        *fd = -1;
        return e;
    }
    return 0;
}

// download(): the file is opened (created, truncated unless resuming) once a response head came,
// so a request that gets no answer leaves no file behind; *download_fd stays open for the caller
// to close.
Outcome read_response(Io &io, const Request &req, Response &resp, int *download_fd) {
    State *st = io.st;
    // 4 KiB of header slots: on the heap, not on the coroutine's small stack nor in static TLS.
    auto head_slot = std::make_unique<h1::ResponseHead>();
    h1::ResponseHead &head = *head_slot;
    int interim = 0;
    size_t scanned = 0;
    int rc;
    while (true) {
        rc = h1::parse_response_head(st->rbuf.data(), st->rbuf.size(), &head, req.head_request, {}, scanned);
        if (rc == h1::kMalformed) return Outcome{EPROTO, kStatusServerReset};
        if (rc == h1::kNeedMore) {
            scanned = st->rbuf.size();
            int64_t n = io.fill();
            // No retry once the request went out, even when nothing came back: the server may
            // have acted on it (as Swoole, which retries only a 502/503 answer).
            if (n <= 0) return read_failure(n);
            continue;
        }
        if (head.status < 200 && !(req.upgrade && head.status == 101)) {
            if (++interim > kMaxInterim) return Outcome{EPROTO, kStatusServerReset};
            st->rbuf.erase(0, static_cast<size_t>(rc));
            scanned = 0;
            continue;
        }
        break;
    }
    resp.status = head.status;
    resp.keep_alive = head.keep_alive;
    resp.headers.clear();
    for (size_t i = 0; i < head.header_count; ++i)
        resp.headers.emplace_back(std::string(head.headers[i].name), std::string(head.headers[i].value));
    h1::ResponseFraming framing = head.framing;
    uint64_t length = head.content_length;
    st->rbuf.erase(0, static_cast<size_t>(rc));
    if (req.upgrade && resp.status == 101) return Outcome{};  // the rest of rbuf is WebSocket frames
    if (req.download && *download_fd < 0) {
        if (int e = open_download(req, download_fd)) return Outcome{e, kStatusSendFailed};
    }
    const int fd = *download_fd;

    BodySink sink;
    sink.body = &resp.body;
    sink.fd = fd;
    sink.max_body = io.s.max_body;
    sink.stream = io.s.write_func && st->write_func.is_set() && !req.head_request;
    if (fd >= 0 && io.s.http_compression) {
        if (auto coding = client_common::content_coding(resp.headers); coding != proto::compress::Encoding::kIdentity) {
            auto decoder = proto::compress::BodyDecoder::create(coding);
            if (!decoder.ok()) return Outcome{ENOMEM, kStatusServerReset};
            sink.decoder.emplace(std::move(decoder.value()));
        }
    }
    bool head_published = false;
    Outcome streamed;
    if (framing == h1::ResponseFraming::kLength) {
        if (fd < 0 && !sink.stream && length > io.s.max_body) return Outcome{EMSGSIZE, kStatusServerReset};
        while (true) {
            size_t take = st->rbuf.size() < length ? st->rbuf.size() : static_cast<size_t>(length);
            sink.add(st->rbuf.data(), take);
            st->rbuf.erase(0, take);
            length -= take;
            if (sink.err) return Outcome{sink.err, kStatusServerReset};
            if (streamed = deliver(io, sink, resp, &head_published); streamed.err) return streamed;
            if (length == 0) break;
            int64_t n = io.fill();
            if (n <= 0) return read_failure(n);
        }
    } else if (framing == h1::ResponseFraming::kChunked) {
        h1::ChunkedDecoder dec;
        while (true) {
            int64_t used = dec.feed(st->rbuf.data(), st->rbuf.size(), sink);
            if (used < 0) return Outcome{EPROTO, kStatusServerReset};
            st->rbuf.erase(0, static_cast<size_t>(used));
            if (sink.err) return Outcome{sink.err, kStatusServerReset};
            if (streamed = deliver(io, sink, resp, &head_published); streamed.err) return streamed;
            if (dec.done()) break;
            int64_t n = io.fill();
            if (n <= 0) return read_failure(n);
        }
    } else if (framing == h1::ResponseFraming::kUntilClose) {
        while (true) {
            sink.add(st->rbuf.data(), st->rbuf.size());
            st->rbuf.clear();
            if (sink.err) return Outcome{sink.err, kStatusServerReset};
            if (streamed = deliver(io, sink, resp, &head_published); streamed.err) return streamed;
            int64_t n = io.fill();
            if (n == 0) break;
            if (n < 0) return read_failure(n);
        }
        resp.keep_alive = false;
    }
    sink.finish();
    if (sink.err) return Outcome{sink.err, kStatusServerReset};
    return Outcome{};
}

// Decodes a compressed body in place by its Content-Encoding.
int decode_body(Response &resp, size_t max_body) {
    std::string_view coding;
    for (const auto &[name, value] : resp.headers) {
        if (h1::equals_ignore_case(name, "content-encoding")) coding = value;
    }
    return client_common::decode_content(coding, resp.body, max_body);
}

}  // namespace

// After send_phase (`sent`): the response, sending again on a fresh connection when a reused one
// died before answering; then the body decoded and the connection kept or closed. Only C++ state
// is touched.
Outcome receive_phase(Io &io, const std::string &host, int port, const Request &req, Response &resp, Outcome sent,
                      bool reused, int *download_fd) {
    State *st = io.st;
    const Settings &s = io.s;
    Outcome o = sent;
    for (int attempt = 0;; ++attempt) {
        if (o.err == 0) o = read_response(io, req, resp, download_fd);
        if (o.err == 0) break;
        reset_socket(st);
        st->rbuf.clear();
        st->reused = false;
        if (!(o.retry && reused && attempt < s.max_retries)) break;
        resp = Response{};
        o = send_phase(io, host, port, req, &reused);
    }
    if (o.err) return o;
    if (!req.download && !req.upgrade && s.http_compression && !s.write_func) {
        if (int e = decode_body(resp, s.max_body)) {
            reset_socket(st);
            st->rbuf.clear();
            return Outcome{e, kStatusServerReset};
        }
    }
    if (req.upgrade) return o;
    if (resp.keep_alive && s.keep_alive) {
        st->reused = true;
    } else {
        reset_socket(st);
        st->rbuf.clear();
        st->reused = false;
    }
    return o;
}

}  // namespace gust::php::http_client::io
