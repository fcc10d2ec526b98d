// The registry of runtime hooks: the SWOOLE_HOOK_* flags and the hook areas that serve them.
// Each hook area (sleep, stream sockets, files, ...) lives in ext/hooks/ and registers itself at
// load time; whoever changes the flags (Swoole\Runtime, Co::set(), Co\run(), a server's
// hook_flags) calls set_flags() here and never names an area. Hooked code behaves exactly as the
// original outside coroutines, so a hook may stay on across requests.
#pragma once

#include "common/module.h"

#include <cstdint>
#include <string>

namespace gust::php::hooks {

// Swoole's SWOOLE_HOOK_* values.
enum Flag : uint32_t {
    kTcp = 1u << 1,
    kUdp = 1u << 2,
    kUnix = 1u << 3,
    kUdg = 1u << 4,
    kSsl = 1u << 5,
    kTls = 1u << 6,
    kStreamFunction = 1u << 7,
    kFile = 1u << 8,
    kSleep = 1u << 9,
    kProc = 1u << 10,
    kCurl = 1u << 11,
    kNativeCurl = 1u << 12,
    kBlockingFunction = 1u << 13,
    kSockets = 1u << 14,
    kStdio = 1u << 15,
    kPdoPgsql = 1u << 16,
    kPdoOdbc = 1u << 17,
    kPdoOracle = 1u << 18,
    kPdoSqlite = 1u << 19,
    kAll = 0x7fffffffu ^ kCurl,
};

// One hook area: `apply` is called with the full new flag set whenever it changes.
struct Area {
    const char *name;
    uint32_t flags;  // the flags this area serves (reported in docs and phpinfo)
    void (*apply)(uint32_t flags);
};

// Called from a static initializer in each hook_*.cc (see GUST_HOOK_AREA).
bool register_area(const Area &area);

// The flags in effect: only ever flags some area implements (getHookFlags() reports them).
uint32_t flags();
// Applies `flags & implemented_flags()`: a flag no area serves is dropped, never reported as on.
void set_flags(uint32_t flags);
// Whether the request chose its flags with Runtime::enableCoroutine()/setHookFlags(): Co\run then
// keeps them rather than hooking everything (as Swoole does). Cleared at request end.
bool flags_chosen();
void set_flags_chosen(bool chosen);
// Flags that some area actually implements.
uint32_t implemented_flags();
// SWOOLE_HOOK_ALL as Gust defines it: every implemented flag of Swoole's HOOK_ALL.
inline uint32_t all_flags() { return kAll & implemented_flags(); }
// For flags a user asked for (Runtime::enableCoroutine/setHookFlags, Co::set): an E_WARNING
// naming each requested flag no area implements. Swoole's full HOOK_ALL value asks for
// "everything there is" and does not warn for the flags it holds.
void warn_unimplemented(uint32_t requested);
// "stream sockets (SWOOLE_HOOK_TCP, ...); sleep (SWOOLE_HOOK_SLEEP); ..." for phpinfo().
std::string describe_areas();

// An internal function whose handler a hook replaces while its flag is on.
struct FunctionHook {
    const char *name;
    zif_handler replacement;
    zif_handler original = nullptr;  // filled on first use; also the fallback outside coroutines
};
// Swaps each named function's handler to `replacement` (on) or back (off). Functions that do not
// exist (extension not loaded) are skipped.
void switch_functions(FunctionHook *hooks, size_t count, bool on);

}  // namespace gust::php::hooks

#define GUST_HOOK_AREA(ident, name, flags, apply) \
    static const bool ident = ::gust::php::hooks::register_area(::gust::php::hooks::Area{name, flags, apply})

// Calls the original handler of the FunctionHook `hook` with this call's frame.
#define GUST_CALL_ORIGINAL(hook) (hook).original(INTERNAL_FUNCTION_PARAM_PASSTHRU)
