// Streaming compression of HTTP bodies: gzip and zlib-format deflate through zlib, br through brotli.
#include <brotli/encode.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <climits>

#include "gust/proto/compress.h"
#include "proto/compress_internal.h"

namespace gust::proto::compress {

namespace detail {

namespace {
constexpr size_t kOutChunk = 16 * 1024;
constexpr size_t kMaxInPiece = 1u << 30;  // avail_in is a uInt
}  // namespace

Error zlib_error(int rc) {
    switch (rc) {
        case Z_MEM_ERROR: return Error{-ENOMEM};
        case Z_DATA_ERROR:
        case Z_NEED_DICT:
        case Z_BUF_ERROR: return Error{kErrProtocol};
        default: return Error{kErrInvalid};
    }
}

Status deflate_into(z_stream &z, std::string_view in, std::string &out, int flush) {
    do {
        const size_t piece = std::min(in.size(), kMaxInPiece);
        const int mode = piece == in.size() ? flush : Z_NO_FLUSH;
        z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.data()));
        z.avail_in = static_cast<uInt>(piece);
        in.remove_prefix(piece);
        for (;;) {
            // Use the capacity the string already has (resize() grows it geometrically), but zero-fill
            // no more than the output could need.
            const size_t size = out.size();
            const size_t bound = deflateBound(&z, z.avail_in);
            const size_t room = std::min<size_t>(std::max(kOutChunk, std::min(out.capacity() - size, bound)), UINT_MAX);
            out.resize(size + room);
            z.next_out = reinterpret_cast<Bytef *>(out.data() + size);
            z.avail_out = static_cast<uInt>(room);
            const int rc = ::deflate(&z, mode);
            out.resize(size + room - z.avail_out);
            if (rc == Z_STREAM_END) break;
            if (rc != Z_OK && rc != Z_BUF_ERROR) return zlib_error(rc);
            // Room left over means zlib consumed the input and released all it would for `mode`.
            if (mode != Z_FINISH && z.avail_in == 0 && z.avail_out != 0) break;
        }
    } while (!in.empty());
    return {};
}

}  // namespace detail

struct Compressor::State {
    Encoding encoding;
    detail::ZStream zs;
    BrotliEncoderState *br = nullptr;
    bool finished = false;
    int failed = 0;

    ~State() {
        if (br != nullptr) BrotliEncoderDestroyInstance(br);
    }

    Status brotli(std::string_view in, BrotliEncoderOperation op, std::string &out) {
        size_t avail_in = in.size();
        const uint8_t *next_in = reinterpret_cast<const uint8_t *>(in.data());
        // The encoder keeps its output (avail_out = 0) for BrotliEncoderTakeOutput; a flush or finish
        // is complete only when a call leaves no input and no output behind.
        for (;;) {
            size_t avail_out = 0;
            if (!BrotliEncoderCompressStream(br, op, &avail_in, &next_in, &avail_out, nullptr, nullptr)) {
                return Error{kErrInvalid};
            }
            const bool done = op == BROTLI_OPERATION_FINISH ? BrotliEncoderIsFinished(br)
                                                            : avail_in == 0 && !BrotliEncoderHasMoreOutput(br);
            while (BrotliEncoderHasMoreOutput(br)) {
                size_t n = 0;
                const uint8_t *bytes = BrotliEncoderTakeOutput(br, &n);
                out.append(reinterpret_cast<const char *>(bytes), n);
            }
            if (done) return {};
        }
    }

    Status run(std::string_view in, std::string &out, int zflush, BrotliEncoderOperation op) {
        if (failed != 0) return Error{failed};
        if (finished) return Error{kErrInvalid};
        Status st = br != nullptr ? brotli(in, op, out) : detail::deflate_into(zs.z, in, out, zflush);
        if (!st.ok()) failed = st.code();
        return st;
    }
};

Compressor::Compressor(Encoding encoding, std::unique_ptr<State> state)
    : encoding_(encoding), state_(std::move(state)) {}
Compressor::Compressor(Compressor &&) noexcept = default;
Compressor &Compressor::operator=(Compressor &&) noexcept = default;
Compressor::~Compressor() = default;

Result<Compressor> Compressor::create(Encoding encoding, int level) {
    auto state = std::make_unique<State>();
    state->encoding = encoding;
    switch (encoding) {
        case Encoding::kGzip:
        case Encoding::kDeflate: {
            const int window_bits = encoding == Encoding::kGzip ? 15 + 16 : 15;
            const int rc =
                deflateInit2(&state->zs.z, zlib_level(level), Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
            if (rc != Z_OK) return detail::zlib_error(rc);
            state->zs.end = &deflateEnd;
            break;
        }
        case Encoding::kBrotli:
            state->br = BrotliEncoderCreateInstance(nullptr, nullptr, nullptr);
            if (state->br == nullptr) return Error{-ENOMEM};
            BrotliEncoderSetParameter(state->br, BROTLI_PARAM_QUALITY, static_cast<uint32_t>(brotli_quality(level)));
            BrotliEncoderSetParameter(state->br, BROTLI_PARAM_LGWIN, 18);
            break;
        case Encoding::kIdentity: return Error{kErrInvalid};
    }
    return Compressor(encoding, std::move(state));
}

Status Compressor::write(std::string_view in, std::string &out, Flush flush) {
    const bool sync = flush == Flush::kSync;
    return state_->run(in, out, sync ? Z_SYNC_FLUSH : Z_NO_FLUSH,
                       sync ? BROTLI_OPERATION_FLUSH : BROTLI_OPERATION_PROCESS);
}

Status Compressor::finish(std::string &out) {
    Status st = state_->run({}, out, Z_FINISH, BROTLI_OPERATION_FINISH);
    if (st.ok()) state_->finished = true;
    return st;
}

Result<std::string> compress(Encoding encoding, int level, std::string_view in) {
    auto c = Compressor::create(encoding, level);
    if (!c.ok()) return c.error();
    std::string out;
    Status st = c->write(in, out);
    if (st.ok()) st = c->finish(out);
    if (!st.ok()) return st.error();
    out.shrink_to_fit();
    return out;
}

}  // namespace gust::proto::compress
