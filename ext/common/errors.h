// Errors of the Swoole API: the exception classes every area throws or extends. Areas throw these
// (or subclasses registered on top of them) and never define their own base classes.
#pragma once

#include "common/module.h"

namespace gust::php {

// Swoole\Exception and Swoole\Error (registered at MINIT by register_errors()).
zend_class_entry *swoole_exception_ce();
zend_class_entry *swoole_error_ce();

void register_errors(int module_number);  // MINIT

}  // namespace gust::php
