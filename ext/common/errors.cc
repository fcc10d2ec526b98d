// The exception classes of the Swoole API (see errors.h).
#include "common/errors.h"

#include "stubs/errors_arginfo.h"

namespace gust::php {
namespace {
zend_class_entry *ce_exception = nullptr;
zend_class_entry *ce_error = nullptr;
}  // namespace

zend_class_entry *swoole_exception_ce() { return ce_exception; }
zend_class_entry *swoole_error_ce() { return ce_error; }

void register_errors(int) {
    ce_exception = register_class_Swoole_Exception(zend_ce_exception);
    ce_error = register_class_Swoole_Error(zend_ce_error);
}

}  // namespace gust::php
