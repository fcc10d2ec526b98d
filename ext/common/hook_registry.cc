// The registry of hook areas (see hook_registry.h).
#include "common/hook_registry.h"

#include <vector>

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

}  // namespace gust::php::hooks
