// The second module entry, "swoole": what frameworks, Composer and Swoole's own tests look for
// (extension_loaded('swoole'), phpversion('swoole'), ReflectionExtension('swoole'),
// get_extension_funcs('swoole')). Gust loads as extension=gust and registers this entry from its
// MINIT; the Swoole API (swoole_* functions, Swoole\ classes, their constants) is registered while
// it is the current module, so it belongs to "swoole", and Gust's own API stays with "gust".
#include "common/module.h"

#include <climits>
#include <string>
#include <string_view>

#include "gust/base/version.h"

#include "stubs/functions_arginfo.h"

namespace {

PHP_MINFO_FUNCTION(swoole) {
    php_info_print_table_start();
    php_info_print_table_row(2, "Swoole API", "implemented by Gust");
    php_info_print_table_row(2, "Version", PHP_GUST_SWOOLE_API_VERSION);
    php_info_print_table_row(2, "Gust version", gust::version());
    php_info_print_table_end();
}

zend_module_entry g_swoole_entry = {
    STANDARD_MODULE_HEADER,
    "swoole",
    ext_functions,
    nullptr,
    nullptr,
    nullptr,
    nullptr,
    PHP_MINFO(swoole),
    PHP_GUST_SWOOLE_API_VERSION,
    STANDARD_MODULE_PROPERTIES,
};

zend_module_entry *g_swoole = nullptr;

}  // namespace

zend_module_entry *gust::php::register_swoole_module(int type) {
    // Every extension is registered before any MINIT runs, so a loaded Swoole is visible here
    // whatever the order of the extension= lines.
    if (zend_hash_str_exists(&module_registry, ZEND_STRL("swoole"))) {
        zend_error(E_CORE_WARNING,
                   "Gust implements the Swoole API and cannot be loaded together with the swoole extension: "
                   "load either extension=gust or extension=swoole");
        return nullptr;
    }
    // A dl()-loaded Gust is unloaded at the end of the request: the entry (in gust.so) goes with it.
    g_swoole_entry.type = type;
    g_swoole_entry.module_number = zend_next_free_module();
    g_swoole = zend_register_module_ex(&g_swoole_entry);
    if (!g_swoole || zend_startup_module_ex(g_swoole) != SUCCESS) return nullptr;
    return g_swoole;
}

zend_module_entry *gust::php::swoole_module() { return g_swoole; }

void gust::php::register_common_functions(int module_number) {
    register_functions_symbols(module_number);  // SWOOLE_VERSION, ... (functions.stub.php)
    // Read by Swoole's library and test suite: whether the short names exist.
    REGISTER_BOOL_CONSTANT("SWOOLE_USE_SHORTNAME", GUST_G(use_shortname), CONST_CS | CONST_PERSISTENT);
}

void gust::php::register_short_class(const char *short_name, zend_class_entry *ce) {
    if (!GUST_G(use_shortname)) return;
    zend_register_class_alias_ex(short_name, strlen(short_name), ce, true);
}

void gust::php::register_co_short_name(zend_class_entry *ce) {
    static constexpr std::string_view kLong = "Swoole\\Coroutine\\";
    std::string_view name(ZSTR_VAL(ce->name), ZSTR_LEN(ce->name));
    if (name.substr(0, kLong.size()) != kLong) return;
    std::string alias = "Co\\" + std::string(name.substr(kLong.size()));
    register_short_class(alias.c_str(), ce);
}
