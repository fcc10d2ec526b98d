// Swoole\Runtime: switches the hook areas by SWOOLE_HOOK_* flag (the registry: runtime/hook_registry.h).
#include "hooks/hooks.h"

#include "ext/standard/info.h"

namespace hooks = gust::php::hooks;

ZEND_METHOD(Swoole_Runtime, enableCoroutine) {
    zval *enable = nullptr;
    zend_long flags = hooks::kAll;
    ZEND_PARSE_PARAMETERS_START(0, 2)
        Z_PARAM_OPTIONAL
        Z_PARAM_ZVAL(enable)
        Z_PARAM_LONG(flags)
    ZEND_PARSE_PARAMETERS_END();
    // enableCoroutine(int $flags) or enableCoroutine(bool $enable, int $flags), as Swoole accepts both.
    if (enable && Z_TYPE_P(enable) == IS_LONG) {
        flags = Z_LVAL_P(enable);
    } else if (enable && !zend_is_true(enable)) {
        flags = 0;
    }
    hooks::warn_unimplemented(static_cast<uint32_t>(flags));
    hooks::set_flags(static_cast<uint32_t>(flags));
    hooks::set_flags_chosen(true);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Runtime, getHookFlags) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_LONG(hooks::flags());
}

ZEND_METHOD(Swoole_Runtime, setHookFlags) {
    zend_long flags;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(flags)
    ZEND_PARSE_PARAMETERS_END();
    hooks::warn_unimplemented(static_cast<uint32_t>(flags));
    hooks::set_flags(static_cast<uint32_t>(flags));
    hooks::set_flags_chosen(true);
    RETURN_TRUE;
}

#include "stubs/runtime_arginfo.h"

void gust::php::hooks::register_runtime_class(int module_number) {
    register_class_Swoole_Runtime();
    register_runtime_symbols(module_number);
    // Defined only where the native curl hook is built (libcurl's headers present), as Swoole
    // defines it only when built with curl support: code testing defined() is told the truth.
    if (implemented_flags() & kNativeCurl)
        REGISTER_LONG_CONSTANT("SWOOLE_HOOK_NATIVE_CURL", kNativeCurl, CONST_CS | CONST_PERSISTENT);
    pdo_sqlite_minit();
    async_file_minit();
    proc_minit(module_number);
    fork_guard_minit();
}

void gust::php::hooks::print_info() { php_info_print_table_row(2, "Runtime hooks", hooks::describe_areas().c_str()); }

void gust::php::hooks::rshutdown() {
    // Hooks belong to the request that set them (FPM and CLI alike start each request unhooked).
    hooks::set_flags(0);
    hooks::set_flags_chosen(false);
}
