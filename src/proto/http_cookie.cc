// Cookie header reading and Set-Cookie checks.
#include "gust/proto/http_cookie.h"

#include <time.h>

#include "proto/http1_chars.h"

namespace gust::proto::http {

bool CookieReader::next(Cookie *cookie) {
    while (!rest_.empty()) {
        const size_t semi = rest_.find(';');
        const std::string_view pair = rest_.substr(0, semi);
        rest_ = semi == std::string_view::npos ? std::string_view() : rest_.substr(semi + 1);
        // A pair without '=' is a name with an empty value, as PHP's $_COOKIE and Swoole read it.
        const size_t eq = pair.find('=');
        const std::string_view name = http1::trim_ows(pair.substr(0, eq));
        if (name.empty()) continue;
        cookie->name = name;
        // An empty view into the header (not a null one): callers copy it with memcpy-like calls.
        cookie->value = eq == std::string_view::npos ? pair.substr(pair.size()) : http1::trim_ows(pair.substr(eq + 1));
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

std::string cookie_date(std::time_t t) {
    char buf[64];
    tm g;
    gmtime_r(&t, &g);
    const size_t n = strftime(buf, sizeof buf, "%a, %d-%b-%Y %H:%M:%S GMT", &g);
    return std::string(buf, n);
}

namespace {

bool valid_cookie_attribute(std::string_view attr) { return valid_cookie_value(attr); }

}  // namespace

std::optional<std::string> format_set_cookie(const SetCookie &c, std::time_t now, SetCookieError *error) {
    SetCookieError why;
    if (!valid_cookie_name(c.name)) {
        why = SetCookieError::kBadName;
    } else if (!valid_cookie_value(c.value)) {
        why = SetCookieError::kBadValue;
    } else if (!valid_cookie_attribute(c.path) || !valid_cookie_attribute(c.domain) ||
               !valid_cookie_attribute(c.same_site) || !valid_cookie_attribute(c.priority)) {
        why = SetCookieError::kBadAttribute;
    } else {
        std::string out(c.name);
        out += '=';
        if (c.value.empty()) {
            out += "deleted; expires=" + cookie_date(1) + "; Max-Age=0";
        } else {
            out += c.value;
            if (c.expires > 0) {
                const long long max_age = c.expires - static_cast<long long>(now);
                out += "; expires=" + cookie_date(static_cast<std::time_t>(c.expires)) +
                       "; Max-Age=" + std::to_string(max_age > 0 ? max_age : 0);
            }
        }
        if (!c.path.empty()) out.append("; path=").append(c.path);
        if (!c.domain.empty()) out.append("; domain=").append(c.domain);
        if (c.secure) out += "; secure";
        if (c.http_only) out += "; HttpOnly";
        if (!c.same_site.empty()) out.append("; SameSite=").append(c.same_site);
        if (!c.priority.empty()) out.append("; Priority=").append(c.priority);
        if (c.partitioned) out += "; Partitioned";
        return out;
    }
    if (error) *error = why;
    return std::nullopt;
}

}  // namespace gust::proto::http
