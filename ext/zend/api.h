// The PHP and Zend headers every part of the binding uses. ext/ is the only directory that
// includes PHP headers; this area (ext/zend/) is the bottom of the binding and knows nothing of Gust.
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

// Thread-safe PHP (ZTS): config.m4 compiles Gust with ZEND_ENABLE_STATIC_TSRMLS_CACHE, so EG()/PG()
// and the module globals read this thread's resources through a thread-local cache (defined in
// module/gust.cc, refreshed per thread when its globals are made) instead of a call each time.
ZEND_TSRMLS_CACHE_EXTERN()
