// SWOOLE_HOOK_STREAM_FUNCTION: stream_select() inside a coroutine parks on the loop until one of
// the streams is ready or the timeout passes, then lets PHP's own stream_select() fill the arrays
// with a zero timeout (keys and buffered read data exactly as PHP computes them; the count is
// Swoole's: each ready stream once).
// Outside coroutines, with a zero timeout, with buffered read data (PHP answers at once), or with
// a stream that has no pollable fd, PHP's own function runs unchanged.
#include <poll.h>

#include <algorithm>
#include <vector>

#include "coroutine/coroutine.h"
#include "hooks/hook_stream.h"
#include "hooks/hook_stream_wait.h"
#include "hooks/hooks.h"

extern "C" {
#include "main/php_network.h"
}

namespace {

namespace hooks = gust::php::hooks;
namespace sw = gust::php::stream_wait;
using gust::Nanos;

void hooked_stream_select(INTERNAL_FUNCTION_PARAMETERS);

void hooked_stream_socket_pair(INTERNAL_FUNCTION_PARAMETERS);

hooks::FunctionHook g_hooks[] = {{"stream_select", hooked_stream_select},
                                 {"stream_socket_pair", hooked_stream_socket_pair}};

struct Entry {
    int fd;
    short events;  // POLLIN, POLLOUT or POLLPRI
};

// Appends one array's streams; false when one is not a stream with an fd we can poll, or when a
// readable stream already has buffered data (PHP then answers without waiting).
bool collect(zval *array, short events, Entry *out, uint32_t *n) {
    if (!array) return true;
    zval *elem;
    ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(array), elem) {
        ZVAL_DEREF(elem);
        if (Z_TYPE_P(elem) != IS_RESOURCE) return false;
        auto *stream = static_cast<php_stream *>(
            zend_fetch_resource2(Z_RES_P(elem), nullptr, php_file_le_stream(), php_file_le_pstream()));
        if (!stream) return false;
        if (events == POLLIN && stream->writepos - stream->readpos > 0) return false;
        php_socket_t fd = -1;
        if (php_stream_cast(stream, PHP_STREAM_AS_FD_FOR_SELECT | PHP_STREAM_CAST_INTERNAL,
                            reinterpret_cast<void **>(&fd), 0) != SUCCESS ||
            fd < 0)
            return false;
        out[(*n)++] = Entry{static_cast<int>(fd), events};
    }
    ZEND_HASH_FOREACH_END();
    return true;
}

bool any_ready(const Entry *entries, uint32_t n) {
    auto *fds = static_cast<struct pollfd *>(emalloc(sizeof(struct pollfd) * n));
    for (uint32_t i = 0; i < n; ++i) fds[i] = {entries[i].fd, entries[i].events, 0};
    int rc;
    do rc = poll(fds, n, 0);
    while (rc < 0 && errno == EINTR);
    efree(fds);
    return rc != 0;  // an error too: PHP's select reports it
}

uint32_t count(zval *array) { return array ? zend_hash_num_elements(Z_ARRVAL_P(array)) : 0; }

// Parks until one entry is ready or `timeout` passes. kAborted also when an fd cannot be watched.
sw::Outcome wait_any(const Entry *entries, uint32_t n, Nanos timeout) {
    auto *ws = static_cast<sw::Waiter *>(emalloc(sizeof(sw::Waiter) * n));
    bool ok = true;
    uint32_t added = 0;
    for (uint32_t i = 0; i < n; ++i) {
        new (&ws[i]) sw::Waiter();
        ws[i].fd = entries[i].fd;
        // Exceptional conditions (POLLPRI) have no loop interest: they are only seen with the others.
        ws[i].events = entries[i].events == POLLIN    ? gust::loop::kReadable
                       : entries[i].events == POLLOUT ? gust::loop::kWritable
                                                      : 0;
        added = i + 1;
        if (ws[i].events && !sw::add(&ws[i])) {
            ok = false;
            break;
        }
    }
    sw::Outcome out = ok ? sw::park(timeout, "stream_select") : sw::kAborted;
    for (uint32_t i = 0; i < added; ++i) sw::remove(&ws[i]);
    efree(ws);
    return out;
}

void call_with_zero_timeout(INTERNAL_FUNCTION_PARAMETERS) {
    for (uint32_t i = 4; i <= ZEND_NUM_ARGS() && i <= 5; ++i) {
        zval *arg = ZEND_CALL_ARG(execute_data, i);
        zval_ptr_dtor(arg);
        ZVAL_LONG(arg, 0);
    }
    GUST_CALL_ORIGINAL(g_hooks[0]);
}

// Swoole's hooked stream_select() counts each ready stream once, where PHP's counts it once per
// array it is ready in (a stream readable and writable gives 2): the count is made Swoole's.
void count_each_stream_once(zval *r, zval *w, zval *e, zval *return_value) {
    if (Z_TYPE_P(return_value) != IS_LONG || Z_LVAL_P(return_value) <= 1) return;
    std::vector<zend_long> seen;
    for (zval *array : {r, w, e}) {
        if (!array || Z_TYPE_P(array) != IS_ARRAY) continue;
        zval *item;
        ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(array), item) {
            ZVAL_DEREF(item);
            if (Z_TYPE_P(item) != IS_RESOURCE) continue;
            zend_long handle = Z_RES_HANDLE_P(item);
            if (std::find(seen.begin(), seen.end(), handle) == seen.end()) seen.push_back(handle);
        }
        ZEND_HASH_FOREACH_END();
    }
    if (!seen.empty()) ZVAL_LONG(return_value, static_cast<zend_long>(seen.size()));
}

void hooked_stream_select(INTERNAL_FUNCTION_PARAMETERS) {
    zval *r = nullptr, *w = nullptr, *e = nullptr;
    zend_long sec = 0, usec = 0;
    bool sec_null = true, usec_null = true;
    const bool parsed =
        hooks::in_coroutine() && zend_parse_parameters_ex(ZEND_PARSE_PARAMS_QUIET, ZEND_NUM_ARGS(), "a!a!a!l!|l!", &r,
                                                          &w, &e, &sec, &sec_null, &usec, &usec_null) == SUCCESS;
    if (!parsed || (!sec_null && (sec < 0 || (sec == 0 && usec == 0))) || (!usec_null && usec < 0) ||
        (sec_null && !usec_null)) {
        GUST_CALL_ORIGINAL(g_hooks[0]);
        if (parsed && !EG(exception)) count_each_stream_once(r, w, e, return_value);
        return;
    }
    gust::php::PhpCoroutine *p = gust::php::current();
    const Nanos timeout = sec_null ? -1 : sec * gust::kNanosPerSecond + usec * gust::kNanosPerMicro;
    const Nanos deadline = timeout < 0 ? -1 : gust::deadline_after(gust::monotonic_now(), timeout);
    for (;;) {
        uint32_t total = count(r) + count(w) + count(e), n = 0;
        if (total == 0) break;
        auto *entries = static_cast<Entry *>(emalloc(sizeof(Entry) * total));
        if (!collect(r, POLLIN, entries, &n) || !collect(w, POLLOUT, entries, &n) ||
            !collect(e, POLLPRI, entries, &n) || any_ready(entries, n)) {
            efree(entries);
            break;
        }
        Nanos wait_for = deadline < 0 ? -1 : deadline - gust::monotonic_now();
        if (deadline >= 0 && wait_for <= 0) {
            efree(entries);
            break;
        }
        sw::Outcome out = wait_any(entries, n, wait_for);
        efree(entries);
        if (!gust::php::resumed(p)) return;
        if (out != sw::kReady) break;  // timed out, closed, or not watchable: PHP answers now
    }
    call_with_zero_timeout(INTERNAL_FUNCTION_PARAM_PASSTHRU);
    count_each_stream_once(r, w, e, return_value);
}

// Both ends get the hooked socket ops, so their reads and writes park coroutines like any
// unix socket's (Swoole hooks stream_socket_pair() under the same flag).
void hooked_stream_socket_pair(INTERNAL_FUNCTION_PARAMETERS) {
    g_hooks[1].original(INTERNAL_FUNCTION_PARAM_PASSTHRU);
    if (Z_TYPE_P(return_value) != IS_ARRAY || ZEND_NUM_ARGS() < 2) return;
    zval *type = ZEND_CALL_ARG(execute_data, 2);
    const gust::php::stream_hook::Transport *t =
        gust::php::stream_hook::transport_named(zval_get_long(type) == SOCK_DGRAM ? "udg" : "unix");
    zval *item;
    ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(return_value), item) {
        if (Z_TYPE_P(item) != IS_RESOURCE) continue;
        auto *stream = static_cast<php_stream *>(
            zend_fetch_resource2(Z_RES_P(item), "stream", php_file_le_stream(), php_file_le_pstream()));
        if (stream && t) gust::php::stream_hook::hook_stream(stream, t);
    }
    ZEND_HASH_FOREACH_END();
}

void apply(uint32_t flags) {
    hooks::switch_functions(g_hooks, sizeof(g_hooks) / sizeof(g_hooks[0]), (flags & hooks::kStreamFunction) != 0);
}

}  // namespace

GUST_HOOK_AREA(g_stream_select_area, "stream_select", hooks::kStreamFunction, apply);
