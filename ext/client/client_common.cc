// Shared by the HTTP/1 and HTTP/2 coroutine clients (see client_common.h).
#include "client/client_common.h"

#include <cstring>

#include "gust/base/error.h"
#include "gust/proto/compress.h"
#include "gust/proto/http1.h"

extern "C" {
#include "ext/standard/url.h"
}

namespace gust::php::client_common {

std::string string_setting(HashTable *ht, const char *key) {
    zval *v = zend_hash_str_find(ht, key, strlen(key));
    if (!v || Z_TYPE_P(v) == IS_NULL) return {};
    zend_string *str = zval_get_string(v);
    std::string out(ZSTR_VAL(str), ZSTR_LEN(str));
    zend_string_release(str);
    return out;
}

bool bool_setting(HashTable *ht, const char *key, bool dflt) {
    zval *v = zend_hash_str_find(ht, key, strlen(key));
    return v ? zend_is_true(v) : dflt;
}

Nanos nanos_setting(HashTable *ht, const char *key, Nanos dflt) {
    zval *v = zend_hash_str_find(ht, key, strlen(key));
    if (!v) return dflt;
    double d = zval_get_double(v);
    return d <= 0 ? -1 : seconds_to_nanos(d);
}

void read_tls_settings(HashTable *ht, net::TlsConfig &t, std::string &ssl_host_name) {
    t.verify_peer = bool_setting(ht, "ssl_verify_peer", t.verify_peer);
    t.allow_self_signed = bool_setting(ht, "ssl_allow_self_signed", t.allow_self_signed);
    if (zval *v = zend_hash_str_find(ht, ZEND_STRL("ssl_verify_depth")))
        t.verify_depth = static_cast<int>(zval_get_long(v));
    t.cafile = string_setting(ht, "ssl_cafile");
    t.capath = string_setting(ht, "ssl_capath");
    t.cert_file = string_setting(ht, "ssl_cert_file");
    t.key_file = string_setting(ht, "ssl_key_file");
    t.passphrase = string_setting(ht, "ssl_passphrase");
    t.ciphers = string_setting(ht, "ssl_ciphers");
    if (zval *v = zend_hash_str_find(ht, ZEND_STRL("ssl_protocols"))) t.protocols = static_cast<int>(zval_get_long(v));
    ssl_host_name = string_setting(ht, "ssl_host_name");
}

bool urlencode_array(zval *arr, std::string &out) {
    zval fn, ret;
    ZVAL_STRING(&fn, "http_build_query");
    bool ok = call_user_function(nullptr, nullptr, &fn, &ret, 1, arr) == SUCCESS && Z_TYPE(ret) == IS_STRING;
    if (ok) out.assign(Z_STRVAL(ret), Z_STRLEN(ret));
    zval_ptr_dtor(&ret);
    zval_ptr_dtor(&fn);
    return ok;
}

proto::compress::Encoding content_coding(std::string_view coding) {
    using proto::compress::Encoding;
    using proto::http1::equals_ignore_case;
    if (equals_ignore_case(coding, "gzip") || equals_ignore_case(coding, "x-gzip")) return Encoding::kGzip;
    if (equals_ignore_case(coding, "deflate")) return Encoding::kDeflate;
    if (equals_ignore_case(coding, "br")) return Encoding::kBrotli;
    return Encoding::kIdentity;
}

proto::compress::Encoding content_coding(const std::vector<std::pair<std::string, std::string>> &headers) {
    std::string_view coding;
    for (const auto &[name, value] : headers) {
        if (proto::http1::equals_ignore_case(name, "content-encoding")) coding = value;
    }
    return content_coding(coding);
}

int decode_content(std::string_view coding, std::string &body, size_t max_body) {
    const proto::compress::Encoding e = content_coding(coding);
    if (e == proto::compress::Encoding::kIdentity) return 0;
    auto r = proto::compress::decompress(e, body, max_body);
    if (!r.ok()) return r.code() == kErrLimit ? EMSGSIZE : EPROTO;
    body = std::move(r.value());
    return 0;
}

void add_cookie(zval *cookies, std::string_view set_cookie) {
    std::string_view pair = set_cookie.substr(0, set_cookie.find(';'));
    size_t eq = pair.find('=');
    if (eq == std::string_view::npos || eq == 0) return;
    std::string_view name = pair.substr(0, eq), value = pair.substr(eq + 1);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    zend_string *v = zend_string_init(value.data(), value.size(), 0);
    ZSTR_LEN(v) = php_url_decode(ZSTR_VAL(v), ZSTR_LEN(v));
    add_assoc_str_ex(cookies, name.data(), name.size(), v);
}

}  // namespace gust::php::client_common
