// What every area of the binding shares (ext/common/): versions, ini values and module globals,
// the module's own global functions and constants (swoole_version(), SWOOLE_VERSION, ...). The
// error table and exceptions (errors.h) and the hook registry (hook_registry.h) live beside it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "zend/api.h"

#define PHP_GUST_VERSION "0.1.0"
// The Swoole version whose API Gust implements: phpversion('swoole'), SWOOLE_VERSION and the
// numbers below (Swoole's own phpt suite, v6.1.6, is Gust's conformance suite).
#define PHP_GUST_SWOOLE_API_VERSION "6.1.6"
#define PHP_GUST_SWOOLE_VERSION_ID 60106
#define PHP_GUST_SWOOLE_MAJOR_VERSION 6
#define PHP_GUST_SWOOLE_MINOR_VERSION 1
#define PHP_GUST_SWOOLE_RELEASE_VERSION 6
#define PHP_GUST_SWOOLE_EXTRA_VERSION ""

ZEND_BEGIN_MODULE_GLOBALS(gust)
    bool use_shortname;
    bool display_errors;
    bool wait_signal;  // swoole_async_set(['wait_signal' => true]): Process::signal() handlers keep the loop alive
    // swoole_async_set(['enable_coroutine' => false]) or a server's setting: timer and server
    // callbacks run outside every coroutine (coroutine.h, call_outside()).
    bool enable_coroutine;
    // swoole_last_error(): the code of the last recorded failure, in the one code space of
    // common/errors.h (0, an errno or a SWOOLE_ERROR_* code); written only by set_last_error().
    int last_error;
    // Swoole\Thread (thread/thread_class.cc), per thread as every module global is under ZTS: the
    // run of this thread (null in the main thread) and the threads it started. Module globals,
    // not C++ thread_locals: those live in the module's dynamic TLS, whose layout LeakSanitizer
    // misreads at exit here (a bogus "DTLS" range, then a crash of its tracer).
    void *thread_run;
    void *threads_started;
ZEND_END_MODULE_GLOBALS(gust)

ZEND_EXTERN_MODULE_GLOBALS(gust)
#define GUST_G(v) ZEND_MODULE_GLOBALS_ACCESSOR(gust, v)

namespace gust::php {

// The module globals' defaults (ZEND_INIT_MODULE_GLOBALS at MINIT).
void init_globals(zend_gust_globals *globals);

// A process a server forked (worker, task worker, user process) ends as Swoole's do: once PHP's
// request shutdown has run (shutdown functions, destructors, output, every RSHUTDOWN), the process
// exits without PHP's module shutdown, which in a forked child only frees memory page by page
// (copy-on-write faults: ~6 ms of CPU, measured) and delays the manager's respawn. exit(), not
// _exit(): stdio and atexit handlers (the sanitizers' leak check) still run.
void exit_after_request_shutdown();
// The module's post-deactivate hook: exits there when exit_after_request_shutdown() was asked.
void quick_exit_if_asked();

// The loaded extension's module entry (for APIs that ask which module owns a function).
zend_module_entry *module_entry();

// MINIT: the global constants of the Swoole API (the ini entries are the module's, ext/module/).
void register_common_functions(int module_number);
void register_constant_class();  // constant.cc: Swoole\Constant

// MINIT: registers and starts the module entry "swoole" (extension_loaded('swoole'), its version,
// ReflectionExtension('swoole')). nullptr after a warning when a real Swoole is loaded too. While
// it is EG(current_module), the classes and functions registered belong to it.
zend_module_entry *register_swoole_module(int type);
zend_module_entry *swoole_module();

// Short names (swoole.use_shortname): registers `short_name` as an alias of `ce`, only when short
// names are on. Each area registers the short names of its own classes.
void register_short_class(const char *short_name, zend_class_entry *ce);
// Co\X for a class Swoole\Coroutine\X (nothing for other classes), under the same condition.
void register_co_short_name(zend_class_entry *ce);

// Whether a Swoole\Server or Process\Pool of this process has started its workers (set by those
// areas; true in the master and in every process they fork): shared memory made from then on
// (a Swoole\Table) reaches no other process of it, so lower areas warn.
void set_workers_started(bool started);
bool workers_started();
// Whether a Swoole\Server of this process has started (true in the master and every process it
// forks, until start() returns): exit() then throws Swoole\ExitException with
// SWOOLE_EXIT_IN_SERVER, as in Swoole, even outside coroutines.
void set_server_started(bool started);
bool server_started();

// RSHUTDOWN: forgets the resolvers of swoole_name_resolver_add().
void name_resolvers_rshutdown();
// Adds a name resolver, as swoole_name_resolver_add() (Coroutine::set(['name_resolver' => [...]]) too).
void name_resolver_add(zend_object *ns);
// A connect's name lookup through the added resolvers (none added: false at once, nothing called).
// True with *out set when one answered: "ip" (or "ip:port" when `with_port`), "" when the name has
// no node; false when none answered, so the caller resolves the name itself. A resolver that
// threw leaves the exception pending and returns false.
bool name_resolver_resolve(std::string_view name, bool with_port, std::string *out);
// The same lookup, with every node a Cluster answer holds, in the order to try them (fail-over:
// Coroutine\Http\Client's max_retries). True when a resolver answered; `nodes` is empty when the
// name has no node.
bool name_resolver_nodes(std::string_view name, bool with_port, std::vector<std::string> *nodes);

}  // namespace gust::php
