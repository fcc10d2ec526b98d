// What every area of the binding shares (ext/common/): versions, ini values and module globals,
// the module's own global functions and constants (swoole_version(), SWOOLE_VERSION, ...). The
// error table and exceptions (errors.h) and the hook registry (hook_registry.h) live beside it.
#pragma once

#include "zend/api.h"

#define PHP_GUST_VERSION "0.1.0"
// The Swoole version whose API Gust implements; reported as SWOOLE_VERSION.
#define PHP_GUST_SWOOLE_API_VERSION "6.0.0"

ZEND_BEGIN_MODULE_GLOBALS(gust)
    bool use_shortname;
    bool display_errors;
    // swoole_last_error(): the code of the last recorded failure, in the one code space of
    // common/errors.h (0, an errno or a SWOOLE_ERROR_* code); written only by set_last_error().
    int last_error;
ZEND_END_MODULE_GLOBALS(gust)

ZEND_EXTERN_MODULE_GLOBALS(gust)
#define GUST_G(v) ZEND_MODULE_GLOBALS_ACCESSOR(gust, v)

namespace gust::php {

// The module globals' defaults (ZEND_INIT_MODULE_GLOBALS at MINIT).
void init_globals(zend_gust_globals *globals);

// The loaded extension's module entry (for APIs that ask which module owns a function).
zend_module_entry *module_entry();

// MINIT: the global constants of the Swoole API (the ini entries are the module's, ext/module/).
void register_common_functions(int module_number);

}  // namespace gust::php
