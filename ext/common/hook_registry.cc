// The registry of hook areas (see hook_registry.h).
#include "common/hook_registry.h"

#include <cstdio>
#include <vector>

namespace gust::php::hooks {
namespace {

std::vector<Area> &areas() {
    static std::vector<Area> list;  // filled by static initializers, before MINIT
    return list;
}

uint32_t g_flags = 0;
bool g_flags_chosen = false;

// Every SWOOLE_HOOK_* bit by name, defined as a constant or not (for warnings and phpinfo()).
struct FlagName {
    uint32_t flag;
    const char *name;
};
constexpr FlagName kFlagNames[] = {
    {kTcp, "SWOOLE_HOOK_TCP"},
    {kUdp, "SWOOLE_HOOK_UDP"},
    {kUnix, "SWOOLE_HOOK_UNIX"},
    {kUdg, "SWOOLE_HOOK_UDG"},
    {kSsl, "SWOOLE_HOOK_SSL"},
    {kTls, "SWOOLE_HOOK_TLS"},
    {kStreamFunction, "SWOOLE_HOOK_STREAM_FUNCTION"},
    {kFile, "SWOOLE_HOOK_FILE"},
    {kSleep, "SWOOLE_HOOK_SLEEP"},
    {kProc, "SWOOLE_HOOK_PROC"},
    {kCurl, "SWOOLE_HOOK_CURL"},
    {kNativeCurl, "SWOOLE_HOOK_NATIVE_CURL"},
    {kBlockingFunction, "SWOOLE_HOOK_BLOCKING_FUNCTION"},
    {kSockets, "SWOOLE_HOOK_SOCKETS"},
    {kStdio, "SWOOLE_HOOK_STDIO"},
    {kPdoPgsql, "SWOOLE_HOOK_PDO_PGSQL"},
    {kPdoOdbc, "SWOOLE_HOOK_PDO_ODBC"},
    {kPdoOracle, "SWOOLE_HOOK_PDO_ORACLE"},
    {kPdoSqlite, "SWOOLE_HOOK_PDO_SQLITE"},
};

std::string flag_names(uint32_t bits) {
    std::string out;
    for (const FlagName &f : kFlagNames) {
        if (!(bits & f.flag)) continue;
        if (!out.empty()) out += ", ";
        out += f.name;
        bits &= ~f.flag;
    }
    if (bits != 0) {
        char unknown[48];
        snprintf(unknown, sizeof unknown, "%sunknown bits 0x%x", out.empty() ? "" : ", ", bits);
        out += unknown;
    }
    return out;
}

}  // namespace

bool register_area(const Area &area) {
    areas().push_back(area);
    return true;
}

uint32_t flags() { return g_flags; }

bool flags_chosen() { return g_flags_chosen; }
void set_flags_chosen(bool chosen) { g_flags_chosen = chosen; }

uint32_t implemented_flags() {
    uint32_t all = 0;
    for (const Area &a : areas()) all |= a.flags;
    return all;
}

void set_flags(uint32_t new_flags) {
    new_flags &= implemented_flags();
    if (new_flags == g_flags) return;
    g_flags = new_flags;
    for (const Area &a : areas()) a.apply(new_flags);
}

void warn_unimplemented(uint32_t requested) {
    uint32_t missing = requested & ~implemented_flags();
    if ((requested & kAll) == kAll) missing &= ~kAll;
    if (missing == 0) return;
    std::string names = flag_names(missing);
    php_error_docref(nullptr, E_WARNING, "%s: no such hook in Gust, ignored (docs/php-hooks.md lists the hooks)",
                     names.c_str());
}

std::string describe_areas() {
    std::string out;
    for (const Area &a : areas()) {
        if (!out.empty()) out += "; ";
        out += a.name;
        out += " (" + flag_names(a.flags) + ")";
    }
    return out;
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
