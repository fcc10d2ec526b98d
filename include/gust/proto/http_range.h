// The Range request header (RFC 9110 §14.1.2) over a representation of a known size, for the
// static file handler. Pure code over bytes.
#pragma once

#include <sys/types.h>

#include <string_view>
#include <vector>

namespace gust::proto::http {

struct ByteRange {
    off_t first = 0;
    off_t last = 0;  // inclusive
};

// At most this many ranges are honoured; more (a classic amplification: many overlapping ranges
// of one big file) and the header is ignored, so the whole file is sent once.
inline constexpr size_t kMaxByteRanges = 16;

// 1: *out holds the satisfiable ranges (in the order asked, each clamped to the size).
// 0: the header is to be ignored (another unit than "bytes", or too many ranges): answer 200.
// -1: a bytes range set that is malformed or has no satisfiable range: answer 416.
int parse_byte_ranges(std::string_view value, off_t size, std::vector<ByteRange> *out);

}  // namespace gust::proto::http
