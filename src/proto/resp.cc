// RESP requests (see gust/proto/resp.h). scan_command() and parse_command() share one walk over
// the bytes, so the framing and the parser can never disagree on where a command ends.
#include "gust/proto/resp.h"

#include <charconv>
#include <cstring>

namespace gust::proto::resp {
namespace {

constexpr size_t kMaxBulkLength = 512 * 1024 * 1024;  // redis-server's proto-max-bulk-len default

// A strict decimal: optional '-', then digits only (no '+', no spaces), as redis reads lengths.
bool parse_int(std::string_view s, int64_t *out) {
    if (s.empty() || s.size() > 19) return false;
    const char *b = s.data(), *e = s.data() + s.size();
    if (*b == '+') return false;
    auto [ptr, ec] = std::from_chars(b, e, *out);
    return ec == std::errc() && ptr == e;
}

// The header line starting at `pos` (after its type byte), without its CRLF. Returns false when
// the CRLF has not arrived; *too_long when it cannot arrive within the line limit.
bool header_line(mem::Slice data, size_t pos, std::string_view *line, size_t *next, bool *too_long) {
    const size_t limit = std::min(data.size(), pos + kMaxInlineLength + 2);
    const void *cr = memchr(data.data() + pos, '\r', limit > pos ? limit - pos : 0);
    if (!cr) {
        *too_long = data.size() - pos > kMaxInlineLength;
        return false;
    }
    const size_t at = static_cast<size_t>(static_cast<const char *>(cr) - data.data());
    if (at + 1 >= data.size()) return false;  // the '\n' is still to come
    *line = std::string_view(data.data() + pos, at - pos);
    *next = at + 2;
    *too_long = data[at + 1] != '\n';  // a CR inside a header line: not a line we can read
    return true;
}

Scan fail(const char *why) { return Scan{Scan::kError, 0, why}; }

Scan walk_multibulk(mem::Slice data, size_t max_bulk, std::vector<Arg> *args) {
    std::string_view line;
    size_t pos = 0;
    bool bad = false;
    if (!header_line(data, 1, &line, &pos, &bad)) {
        return bad ? fail("Protocol error: too big mbulk count string") : Scan{};
    }
    int64_t count = 0;
    if (bad || !parse_int(line, &count) || count > kMaxElements) {
        return fail("Protocol error: invalid multibulk length");
    }
    for (int64_t i = 0; i < count; ++i) {
        if (pos >= data.size()) return Scan{};
        const char type = data[pos];
        if (type != '$' && type != ':') return fail("Protocol error: expected '$', got something else");
        if (!header_line(data, pos + 1, &line, &pos, &bad)) {
            return bad ? fail("Protocol error: too big bulk count string") : Scan{};
        }
        int64_t n = 0;
        if (bad || !parse_int(line, &n)) {
            return fail(type == '$' ? "Protocol error: invalid bulk length" : "Protocol error: invalid integer");
        }
        if (type == ':') {
            if (args) args->push_back(Arg{Arg::kInteger, {}, n});
            continue;
        }
        if (n == -1) {
            if (args) args->push_back(Arg{Arg::kNull, {}, 0});
            continue;
        }
        if (n < 0 || static_cast<uint64_t>(n) > kMaxBulkLength || static_cast<uint64_t>(n) > max_bulk) {
            return fail("Protocol error: invalid bulk length");
        }
        const size_t len = static_cast<size_t>(n);
        if (data.size() - pos < len + 2) return Scan{};
        if (data[pos + len] != '\r' || data[pos + len + 1] != '\n') {
            return fail("Protocol error: bulk string not terminated by CRLF");
        }
        if (args) args->push_back(Arg{Arg::kString, std::string_view(data.data() + pos, len), 0});
        pos += len + 2;
    }
    return Scan{Scan::kComplete, pos, nullptr};
}

Scan scan_inline(mem::Slice data) {
    const void *nl = memchr(data.data(), '\n', std::min(data.size(), kMaxInlineLength + 1));
    if (!nl) {
        return data.size() > kMaxInlineLength ? fail("Protocol error: too big inline request") : Scan{};
    }
    return Scan{Scan::kComplete, static_cast<size_t>(static_cast<const char *>(nl) - data.data()) + 1, nullptr};
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Splits an inline line into words the way redis-server does: blanks separate words, "double
// quotes" take \n \r \t \b \a \\ \" \xHH escapes, 'single quotes' take \' only, and a closing
// quote must be followed by a blank. Unescaped words are views into the line; words with escapes
// are decoded into `storage` (stable: reserved up front, so views into it stay valid).
const char *split_inline(std::string_view line, std::vector<Arg> *args, std::string *storage) {
    storage->clear();
    storage->reserve(line.size());
    size_t i = 0;
    const size_t n = line.size();
    auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; };
    while (true) {
        while (i < n && blank(line[i])) ++i;
        if (i >= n) return nullptr;
        const char quote = line[i] == '"' || line[i] == '\'' ? line[i] : 0;
        if (!quote) {
            const size_t start = i;
            while (i < n && !blank(line[i])) ++i;
            args->push_back(Arg{Arg::kString, line.substr(start, i - start), 0});
            continue;
        }
        ++i;
        const size_t start = storage->size();
        bool closed = false;
        while (i < n) {
            char c = line[i];
            if (c == quote) {
                closed = true;
                ++i;
                break;
            }
            if (c == '\\' && i + 1 < n) {
                const char e = line[i + 1];
                if (quote == '\'') {
                    if (e == '\'') {
                        c = '\'';
                        ++i;
                    }
                } else if (e == 'x' && i + 3 < n && hex_digit(line[i + 2]) >= 0 && hex_digit(line[i + 3]) >= 0) {
                    c = static_cast<char>(hex_digit(line[i + 2]) * 16 + hex_digit(line[i + 3]));
                    i += 3;
                } else {
                    switch (e) {
                        case 'n': c = '\n'; break;
                        case 'r': c = '\r'; break;
                        case 't': c = '\t'; break;
                        case 'b': c = '\b'; break;
                        case 'a': c = '\a'; break;
                        default: c = e; break;
                    }
                    ++i;
                }
            }
            storage->push_back(c);
            ++i;
        }
        if (!closed || (i < n && !blank(line[i]))) return "Protocol error: unbalanced quotes in request";
        args->push_back(Arg{Arg::kString, std::string_view(storage->data() + start, storage->size() - start), 0});
    }
}

}  // namespace

Scan scan_command(mem::Slice data, size_t max_bulk) {
    if (data.empty()) return Scan{};
    if (data[0] == '*') return walk_multibulk(data, max_bulk, nullptr);
    return scan_inline(data);
}

const char *parse_command(mem::Slice data, std::vector<Arg> *args, size_t max_bulk) {
    thread_local std::string inline_storage;
    args->clear();
    if (data.empty()) return "Protocol error: empty request";
    if (data[0] == '*') {
        const Scan s = walk_multibulk(data, max_bulk, args);
        if (s.status == Scan::kError) return s.error;
        if (s.status == Scan::kNeedMore) return "Protocol error: incomplete request";
        if (s.length != data.size()) return "Protocol error: bytes after the request";
        return nullptr;
    }
    const Scan s = scan_inline(data);
    if (s.status == Scan::kError) return s.error;
    if (s.status == Scan::kNeedMore) return "Protocol error: incomplete request";
    if (s.length != data.size()) return "Protocol error: bytes after the request";
    return split_inline(data.view(), args, &inline_storage);
}

void append_status(std::string *out, std::string_view text) {
    out->push_back('+');
    out->append(text);
    out->append("\r\n");
}

void append_error(std::string *out, std::string_view text) {
    out->push_back('-');
    out->append(text);
    out->append("\r\n");
}

void append_integer(std::string *out, int64_t value) {
    out->push_back(':');
    out->append(std::to_string(value));
    out->append("\r\n");
}

void append_bulk(std::string *out, std::string_view value) {
    out->push_back('$');
    out->append(std::to_string(value.size()));
    out->append("\r\n");
    out->append(value);
    out->append("\r\n");
}

void append_nil(std::string *out) { out->append("$-1\r\n"); }

void append_array_header(std::string *out, size_t count) {
    out->push_back('*');
    out->append(std::to_string(count));
    out->append("\r\n");
}

}  // namespace gust::proto::resp
