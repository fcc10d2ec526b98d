// Character classes of RFC 9110 / RFC 9112, as 256-entry tables for the parsers' hot loops.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace gust::proto::http1 {

namespace detail {
enum : uint8_t { kTchar = 1, kTarget = 2, kField = 4 };

constexpr std::array<uint8_t, 256> make_classes() {
    std::array<uint8_t, 256> t{};
    for (int c = 0; c < 256; ++c) {
        const bool alnum = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        const bool tspecial_ok =
            std::string_view("!#$%&'*+-.^_`|~").find(static_cast<char>(c)) != std::string_view::npos;
        if (c < 128 && (alnum || tspecial_ok)) t[c] |= kTchar;
        if (c > 0x20 && c < 0x7f) t[c] |= kTarget;                             // VCHAR, ASCII only
        if ((c > 0x20 && c != 0x7f) || c == ' ' || c == '\t') t[c] |= kField;  // VCHAR / obs-text / SP / HTAB
    }
    return t;
}
inline constexpr std::array<uint8_t, 256> kClasses = make_classes();
}  // namespace detail

inline bool is_tchar(unsigned char c) { return detail::kClasses[c] & detail::kTchar; }
inline bool is_target_char(unsigned char c) { return detail::kClasses[c] & detail::kTarget; }
inline bool is_field_char(unsigned char c) { return detail::kClasses[c] & detail::kField; }
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
// The value of one hex digit, -1 for any other byte.
inline int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}
inline char to_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

inline std::string_view trim_ows(std::string_view v) {
    while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
    while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
    return v;
}

}  // namespace gust::proto::http1
