// FastCGI records (see gust/proto/fastcgi.h).
#include "gust/proto/fastcgi.h"

#include <cstring>

namespace gust::proto::fcgi {
namespace {

void put_u16(std::string *out, uint16_t v) {
    out->push_back(static_cast<char>(v >> 8));
    out->push_back(static_cast<char>(v & 0xff));
}

void put_length(std::string *out, size_t n) {
    if (n < 128) {
        out->push_back(static_cast<char>(n));
        return;
    }
    const uint32_t v = static_cast<uint32_t>(n) | 0x80000000u;
    out->push_back(static_cast<char>(v >> 24));
    out->push_back(static_cast<char>((v >> 16) & 0xff));
    out->push_back(static_cast<char>((v >> 8) & 0xff));
    out->push_back(static_cast<char>(v & 0xff));
}

uint8_t byte(const std::string_view s, size_t i) { return static_cast<uint8_t>(s[i]); }

bool get_length(std::string_view s, size_t *pos, size_t *n) {
    if (*pos >= s.size()) return false;
    if (byte(s, *pos) < 128) {
        *n = byte(s, (*pos)++);
        return true;
    }
    if (s.size() - *pos < 4) return false;
    *n = (static_cast<size_t>(byte(s, *pos) & 0x7f) << 24) | (static_cast<size_t>(byte(s, *pos + 1)) << 16) |
         (static_cast<size_t>(byte(s, *pos + 2)) << 8) | byte(s, *pos + 3);
    *pos += 4;
    return true;
}

}  // namespace

void append_record(std::string *out, RecordType type, uint16_t request_id, std::string_view content) {
    const size_t n = content.size() < kMaxContentLength ? content.size() : kMaxContentLength;
    const uint8_t padding = static_cast<uint8_t>((8 - n % 8) % 8);
    out->push_back(static_cast<char>(kVersion));
    out->push_back(static_cast<char>(type));
    put_u16(out, request_id);
    put_u16(out, static_cast<uint16_t>(n));
    out->push_back(static_cast<char>(padding));
    out->push_back('\0');
    out->append(content.data(), n);
    out->append(padding, '\0');
}

void append_stream(std::string *out, RecordType type, uint16_t request_id, std::string_view data) {
    // Records of a multiple of 8 bytes need no padding: 65528 per full record.
    constexpr size_t kChunk = kMaxContentLength - kMaxContentLength % 8;
    for (size_t at = 0; at < data.size(); at += kChunk) append_record(out, type, request_id, data.substr(at, kChunk));
    append_record(out, type, request_id, {});
}

void append_begin_request(std::string *out, uint16_t request_id, Role role, bool keep_connection) {
    char body[8] = {static_cast<char>(role >> 8), static_cast<char>(role & 0xff), keep_connection ? '\1' : '\0'};
    append_record(out, kBeginRequest, request_id, std::string_view(body, sizeof(body)));
}

void append_name_value(std::string *out, std::string_view name, std::string_view value) {
    put_length(out, name.size());
    put_length(out, value.size());
    out->append(name);
    out->append(value);
}

std::string encode_request(uint16_t request_id, const std::vector<std::pair<std::string, std::string>> &params,
                           std::string_view body, bool keep_connection) {
    std::string pairs;
    for (const auto &[name, value] : params) append_name_value(&pairs, name, value);
    std::string out;
    out.reserve(pairs.size() + body.size() + 64 + 16 * (1 + (pairs.size() + body.size()) / kMaxContentLength));
    append_begin_request(&out, request_id, kResponder, keep_connection);
    append_stream(&out, kParams, request_id, pairs);
    append_stream(&out, kStdin, request_id, body);
    return out;
}

bool parse_name_values(std::string_view body, std::vector<std::pair<std::string, std::string>> *out) {
    size_t pos = 0;
    while (pos < body.size()) {
        size_t nl = 0, vl = 0;
        if (!get_length(body, &pos, &nl) || !get_length(body, &pos, &vl)) return false;
        if (body.size() - pos < nl || body.size() - pos - nl < vl) return false;
        out->emplace_back(std::string(body.substr(pos, nl)), std::string(body.substr(pos + nl, vl)));
        pos += nl + vl;
    }
    return true;
}

ResponseReader::Status ResponseReader::feed(mem::Slice data) {
    if (status_ == kError) return status_;
    if (status_ == kDone) return data.empty() ? status_ : fail("bytes after the end of the request");
    pending_.append(data.data(), data.size());
    size_t pos = 0;
    while (pending_.size() - pos >= kHeaderLength) {
        const std::string_view h(pending_.data() + pos, kHeaderLength);
        if (byte(h, 0) != kVersion) return fail("a record of an unknown FastCGI version");
        const uint8_t type = byte(h, 1);
        const uint16_t id = static_cast<uint16_t>(byte(h, 2) << 8 | byte(h, 3));
        const size_t length = static_cast<size_t>(byte(h, 4) << 8 | byte(h, 5));
        const size_t total = kHeaderLength + length + byte(h, 6);
        if (pending_.size() - pos < total) break;
        const std::string_view content(pending_.data() + pos + kHeaderLength, length);
        pos += total;
        if (id != id_) continue;  // not ours (management records have id 0)
        if (type == kStdout || type == kStderr) {
            if (out_.size() + err_.size() + length > max_output_) return fail("the response is longer than allowed");
            (type == kStdout ? out_ : err_).append(content);
        } else if (type == kEndRequest) {
            if (length < 5) return fail("a short END_REQUEST record");
            app_status_ = static_cast<uint32_t>(byte(content, 0)) << 24 |
                          static_cast<uint32_t>(byte(content, 1)) << 16 | static_cast<uint32_t>(byte(content, 2)) << 8 |
                          byte(content, 3);
            protocol_status_ = byte(content, 4);
            status_ = kDone;
            if (pos != pending_.size()) return fail("bytes after the end of the request");
            pending_.clear();
            return status_;
        }
        // Anything else a client need not act on (GET_VALUES_RESULT, UNKNOWN_TYPE) is skipped.
    }
    pending_.erase(0, pos);
    return status_;
}

}  // namespace gust::proto::fcgi
