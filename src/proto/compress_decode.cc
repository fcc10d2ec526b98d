// Bounded decoding: a zlib inflate loop that stops at a byte limit (shared with the WebSocket
// Inflater) and decompress() for whole gzip / deflate / br bodies.
#include <brotli/decode.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <memory>

#include "gust/proto/compress.h"
#include "proto/compress_internal.h"

namespace gust::proto::compress {

namespace detail {
namespace {

constexpr size_t kMaxInPiece = 1u << 30;  // avail_in is a uInt

// Makes out.capacity() >= needed, growing geometrically but never past max(cap_limit, needed).
// (std::string::reserve may double past what is asked, so a bounded growth builds a new string.)
void reserve_bounded(std::string &out, size_t needed, size_t cap_limit) {
    if (needed <= out.capacity()) return;
    const size_t cap = std::min(std::max(needed, out.capacity() * 2), std::max(cap_limit, needed));
    std::string bigger;
    bigger.reserve(cap);
    bigger.append(out);
    out.swap(bigger);
}

// One step of a bounded decoder: where the next output goes. Below the limit it is a chunk of
// `out` (at most kDecodeChunk bytes, never past the limit); at the limit it is a one-byte probe,
// and a byte landing there means the output would pass the limit.
struct OutputWindow {
    std::string &out;
    size_t limit;
    size_t size = 0;  // out.size() before the step
    unsigned char probe = 0;

    uint8_t *begin(size_t *avail) {
        size = out.size();
        if (size >= limit) {
            *avail = 1;
            return &probe;
        }
        const size_t want = std::min(kDecodeChunk, limit - size);
        reserve_bounded(out, size + want, limit);
        out.resize(size + want);
        *avail = want;
        return reinterpret_cast<uint8_t *>(out.data() + size);
    }
    // `left` = what the decoder did not fill; false when the probe was written (over the limit).
    bool end(size_t given, size_t left) {
        if (size >= limit) return left == given;
        out.resize(size + given - left);
        return true;
    }
};

}  // namespace

Status inflate_bounded(z_stream &z, std::string_view in, std::string &out, size_t limit, StreamEndFn on_end,
                       void *arg) {
    OutputWindow window{out, limit};
    do {
        const size_t piece = std::min(in.size(), kMaxInPiece);
        z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.data()));
        z.avail_in = static_cast<uInt>(piece);
        in.remove_prefix(piece);
        for (;;) {
            size_t given = 0;
            z.next_out = window.begin(&given);
            z.avail_out = static_cast<uInt>(given);
            const int rc = ::inflate(&z, Z_SYNC_FLUSH);
            if (!window.end(given, z.avail_out)) return Error{kErrLimit};
            if (rc == Z_STREAM_END) {
                const std::string_view rest(reinterpret_cast<const char *>(z.next_in), z.avail_in);
                if (on_end == nullptr && !rest.empty()) return Error{kErrProtocol};
                if (on_end != nullptr) {
                    Status st = on_end(z, rest, arg);
                    if (!st.ok()) return st;
                }
                if (rest.empty()) break;
                continue;
            }
            if (rc == Z_BUF_ERROR && z.avail_in == 0) break;  // no progress: everything is consumed
            if (rc != Z_OK) return zlib_error(rc);
            if (z.avail_in == 0 && z.avail_out != 0) break;  // consumed, and all decodable output is out
        }
    } while (!in.empty());
    return {};
}

}  // namespace detail

namespace {

struct ZlibDecoder : detail::ZStream {
    bool ended = false;  // the last stream reached its end and nothing followed
    bool multi = false;  // gzip: further members may follow
};

Status on_stream_end(z_stream &z, std::string_view rest, void *arg) {
    auto *d = static_cast<ZlibDecoder *>(arg);
    d->ended = rest.empty();
    if (rest.empty()) return {};
    if (!d->multi) return Error{kErrProtocol};  // trailing bytes after the stream
    const int rc = inflateReset(&z);
    return rc == Z_OK ? Status() : Status(detail::zlib_error(rc));
}

// RFC 1950 §2.2: CM = 8 and the header's 16-bit value a multiple of 31.
bool looks_like_zlib(std::string_view in) {
    if (in.size() < 2) return false;
    const auto cmf = static_cast<uint8_t>(in[0]), flg = static_cast<uint8_t>(in[1]);
    return (cmf & 0x0f) == 8 && (cmf >> 4) <= 7 && ((cmf << 8) | flg) % 31 == 0;
}

Result<std::string> decompress_zlib(Encoding encoding, std::string_view in, size_t max_out) {
    ZlibDecoder d;
    int window_bits = 15 + 32;                                                      // gzip or zlib, by their headers
    if (encoding == Encoding::kDeflate && !looks_like_zlib(in)) window_bits = -15;  // raw deflate
    d.multi = encoding == Encoding::kGzip;
    const int rc = inflateInit2(&d.z, window_bits);
    if (rc != Z_OK) return detail::zlib_error(rc);
    d.end = &inflateEnd;
    std::string out;
    Status st = detail::inflate_bounded(d.z, in, out, max_out, &on_stream_end, &d);
    if (!st.ok()) return st.error();
    if (!d.ended) return Error{kErrProtocol};  // truncated
    return out;
}

Result<std::string> decompress_brotli(std::string_view in, size_t max_out) {
    std::unique_ptr<BrotliDecoderState, void (*)(BrotliDecoderState *)> br(
        BrotliDecoderCreateInstance(nullptr, nullptr, nullptr), &BrotliDecoderDestroyInstance);
    if (!br) return Error{-ENOMEM};
    std::string out;
    detail::OutputWindow window{out, max_out};
    size_t avail_in = in.size();
    const uint8_t *next_in = reinterpret_cast<const uint8_t *>(in.data());
    for (;;) {
        size_t given = 0;
        uint8_t *next_out = window.begin(&given);
        size_t avail_out = given;
        const BrotliDecoderResult r =
            BrotliDecoderDecompressStream(br.get(), &avail_in, &next_in, &avail_out, &next_out, nullptr);
        if (!window.end(given, avail_out)) return Error{kErrLimit};
        switch (r) {
            case BROTLI_DECODER_RESULT_SUCCESS:
                if (avail_in != 0) return Error{kErrProtocol};  // trailing bytes
                return out;
            case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT: continue;
            case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT:
                if (avail_out == 0) continue;  // it may ask for input before handing out all its output
                return Error{kErrProtocol};    // truncated
            case BROTLI_DECODER_RESULT_ERROR:
                if (BrotliDecoderGetErrorCode(br.get()) <= BROTLI_DECODER_ERROR_ALLOC_CONTEXT_MODES &&
                    BrotliDecoderGetErrorCode(br.get()) >= BROTLI_DECODER_ERROR_ALLOC_BLOCK_TYPE_TREES) {
                    return Error{-ENOMEM};
                }
                return Error{kErrProtocol};
        }
    }
}

}  // namespace

Result<std::string> decompress(Encoding encoding, std::string_view in, size_t max_out) {
    if (in.empty()) return std::string();  // a body-less response (HEAD, 204) may still carry the header
    switch (encoding) {
        case Encoding::kGzip:
        case Encoding::kDeflate: return decompress_zlib(encoding, in, max_out);
        case Encoding::kBrotli: return decompress_brotli(in, max_out);
        case Encoding::kIdentity: break;
    }
    if (in.size() > max_out) return Error{kErrLimit};
    return std::string(in);
}

}  // namespace gust::proto::compress
