// The one error table of the Swoole API (see errors.h): codes, texts, the core-code mapping, the last
// error, the exception classes, and the swoole_*error* functions.
#include "common/errors.h"

#include <netdb.h>

#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <unordered_set>

#include "gust/base/error.h"
#include "gust/base/log.h"
#include "stubs/errors_arginfo.h"

namespace gust::php {
namespace {

zend_class_entry *ce_exception = nullptr;
zend_class_entry *ce_error = nullptr;

// Codes swoole_ignore_error() silenced for swoole_error_log_ex(); per process, as in Swoole.
std::unordered_set<int> &ignored_errors() {
    static std::unordered_set<int> set;
    return set;
}

// Swoole's error_type values for swoole_strerror() (SWOOLE_STRERROR_*).
constexpr zend_long kStrerrorSystem = 0;
constexpr zend_long kStrerrorGai = 1;
constexpr zend_long kStrerrorDns = 2;
constexpr zend_long kStrerrorSwoole = 9;

}  // namespace

const char *strerror_of(int value) {
    if (value < 0) value = -value;
    switch (value) {
#define GUST_SWOOLE_ERROR_TEXT(e, name, number, text) \
    case number: return text;
        GUST_SWOOLE_ERRORS(GUST_SWOOLE_ERROR_TEXT)
#undef GUST_SWOOLE_ERROR_TEXT
        default: break;
    }
    if (value < code(SwooleError::kMallocFail)) return strerror(value);  // glibc: thread-safe for known codes
    static thread_local char unknown[32];
    snprintf(unknown, sizeof unknown, "unknown error %d", value);
    return unknown;
}

int swoole_code_of(int core_code, Where where) {
    if (core_code <= 0) return -core_code;  // 0 or -errno
    const bool co = where == Where::kCoroutine, server = where == Where::kServer;
    // A switch without default: a GustError added to the core and not mapped here fails the build
    // (-Wswitch), so no core code reaches PHP unmapped.
    switch (static_cast<GustError>(core_code)) {
        case kErrBase: break;
        case kErrClosed: return server ? code(SwooleError::kSessionClosed) : ECONNRESET;
        case kErrTimedOut: return co ? code(SwooleError::kCoTimedout) : ETIMEDOUT;
        case kErrCanceled: return co ? code(SwooleError::kCoCanceled) : ECANCELED;
        case kErrBusy: return code(SwooleError::kCoHasBeenBound);
        case kErrDeadlock: return EDEADLK;
        case kErrLimit:
            return server ? code(SwooleError::kOutputBufferOverflow) : co ? code(SwooleError::kQueueFull) : EMSGSIZE;
        case kErrProtocol: return where == Where::kSocket ? EPROTO : code(SwooleError::kProtocolError);
        case kErrNotInCoroutine: return code(SwooleError::kCoOutOfCoroutine);
        case kErrInvalid: return where == Where::kSocket ? EINVAL : code(SwooleError::kInvalidParams);
        case kErrDns: return code(SwooleError::kDnslookupResolveFailed);
        case kErrNotFound:
            return server ? code(SwooleError::kSessionNotExist) : co ? code(SwooleError::kCoNotExists) : ENOENT;
        case kErrTls: return code(SwooleError::kSslHandshakeFailed);
        case kErrTlsVerify: return code(SwooleError::kSslVerifyFailed);
    }
    return code(SwooleError::kSystemCallFail);  // a code the core never returns
}

int set_last_error(int code) { return GUST_G(last_error) = code; }

void swoole_warning(const char *fmt, ...) {
    if (!GUST_G(display_errors)) return;
    va_list args;
    va_start(args, fmt);
    char *text = nullptr;
    zend_vspprintf(&text, 0, fmt, args);
    va_end(args);
    php_error_docref(nullptr, E_WARNING, "%s", text);
    efree(text);
}
int last_error() { return GUST_G(last_error); }

zend_class_entry *swoole_exception_ce() { return ce_exception; }
zend_class_entry *swoole_error_ce() { return ce_error; }

zend_object *throw_error(zend_class_entry *ce, int error, const char *fmt, ...) {
    set_last_error(error);
    va_list ap;
    va_start(ap, fmt);
    zend_string *msg = zend_vstrpprintf(0, fmt, ap);
    va_end(ap);
    zend_object *ex = zend_throw_exception(ce, ZSTR_VAL(msg), error);
    zend_string_release(msg);
    return ex;
}

void register_errors(int module_number) {
    ce_exception = register_class_Swoole_Exception(zend_ce_exception);
    ce_error = register_class_Swoole_Error(zend_ce_error);
    zend_register_functions(nullptr, ext_functions, nullptr, MODULE_PERSISTENT);
    constexpr int flags = CONST_CS | CONST_PERSISTENT;
#define GUST_SWOOLE_ERROR_CONSTANT(e, name, number, text) REGISTER_LONG_CONSTANT("SWOOLE_ERROR_" #name, number, flags);
    GUST_SWOOLE_ERRORS(GUST_SWOOLE_ERROR_CONSTANT)
#undef GUST_SWOOLE_ERROR_CONSTANT
    REGISTER_LONG_CONSTANT("SWOOLE_STRERROR_SYSTEM", kStrerrorSystem, flags);
    REGISTER_LONG_CONSTANT("SWOOLE_STRERROR_GAI", kStrerrorGai, flags);
    REGISTER_LONG_CONSTANT("SWOOLE_STRERROR_DNS", kStrerrorDns, flags);
    REGISTER_LONG_CONSTANT("SWOOLE_STRERROR_SWOOLE", kStrerrorSwoole, flags);
    // Log levels are the core's (gust/base/log.h uses Swoole's numbering).
    REGISTER_LONG_CONSTANT("SWOOLE_LOG_DEBUG", static_cast<int>(LogLevel::kDebug), flags);
    REGISTER_LONG_CONSTANT("SWOOLE_LOG_TRACE", static_cast<int>(LogLevel::kTrace), flags);
    REGISTER_LONG_CONSTANT("SWOOLE_LOG_INFO", static_cast<int>(LogLevel::kInfo), flags);
    REGISTER_LONG_CONSTANT("SWOOLE_LOG_NOTICE", static_cast<int>(LogLevel::kNotice), flags);
    REGISTER_LONG_CONSTANT("SWOOLE_LOG_WARNING", static_cast<int>(LogLevel::kWarning), flags);
    REGISTER_LONG_CONSTANT("SWOOLE_LOG_ERROR", static_cast<int>(LogLevel::kError), flags);
    REGISTER_LONG_CONSTANT("SWOOLE_LOG_NONE", static_cast<int>(LogLevel::kNone), flags);
    // Swoole's trace categories (Swoole 6.1's bits). Gust has no trace log: they are accepted and unused.
    static const char *const traces[] = {
        "SERVER",       "CLIENT",         "BUFFER",          "CONN",      "EVENT",
        "WORKER",       "MEMORY",         "REACTOR",         "PHP",       "HTTP",
        "HTTP2",        "EOF_PROTOCOL",   "LENGTH_PROTOCOL", "CLOSE",     "WEBSOCKET",
        "REDIS_CLIENT", "MYSQL_CLIENT",   "HTTP_CLIENT",     "AIO",       "SSL",
        "NORMAL",       "CHANNEL",        "TIMER",           "SOCKET",    "COROUTINE",
        "CONTEXT",      "CO_HTTP_SERVER", "TABLE",           "CO_CURL",   "CARES",
        "ZLIB",         "CO_PGSQL",       "CO_ODBC",         "CO_ORACLE", "CO_SQLITE",
        "THREAD",
    };
    for (size_t i = 0; i < sizeof traces / sizeof traces[0]; ++i) {
        char name[64];
        int len = snprintf(name, sizeof name, "SWOOLE_TRACE_%s", traces[i]);
        zend_register_long_constant(name, len, zend_long{1} << (i + 1), flags, module_number);
    }
    REGISTER_LONG_CONSTANT("SWOOLE_TRACE_ALL", ZEND_LONG_MAX, flags);
}

}  // namespace gust::php

namespace {

// A level argument of swoole_error_log*() as the core's level; false (with a ValueError) when out of range.
bool log_level_of(zend_long level, gust::LogLevel *out) {
    if (level < static_cast<int>(gust::LogLevel::kDebug) || level > static_cast<int>(gust::LogLevel::kNone)) {
        zend_argument_value_error(1, "must be one of the SWOOLE_LOG_* constants");
        return false;
    }
    *out = static_cast<gust::LogLevel>(level);
    return true;
}

void log_message(gust::LogLevel level, zend_string *msg) {
    if (level == gust::LogLevel::kNone) return;
    GUST_LOG(level, "%.*s", static_cast<int>(ZSTR_LEN(msg)), ZSTR_VAL(msg));
}

}  // namespace

ZEND_FUNCTION(swoole_strerror) {
    zend_long code;
    zend_long error_type = gust::php::kStrerrorSystem;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_LONG(code)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(error_type)
    ZEND_PARSE_PARAMETERS_END();
    if (error_type == gust::php::kStrerrorGai) RETURN_STRING(gai_strerror(static_cast<int>(code)));
    if (error_type == gust::php::kStrerrorDns) RETURN_STRING(hstrerror(static_cast<int>(code)));
    // SYSTEM and SWOOLE: one code space, so both name errnos and Swoole codes alike.
    RETURN_STRING(gust::php::strerror_of(static_cast<int>(code)));
}

ZEND_FUNCTION(swoole_last_error) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_LONG(gust::php::last_error());
}

ZEND_FUNCTION(swoole_clear_error) {
    ZEND_PARSE_PARAMETERS_NONE();
    gust::php::set_last_error(0);
}

ZEND_FUNCTION(swoole_errno) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_LONG(errno);
}

ZEND_FUNCTION(swoole_error_log) {
    zend_long level;
    zend_string *msg;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_LONG(level)
        Z_PARAM_STR(msg)
    ZEND_PARSE_PARAMETERS_END();
    gust::LogLevel l;
    if (!log_level_of(level, &l)) RETURN_THROWS();
    log_message(l, msg);
}

ZEND_FUNCTION(swoole_error_log_ex) {
    zend_long level, error;
    zend_string *msg;
    ZEND_PARSE_PARAMETERS_START(3, 3)
        Z_PARAM_LONG(level)
        Z_PARAM_LONG(error)
        Z_PARAM_STR(msg)
    ZEND_PARSE_PARAMETERS_END();
    gust::LogLevel l;
    if (!log_level_of(level, &l)) RETURN_THROWS();
    // The error is the last error whether or not it is logged; an ignored one is not logged.
    gust::php::set_last_error(static_cast<int>(error));
    if (gust::php::ignored_errors().count(static_cast<int>(error))) return;
    log_message(l, msg);
}

ZEND_FUNCTION(swoole_ignore_error) {
    zend_long error;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(error)
    ZEND_PARSE_PARAMETERS_END();
    gust::php::ignored_errors().insert(static_cast<int>(error));
}
