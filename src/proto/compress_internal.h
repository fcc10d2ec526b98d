// Helpers shared by the compress_*.cc files (private to the proto layer).
#pragma once

#include <zlib.h>

#include <string>
#include <string_view>

#include "gust/base/result.h"

namespace gust::proto::compress::detail {

// A z_stream that ends itself: `end` is inflateEnd or deflateEnd once the stream is initialised.
struct ZStream {
    z_stream z{};
    int (*end)(z_streamp) = nullptr;
    ZStream() = default;
    ZStream(const ZStream &) = delete;
    ZStream &operator=(const ZStream &) = delete;
    ~ZStream() {
        if (end != nullptr) end(&z);
    }
};

// Runs deflate() over all of `in` with `flush` (Z_NO_FLUSH, Z_SYNC_FLUSH, Z_FINISH), appending
// the output to `out`. With Z_NO_FLUSH only what zlib releases is appended.
Status deflate_into(z_stream &z, std::string_view in, std::string &out, int flush);

// Called by inflate_bounded() when a deflate stream ends with input left over (or not): answers
// whether to go on decoding the rest (after resetting `z`) or an error. `rest` is the input after
// the stream's end.
using StreamEndFn = Status (*)(z_stream &z, std::string_view rest, void *arg);

// Runs inflate() over all of `in`, appending to `out` while out.size() stays within `limit`:
// kErrLimit as soon as one more byte would pass it (never written), kErrProtocol on corrupt data.
// The capacity of `out` is never grown past max(limit, its old capacity). Without on_end, a
// stream end with input left over is kErrProtocol.
Status inflate_bounded(z_stream &z, std::string_view in, std::string &out, size_t limit, StreamEndFn on_end, void *arg);

// The error a zlib return code stands for (Z_MEM_ERROR → -ENOMEM, data errors → kErrProtocol).
Error zlib_error(int rc);

}  // namespace gust::proto::compress::detail
