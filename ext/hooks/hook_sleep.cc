// SWOOLE_HOOK_SLEEP: sleep(), usleep(), time_nanosleep() and time_sleep_until() park the coroutine
// on a timer instead of blocking the thread. Outside coroutines, and for arguments of the wrong
// type, PHP's own functions run. A negative time inside a coroutine is a warning and false, as in
// Swoole (PHP's own functions throw a ValueError): programs written for Swoole expect that.
#include "coroutine/coroutine.h"
#include "hooks/hooks.h"

#include "gust/base/clock.h"

namespace {

using gust::php::PhpCoroutine;
namespace hooks = gust::php::hooks;

void hooked_sleep(INTERNAL_FUNCTION_PARAMETERS);
void hooked_usleep(INTERNAL_FUNCTION_PARAMETERS);
void hooked_time_nanosleep(INTERNAL_FUNCTION_PARAMETERS);
void hooked_time_sleep_until(INTERNAL_FUNCTION_PARAMETERS);

hooks::FunctionHook g_hooks[] = {
    {"sleep", hooked_sleep},
    {"usleep", hooked_usleep},
    {"time_nanosleep", hooked_time_nanosleep},
    {"time_sleep_until", hooked_time_sleep_until},
};
enum { kSleep, kUsleep, kNanosleep, kSleepUntil };

// Parks the running coroutine for `ns`; false when the caller must return at once (exit, kill).
bool park_for(gust::Nanos ns) {
    PhpCoroutine *p = gust::php::current();
    if (p->kill) return false;
    (void)gust::php::loop_state()->scheduler->sleep(ns < 0 ? 0 : ns);
    return gust::php::resumed(p);
}

// Swoole's words for a negative time (usleep's names seconds too).
constexpr const char *kNegativeSeconds = "Number of seconds must be greater than or equal to 0";

void hooked_sleep(INTERNAL_FUNCTION_PARAMETERS) {
    zend_long seconds = -1;
    if (!hooks::in_coroutine() ||
        zend_parse_parameters_ex(ZEND_PARSE_PARAMS_QUIET, ZEND_NUM_ARGS(), "l", &seconds) == FAILURE) {
        GUST_CALL_ORIGINAL(g_hooks[kSleep]);
        return;
    }
    if (seconds < 0) {
        php_error_docref(nullptr, E_WARNING, "%s", kNegativeSeconds);
        RETURN_FALSE;
    }
    if (!park_for(gust::scaled_nanos(seconds, gust::kNanosPerSecond))) return;
    RETURN_LONG(0);
}

void hooked_usleep(INTERNAL_FUNCTION_PARAMETERS) {
    zend_long micros = -1;
    if (!hooks::in_coroutine() ||
        zend_parse_parameters_ex(ZEND_PARSE_PARAMS_QUIET, ZEND_NUM_ARGS(), "l", &micros) == FAILURE) {
        GUST_CALL_ORIGINAL(g_hooks[kUsleep]);
        return;
    }
    if (micros < 0) {
        php_error_docref(nullptr, E_WARNING, "%s", kNegativeSeconds);
        return;
    }
    (void)park_for(gust::scaled_nanos(micros, gust::kNanosPerMicro));
}

void hooked_time_nanosleep(INTERNAL_FUNCTION_PARAMETERS) {
    zend_long seconds = -1, nanos = -1;
    if (!hooks::in_coroutine() ||
        zend_parse_parameters_ex(ZEND_PARSE_PARAMS_QUIET, ZEND_NUM_ARGS(), "ll", &seconds, &nanos) == FAILURE) {
        GUST_CALL_ORIGINAL(g_hooks[kNanosleep]);
        return;
    }
    if (seconds < 0 || nanos < 0 || nanos > 999999999) {
        php_error_docref(nullptr, E_WARNING,
                         seconds < 0 ? "The seconds value must be greater than 0"
                         : nanos < 0 ? "The nanoseconds value must be greater than 0"
                                     : "Nanoseconds was not in the range 0 to 999 999 999 or seconds was negative");
        RETURN_FALSE;
    }
    if (!park_for(gust::deadline_after(gust::scaled_nanos(seconds, gust::kNanosPerSecond), nanos))) return;
    RETURN_TRUE;
}

void hooked_time_sleep_until(INTERNAL_FUNCTION_PARAMETERS) {
    double until = 0;
    if (!hooks::in_coroutine() ||
        zend_parse_parameters_ex(ZEND_PARSE_PARAMS_QUIET, ZEND_NUM_ARGS(), "d", &until) == FAILURE) {
        GUST_CALL_ORIGINAL(g_hooks[kSleepUntil]);
        return;
    }
    double left = until - static_cast<double>(gust::wall_now()) / 1e9;
    if (left <= 0) {
        php_error_docref(nullptr, E_WARNING, "Sleep until to time is less than current time");
        RETURN_FALSE;
    }
    if (!park_for(gust::seconds_to_nanos(left))) return;
    RETURN_TRUE;
}

void apply(uint32_t flags) {
    hooks::switch_functions(g_hooks, sizeof(g_hooks) / sizeof(g_hooks[0]), (flags & hooks::kSleep) != 0);
}

}  // namespace

GUST_HOOK_AREA(g_sleep_area, "sleep", hooks::kSleep, apply);
