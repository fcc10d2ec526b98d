// The library's class loader. Swoole declares its PHP library in every request; Gust compiles a
// class only when a script first names it: the engine asks its autoloader (zend_autoload) for an
// unknown class, and this loader, placed in front, answers for the library's classes by compiling
// their source (library_sources.h, generated from ext/library/php/ by tools/gen_library.py). A
// request that uses none of them pays nothing; one that does pays one compile per class. Parent
// classes load the same way, when the child's declaration asks for them. User autoloaders are
// asked only for other names, and spl_autoload_functions() does not show this loader.
#include "library/library.h"

#include <cstring>
#include <string>
#include <string_view>

#include "library/library_sources.h"
#include "zend/api.h"

extern "C" {
#include "zend_execute.h"
}

namespace gust::php::library {
namespace {

zend_class_entry *(*g_next_autoload)(zend_string *name, zend_string *lc_name) = nullptr;

const Source *find_source(zend_string *lc_name) {
    const std::string_view wanted(ZSTR_VAL(lc_name), ZSTR_LEN(lc_name));
    for (const Source &s : kSources) {
        if (wanted == s.lc_name) return &s;
    }
    return nullptr;
}

zend_class_entry *library_autoload(zend_string *name, zend_string *lc_name) {
    const Source *source = find_source(lc_name);
    if (!source) return g_next_autoload ? g_next_autoload(name, lc_name) : nullptr;
    // The source declares the class (and nothing else); running it once is enough.
    if (zend_eval_stringl(source->code, source->code_len, nullptr, source->file) != SUCCESS) return nullptr;
    return static_cast<zend_class_entry *>(zend_hash_find_ptr(EG(class_table), lc_name));
}

}  // namespace

bool load_functions(const char *group, const char *probe) {
    if (zend_hash_str_exists(EG(function_table), probe, strlen(probe))) return true;
    const std::string wanted = std::string("functions/") + group;
    for (const Source &s : kSources) {
        if (wanted != s.lc_name) continue;
        // Compiling declares the group's functions; they live until the end of the request.
        return zend_eval_stringl(s.code, s.code_len, nullptr, s.file) == SUCCESS &&
               zend_hash_str_exists(EG(function_table), probe, strlen(probe));
    }
    return false;
}

void register_library_area() {
    if (g_next_autoload || zend_autoload == library_autoload) return;
    g_next_autoload = zend_autoload;
    zend_autoload = library_autoload;
}

}  // namespace gust::php::library
