// Swoole-style stream framing: EOF and length-field splitters.
#include "gust/proto/framing.h"

#include <algorithm>

#include <bit>
#include <cstring>

#include "gust/base/error.h"

namespace gust::proto::framing {

std::optional<Mode> mode_from_flags(bool open_eof_check, bool open_eof_split, bool open_length_check,
                                    bool has_length_func) {
    if (open_eof_split) return Mode::kEofSplit;
    if (open_eof_check) return Mode::kEofCheck;
    if (has_length_func) return Mode::kLengthFunc;
    if (open_length_check) return Mode::kLength;
    return std::nullopt;
}

std::optional<LengthField> length_field(char code) {
    constexpr bool host_big = std::endian::native == std::endian::big;
    switch (code) {
        case 'c': return LengthField{1, true, false};
        case 'C': return LengthField{1, false, false};
        case 's': return LengthField{2, true, host_big};
        case 'S': return LengthField{2, false, host_big};
        case 'n': return LengthField{2, false, true};
        case 'v': return LengthField{2, false, false};
        case 'l': return LengthField{4, true, host_big};
        case 'L': return LengthField{4, false, host_big};
        case 'N': return LengthField{4, false, true};
        case 'V': return LengthField{4, false, false};
        default: return std::nullopt;
    }
}

int64_t read_length(const char *data, const LengthField &field) {
    const auto *p = reinterpret_cast<const uint8_t *>(data);
    uint32_t v = 0;
    for (size_t i = 0; i < field.size; i++) {
        const uint8_t b = field.big_endian ? p[i] : p[field.size - 1 - i];
        v = (v << 8) | b;
    }
    if (!field.is_signed) return v;
    const unsigned bits = field.size * 8u;
    if (bits < 32 && (v & (1u << (bits - 1)))) return static_cast<int64_t>(v) - (int64_t{1} << bits);
    if (bits == 32) return static_cast<int32_t>(v);
    return v;
}

const char *Framing::invalid_reason(const Options &o) {
    if (o.max_length == 0) return "package_max_length must be positive";
    switch (o.mode) {
        case Mode::kEofCheck:
        case Mode::kEofSplit:
            if (o.eof.empty()) return "package_eof must not be empty";
            if (o.eof.size() > kMaxEofLength) return "package_eof must be at most 8 bytes";
            if (o.eof.size() > o.max_length) return "package_eof is longer than package_max_length";
            return nullptr;
        case Mode::kLength: {
            const auto field = length_field(o.length_type);
            if (!field) return "package_length_type must be one of c C s S n N l L v V";
            if (uint64_t{o.length_offset} + field->size > o.max_length) {
                return "package_length_offset puts the length field beyond package_max_length";
            }
            return nullptr;
        }
        case Mode::kLengthFunc:
            if (!o.length_func) return "package_length_func is not set";
            return nullptr;
        case Mode::kHttp:
            if (o.http_max_head < 64) return "the HTTP header size limit must be at least 64 bytes";
            return nullptr;
        case Mode::kMqtt: return nullptr;
    }
    return "unknown framing mode";
}

Result<Framing> Framing::create(Options options) {
    if (invalid_reason(options) != nullptr) return Error{kErrInvalid};
    LengthField field;
    if (options.mode == Mode::kLength) field = *length_field(options.length_type);
    return Framing(std::move(options), field);
}

uint64_t Framing::max_package() const {
    const Options &o = options_;
    if (o.mode != Mode::kHttp) return o.max_length;
    // A WebSocket frame's header (at most 14 bytes) is well within the head's allowance.
    return uint64_t{o.http_max_head} + 2 * uint64_t{std::max(o.max_length, o.http_max_upload)} + kChunkedFramingSlack;
}

Splitter::Step Splitter::next(mem::Slice buffer) {
    if (failed_ != 0) return Step{failed_, {}, 0};
    switch (framing_->options().mode) {
        case Mode::kEofCheck: return eof_check(buffer);
        case Mode::kEofSplit: return eof_split(buffer);
        case Mode::kLength: return length(buffer);
        case Mode::kLengthFunc: return length_func(buffer);
        case Mode::kHttp: return http(buffer);
        case Mode::kMqtt: return mqtt(buffer);
    }
    return fail(-kErrInvalid, "unknown framing mode");
}

Splitter::Step Splitter::ready(mem::Slice buffer, size_t n) {
    scanned_ = 0;
    expected_ = 0;
    return Step{kReady, buffer.sub(0, n), n};
}

Splitter::Step Splitter::fail(int code, const char *reason) {
    failed_ = code;
    reason_ = reason;
    scanned_ = 0;
    expected_ = 0;
    return Step{code, {}, 0};
}

// Swoole looks only at the end of what was received: a buffer ending with the eof is
// handed over whole, however many packages it holds. Beyond package_max_length the
// longest prefix within the limit that ends with the eof goes; without one, the error.
Splitter::Step Splitter::eof_check(mem::Slice buffer) {
    const std::string &eof = framing_->options().eof;
    const size_t max = framing_->options().max_length;
    const size_t n = buffer.size(), e = eof.size();
    if (n <= max) {
        if (n >= e && std::memcmp(buffer.data() + n - e, eof.data(), e) == 0) return ready(buffer, n);
        return Step{};
    }
    for (size_t end = max; end >= e; end--) {
        if (std::memcmp(buffer.data() + end - e, eof.data(), e) == 0) return ready(buffer, end);
    }
    return fail(-kErrLimit, "no package_eof within package_max_length bytes");
}

// Each package ends at the first eof; the search resumes where the last one stopped
// (minus eof-1 bytes, in case an eof straddles the old end).
Splitter::Step Splitter::eof_split(mem::Slice buffer) {
    const std::string &eof = framing_->options().eof;
    const size_t max = framing_->options().max_length;
    const size_t n = buffer.size(), e = eof.size();
    const size_t limit = n < max ? n : max;  // an eof must end within package_max_length
    if (scanned_ < limit) {
        const void *hit = memmem(buffer.data() + scanned_, limit - scanned_, eof.data(), e);
        if (hit != nullptr) {
            const size_t at = static_cast<const char *>(hit) - buffer.data();
            return ready(buffer, at + e);
        }
    }
    if (n > max) return fail(-kErrLimit, "no package_eof within package_max_length bytes");
    scanned_ = limit >= e ? limit - e + 1 : 0;
    return Step{};
}

Splitter::Step Splitter::length(mem::Slice buffer) {
    const Options &o = framing_->options();
    const LengthField &field = framing_->field();
    const size_t n = buffer.size();
    if (expected_ == 0) {
        const size_t header = size_t{o.length_offset} + field.size;
        if (n < header) return Step{};
        const int64_t value = read_length(buffer.data() + o.length_offset, field);
        if (value < 0) return fail(-kErrProtocol, "negative package length");
        const uint64_t total = uint64_t{o.body_offset} + static_cast<uint64_t>(value);
        if (total > o.max_length) return fail(-kErrLimit, "package longer than package_max_length");
        if (total < header) return fail(-kErrProtocol, "package length shorter than its length field");
        expected_ = static_cast<size_t>(total);
    }
    if (n >= expected_) return ready(buffer, expected_);
    return Step{};
}

Splitter::Step Splitter::length_func(mem::Slice buffer) {
    const Options &o = framing_->options();
    const size_t n = buffer.size();
    if (expected_ == 0) {
        if (n == 0) return Step{};
        // A package fits in max_length bytes, so the function never sees more: its answer
        // then depends on the stream, not on how much of it one read brought.
        const mem::Slice seen = buffer.sub(0, o.max_length);
        const int64_t total = o.length_func(seen);
        if (total < 0) return fail(-kErrProtocol, "package_length_func refused the data");
        if (total == 0) {
            if (seen.size() >= o.max_length) {
                return fail(-kErrLimit, "no package length within package_max_length bytes");
            }
            return Step{};
        }
        if (static_cast<uint64_t>(total) > o.max_length) {
            return fail(-kErrLimit, "package longer than package_max_length");
        }
        expected_ = static_cast<size_t>(total);
    }
    if (n >= expected_) return ready(buffer, expected_);
    return Step{};
}

// MQTT (3.1.1 §2.2, 5.0 §2.1): a control packet is its first byte, the Remaining Length (a variable
// byte integer of one to four bytes, seven bits each, least significant first, the high bit
// saying another follows) and that many bytes.
Splitter::Step Splitter::mqtt(mem::Slice buffer) {
    const Options &o = framing_->options();
    const size_t n = buffer.size();
    if (expected_ == 0) {
        const auto *p = reinterpret_cast<const uint8_t *>(buffer.data());
        uint64_t remaining = 0;
        size_t i = 1;
        for (;; ++i) {
            if (i > 4) return fail(-kErrProtocol, "MQTT Remaining Length longer than four bytes");
            if (n <= i) return Step{};
            remaining |= uint64_t{p[i] & 0x7fu} << (7 * (i - 1));
            if ((p[i] & 0x80u) == 0) break;
        }
        const uint64_t total = i + 1 + remaining;
        if (total > o.max_length) return fail(-kErrLimit, "package longer than package_max_length");
        expected_ = static_cast<size_t>(total);
    }
    if (n >= expected_) return ready(buffer, expected_);
    return Step{};
}

}  // namespace gust::proto::framing
