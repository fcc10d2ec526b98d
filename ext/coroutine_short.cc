// go(), defer() and Co\run(): registered only under swoole.use_shortname (implemented in coroutine_api.cc).
#include "coroutine.h"

#include "stubs/coroutine_short_arginfo.h"

void register_short_names() { zend_register_functions(nullptr, ext_functions, nullptr, MODULE_PERSISTENT); }

void gust_register_coroutine(int module_number) {
    gust::php::register_coroutine(module_number);
    gust::php::register_channel(module_number);
    gust::php::register_sync(module_number);
}

void gust_register_timer_event(int module_number) {
    gust::php::register_timer(module_number);
    gust::php::register_event(module_number);
}

void gust_coroutine_rshutdown() { gust::php::rshutdown(); }
