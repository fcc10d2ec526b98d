// BodyDecoder: a gzip / deflate / br body decoded as it arrives, each step's output handed on from
// one fixed buffer (compress.h).
#include <brotli/decode.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <memory>

#include "gust/proto/compress.h"
#include "proto/compress_internal.h"

namespace gust::proto::compress {

namespace {

constexpr size_t kMaxInPiece = 1u << 30;  // avail_in is a uInt

}  // namespace

struct BodyDecoder::State {
    Encoding encoding = Encoding::kIdentity;
    detail::ZStream zlib;  // gzip and deflate, set up at the first bytes
    std::unique_ptr<BrotliDecoderState, void (*)(BrotliDecoderState *)> brotli{nullptr, &BrotliDecoderDestroyInstance};
    bool started = false;  // zlib: inflateInit2() done (deflate waits for two bytes to know its format)
    bool multi = false;    // gzip: another member may follow the end of one
    bool ended = false;    // the stream (the last member) reached its end
    bool any_input = false;
    std::string held;  // deflate: the first byte, until the second tells zlib format from raw
    Status failed;     // the first error, kept
    uint8_t out[kDecodeChunk];

    Status emit_out(size_t n, Emit emit, void *arg) {
        return n == 0 ? Status() : emit(std::string_view(reinterpret_cast<const char *>(out), n), arg);
    }

    Status start_zlib(std::string_view first) {
        int window_bits = 15 + 32;  // gzip or zlib, by their headers
        if (encoding == Encoding::kDeflate) {
            // RFC 1950 §2.2: CM = 8 and the header's 16-bit value a multiple of 31; else raw deflate.
            const bool zlib_format = first.size() >= 2 && (static_cast<uint8_t>(first[0]) & 0x0f) == 8 &&
                                     (static_cast<uint8_t>(first[0]) >> 4) <= 7 &&
                                     ((static_cast<uint8_t>(first[0]) << 8) | static_cast<uint8_t>(first[1])) % 31 == 0;
            if (!zlib_format) window_bits = -15;
        }
        multi = encoding == Encoding::kGzip;
        const int rc = inflateInit2(&zlib.z, window_bits);
        if (rc != Z_OK) return detail::zlib_error(rc);
        zlib.end = &inflateEnd;
        started = true;
        return {};
    }

    Status feed_zlib(std::string_view in, Emit emit, void *arg) {
        z_stream &z = zlib.z;
        while (!in.empty()) {
            if (ended) {
                if (!multi) return Error{kErrProtocol};  // bytes after the stream
                const int rc = inflateReset(&z);
                if (rc != Z_OK) return detail::zlib_error(rc);
                ended = false;
            }
            const size_t piece = std::min(in.size(), kMaxInPiece);
            z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.data()));
            z.avail_in = static_cast<uInt>(piece);
            in.remove_prefix(piece);
            for (;;) {
                z.next_out = out;
                z.avail_out = static_cast<uInt>(kDecodeChunk);
                const int rc = ::inflate(&z, Z_NO_FLUSH);
                if (Status st = emit_out(kDecodeChunk - z.avail_out, emit, arg); !st.ok()) return st;
                if (rc == Z_STREAM_END) {
                    ended = true;
                    if (z.avail_in == 0) break;
                    if (!multi) return Error{kErrProtocol};
                    const int reset = inflateReset(&z);
                    if (reset != Z_OK) return detail::zlib_error(reset);
                    ended = false;
                    continue;
                }
                if (rc == Z_BUF_ERROR && z.avail_in == 0) break;  // no progress: all consumed
                if (rc != Z_OK) return detail::zlib_error(rc);
                if (z.avail_in == 0 && z.avail_out != 0) break;  // consumed, and all decodable output is out
            }
        }
        return {};
    }

    Status feed_brotli(std::string_view in, Emit emit, void *arg) {
        size_t avail_in = in.size();
        const uint8_t *next_in = reinterpret_cast<const uint8_t *>(in.data());
        for (;;) {
            if (ended) return avail_in == 0 ? Status() : Status(Error{kErrProtocol});  // bytes after the end
            size_t avail_out = kDecodeChunk;
            uint8_t *next_out = out;
            const BrotliDecoderResult r =
                BrotliDecoderDecompressStream(brotli.get(), &avail_in, &next_in, &avail_out, &next_out, nullptr);
            if (Status st = emit_out(kDecodeChunk - avail_out, emit, arg); !st.ok()) return st;
            switch (r) {
                case BROTLI_DECODER_RESULT_SUCCESS: ended = true; continue;
                case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT: continue;
                case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT:
                    if (avail_out == 0) continue;  // it may ask for input before handing out all its output
                    return {};
                case BROTLI_DECODER_RESULT_ERROR:
                    if (BrotliDecoderGetErrorCode(brotli.get()) <= BROTLI_DECODER_ERROR_ALLOC_CONTEXT_MODES &&
                        BrotliDecoderGetErrorCode(brotli.get()) >= BROTLI_DECODER_ERROR_ALLOC_BLOCK_TYPE_TREES) {
                        return Error{-ENOMEM};
                    }
                    return Error{kErrProtocol};
            }
        }
    }

    Status feed(std::string_view in, Emit emit, void *arg) {
        if (in.empty()) return {};
        any_input = true;
        if (encoding == Encoding::kBrotli) return feed_brotli(in, emit, arg);
        if (started) return feed_zlib(in, emit, arg);
        if (encoding == Encoding::kDeflate && held.size() + in.size() < 2) {
            held.append(in);
            return {};
        }
        std::string first;
        if (!held.empty()) {
            first.swap(held);
            first.append(in);
            in = first;
        }
        if (Status st = start_zlib(in); !st.ok()) return st;
        return feed_zlib(in, emit, arg);
    }

    Status finish(Emit emit, void *arg) {
        if (!any_input) return {};
        if (!started && encoding != Encoding::kBrotli) {  // a one-byte deflate body: raw, and surely short
            std::string first;
            first.swap(held);
            if (Status st = start_zlib(first); !st.ok()) return st;
            if (Status st = feed_zlib(first, emit, arg); !st.ok()) return st;
        }
        return ended ? Status() : Status(Error{kErrProtocol});  // truncated
    }
};

BodyDecoder::BodyDecoder(std::unique_ptr<State> state) : state_(std::move(state)) {}
BodyDecoder::BodyDecoder(BodyDecoder &&) noexcept = default;
BodyDecoder &BodyDecoder::operator=(BodyDecoder &&) noexcept = default;
BodyDecoder::~BodyDecoder() = default;

Result<BodyDecoder> BodyDecoder::create(Encoding encoding) {
    if (encoding == Encoding::kIdentity) return Error{kErrInvalid};
    auto state = std::make_unique<State>();
    state->encoding = encoding;
    if (encoding == Encoding::kBrotli) {
        state->brotli.reset(BrotliDecoderCreateInstance(nullptr, nullptr, nullptr));
        if (!state->brotli) return Error{-ENOMEM};
    }
    return BodyDecoder(std::move(state));
}

Status BodyDecoder::feed(std::string_view in, Emit emit, void *arg) {
    State &s = *state_;
    if (!s.failed.ok()) return s.failed;
    Status st = s.feed(in, emit, arg);
    if (!st.ok()) s.failed = st;
    return st;
}

Status BodyDecoder::finish(Emit emit, void *arg) {
    State &s = *state_;
    if (!s.failed.ok()) return s.failed;
    Status st = s.finish(emit, arg);
    if (!st.ok()) s.failed = st;
    return st;
}

}  // namespace gust::proto::compress
