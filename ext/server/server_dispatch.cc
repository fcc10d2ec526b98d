// PROCESS mode: dispatch_func, run in the master's main thread — the only thread of the master that
// may run PHP. The reactor threads queue a question per connect, package and close and pause the
// connection (server::ProcessMaster, master_dispatch.cc); master_wait() polls the question queue's
// eventfd and calls answer_dispatch_questions(), which runs the callback for each question in order.
//
// The callback cannot take the master down: an exception is logged and cleared, a return value that
// is not an int is logged, and either way the connection's event goes to its worker by id. A fatal
// error (bailout) is caught here so it never unwinds the core's frames; the master then runs no more
// PHP, stops the server, and start() raises the bailout again once everything is down.
#include <climits>
#include <string>

#include "gust/base/log.h"
#include "server/server.h"
#include "server/process_mode.h"

namespace gust::php::srv {
namespace {

const char *event_name(server::DispatchEvent e) {
    switch (e) {
        case server::DispatchEvent::kConnect: return "connect";
        case server::DispatchEvent::kClose: return "close";
        case server::DispatchEvent::kDatagram: return "datagram";
        case server::DispatchEvent::kData:
        default: return "data";
    }
}

// "RuntimeException: the message" of the pending exception.
std::string describe(zend_object *ex) {
    zval rv;
    zval *message = zend_read_property_ex(ex->ce, ex, ZSTR_KNOWN(ZEND_STR_MESSAGE), 1, &rv);
    std::string out(ZSTR_VAL(ex->ce->name), ZSTR_LEN(ex->ce->name));
    if (message && Z_TYPE_P(message) == IS_STRING) {
        out += ": ";
        out.append(Z_STRVAL_P(message), Z_STRLEN_P(message));
    }
    return out;
}

// One call of the callback, guarded. Returns what it returned, or server::kDispatchFailed.
int ask_callback(Server *s, const server::DispatchQuestion &q) {
    ProcessModeState &ps = *s->process_mode;
    if (ps.dispatch_failed) return server::kDispatchFailed;
    zval args[4];
    ZVAL_OBJ(&args[0], s->self);
    ZVAL_LONG(&args[1], q.id);
    ZVAL_LONG(&args[2], static_cast<zend_long>(q.event));
    ZVAL_STRINGL(&args[3], q.data.data(), q.data.size());
    zval ret;
    ZVAL_UNDEF(&ret);
    zend_execute_data *caller = EG(current_execute_data);
    bool bailed = false;
    zend_try { s->dispatch_func.call(args, 4, &ret); }
    zend_catch { bailed = true; }
    zend_end_try();
    zval_ptr_dtor(&args[3]);
    if (bailed) {
        // The fatal error is printed already. The VM state after it is only fit for unwinding, so
        // nothing more of PHP runs here; start() re-raises it when the server is down.
        EG(current_execute_data) = caller;
        ps.dispatch_failed = true;
        GUST_LOG_ERROR("dispatch_func ended with a fatal error (the %s of connection %lld); the server stops",
                       event_name(q.event), static_cast<long long>(q.id));
        return server::kDispatchFailed;
    }
    if (EG(exception)) {
        const std::string what = describe(EG(exception));
        zend_clear_exception();
        zval_ptr_dtor(&ret);
        GUST_LOG_WARN("dispatch_func threw %s (the %s of connection %lld); it goes to the connection's worker by id",
                      what.c_str(), event_name(q.event), static_cast<long long>(q.id));
        return server::kDispatchFailed;
    }
    if (Z_TYPE(ret) != IS_LONG) {
        GUST_LOG_WARN("dispatch_func returned %s for the %s of connection %lld, not an int; it goes to the "
                      "connection's worker by id",
                      zend_zval_type_name(&ret), event_name(q.event), static_cast<long long>(q.id));
        zval_ptr_dtor(&ret);
        return server::kDispatchFailed;
    }
    const zend_long v = Z_LVAL(ret);
    if (v > INT_MAX || v <= INT_MIN) {
        // Never truncated into a value that would land in range.
        GUST_LOG_WARN("dispatch_func returned " ZEND_LONG_FMT " for the %s of connection %lld, not a worker id; "
                      "it goes to the connection's worker by id",
                      v, event_name(q.event), static_cast<long long>(q.id));
        return server::kDispatchFailed;
    }
    return static_cast<int>(v);  // the core checks the range (and logs what is out of it)
}

}  // namespace

void answer_dispatch_questions(Server *s) {
    s->process_mode->master->answer_dispatch([s](const server::DispatchQuestion &q) { return ask_callback(s, q); });
}

}  // namespace gust::php::srv
