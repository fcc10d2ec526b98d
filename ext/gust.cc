// Module entry of the Gust extension: ini settings, lifecycle and phpinfo.
#include "php_gust.h"

#include "gust/base/version.h"

ZEND_DECLARE_MODULE_GLOBALS(gust)

PHP_INI_BEGIN()
    STD_PHP_INI_BOOLEAN("swoole.use_shortname", "1", PHP_INI_SYSTEM, OnUpdateBool, use_shortname, zend_gust_globals,
                        gust_globals)
    STD_PHP_INI_BOOLEAN("swoole.display_errors", "1", PHP_INI_ALL, OnUpdateBool, display_errors, zend_gust_globals,
                        gust_globals)
PHP_INI_END()

static void gust_init_globals(zend_gust_globals *globals) {
    globals->use_shortname = true;
    globals->display_errors = true;
    globals->last_error = 0;
}

static PHP_MINIT_FUNCTION(gust) {
    ZEND_INIT_MODULE_GLOBALS(gust, gust_init_globals, nullptr);
    REGISTER_INI_ENTRIES();
    gust_register_functions_constants(module_number);
    gust_register_coroutine(module_number);
    gust_register_timer_event(module_number);
    gust_register_system(module_number);
    gust_register_runtime(module_number);
    gust_register_server(module_number);
    gust_register_http_server();
    gust_register_websocket(module_number);
    gust_register_http_client();
    gust_register_process(module_number);
    return SUCCESS;
}

static PHP_RSHUTDOWN_FUNCTION(gust) {
    gust_coroutine_rshutdown();
    gust_server_task_rshutdown();
    gust_runtime_rshutdown();
    GUST_G(last_error) = 0;
    return SUCCESS;
}

static PHP_MSHUTDOWN_FUNCTION(gust) {
    UNREGISTER_INI_ENTRIES();
    return SUCCESS;
}

static PHP_MINFO_FUNCTION(gust) {
    php_info_print_table_start();
    php_info_print_table_row(2, "Gust support", "enabled");
    php_info_print_table_row(2, "Version", gust::version());
    php_info_print_table_row(2, "Swoole API version", PHP_GUST_SWOOLE_API_VERSION);
    php_info_print_table_row(2, "Build mode", gust::build_mode());
    php_info_print_table_row(2, "Features", gust::features());
    php_info_print_table_end();
    DISPLAY_INI_ENTRIES();
}

#include "stubs/functions_arginfo.h"

zend_module_entry gust_module_entry = {
    STANDARD_MODULE_HEADER,
    "gust",
    ext_functions,
    PHP_MINIT(gust),
    PHP_MSHUTDOWN(gust),
    nullptr,
    PHP_RSHUTDOWN(gust),
    PHP_MINFO(gust),
    PHP_GUST_VERSION,
    STANDARD_MODULE_PROPERTIES,
};

extern "C" {
ZEND_GET_MODULE(gust)
}
