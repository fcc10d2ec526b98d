// MINIT of the coroutine area: its classes, and the short names (go(), defer(), Co\run(), Co\go(),
// Co\defer(), Co, Co\Channel, chan, ...)
// registered only under swoole.use_shortname. The short functions are implemented in coroutine_api.cc.
#include "coroutine/coroutine.h"

#include "stubs/coroutine_short_arginfo.h"

void gust::php::register_coroutine_area(int module_number) {
    zend_class_entry *coroutine = register_coroutine(module_number);
    register_channel(module_number);
    register_sync(module_number);
    register_system(module_number);
    register_scheduler(module_number);
    install_autoload_guard();
    if (!GUST_G(use_shortname)) return;
    zend_register_class_alias("Co", coroutine);
    zend_register_functions(nullptr, ext_functions, nullptr, MODULE_PERSISTENT);
    // Co\X for each Swoole\Coroutine\X of this area; chan (and Chan: class names ignore case).
    for (const char *name : {"swoole\\coroutine\\channel", "swoole\\coroutine\\system", "swoole\\coroutine\\waitgroup",
                             "swoole\\coroutine\\barrier", "swoole\\coroutine\\context", "swoole\\coroutine\\iterator",
                             "swoole\\coroutine\\canceledexception", "swoole\\coroutine\\scheduler"}) {
        auto *ce = static_cast<zend_class_entry *>(zend_hash_str_find_ptr(CG(class_table), name, strlen(name)));
        if (ce) register_co_short_name(ce);
    }
    auto *channel = static_cast<zend_class_entry *>(
        zend_hash_str_find_ptr(CG(class_table), ZEND_STRL("swoole\\coroutine\\channel")));
    if (channel) register_short_class("chan", channel);
}
