// The module entry of the Gust extension: the one place that knows every area of the binding. It
// registers them at MINIT in their order (lowest first: a class is registered after its parent),
// ends each request's state at RSHUTDOWN, and prints phpinfo(). It also registers the module entry
// "swoole" (common/swoole_module.cc), which owns the Swoole API. See docs/ARCHITECTURE.md.
#include "client/http_client.h"
#include "client/http2_client.h"
#include "coroutine/coroutine.h"
#include "coserver/coserver.h"
#include "event/event.h"
#include "gust/base/version.h"
#include "hooks/hooks.h"
#include "library/library.h"
#include "http/http.h"
#include "process/process.h"
#include "redis/redis.h"
#include "shm/shm.h"
#include "socket/socket.h"
#include "thread/thread.h"
#include "common/errors.h"
#include "common/module.h"
#include "server/server.h"
#include "server/tasks.h"
#include "websocket/websocket.h"
#include "zend/callable.h"

PHP_INI_BEGIN()
    STD_PHP_INI_BOOLEAN("swoole.use_shortname", "1", PHP_INI_SYSTEM, OnUpdateBool, use_shortname, zend_gust_globals,
                        gust_globals)
    STD_PHP_INI_BOOLEAN("swoole.display_errors", "1", PHP_INI_ALL, OnUpdateBool, display_errors, zend_gust_globals,
                        gust_globals)
PHP_INI_END()

#include "stubs/gust_arginfo.h"

ZEND_TSRMLS_CACHE_DEFINE()  // ZTS: the thread-local resource cache of zend/api.h

// The module swoole's number (its entry may be gone by the time Gust's MSHUTDOWN runs).
static int g_ini_module_number = -1;

static PHP_MINIT_FUNCTION(gust) {
    using namespace gust::php;
    ZEND_TSRMLS_CACHE_UPDATE();
    ZEND_INIT_MODULE_GLOBALS(gust, init_globals, nullptr);
    register_gust_symbols(module_number);
    zend_module_entry *gust_entry = EG(current_module);
    zend_module_entry *swoole = register_swoole_module(type);
    if (!swoole) return FAILURE;
    // The swoole.* entries are the module swoole's (ini_get_all('swoole'), php --ri swoole); before
    // any class: swoole.use_shortname decides which short names exist.
    zend_register_ini_entries(ini_entries, swoole->module_number);
    g_ini_module_number = swoole->module_number;
    // The Swoole API belongs to the module "swoole" (get_extension_funcs('swoole'),
    // ReflectionExtension('swoole')->getClasses()); its constants carry that module's number.
    EG(current_module) = swoole;
    module_number = swoole->module_number;
    register_common_functions(module_number);
    register_constant_class();
    register_errors(module_number);
    register_coroutine_area(module_number);
    register_event_area(module_number);
    hooks::register_runtime_class(module_number);
    register_process(module_number);
    shm::register_shm_area(module_number);
    thread::register_thread_area(module_number);
    sock::register_socket_area(module_number);
    srv::register_server_area(module_number);
    http::register_http_area();
    redis::register_redis_area();
    srv::register_websocket_area(module_number);
    http_client::register_client_area(module_number);
    http2_client::register_http2_client_area(module_number);
    cosrv::register_coserver_area();
    library::register_library_functions(GUST_G(use_shortname));
    library::register_library_area();  // after the coroutine area: its autoload guard stays behind this loader
    EG(current_module) = gust_entry;
    return SUCCESS;
}

static PHP_RSHUTDOWN_FUNCTION(gust) {
    using namespace gust::php;
    // A callback that captures its server, process or pool (`use ($server)`) makes a cycle through
    // our objects; PHP does not collect cycles at shutdown, so free them now, while the runtime
    // their destructors may touch is still here (else each worker leaks them at exit).
    if (gc_enabled()) gc_collect_cycles();
    // First: the threads this request started end their requests while everything is still here.
    thread::thread_rshutdown();
    rshutdown();  // the coroutine area: timers, events, coroutines and the scheduler end
    srv::task_rshutdown();
    hooks::rshutdown();
    name_resolvers_rshutdown();
    // Last, when no PHP code runs any more: a callback capturing the object that holds it
    // (`use ($server)`) is a cycle PHP leaves uncollected at shutdown; releasing it ends the cycle.
    srv::server_rshutdown();
    Callable::release_all();
    set_last_error(0);
    return SUCCESS;
}

// After every module's RSHUTDOWN and the executor's own shutdown: a server's forked child ends here.
static ZEND_MODULE_POST_ZEND_DEACTIVATE_D(gust) {
    gust::php::quick_exit_if_asked();
    return SUCCESS;
}

static PHP_MSHUTDOWN_FUNCTION(gust) {
    if (g_ini_module_number >= 0) zend_unregister_ini_entries(g_ini_module_number);
    return SUCCESS;
}

static PHP_MINFO_FUNCTION(gust) {
    php_info_print_table_start();
    php_info_print_table_row(2, "Gust support", "enabled");
    php_info_print_table_row(2, "Version", gust::version());
    php_info_print_table_row(2, "Swoole API version", PHP_GUST_SWOOLE_API_VERSION);
    php_info_print_table_row(2, "Build mode", gust::build_mode());
    php_info_print_table_row(2, "Features", gust::features());
    gust::php::hooks::print_info();
    php_info_print_table_end();
    DISPLAY_INI_ENTRIES();
}

zend_module_entry gust_module_entry = {
    STANDARD_MODULE_HEADER,
    "gust",
    ext_functions,
    PHP_MINIT(gust),
    PHP_MSHUTDOWN(gust),
    nullptr,
    PHP_RSHUTDOWN(gust),
    PHP_MINFO(gust),
    PHP_GUST_VERSION,
    NO_MODULE_GLOBALS,
    ZEND_MODULE_POST_ZEND_DEACTIVATE_N(gust),
    STANDARD_MODULE_PROPERTIES_EX,
};

extern "C" {
ZEND_GET_MODULE(gust)
}

ZEND_FUNCTION(Gust_version) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_STRING(gust::version());
}

ZEND_FUNCTION(Gust_dump) {
    bool log = false;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(log)
    ZEND_PARSE_PARAMETERS_END();
    if (log) gust::php::log_coroutine_dump("");
    RETURN_STR(gust::php::coroutine_dump(""));
}

ZEND_FUNCTION(Gust_build_mode) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_STRING(gust::build_mode());
}
