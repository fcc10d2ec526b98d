// Swoole\Http\Cookie and the one place a Set-Cookie value is made (checks and format in the core:
// gust/proto/http_cookie.h; URL-encoding here, with PHP's encoder as setcookie() uses).
#include <ctime>

#include "gust/proto/http_cookie.h"
#include "http/cookie.h"
#include "stubs/http_cookie_arginfo.h"
#include "zend/object.h"

extern "C" {
#include "ext/standard/url.h"
}

namespace gust::php::http {

zend_class_entry *ce_cookie = nullptr;

namespace {

using CookieClass = zobj::Class<CookieFields>;
namespace phttp = proto::http;

std::string url_encoded(const std::string &v) {
    zend_string *enc = php_url_encode(v.data(), v.size());
    std::string out(ZSTR_VAL(enc), ZSTR_LEN(enc));
    zend_string_release(enc);
    return out;
}

}  // namespace

std::optional<std::string> set_cookie_value(const CookieFields &c) {
    const std::string value = c.encode && !c.value.empty() ? url_encoded(c.value) : c.value;
    phttp::SetCookie sc;
    sc.name = c.name;
    sc.value = value;
    sc.path = c.path;
    sc.domain = c.domain;
    sc.same_site = c.same_site;
    sc.priority = c.priority;
    sc.expires = c.expires;
    sc.secure = c.secure;
    sc.http_only = c.http_only;
    sc.partitioned = c.partitioned;
    phttp::SetCookieError why{};
    std::optional<std::string> line = phttp::format_set_cookie(sc, time(nullptr), &why);
    if (!line) {
        switch (why) {
            case phttp::SetCookieError::kBadName:
                php_error_docref(nullptr, E_WARNING,
                                 "Cookie name cannot be empty or contain \"=,; \\t\\r\\n\\013\\014\"");
                break;
            case phttp::SetCookieError::kBadValue:
                php_error_docref(nullptr, E_WARNING, "Cookie value cannot contain \",; \\t\\r\\n\\013\\014\"");
                break;
            case phttp::SetCookieError::kBadAttribute:
                php_error_docref(nullptr, E_WARNING,
                                 "Cookie attributes cannot contain \",; \\t\\r\\n\\013\\014\" or NUL");
                break;
        }
    }
    return line;
}

const CookieFields *cookie_fields_of(zend_object *obj) {
    return ce_cookie && instanceof_function(obj->ce, ce_cookie) ? CookieClass::from(obj) : nullptr;
}

void register_cookie_class() {
    ce_cookie = register_class_Swoole_Http_Cookie();
    CookieClass::install(ce_cookie);
}

}  // namespace gust::php::http

using namespace gust::php::http;

namespace {

CookieFields *this_cookie(zval *self) { return CookieClass::from(self); }

// with*() change the cookie and return it, so calls chain (Swoole's objects are mutable too).
// Without an argument the field takes the stub's default (`fallback`).
void set_string(INTERNAL_FUNCTION_PARAMETERS, std::string CookieFields::*field, bool optional,
                const char *fallback = "") {
    zend_string *s = nullptr;
    ZEND_PARSE_PARAMETERS_START(optional ? 0 : 1, 1)
        if (optional) Z_PARAM_OPTIONAL;
        Z_PARAM_STR(s)
    ZEND_PARSE_PARAMETERS_END();
    CookieFields *c = this_cookie(ZEND_THIS);
    if (s) {
        (c->*field).assign(ZSTR_VAL(s), ZSTR_LEN(s));
    } else {
        c->*field = fallback;
    }
    RETURN_OBJ_COPY(Z_OBJ_P(ZEND_THIS));
}

void set_bool(INTERNAL_FUNCTION_PARAMETERS, bool CookieFields::*field) {
    bool b = false;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(b)
    ZEND_PARSE_PARAMETERS_END();
    this_cookie(ZEND_THIS)->*field = b;
    RETURN_OBJ_COPY(Z_OBJ_P(ZEND_THIS));
}

void add_string(zval *arr, const char *key, const std::string &s) { add_assoc_stringl(arr, key, s.data(), s.size()); }

}  // namespace

ZEND_METHOD(Swoole_Http_Cookie, __construct) {
    bool encode = true;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(encode)
    ZEND_PARSE_PARAMETERS_END();
    this_cookie(ZEND_THIS)->encode = encode;
}

ZEND_METHOD(Swoole_Http_Cookie, withName) { set_string(INTERNAL_FUNCTION_PARAM_PASSTHRU, &CookieFields::name, false); }
ZEND_METHOD(Swoole_Http_Cookie, withValue) { set_string(INTERNAL_FUNCTION_PARAM_PASSTHRU, &CookieFields::value, true); }
ZEND_METHOD(Swoole_Http_Cookie, withPath) {
    set_string(INTERNAL_FUNCTION_PARAM_PASSTHRU, &CookieFields::path, true, "/");
}
ZEND_METHOD(Swoole_Http_Cookie, withDomain) {
    set_string(INTERNAL_FUNCTION_PARAM_PASSTHRU, &CookieFields::domain, true);
}
ZEND_METHOD(Swoole_Http_Cookie, withSameSite) {
    set_string(INTERNAL_FUNCTION_PARAM_PASSTHRU, &CookieFields::same_site, true);
}
ZEND_METHOD(Swoole_Http_Cookie, withPriority) {
    set_string(INTERNAL_FUNCTION_PARAM_PASSTHRU, &CookieFields::priority, true);
}
ZEND_METHOD(Swoole_Http_Cookie, withSecure) { set_bool(INTERNAL_FUNCTION_PARAM_PASSTHRU, &CookieFields::secure); }
ZEND_METHOD(Swoole_Http_Cookie, withHttpOnly) { set_bool(INTERNAL_FUNCTION_PARAM_PASSTHRU, &CookieFields::http_only); }
ZEND_METHOD(Swoole_Http_Cookie, withPartitioned) {
    set_bool(INTERNAL_FUNCTION_PARAM_PASSTHRU, &CookieFields::partitioned);
}

ZEND_METHOD(Swoole_Http_Cookie, withExpires) {
    zend_long expires = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(expires)
    ZEND_PARSE_PARAMETERS_END();
    this_cookie(ZEND_THIS)->expires = expires;
    RETURN_OBJ_COPY(Z_OBJ_P(ZEND_THIS));
}

ZEND_METHOD(Swoole_Http_Cookie, toString) {
    ZEND_PARSE_PARAMETERS_NONE();
    std::optional<std::string> line = set_cookie_value(*this_cookie(ZEND_THIS));
    if (!line) RETURN_FALSE;
    RETURN_STRINGL(line->data(), line->size());
}

ZEND_METHOD(Swoole_Http_Cookie, toArray) {
    ZEND_PARSE_PARAMETERS_NONE();
    const CookieFields *c = this_cookie(ZEND_THIS);
    array_init(return_value);
    add_string(return_value, "name", c->name);
    add_string(return_value, "value", c->value);
    add_string(return_value, "path", c->path);
    add_string(return_value, "domain", c->domain);
    add_string(return_value, "sameSite", c->same_site);
    add_string(return_value, "priority", c->priority);
    add_assoc_bool(return_value, "encode", c->encode);
    add_assoc_long(return_value, "expires", c->expires);
    add_assoc_bool(return_value, "secure", c->secure);
    add_assoc_bool(return_value, "httpOnly", c->http_only);
    add_assoc_bool(return_value, "partitioned", c->partitioned);
}

ZEND_METHOD(Swoole_Http_Cookie, reset) {
    ZEND_PARSE_PARAMETERS_NONE();
    CookieFields *c = this_cookie(ZEND_THIS);
    const bool encode = c->encode;  // chosen at construction: reset() clears what with*() set
    *c = CookieFields{};
    c->encode = encode;
}
