// The MIME table of the Swoole API: the core's built-in table (gust/proto/mime.h) with the
// process-wide changes swoole_mime_type_add/set/delete make in front of it.
#include "common/mime.h"

#include <algorithm>
#include <map>
#include <string>

#include "gust/proto/mime.h"
#include "common/module.h"

namespace gust::php {
namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(tolower(c)); });
    return out;
}

// Suffix (lower case) -> type; an empty type hides a built-in entry (deleted).
std::map<std::string, std::string> &changes() {
    static std::map<std::string, std::string> m;
    return m;
}

// The type of one suffix, empty when unknown.
std::string_view type_of_suffix(std::string_view suffix) {
    auto &m = changes();
    auto it = m.find(lower(suffix));
    if (it != m.end()) return it->second;
    return proto::http::mime_type_for_extension(suffix);
}

std::string_view suffix_of(std::string_view filename) { return proto::http::file_extension(filename); }

}  // namespace

std::string_view mime_type_of(std::string_view path) {
    std::string_view t = type_of_suffix(suffix_of(path));
    return t.empty() ? proto::http::kDefaultMimeType : t;
}

}  // namespace gust::php

using gust::php::mime_type_of;

ZEND_FUNCTION(swoole_mime_type_add) {
    zend_string *suffix, *type;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_STR(suffix)
        Z_PARAM_STR(type)
    ZEND_PARSE_PARAMETERS_END();
    std::string_view sfx(ZSTR_VAL(suffix), ZSTR_LEN(suffix));
    if (!gust::php::type_of_suffix(sfx).empty()) RETURN_FALSE;
    gust::php::changes()[gust::php::lower(sfx)] = std::string(ZSTR_VAL(type), ZSTR_LEN(type));
    RETURN_TRUE;
}

ZEND_FUNCTION(swoole_mime_type_set) {
    zend_string *suffix, *type;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_STR(suffix)
        Z_PARAM_STR(type)
    ZEND_PARSE_PARAMETERS_END();
    gust::php::changes()[gust::php::lower(std::string_view(ZSTR_VAL(suffix), ZSTR_LEN(suffix)))] =
        std::string(ZSTR_VAL(type), ZSTR_LEN(type));
}

ZEND_FUNCTION(swoole_mime_type_delete) {
    zend_string *suffix;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(suffix)
    ZEND_PARSE_PARAMETERS_END();
    std::string_view sfx(ZSTR_VAL(suffix), ZSTR_LEN(suffix));
    if (gust::php::type_of_suffix(sfx).empty()) RETURN_FALSE;
    gust::php::changes()[gust::php::lower(sfx)] = std::string();
    RETURN_TRUE;
}

ZEND_FUNCTION(swoole_mime_type_get) {
    zend_string *filename;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(filename)
    ZEND_PARSE_PARAMETERS_END();
    std::string_view t = mime_type_of(std::string_view(ZSTR_VAL(filename), ZSTR_LEN(filename)));
    RETURN_STRINGL(t.data(), t.size());
}

ZEND_FUNCTION(swoole_mime_type_exists) {
    zend_string *filename;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(filename)
    ZEND_PARSE_PARAMETERS_END();
    std::string_view name(ZSTR_VAL(filename), ZSTR_LEN(filename));
    RETURN_BOOL(!gust::php::type_of_suffix(gust::php::suffix_of(name)).empty());
}

ZEND_FUNCTION(swoole_mime_type_list) {
    ZEND_PARSE_PARAMETERS_NONE();
    std::map<std::string, std::string> all;
    for (const auto &e : gust::proto::http::builtin_mime_types()) all[std::string(e.extension)] = std::string(e.type);
    for (const auto &[suffix, type] : gust::php::changes()) {
        if (type.empty()) all.erase(suffix);
        else all[suffix] = type;
    }
    array_init_size(return_value, static_cast<uint32_t>(all.size()));
    for (const auto &entry : all) add_next_index_stringl(return_value, entry.second.data(), entry.second.size());
}
