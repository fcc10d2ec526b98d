// request_timeout: one timer per request, only when the setting is on. Past the deadline the
// response gets a 503 (or, once write() has sent its head, the connection is closed) and the
// request's coroutine is canceled with a timeout (Scheduler::cancel(id, kErrTimedOut)): the call it
// waits in fails (errCode SWOOLE_ERROR_CO_TIMEDOUT), and so does every later wait, so it runs to
// its end and is freed. PHP that never waits is reached by the CPU guard (coroutine/cpu_guard.h):
// past the deadline (and its grace) the VM is interrupted, the 503 goes out from there, and the
// coroutine is ended (docs/operations.md).
#include "coroutine/cpu_guard.h"
#include "http/http.h"
#include "server/send.h"
#include "server/server_metrics.h"

namespace gust::php::http {

struct RequestDeadline {
    srv::Server *server = nullptr;
    ResponseObject *response = nullptr;  // nullptr once the Response object is gone
    coro::CoroutineId cid = 0;
    loop::TimerId timer = 0;
    uint64_t guard = 0;  // cpu_guard's handle
    bool fired = false;  // the deadline acted (503 or close)
};

namespace {

constexpr std::string_view kBody = "<html><body><h1>503 Service Unavailable</h1>"
                                   "<p>The request took longer than the server allows.</p></body></html>\n";

void forget(RequestDeadline *d) {
    if (d->timer) {
        if (LoopState *rt = loop_state_if_any()) rt->loop->cancel_timer(d->timer);
    }
    cpu_guard::forget(d->guard);
    if (d->response) d->response->deadline = nullptr;
    delete d;
}

// The request's coroutine ended (plain C++: no PHP here).
void coroutine_done(void *arg, int64_t) { forget(static_cast<RequestDeadline *>(arg)); }

bool answerable(ResponseObject *r) { return r && r->server && !r->ended && !r->detached; }

void expired(void *arg, loop::TimerId) {
    auto *d = static_cast<RequestDeadline *>(arg);
    d->timer = 0;
    ResponseObject *r = d->response;
    // Answered (or handed over with detach()) in time: the request is done; work the coroutine
    // still does after end() is its own business.
    if (!answerable(r)) return;
    d->fired = true;
    srv::Server *s = d->server;
    srv::metrics_request_timed_out(s);
    if (!r->headers_sent) {
        r->status = 503;
        r->reason.clear();
        r->keep_alive = false;  // the coroutine may still be unwinding: start afresh
        (void)end_response_with(r, kBody);
    } else {
        // Part of a body already went out: a status can no longer be told, only the end.
        r->ended = true;
        (void)srv::close_session(s, r->fd, false);
        if (r->current) request_done(s, r->fd, true);
    }
    if (LoopState *rt = loop_state_if_any()) (void)rt->scheduler->cancel(d->cid, kErrTimedOut);
}

// The CPU guard found the deadline overdue (PHP thread, inside the VM's interrupt).
cpu_guard::Verdict guard_verdict(void *arg, bool running) {
    auto *d = static_cast<RequestDeadline *>(arg);
    if (!d->fired && !answerable(d->response)) return cpu_guard::Verdict::kAnswered;
    if (!running) return cpu_guard::Verdict::kWaiting;
    if (!d->cid) d->cid = coro::current_id();
    if (d->timer) {
        if (LoopState *rt = loop_state_if_any()) rt->loop->cancel_timer(d->timer);
        d->timer = 0;
    }
    expired(d, 0);  // the 503 (or close) now, unless the loop's timer did it already
    return cpu_guard::Verdict::kInterrupt;
}

}  // namespace

RequestDeadline *deadline_prepare(srv::Server *s, ResponseObject *r, FinishHook *hook) {
    const Nanos timeout = settings_of(s).request_timeout;
    if (timeout <= 0) return nullptr;
    auto *d = new RequestDeadline();
    d->server = s;
    d->response = r;
    r->deadline = d;
    hook->fn = coroutine_done;
    hook->arg = d;
    hook->tag = 0;
    // Watched from before the coroutine starts: one that never yields never tells its id.
    d->guard = cpu_guard::watch(0, monotonic_now() + timeout, guard_verdict, d);
    return d;
}

void deadline_start(RequestDeadline *d, bool ran, zend_long cid) {
    if (!ran) {
        forget(d);  // no coroutine started: nothing will tell the hook
        return;
    }
    LoopState *rt = loop_state_if_any();
    // cid 0: the callback ran outside coroutines and has ended (the hook already freed `d`);
    // a coroutine that is gone ended before its first wait (the same).
    if (cid <= 0 || !rt || !rt->scheduler->find(cid)) return;
    d->cid = cid;
    d->timer = rt->loop->add_timer(settings_of(d->server).request_timeout, 0, expired, d);
}

void deadline_response_gone(RequestDeadline *d) { d->response = nullptr; }

}  // namespace gust::php::http
