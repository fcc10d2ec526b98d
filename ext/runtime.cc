// Swoole\Runtime and the registry of hook areas (see hooks.h).
#include "hooks.h"

#include <vector>

#include "coroutine.h"

namespace gust::php::hooks {
namespace {

std::vector<Area> &areas() {
    static std::vector<Area> list;  // filled by static initializers, before MINIT
    return list;
}

uint32_t g_flags = 0;

}  // namespace

bool register_area(const Area &area) {
    areas().push_back(area);
    return true;
}

uint32_t flags() { return g_flags; }

uint32_t implemented_flags() {
    uint32_t all = 0;
    for (const Area &a : areas()) all |= a.flags;
    return all;
}

void set_flags(uint32_t new_flags) {
    if (new_flags == g_flags) return;
    g_flags = new_flags;
    for (const Area &a : areas()) a.apply(new_flags);
}

void switch_functions(FunctionHook *hooks, size_t count, bool on) {
    for (size_t i = 0; i < count; ++i) {
        FunctionHook &h = hooks[i];
        auto *fn = static_cast<zend_function *>(zend_hash_str_find_ptr(CG(function_table), h.name, strlen(h.name)));
        if (!fn || fn->type != ZEND_INTERNAL_FUNCTION) continue;
        if (!h.original) h.original = fn->internal_function.handler;
        fn->internal_function.handler = on ? h.replacement : h.original;
    }
}

bool in_coroutine() {
    Runtime *rt = runtime_if_any();
    return rt && rt->scheduler->running() != nullptr && current() != nullptr;
}

}  // namespace gust::php::hooks

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
    hooks::set_flags(static_cast<uint32_t>(flags));
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
    hooks::set_flags(static_cast<uint32_t>(flags));
    RETURN_TRUE;
}

#include "stubs/runtime_arginfo.h"

void gust_register_runtime(int module_number) {
    register_class_Swoole_Runtime();
    register_runtime_symbols(module_number);
}

void gust_runtime_rshutdown() {
    // Hooks belong to the request that set them (FPM and CLI alike start each request unhooked).
    hooks::set_flags(0);
}
