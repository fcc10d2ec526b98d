// Global functions of the Swoole API about versions, errors and CPUs (the rest: system_functions.cc,
// mime.cc; the constants: swoole_module.cc).
#include "common/module.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "gust/base/version.h"

ZEND_DECLARE_MODULE_GLOBALS(gust)

void gust::php::init_globals(zend_gust_globals *globals) {
    // ZTS: runs in each thread that gets PHP resources (TSRM sets the thread's storage first).
    ZEND_TSRMLS_CACHE_UPDATE();
    globals->use_shortname = true;
    globals->display_errors = true;
    globals->wait_signal = false;
    globals->enable_coroutine = true;
    globals->last_error = 0;
    globals->thread_run = nullptr;
    globals->threads_started = nullptr;
}

namespace {
bool g_workers_started = false;
bool g_server_started = false;
bool g_exit_after_request = false;  // only ever set in a forked child, which never runs another request
}  // namespace

void gust::php::exit_after_request_shutdown() { g_exit_after_request = true; }

void gust::php::quick_exit_if_asked() {
#if GUST_MODE_DEBUG
    // Sanitizer builds keep the full shutdown: their leak check at exit must see PHP's own
    // teardown, else it reports what the module shutdown frees and changes the exit code.
    return;
#endif
    if (!g_exit_after_request) return;
    // The script's exit code (exit(3) in a worker) survives the request shutdown.
    const int status = EG(exit_status);
    fflush(nullptr);
    exit(status);
}

void gust::php::set_workers_started(bool started) { g_workers_started = started; }
bool gust::php::workers_started() { return g_workers_started; }
void gust::php::set_server_started(bool started) { g_server_started = started; }
bool gust::php::server_started() { return g_server_started; }

zend_module_entry *gust::php::module_entry() {
    return static_cast<zend_module_entry *>(zend_hash_str_find_ptr(&module_registry, ZEND_STRL("gust")));
}

ZEND_FUNCTION(swoole_version) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_STRING(PHP_GUST_SWOOLE_API_VERSION);
}

ZEND_FUNCTION(swoole_cpu_num) {
    ZEND_PARSE_PARAMETERS_NONE();
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    RETURN_LONG(n > 0 ? n : 1);
}
