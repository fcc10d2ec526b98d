// Global functions and constants of the Swoole API (swoole_*), and Gust's own (Gust\*).
#include "common/module.h"

#include <unistd.h>

#include "gust/base/version.h"

ZEND_DECLARE_MODULE_GLOBALS(gust)

void gust::php::init_globals(zend_gust_globals *globals) {
    globals->use_shortname = true;
    globals->display_errors = true;
    globals->last_error = 0;
}

void gust::php::register_common_functions(int module_number) {
    REGISTER_STRING_CONSTANT("SWOOLE_VERSION", const_cast<char *>(PHP_GUST_SWOOLE_API_VERSION),
                             CONST_CS | CONST_PERSISTENT);
    REGISTER_LONG_CONSTANT("SWOOLE_MAJOR_VERSION", 6, CONST_CS | CONST_PERSISTENT);
    REGISTER_LONG_CONSTANT("SWOOLE_MINOR_VERSION", 0, CONST_CS | CONST_PERSISTENT);
    REGISTER_LONG_CONSTANT("SWOOLE_RELEASE_VERSION", 0, CONST_CS | CONST_PERSISTENT);
    REGISTER_STRING_CONSTANT("GUST_VERSION", const_cast<char *>(PHP_GUST_VERSION), CONST_CS | CONST_PERSISTENT);
}

zend_module_entry *gust::php::module_entry() {
    return static_cast<zend_module_entry *>(zend_hash_str_find_ptr(&module_registry, ZEND_STRL("gust")));
}

ZEND_FUNCTION(swoole_version) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_STRING(PHP_GUST_SWOOLE_API_VERSION);
}

ZEND_FUNCTION(swoole_cpu_num) {
    ZEND_PARSE_PARAMETERS_NONE();
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    RETURN_LONG(n > 0 ? n : 1);
}

ZEND_FUNCTION(Gust_version) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_STRING(gust::version());
}

ZEND_FUNCTION(Gust_build_mode) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_STRING(gust::build_mode());
}
