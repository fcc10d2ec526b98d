// RESP (the Redis serialization protocol) requests as a server reads them: a multibulk array of
// bulk strings (`*2\r\n$3\r\nGET\r\n$1\r\nk\r\n`, what every client library sends) or an inline
// command (`GET k\r\n`, what a person types into telnet), as redis-server accepts both.
// Pure code over bytes: no I/O, nothing kept between calls, so it runs in reactor threads.
//
// scan_command() tells where the first command of a stream ends (the server's framing); the
// worker then parses that package with parse_command(). Both refuse the same inputs with
// redis-server's "Protocol error: ..." sentences, which the server sends back before closing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gust/mem/slice.h"

namespace gust::proto::resp {

// redis-server's limits: an inline line or a multibulk/bulk header line may be this long.
constexpr size_t kMaxInlineLength = 64 * 1024;
// The most elements one multibulk request may have (redis-server: 1024 * 1024).
constexpr int64_t kMaxElements = 1024 * 1024;

struct Scan {
    enum Status : uint8_t { kNeedMore, kComplete, kError };
    Status status = kNeedMore;
    size_t length = 0;            // kComplete: the command's bytes, from the start of the data
    const char *error = nullptr;  // kError: "Protocol error: ..." (static text)
};

// Where the first command in `data` ends. A bulk string longer than `max_bulk` is an error as
// soon as its header line is seen (no waiting for bytes that will be refused anyway).
Scan scan_command(mem::Slice data, size_t max_bulk);

// One element of a parsed request: a bulk string (or an inline word), a null bulk (`$-1`) or an
// integer (`:5`) — the last two are never sent by clients but accepted as Swoole accepts them.
struct Arg {
    enum Kind : uint8_t { kString, kNull, kInteger };
    Kind kind = kString;
    std::string_view text;  // kString: a view into the parsed data
    int64_t integer = 0;    // kInteger
};

// Parses one whole command (the bytes scan_command() delimited). On success `args` holds its
// elements (the command name first; empty for a blank inline line, which redis ignores) and
// nullptr is returned; else the "Protocol error: ..." sentence (also for trailing bytes).
// The texts view `data`, except inline words decoded from quotes, which view a per-thread buffer
// valid until the next call.
// `max_bulk` as for scan_command(), so both refuse a bulk past the limit with the same words.
const char *parse_command(mem::Slice data, std::vector<Arg> *args, size_t max_bulk = SIZE_MAX);

// Reply encoders (RESP2), appending to `out`.
void append_status(std::string *out, std::string_view text);  // +text\r\n
void append_error(std::string *out, std::string_view text);   // -text\r\n
void append_integer(std::string *out, int64_t value);         // :value\r\n
void append_bulk(std::string *out, std::string_view value);   // $len\r\nvalue\r\n
void append_nil(std::string *out);                            // $-1\r\n
void append_array_header(std::string *out, size_t count);     // *count\r\n

}  // namespace gust::proto::resp
