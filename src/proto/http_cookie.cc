// Cookie header reading and Set-Cookie checks.
#include "gust/proto/http_cookie.h"

#include "proto/http1_chars.h"

namespace gust::proto::http {

bool CookieReader::next(Cookie *cookie) {
    while (!rest_.empty()) {
        const size_t semi = rest_.find(';');
        const std::string_view pair = rest_.substr(0, semi);
        rest_ = semi == std::string_view::npos ? std::string_view() : rest_.substr(semi + 1);
        const size_t eq = pair.find('=');
        if (eq == std::string_view::npos) continue;
        const std::string_view name = http1::trim_ows(pair.substr(0, eq));
        if (name.empty()) continue;
        cookie->name = name;
        cookie->value = http1::trim_ows(pair.substr(eq + 1));
        return true;
    }
    return false;
}

bool valid_cookie_name(std::string_view name) {
    if (name.empty()) return false;
    for (char c : name) {
        if (!http1::is_tchar(static_cast<unsigned char>(c))) return false;
    }
    return true;
}

bool valid_cookie_value(std::string_view value) {
    return value.find_first_of(std::string_view(",; \t\r\n\v\f\0", 10)) == std::string_view::npos;
}

}  // namespace gust::proto::http
