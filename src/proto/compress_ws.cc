// permessage-deflate (RFC 7692): raw deflate per WebSocket message, with or without context takeover.
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

#include "gust/proto/compress.h"
#include "proto/compress_internal.h"

namespace gust::proto::compress {

namespace {
constexpr char kTail[4] = {0x00, 0x00, static_cast<char>(0xff), static_cast<char>(0xff)};
constexpr int kZlibMemLevel = 8;

// What an Inflater and a Deflater hold: the stream, the mode, the error that failed it.
struct MessageStream : detail::ZStream {
    bool context_takeover = true;
    int failed = 0;

    // The end of one call: after a whole message without context takeover, `reset` (inflateReset
    // or deflateReset) forgets the window; on error the stream fails for good and `out` gets back
    // its old size.
    Status end_call(Status st, bool message_end, int (*reset)(z_streamp), std::string &out, size_t old_size) {
        if (st.ok() && message_end && !context_takeover) {
            const int rc = reset(&z);
            if (rc != Z_OK) st = detail::zlib_error(rc);
        }
        if (!st.ok()) {
            failed = st.code();
            out.resize(old_size);
        }
        return st;
    }
};

}  // namespace

struct Inflater::State : MessageStream {};

Inflater::Inflater(std::unique_ptr<State> state) : state_(std::move(state)) {}
Inflater::Inflater(Inflater &&) noexcept = default;
Inflater &Inflater::operator=(Inflater &&) noexcept = default;
Inflater::~Inflater() = default;

Result<Inflater> Inflater::create(int window_bits, bool context_takeover) {
    if (window_bits < 8 || window_bits > 15) return Error{kErrInvalid};
    auto state = std::make_unique<State>();
    state->context_takeover = context_takeover;
    const int rc = inflateInit2(&state->z, -std::max(window_bits, 9));
    if (rc != Z_OK) return detail::zlib_error(rc);
    state->end = &inflateEnd;
    return Inflater(std::move(state));
}

namespace {

// A final block (BFINAL) ended the deflate stream: start a new one for what follows (at least the
// caller's tail), keeping the window when the context is taken over.
Status restart_after_final_block(z_stream &z, std::string_view rest, void *arg) {
    std::string window;
    if (*static_cast<bool *>(arg)) {
        uInt n = 0;
        window.resize(32 * 1024);
        if (inflateGetDictionary(&z, reinterpret_cast<Bytef *>(window.data()), &n) != Z_OK) return Error{kErrInvalid};
        window.resize(n);
    }
    int rc = inflateReset(&z);
    if (rc == Z_OK && !window.empty()) {
        rc = inflateSetDictionary(&z, reinterpret_cast<const Bytef *>(window.data()), static_cast<uInt>(window.size()));
    }
    // What is left is only the tail the caller appended to the message (RFC 7692 §7.2.2): it ends a
    // sync flush, which a message ending in a final block has no use for, and read as the start of
    // a new stream it would be a stored block's header announcing bytes that never come.
    if (rc == Z_OK && rest.size() == sizeof kTail && std::memcmp(rest.data(), kTail, sizeof kTail) == 0) {
        z.next_in += z.avail_in;
        z.avail_in = 0;
    }
    return rc == Z_OK ? Status() : Status(detail::zlib_error(rc));
}

}  // namespace

Status Inflater::inflate(std::string_view in, std::string &out, size_t max_out, bool message_end) {
    State &s = *state_;
    if (s.failed != 0) return Error{s.failed};
    const size_t old_size = out.size();
    const size_t limit = max_out > SIZE_MAX - old_size ? SIZE_MAX : old_size + max_out;
    Status st = detail::inflate_bounded(s.z, in, out, limit, &restart_after_final_block, &s.context_takeover);
    return s.end_call(st, message_end, &inflateReset, out, old_size);
}

struct Deflater::State : MessageStream {};

Deflater::Deflater(std::unique_ptr<State> state) : state_(std::move(state)) {}
Deflater::Deflater(Deflater &&) noexcept = default;
Deflater &Deflater::operator=(Deflater &&) noexcept = default;
Deflater::~Deflater() = default;

Result<Deflater> Deflater::create(int level, int window_bits, bool context_takeover) {
    if (window_bits < 9 || window_bits > 15) return Error{kErrInvalid};
    auto state = std::make_unique<State>();
    state->context_takeover = context_takeover;
    const int rc =
        deflateInit2(&state->z, zlib_level(level), Z_DEFLATED, -window_bits, kZlibMemLevel, Z_DEFAULT_STRATEGY);
    if (rc != Z_OK) return detail::zlib_error(rc);
    state->end = &deflateEnd;
    return Deflater(std::move(state));
}

Status Deflater::deflate(std::string_view in, std::string &out) {
    State &s = *state_;
    if (s.failed != 0) return Error{s.failed};
    // §7.2.3.6: an empty message is one byte, the start of the empty stored block the tail ends
    // (zlib would emit nothing when no input came since its last flush).
    if (in.empty()) {
        out.push_back('\0');
        return {};
    }
    const size_t old_size = out.size();
    Status st = detail::deflate_into(s.z, in, out, Z_SYNC_FLUSH);
    // A sync flush ends with an empty stored block, 0x00 0x00 0xff 0xff after its header bits.
    if (st.ok() && (out.size() < old_size + sizeof kTail ||
                    std::memcmp(out.data() + out.size() - sizeof kTail, kTail, sizeof kTail) != 0)) {
        st = Error{kErrInvalid};
    }
    if (st.ok()) out.resize(out.size() - sizeof kTail);
    return s.end_call(st, true, &deflateReset, out, old_size);
}

}  // namespace gust::proto::compress
