// MINIT of the coroutine area: its classes, and the short names (go(), defer(), Co\run(), Co)
// registered only under swoole.use_shortname. The short functions are implemented in coroutine_api.cc.
#include "coroutine/coroutine.h"

#include "stubs/coroutine_short_arginfo.h"

void gust::php::register_coroutine_area(int module_number) {
    zend_class_entry *coroutine = register_coroutine(module_number);
    register_channel(module_number);
    register_sync(module_number);
    register_system(module_number);
    if (GUST_G(use_shortname)) {
        zend_register_class_alias("Co", coroutine);
        zend_register_functions(nullptr, ext_functions, nullptr, MODULE_PERSISTENT);
    }
}
