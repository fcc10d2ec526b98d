// Cookies: the Cookie request header read leniently (RFC 6265 §5.4 as browsers
// send it) and the checks the Response API needs before writing Set-Cookie.
// Pure code over bytes; names and values are views into the header.
#pragma once

#include <string_view>

#include "gust/proto/http1.h"

namespace gust::proto::http {

struct Cookie {
    std::string_view name;   // spaces/tabs around it trimmed, never empty
    std::string_view value;  // trimmed, as sent: not URL-decoded, quotes kept
};

// Walks `a=1; b=2`: pairs split on ';', spaces and tabs trimmed around names and
// values, the first '=' splits name from value (later ones belong to the value),
// a pair without '=' or with an empty name is skipped. Duplicates are all handed
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

// CR, LF or NUL in a header name or value: see http1.h.
using http1::has_forbidden_header_chars;

}  // namespace gust::proto::http
