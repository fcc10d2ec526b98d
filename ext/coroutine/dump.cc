// The coroutine dump (Gust\dump(), a server's coroutine_dump_signal): every live coroutine of this
// process with its state, what it waits on (the WaitInfo each wait primitive gives park()), for how
// long, and its PHP backtrace — like Go's goroutine dump. See docs/operations.md.
#include <unistd.h>

#include <algorithm>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <vector>

#include "coroutine/coroutine.h"
#include "gust/base/clock.h"
#include "gust/base/log.h"

extern "C" {
#include "zend_builtin_functions.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
}

namespace gust::php {
namespace {

void append(smart_str *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void append(smart_str *out, const char *fmt, ...) {
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > 0) smart_str_appendl(out, buf, std::min<size_t>(static_cast<size_t>(n), sizeof buf - 1));
}

double seconds(Nanos n) { return static_cast<double>(n) / 1e9; }

// "waiting 1.204s on Socket#7 read", "runnable", ...
void append_state(smart_str *out, const coro::Coroutine *co, bool current, Nanos now) {
    switch (co->state()) {
        case coro::CoState::kRunning:
            smart_str_appends(out, current ? "running (took this dump)" : "running (resumed another coroutine)");
            return;
        case coro::CoState::kRunnable: smart_str_appends(out, "runnable"); return;
        case coro::CoState::kSuspended:
            append(out, "suspended %.3fs in yield (waits for resume)", seconds(now - co->waiting_since()));
            return;
        case coro::CoState::kParked: {
            const coro::WaitInfo &w = co->wait_info();
            append(out, "waiting %.3fs on %s", seconds(now - co->waiting_since()), w.kind);
            if (w.object) append(out, "#%" PRIu64, w.object);
            if (w.op && *w.op) append(out, " %s", w.op);
            return;
        }
        case coro::CoState::kDone: smart_str_appends(out, "ending"); return;
    }
}

// The coroutine's PHP stack, one "#n file(line): function()" line each (arguments left out: a dump
// goes to a log and must not copy secrets or huge values there).
void append_trace(smart_str *out, PhpCoroutine *p, bool current) {
    zval trace;
    zend_execute_data *mine = EG(current_execute_data);
    if (!current) EG(current_execute_data) = p->vm.current_execute_data;
    zend_fetch_debug_backtrace(&trace, 0, DEBUG_BACKTRACE_IGNORE_ARGS, 0);
    EG(current_execute_data) = mine;
    if (Z_TYPE(trace) == IS_ARRAY) {
        zend_string *text = zend_trace_to_string(Z_ARRVAL(trace), false);
        smart_str_append(out, text);
        zend_string_release(text);
    }
    zval_ptr_dtor(&trace);
}

}  // namespace

zend_string *coroutine_dump(const char *who) {
    smart_str out = {};
    LoopState *rt = loop_state_if_any();
    const size_t count = rt ? rt->scheduler->list().size() : 0;
    append(&out, "coroutine dump of pid %d%s%s: %zu coroutine%s\n", static_cast<int>(getpid()), who && *who ? ", " : "",
           who ? who : "", count, count == 1 ? "" : "s");
    if (rt) {
        const Nanos now = rt->loop->now();
        PhpCoroutine *self = current();
        std::vector<coro::CoroutineId> ids = rt->scheduler->list();
        std::sort(ids.begin(), ids.end());  // oldest first
        for (coro::CoroutineId id : ids) {
            coro::Coroutine *co = rt->scheduler->find(id);
            if (!co) continue;
            auto *p = static_cast<PhpCoroutine *>(co->user_data());
            append(&out, "\ncoroutine %" PRId64 " [", static_cast<int64_t>(id));
            append_state(&out, co, p && p == self, now);
            append(&out, "], created %.3fs ago", seconds(monotonic_now() - co->created_at()));
            if (co->parent_id() > 0) append(&out, " by coroutine %" PRId64, static_cast<int64_t>(co->parent_id()));
            if (co->canceled()) smart_str_appends(&out, ", canceled");
            smart_str_appendc(&out, '\n');
            if (p) append_trace(&out, p, p == self);
        }
    }
    smart_str_0(&out);
    return out.s ? out.s : ZSTR_EMPTY_ALLOC();
}

void log_coroutine_dump(const char *who) {
    zend_string *text = coroutine_dump(who);
    // One log line per dump line (a log line has a bounded length); always written, whatever
    // log_level says: someone asked for it.
    const char *p = ZSTR_VAL(text);
    const char *end = p + ZSTR_LEN(text);
    while (p < end) {
        const char *nl = static_cast<const char *>(memchr(p, '\n', static_cast<size_t>(end - p)));
        const char *stop = nl ? nl : end;
        log_write(LogLevel::kNotice, "%.*s", static_cast<int>(stop - p), p);
        p = stop + 1;
    }
    zend_string_release(text);
}

}  // namespace gust::php
