// Cookies: the Cookie request header read leniently (RFC 6265 §5.4 as browsers
// send it) and the checks the Response API needs before writing Set-Cookie.
// Pure code over bytes; names and values are views into the header.
#pragma once

#include <ctime>
#include <optional>
#include <string>
#include <string_view>

#include "gust/proto/http1.h"

namespace gust::proto::http {

struct Cookie {
    std::string_view name;   // spaces/tabs around it trimmed, never empty
    std::string_view value;  // trimmed, as sent: not URL-decoded, quotes kept
};

// Walks `a=1; b=2`: pairs split on ';', spaces and tabs trimmed around names and
// values, the first '=' splits name from value (later ones belong to the value),
// a pair without '=' is a name with an empty value (as PHP reads
// $_COOKIE), one with an empty name is skipped. Duplicates are all handed
// out, in order; the caller decides which one wins (PHP keeps the first).
class CookieReader {
public:
    explicit CookieReader(std::string_view header) : rest_(header) {}
    // The next cookie into *cookie, or false at the end of the header.
    bool next(Cookie *cookie);

private:
    std::string_view rest_;
};

// Calls fn(name, value) for each cookie of the header, as CookieReader reads them.
template <typename Fn>
void for_each_cookie(std::string_view header, Fn &&fn) {
    CookieReader reader(header);
    Cookie cookie;
    while (reader.next(&cookie)) fn(cookie.name, cookie.value);
}

// A Set-Cookie name must be an RFC 9110 token: non-empty, visible ASCII without
// separators ("()<>@,;:\"/[]?={}", space, tab).
bool valid_cookie_name(std::string_view name);

// A raw (not URL-encoded) Set-Cookie value may hold none of the bytes PHP's
// setrawcookie() refuses — ',', ';', space, tab, CR, LF, VT, FF — nor NUL.
bool valid_cookie_value(std::string_view value);

// What a Set-Cookie line says. The value is written as given: URL-encoding it is the caller's.
struct SetCookie {
    std::string_view name, value, path, domain, same_site, priority;
    long long expires = 0;  // Unix time; 0 or less: a session cookie (no expires, no Max-Age)
    bool secure = false, http_only = false, partitioned = false;
};

// Why format_set_cookie() refused a cookie.
enum class SetCookieError { kBadName, kBadValue, kBadAttribute };

// The Set-Cookie value (after "Set-Cookie: "), as PHP's setcookie() writes it: an empty value
// deletes the cookie ("name=deleted", a date in 1970, Max-Age=0) and keeps path and domain, so
// the deletion matches the cookie it means (RFC 6265 §5.3 step 11). `now` gives Max-Age.
// Refuses a name that is not a token, a value that valid_cookie_value() refuses, and attributes
// holding ",; \t\r\n\v\f" or NUL: a cookie never adds an attribute or splits the header.
std::optional<std::string> format_set_cookie(const SetCookie &cookie, std::time_t now, SetCookieError *error = nullptr);

// "Thu, 01-Jan-1970 00:00:01 GMT": the date form PHP's setcookie() writes.
std::string cookie_date(std::time_t t);

// CR, LF or NUL in a header name or value: see http1.h.
using http1::has_forbidden_header_chars;

}  // namespace gust::proto::http
