// Reading an options array (Server::set(), Client::set(), Co::set()): a value of the wanted type
// under a key, or a default when the key is absent (or the array is nullptr). Values are
// converted the way PHP converts them (zval_get_long(), zend_is_true(), ...).
#pragma once

#include <cstring>
#include <string>
#include <vector>

#include "zend/api.h"

namespace gust::php::opt {

inline zval *find(HashTable *ht, const char *key) {
    return ht ? zend_hash_str_find_deref(ht, key, strlen(key)) : nullptr;
}

// set() of a server or client: an empty package_eof can never end a package, and Swoole makes it
// a fatal error at once rather than a connection that never delivers.
inline void refuse_empty_package_eof(HashTable *settings) {
    zval *v = find(settings, "package_eof");
    if (v && Z_TYPE_P(v) == IS_STRING && Z_STRLEN_P(v) == 0) {
        php_error_docref(nullptr, E_ERROR, "package_eof cannot be an empty string");
    }
}

inline zend_long long_of(HashTable *ht, const char *key, zend_long dflt) {
    zval *v = find(ht, key);
    return v ? zval_get_long(v) : dflt;
}

inline double double_of(HashTable *ht, const char *key, double dflt) {
    zval *v = find(ht, key);
    return v ? zval_get_double(v) : dflt;
}

inline bool bool_of(HashTable *ht, const char *key, bool dflt) {
    zval *v = find(ht, key);
    return v ? zend_is_true(v) : dflt;
}

inline std::string string_of(HashTable *ht, const char *key, const std::string &dflt) {
    zval *v = find(ht, key);
    if (!v) return dflt;
    zend_string *s = zval_get_string(v);
    std::string out(ZSTR_VAL(s), ZSTR_LEN(s));
    zend_string_release(s);
    return out;
}

// A list of strings: an array's values, or a single value as a list of one.
inline std::vector<std::string> strings_of(HashTable *ht, const char *key) {
    std::vector<std::string> out;
    zval *v = find(ht, key);
    if (!v) return out;
    if (Z_TYPE_P(v) != IS_ARRAY) {
        out.push_back(string_of(ht, key, ""));
        return out;
    }
    zval *item;
    ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), item) {
        zend_string *str = zval_get_string(item);
        out.emplace_back(ZSTR_VAL(str), ZSTR_LEN(str));
        zend_string_release(str);
    }
    ZEND_HASH_FOREACH_END();
    return out;
}

}  // namespace gust::php::opt
