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
