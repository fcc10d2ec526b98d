// package_length_func: Swoole's framing by a PHP function, `function (string $data): int` — the
// length of the first package in $data, 0 while it cannot tell, a negative number to refuse the
// data (the connection closes). The reactor of the process that reads the connection calls it: a
// BASE worker, or a PROCESS worker the connection was handed to; never the master's reactor threads
// (PHP must not run there), which is why PROCESS mode needs hand-off for such a port.
#include "server/server.h"
#include "server/settings.h"

namespace gust::php::srv {
namespace {

// Shared by the framing's copies; the last one releases the callable.
struct PhpLengthFunc {
    Callable fn;
};

// Runs on the loop's stack, outside every coroutine: a fatal error in the function is caught here
// (it must not unwind the reactor's C++ frames) and re-raised once the loop has stopped.
int64_t call_length_func(PhpLengthFunc &f, mem::Slice data) {
    LoopState *rt = loop_state_if_any();
    if (rt && rt->pending != Pending::kNone) return -1;
    zval arg, ret;
    ZVAL_STRINGL(&arg, data.data(), data.size());
    ZVAL_UNDEF(&ret);
    bool bailed = false;
    zend_try { f.fn.call(&arg, 1, &ret); }
    zend_catch { bailed = true; }
    zend_end_try();
    zval_ptr_dtor(&arg);
    if (bailed) {
        if (rt) rt->pending = Pending::kBailout;
        return -1;
    }
    int64_t length = -1;
    if (EG(exception)) {
        // Cleared before the warning: with an exception pending, the warning would not be reported.
        zend_object *ex = EG(exception);
        GC_ADDREF(ex);
        zend_clear_exception();
        zend_string *msg = zval_get_string(zend_read_property(ex->ce, ex, ZEND_STRL("message"), 1, nullptr));
        php_error_docref(nullptr, E_WARNING, "package_length_func threw %s: %s; closing the connection",
                         ZSTR_VAL(ex->ce->name), ZSTR_VAL(msg));
        zend_string_release(msg);
        OBJ_RELEASE(ex);
    } else if (Z_TYPE(ret) == IS_LONG) {
        length = Z_LVAL(ret);
    } else {
        php_error_docref(nullptr, E_WARNING, "package_length_func must return an int, %s given; closing the connection",
                         zend_zval_type_name(&ret));
    }
    zval_ptr_dtor(&ret);
    return length;
}

}  // namespace

bool load_length_func(Port *p, zval *callable, proto::framing::Options *o) {
    auto f = std::make_shared<PhpLengthFunc>();
    const std::string what = "package_length_func of port " + p->host + ":" + std::to_string(p->port);
    if (!f->fn.assign(callable, what.c_str())) return false;
    o->length_func = [f](mem::Slice data) { return call_length_func(*f, data); };
    p->length_func = true;
    return true;
}

}  // namespace gust::php::srv
