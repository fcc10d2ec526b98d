// Process::signal() and Process::alarm(): process-level signal handlers that run on the event loop
// (through its signalfd, so a handler runs between callbacks, never inside one), each call in a
// coroutine of its own like Timer callbacks, or outside every coroutine when Swoole's
// enable_coroutine is off (then exit() in a handler is PHP's own, as in Swoole). A handler does
// not keep the loop alive by itself, as in Swoole (unless swoole_async_set(['wait_signal' =>
// true])): the script ends when nothing else is left.
#include <pthread.h>
#include <signal.h>
#include <sys/time.h>

#include <cerrno>
#include <map>

#include "process/process.h"
#include "process/process_object.h"

namespace gust::php {
namespace {

struct SignalHandlers {
    std::map<int, zval> by_signo;  // signo -> the callable (owned)
};
SignalHandlers *t_handlers = nullptr;

void on_signal(int signo) {
    if (!t_handlers) return;
    auto it = t_handlers->by_signo.find(signo);
    if (it == t_handlers->by_signo.end()) return;
    zend_fcall_info_cache fcc;
    char *error = nullptr;
    zval fn;
    ZVAL_COPY(&fn, &it->second);  // the handler may remove itself
    if (zend_is_callable_ex(&fn, nullptr, 0, nullptr, &fcc, &error)) {
        zval arg;
        ZVAL_LONG(&arg, signo);
        run_callback_as_configured(&fcc, &fn, &arg, 1);
    }
    if (error) efree(error);
    release_later(&fn);
}

void remove_handler(LoopState *rt, int signo) {
    if (!t_handlers) return;
    auto it = t_handlers->by_signo.find(signo);
    if (it == t_handlers->by_signo.end()) return;
    rt->loop->unwatch_signal(signo);
    zval old = it->second;
    t_handlers->by_signo.erase(it);
    release_later(&old);  // it may be the handler running now
}

// At the runtime's end (RSHUTDOWN, teardown before a fork): every handler goes.
void release_signal_handlers(LoopState *rt) {
    if (!t_handlers) return;
    for (auto &[signo, fn] : t_handlers->by_signo) {
        rt->loop->unwatch_signal(signo);
        release_later(&fn);
    }
    delete t_handlers;
    t_handlers = nullptr;
}

}  // namespace

void register_process_signals() { add_loop_release(release_signal_handlers); }

bool run_user_signal_handler(int signo) {
    if (!t_handlers || t_handlers->by_signo.find(signo) == t_handlers->by_signo.end()) return false;
    on_signal(signo);
    return true;
}

}  // namespace gust::php

using namespace gust::php;

ZEND_METHOD(Swoole_Process, signal) {
    zend_long signo;
    zend_fcall_info fci = empty_fcall_info;
    zend_fcall_info_cache fcc = empty_fcall_info_cache;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_LONG(signo)
        Z_PARAM_OPTIONAL
        Z_PARAM_FUNC_OR_NULL(fci, fcc)
    ZEND_PARSE_PARAMETERS_END();
    if (signo <= 0 || signo >= NSIG || signo == SIGKILL || signo == SIGSTOP) {
        set_last_error(SwooleError::kInvalidParams);
        php_error_docref(nullptr, E_WARNING, "invalid signal number " ZEND_LONG_FMT, signo);
        RETURN_FALSE;
    }
    LoopState *rt = loop_state();
    if (!rt) RETURN_FALSE;
    const int sig = static_cast<int>(signo);
    if (!ZEND_FCI_INITIALIZED(fci)) {
        // null: the handler goes and the signal gets its previous disposition back.
        remove_handler(rt, sig);
        RETURN_TRUE;
    }
    if (!t_handlers) t_handlers = new SignalHandlers();
    gust::Status st = rt->loop->watch_signal(sig, on_signal, GUST_G(wait_signal));
    if (!st.ok()) {
        php_error_docref(nullptr, E_WARNING, "cannot watch signal %d: %s", sig,
                         strerror_of(set_last_error(swoole_code_of(st.code()))));
        RETURN_FALSE;
    }
    zval fn;
    ZVAL_COPY(&fn, &fci.function_name);
    auto [it, added] = t_handlers->by_signo.try_emplace(sig, fn);
    if (!added) {
        zval old = it->second;
        it->second = fn;
        release_later(&old);
    }
    if (!current() && !rt->running) register_event_wait_at_shutdown(rt);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Process, alarm) {
    zend_long usec, type = ITIMER_REAL;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_LONG(usec)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(type)
    ZEND_PARSE_PARAMETERS_END();
    if (type != ITIMER_REAL && type != ITIMER_VIRTUAL && type != ITIMER_PROF) {
        set_last_error(SwooleError::kInvalidParams);
        php_error_docref(nullptr, E_WARNING,
                         "invalid type " ZEND_LONG_FMT " (ITIMER_REAL, ITIMER_VIRTUAL or ITIMER_PROF)", type);
        RETURN_FALSE;
    }
    // usec <= 0 stops the timer; otherwise it fires every usec microseconds, the first after usec.
    itimerval tv{};
    if (usec > 0) {
        tv.it_interval.tv_sec = static_cast<time_t>(usec / 1000000);
        tv.it_interval.tv_usec = static_cast<suseconds_t>(usec % 1000000);
        tv.it_value = tv.it_interval;
    }
    if (setitimer(static_cast<int>(type), &tv, nullptr) != 0) {
        php_error_docref(nullptr, E_WARNING, "setitimer() failed: %s", strerror(set_last_error(errno)));
        RETURN_FALSE;
    }
    if (usec <= 0) {
        // A shot fired before the stop may still be pending (blocked for the loop's signalfd): it
        // goes with the timer, so that removing the handler next cannot let its default action
        // (end the process) run.
        const int sig = type == ITIMER_REAL ? SIGALRM : (type == ITIMER_VIRTUAL ? SIGVTALRM : SIGPROF);
        sigset_t blocked, only;
        pthread_sigmask(SIG_SETMASK, nullptr, &blocked);
        if (sigismember(&blocked, sig)) {
            sigemptyset(&only);
            sigaddset(&only, sig);
            const timespec zero{0, 0};
            while (sigtimedwait(&only, nullptr, &zero) == sig) {
            }
        }
    }
    RETURN_TRUE;
}
