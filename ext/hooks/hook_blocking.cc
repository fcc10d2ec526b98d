// SWOOLE_HOOK_BLOCKING_FUNCTION: gethostbyname() inside a coroutine resolves with the coroutine
// DNS (gust::net::resolve, IPv4 only as PHP's) instead of blocking the thread. On failure it
// returns the name unchanged, as PHP does; overlong names go to PHP's own function for its warning.
#include <arpa/inet.h>

#include <string>

#include "coroutine/coroutine.h"
#include "hooks/hooks.h"

extern "C" {
#include "main/php_network.h"
}

#include "gust/net/dns.h"

namespace {

namespace hooks = gust::php::hooks;

void hooked_gethostbyname(INTERNAL_FUNCTION_PARAMETERS);

hooks::FunctionHook g_hooks[] = {{"gethostbyname", hooked_gethostbyname}};

// The first IPv4 address of `name` into `ip`; false when it does not resolve. Owns every C++ object
// of the lookup, so none is alive when the caller checks resumed().
bool resolve_v4(const char *name, size_t len, char (&ip)[INET_ADDRSTRLEN]) {
    gust::net::ResolveOptions options;
    options.family = AF_INET;
    options.timeout = gust::php::option_nanos(gust::php::options().socket_dns_timeout);  // Co::set()
    auto addrs = gust::net::resolve(std::string_view(name, len), 0, options);
    if (!addrs.ok() || addrs.value().empty()) return false;
    std::string host = addrs.value().front().host();
    if (host.size() >= sizeof(ip)) return false;
    memcpy(ip, host.c_str(), host.size() + 1);
    return true;
}

void hooked_gethostbyname(INTERNAL_FUNCTION_PARAMETERS) {
    char *name = nullptr;
    size_t len = 0;
    if (!hooks::in_coroutine() ||
        zend_parse_parameters_ex(ZEND_PARSE_PARAMS_QUIET, ZEND_NUM_ARGS(), "p", &name, &len) == FAILURE ||
        len > MAXFQDNLEN) {
        GUST_CALL_ORIGINAL(g_hooks[0]);
        return;
    }
    gust::php::PhpCoroutine *p = gust::php::current();
    char ip[INET_ADDRSTRLEN];
    bool found = resolve_v4(name, len, ip);
    if (!gust::php::resumed(p)) return;
    if (!found) RETURN_STRINGL(name, len);
    RETURN_STRING(ip);
}

void apply(uint32_t flags) { hooks::switch_functions(g_hooks, 1, (flags & hooks::kBlockingFunction) != 0); }

}  // namespace

GUST_HOOK_AREA(g_blocking_area, "blocking functions", hooks::kBlockingFunction, apply);
