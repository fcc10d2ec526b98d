// Common header of the PHP binding. ext/ is the only directory that includes PHP headers.
#pragma once

extern "C" {
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "php.h"
#include "php_ini.h"
#include "ext/standard/info.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
}

#define PHP_GUST_VERSION "0.1.0"
// The Swoole version whose API Gust implements; reported as SWOOLE_VERSION.
#define PHP_GUST_SWOOLE_API_VERSION "6.0.0"

extern zend_module_entry gust_module_entry;

ZEND_BEGIN_MODULE_GLOBALS(gust)
    bool use_shortname;
    bool display_errors;
    // swoole_last_error(): the code of the last failure of a call that records one
    // (Coroutine::join so far); Gust's codes (gust/base/error.h), 0 after swoole_clear_error().
    int last_error;
ZEND_END_MODULE_GLOBALS(gust)

ZEND_EXTERN_MODULE_GLOBALS(gust)
#define GUST_G(v) ZEND_MODULE_GLOBALS_ACCESSOR(gust, v)

// Registration entry points of the binding's parts, called from MINIT in this order.
void gust_register_functions_constants(int module_number);
// Swoole\Coroutine, Channel, WaitGroup, Barrier, go()...: ext/coroutine*.cc, channel.cc, sync.cc
void gust_register_coroutine(int module_number);
void gust_register_timer_event(int module_number);  // Swoole\Timer, Swoole\Event: ext/timer.cc, event.cc
void gust_coroutine_rshutdown();  // ends the request's timers, events, coroutines and scheduler
void gust_register_system(int module_number);     // Swoole\Coroutine\System: ext/system.cc
void gust_register_runtime(int module_number);    // Swoole\Runtime, SWOOLE_HOOK_*: ext/runtime.cc, hook_*.cc
void gust_runtime_rshutdown();                    // switches the request's hooks off
void gust_register_server(int module_number);
void gust_register_http_server();
void gust_register_websocket(int module_number);
void gust_register_http_client();  // Swoole\Coroutine\Http\Client, get()/post()/request(): ext/http_client*.cc
void gust_server_task_rshutdown();
void gust_register_process(int module_number);    // Swoole\Process: ext/process.cc  // frees the request's task runner closure     // Swoole\Server, Port, Connection\Iterator: ext/server*.cc
