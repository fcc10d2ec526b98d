// Swoole\Http\Cookie (Swoole 6): a cookie built with with*() calls, handed to Response::cookie()
// instead of ten arguments. Both write Set-Cookie through set_cookie_value(), so one cookie gives
// one line whichever way it was described.
#pragma once

#include <optional>
#include <string>

#include "zend/api.h"

namespace gust::php::http {

struct CookieFields {
    std::string name, value, path, domain, same_site, priority;
    zend_long expires = 0;
    bool secure = false, http_only = false, partitioned = false;
    bool encode = true;  // URL-encode the value (Response::cookie()); false: raw (rawcookie())
};

// The Set-Cookie value for c, or nullopt after a warning naming what is wrong.
std::optional<std::string> set_cookie_value(const CookieFields &c);

// The fields of a Swoole\Http\Cookie object, or nullptr when obj is another class.
const CookieFields *cookie_fields_of(zend_object *obj);

extern zend_class_entry *ce_cookie;
void register_cookie_class();  // MINIT, before Response (whose cookie() takes a Cookie)

}  // namespace gust::php::http
