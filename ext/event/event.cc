// Swoole\Event and swoole_event_*(): PHP callbacks on fd readiness, deferred calls and a per-iteration
// cycle callback, all on the request's loop; swoole_event_wait() runs it.
//
// Every PHP callback runs in a coroutine of its own (gust::php::create), never on the loop's C++
// stack. A watch removed from inside its own callback is freed once that callback's coroutine has
// switched back to the loop (its on_io frame is still below).
// Method bodies hold no C++ object with a destructor: check_pending() may longjmp out of them.
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <unordered_map>

#include "event/event.h"
#include "zend/callable.h"
#include "zend/fd.h"

namespace gust::php {
namespace {

// Swoole's event flags (not the core's IoEvents).
enum : zend_long { kEventRead = 1 << 9, kEventWrite = 1 << 10 };

// Every reset goes through reset_callback(): released later, never by ~Callable (only UNDEF is
// left when a Watch, Deferred or the registry is deleted).
using Callback = Callable;

void set_callback(Callback &cb, zend_fcall_info *fci, zend_fcall_info_cache *fcc) { cb.assign(fci, fcc); }

void reset_callback(Callback &cb) {
    zval fn;
    cb.take(&fn);
    release_later(&fn);  // may be on the loop's stack: a destructor runs at the next safe point
}

bool has(const Callback &cb) { return cb.is_set(); }

struct Watch final : loop::IoHandler {
    int fd = -1;
    zval socket;  // what add() was given; passed to the callbacks
    Callback read{}, write{};
    zend_long events = 0;  // kEventRead | kEventWrite, as the user asked
    loop::WatchId id;
    std::string out;  // Event::write() data not yet accepted by the fd
    bool dead = false;
    int busy = 0;  // on_io frames on the stack

    uint32_t poll_events() const {
        uint32_t ev = 0;
        if (events & kEventRead) ev |= loop::kReadable;
        if ((events & kEventWrite) || !out.empty()) ev |= loop::kWritable;
        return ev;
    }
    void on_io(uint32_t ev) override;
};

struct Deferred {
    Callback cb;
};

struct CycleHook final : loop::IterationHook {
    bool before_wait() override;
    bool keeps_alive() override { return false; }
};

// The request's watches, deferred calls and cycle callback.
struct Events {
    std::unordered_map<int, Watch *> watches;
    std::unordered_map<uint64_t, Deferred *> deferred;  // by ticket: a loop closure finds nothing once released
    uint64_t next_ticket = 1;
    Callback cycle{};
    bool cycle_before = false;
    bool cycle_hooked = false;
    CycleHook hook;
};

thread_local Events *t_events = nullptr;

Events *registry() {
    if (!t_events) t_events = new Events();
    return t_events;
}

// Whether PHP callbacks may start now: not while the loop is stopping or the request is ending.
bool may_run(LoopState *rt) { return rt && rt->pending == Pending::kNone && !rt->exit_requested; }

void free_watch(Watch *w) {
    reset_callback(w->read);
    reset_callback(w->write);
    release_later(&w->socket);
    delete w;
}

void remove_watch(LoopState *rt, Events *es, Watch *w) {
    es->watches.erase(w->fd);
    if (rt) rt->loop->unwatch(w->id);
    w->dead = true;
    if (w->busy == 0) free_watch(w);
}

// A non-blocking write whatever the fd's own mode: -1 with errno on failure.
ssize_t write_now(int fd, const char *data, size_t len) {
    ssize_t n = ::send(fd, data, len, MSG_DONTWAIT | MSG_NOSIGNAL);
    if (n >= 0 || errno != ENOTSOCK) return n;
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0) return -1;
    if (!(flags & O_NONBLOCK)) (void)fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    n = ::write(fd, data, len);
    int saved = errno;
    if (!(flags & O_NONBLOCK)) (void)fcntl(fd, F_SETFL, flags);
    errno = saved;
    return n;
}

// Writes what Event::write() buffered; false (buffer dropped) on an error other than EAGAIN.
bool flush(Watch *w) {
    while (!w->out.empty()) {
        ssize_t n = write_now(w->fd, w->out.data(), w->out.size());
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK) return true;
            if (errno == EINTR) continue;
            w->out.clear();
            return false;
        }
        w->out.erase(0, static_cast<size_t>(n));
    }
    return true;
}

void Watch::on_io(uint32_t ev) {
    LoopState *rt = loop_state_if_any();
    if (dead || !may_run(rt)) return;
    ++busy;
    const bool failed = ev & (loop::kError | loop::kHangup);
    const uint32_t before = poll_events();
    bool called = false;
    if (((ev & loop::kReadable) || failed) && (events & kEventRead) && has(read)) {
        (void)create(read.cache(), read.value(), &socket, 1);
        called = true;
    }
    // An error or hang-up goes to the read callback, or to the write side when there is none.
    if (!dead && may_run(rt) && ((ev & loop::kWritable) || (failed && !called))) {
        if (!out.empty()) {
            if (!flush(this)) {
                php_error_docref(nullptr, E_WARNING, "write to fd %d failed: %s", fd, strerror(errno));
            }
        } else if ((events & kEventWrite) && has(write)) {
            (void)create(write.cache(), write.value(), &socket, 1);
        }
    }
    if (!dead && poll_events() != before && rt) (void)rt->loop->update(id, poll_events());
    --busy;
    if (dead && busy == 0) free_watch(this);
}

bool CycleHook::before_wait() {
    LoopState *rt = loop_state_if_any();
    Events *es = t_events;
    if (!es || !has(es->cycle) || !may_run(rt)) return false;
    (void)create(es->cycle.cache(), es->cycle.value(), nullptr, 0);
    // A coroutine the callback woke must run before the loop blocks.
    return rt->scheduler->stats().runnable > 0;
}

void run_deferred(uint64_t ticket) {
    Events *es = t_events;
    LoopState *rt = loop_state_if_any();
    if (!es || !rt) return;
    auto it = es->deferred.find(ticket);
    if (it == es->deferred.end()) return;
    if (!may_run(rt)) {
        rt->loop->defer([ticket] { run_deferred(ticket); });  // again once the loop runs normally
        return;
    }
    Deferred *d = it->second;
    es->deferred.erase(it);
    (void)create(d->cb.cache(), d->cb.value(), nullptr, 0);
    reset_callback(d->cb);
    delete d;
}

Watch *find_watch(int fd) {
    if (!t_events) return nullptr;
    auto it = t_events->watches.find(fd);
    return it == t_events->watches.end() ? nullptr : it->second;
}

// add() and set() need a callback for each event they ask for.
bool callbacks_cover(zend_long events, bool read, bool write) {
    if ((events & kEventRead) && !read) {
        php_error_docref(nullptr, E_WARNING, "%s: unable to find read callback of fd", "Swoole\\Event");
        return false;
    }
    if ((events & kEventWrite) && !write) {
        php_error_docref(nullptr, E_WARNING, "%s: unable to find write callback of fd", "Swoole\\Event");
        return false;
    }
    return true;
}

zend_long add_watch(LoopState *rt, zval *zfd, int fd, zend_fcall_info *rfci, zend_fcall_info_cache *rfcc,
                    zend_fcall_info *wfci, zend_fcall_info_cache *wfcc, zend_long events) {
    Events *es = registry();
    auto *w = new Watch();
    w->fd = fd;
    ZVAL_COPY(&w->socket, zfd);
    if (ZEND_FCI_INITIALIZED(*rfci)) set_callback(w->read, rfci, rfcc);
    if (ZEND_FCI_INITIALIZED(*wfci)) set_callback(w->write, wfci, wfcc);
    w->events = events & (kEventRead | kEventWrite);
    auto id = rt->loop->watch(fd, w->poll_events(), w);
    if (!id) {
        set_last_error(SwooleError::kEventAddFailed);
        php_error_docref(nullptr, E_WARNING, "failed to add fd %d to the event loop: %s", fd, id.error().message());
        free_watch(w);
        return -1;
    }
    w->id = *id;
    es->watches.emplace(fd, w);
    if (!current() && !rt->running) register_event_wait_at_shutdown(rt);
    return fd;
}

void event_add(INTERNAL_FUNCTION_PARAMETERS) {
    zval *zfd;
    zend_fcall_info rfci = empty_fcall_info, wfci = empty_fcall_info;
    zend_fcall_info_cache rfcc = empty_fcall_info_cache, wfcc = empty_fcall_info_cache;
    zend_long events = kEventRead;
    ZEND_PARSE_PARAMETERS_START(1, 4)
        Z_PARAM_ZVAL(zfd)
        Z_PARAM_OPTIONAL
        Z_PARAM_FUNC_OR_NULL(rfci, rfcc)
        Z_PARAM_FUNC_OR_NULL(wfci, wfcc)
        Z_PARAM_LONG(events)
    ZEND_PARSE_PARAMETERS_END();
    if (!ZEND_FCI_INITIALIZED(rfci) && !ZEND_FCI_INITIALIZED(wfci)) {
        php_error_docref(nullptr, E_WARNING, "both read and write callbacks are empty");
        RETURN_FALSE;
    }
    if (!callbacks_cover(events, ZEND_FCI_INITIALIZED(rfci), ZEND_FCI_INITIALIZED(wfci))) RETURN_FALSE;
    int fd = fd_from_zval(zfd);
    if (fd < 0) RETURN_FALSE;
    if (find_watch(fd)) {
        set_last_error(SwooleError::kEventAddFailed);
        php_error_docref(nullptr, E_WARNING, "fd %d is already in the event loop", fd);
        RETURN_FALSE;
    }
    LoopState *rt = loop_state();
    if (!rt) RETURN_FALSE;
    zend_long r = add_watch(rt, zfd, fd, &rfci, &rfcc, &wfci, &wfcc, events);
    if (r < 0) RETURN_FALSE;
    RETURN_LONG(r);
}

void event_set(INTERNAL_FUNCTION_PARAMETERS) {
    zval *zfd;
    zend_fcall_info rfci = empty_fcall_info, wfci = empty_fcall_info;
    zend_fcall_info_cache rfcc = empty_fcall_info_cache, wfcc = empty_fcall_info_cache;
    zend_long events = 0;
    ZEND_PARSE_PARAMETERS_START(1, 4)
        Z_PARAM_ZVAL(zfd)
        Z_PARAM_OPTIONAL
        Z_PARAM_FUNC_OR_NULL(rfci, rfcc)
        Z_PARAM_FUNC_OR_NULL(wfci, wfcc)
        Z_PARAM_LONG(events)
    ZEND_PARSE_PARAMETERS_END();
    int fd = fd_from_zval(zfd);
    if (fd < 0) RETURN_FALSE;
    Watch *w = find_watch(fd);
    if (!w) {
        set_last_error(SwooleError::kEventUpdateFailed);
        php_error_docref(nullptr, E_WARNING, "fd %d is not in the event loop", fd);
        RETURN_FALSE;
    }
    const zend_long want = events ? (events & (kEventRead | kEventWrite)) : w->events;
    if (!callbacks_cover(want, ZEND_FCI_INITIALIZED(rfci) || has(w->read),
                         ZEND_FCI_INITIALIZED(wfci) || has(w->write))) {
        RETURN_FALSE;
    }
    if (ZEND_FCI_INITIALIZED(rfci)) set_callback(w->read, &rfci, &rfcc);
    if (ZEND_FCI_INITIALIZED(wfci)) set_callback(w->write, &wfci, &wfcc);
    w->events = want;
    LoopState *rt = loop_state_if_any();
    RETURN_BOOL(rt && rt->loop->update(w->id, w->poll_events()).ok());
}

void event_del(INTERNAL_FUNCTION_PARAMETERS) {
    zval *zfd;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ZVAL(zfd)
    ZEND_PARSE_PARAMETERS_END();
    int fd = fd_from_zval(zfd);
    if (fd < 0) RETURN_FALSE;
    Watch *w = find_watch(fd);
    if (!w) {
        set_last_error(SwooleError::kEventRemoveFailed);
        RETURN_FALSE;
    }
    remove_watch(loop_state_if_any(), t_events, w);
    RETURN_TRUE;
}

void event_isset(INTERNAL_FUNCTION_PARAMETERS) {
    zval *zfd;
    zend_long events = kEventRead | kEventWrite;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_ZVAL(zfd)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(events)
    ZEND_PARSE_PARAMETERS_END();
    int fd = fd_from_zval(zfd);
    if (fd < 0) RETURN_FALSE;
    Watch *w = find_watch(fd);
    RETURN_BOOL(w && (w->events & events));
}

void event_write(INTERNAL_FUNCTION_PARAMETERS) {
    zval *zfd;
    zend_string *data;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_ZVAL(zfd)
        Z_PARAM_STR(data)
    ZEND_PARSE_PARAMETERS_END();
    if (ZSTR_LEN(data) == 0) {
        php_error_docref(nullptr, E_WARNING, "data empty");
        RETURN_FALSE;
    }
    int fd = fd_from_zval(zfd);
    if (fd < 0) RETURN_FALSE;
    Watch *w = find_watch(fd);
    if (!w) {
        set_last_error(SwooleError::kSocketNotExists);
        php_error_docref(nullptr, E_WARNING, "fd %d is not in the event loop", fd);
        RETURN_FALSE;
    }
    const char *p = ZSTR_VAL(data);
    size_t left = ZSTR_LEN(data);
    if (w->out.empty()) {
        while (left > 0) {
            ssize_t n = write_now(fd, p, left);
            if (n < 0) {
                if (errno == EINTR) continue;
                if (errno == EAGAIN || errno == EWOULDBLOCK) break;
                php_error_docref(nullptr, E_WARNING, "write to fd %d failed: %s", fd, strerror(set_last_error(errno)));
                RETURN_FALSE;
            }
            p += n;
            left -= static_cast<size_t>(n);
        }
    }
    if (left > 0) {
        const bool was_empty = w->out.empty();
        w->out.append(p, left);
        LoopState *rt = loop_state_if_any();
        if (was_empty && rt) (void)rt->loop->update(w->id, w->poll_events());
    }
    RETURN_TRUE;
}

void event_defer(INTERNAL_FUNCTION_PARAMETERS) {
    zend_fcall_info fci;
    zend_fcall_info_cache fcc;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_FUNC(fci, fcc)
    ZEND_PARSE_PARAMETERS_END();
    LoopState *rt = loop_state();
    if (!rt) RETURN_FALSE;
    Events *es = registry();
    auto *d = new Deferred();
    set_callback(d->cb, &fci, &fcc);
    const uint64_t ticket = es->next_ticket++;
    es->deferred.emplace(ticket, d);
    rt->loop->defer([ticket] { run_deferred(ticket); });
    if (!current() && !rt->running) register_event_wait_at_shutdown(rt);
    RETURN_TRUE;
}

void event_cycle(INTERNAL_FUNCTION_PARAMETERS) {
    zend_fcall_info fci = empty_fcall_info;
    zend_fcall_info_cache fcc = empty_fcall_info_cache;
    bool before = false;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_FUNC_OR_NULL(fci, fcc)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(before)
    ZEND_PARSE_PARAMETERS_END();
    LoopState *rt = loop_state();
    if (!rt) RETURN_FALSE;
    Events *es = registry();
    if (!ZEND_FCI_INITIALIZED(fci)) {
        if (!has(es->cycle)) RETURN_FALSE;
        reset_callback(es->cycle);
        RETURN_TRUE;
    }
    set_callback(es->cycle, &fci, &fcc);
    es->cycle_before = before;
    if (!es->cycle_hooked) {
        rt->loop->add_hook(&es->hook);
        es->cycle_hooked = true;
    }
    RETURN_TRUE;
}

void event_wait(INTERNAL_FUNCTION_PARAMETERS) {
    ZEND_PARSE_PARAMETERS_NONE();
    LoopState *rt = loop_state_if_any();
    // Not after a fatal error (an uncaught exception too) in the script itself: this also runs as a
    // shutdown function, and PHP runs those after such an error.
    if (!rt || rt->pending != Pending::kNone || current() || fatal_error_reported()) return;
    run_all();
    // Swoole frees its reactor here: the shutdown function has nothing left to run until
    // something new is added to the loop.
    rt->shutdown_wait_armed = false;
    check_pending();
}

// Registered as a shutdown function by the first timer, event, signal or top-level coroutine.
void event_rshutdown(INTERNAL_FUNCTION_PARAMETERS) {
    ZEND_PARSE_PARAMETERS_NONE();
    LoopState *rt = loop_state_if_any();
    if (!rt || !rt->shutdown_wait_armed || rt->pending != Pending::kNone || current() || fatal_error_reported()) {
        return;
    }
    php_error_docref(nullptr, E_DEPRECATED, "Event::wait() in shutdown function is deprecated");
    run_all();
    rt->shutdown_wait_armed = false;
    check_pending();
}

void event_dispatch(INTERNAL_FUNCTION_PARAMETERS) {
    ZEND_PARSE_PARAMETERS_NONE();
    LoopState *rt = loop_state_if_any();
    if (!rt || rt->pending != Pending::kNone || current() || rt->running) RETURN_FALSE;
    rt->running = true;
    rt->exit_requested = false;
    (void)rt->loop->run_once(-1);
    rt->running = false;
    if (check_pending()) return;
    RETURN_TRUE;
}

void event_exit(INTERNAL_FUNCTION_PARAMETERS) {
    ZEND_PARSE_PARAMETERS_NONE();
    LoopState *rt = loop_state_if_any();
    if (!rt) return;
    rt->exit_requested = true;
    rt->loop->wake();
}

}  // namespace

void events_release(LoopState *rt) {
    Events *es = t_events;
    if (!es) return;
    while (!es->watches.empty()) remove_watch(rt, es, es->watches.begin()->second);
    for (auto &kv : es->deferred) {
        reset_callback(kv.second->cb);
        delete kv.second;
    }
    es->deferred.clear();
    reset_callback(es->cycle);
    if (es->cycle_hooked && rt) rt->loop->remove_hook(&es->hook);
    delete es;
    t_events = nullptr;
}

}  // namespace gust::php

ZEND_FUNCTION(swoole_event_add) { gust::php::event_add(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(swoole_event_set) { gust::php::event_set(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(swoole_event_del) { gust::php::event_del(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(swoole_event_write) { gust::php::event_write(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(swoole_event_wait) { gust::php::event_wait(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(swoole_event_exit) { gust::php::event_exit(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(swoole_event_defer) { gust::php::event_defer(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(swoole_event_cycle) { gust::php::event_cycle(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(swoole_event_dispatch) { gust::php::event_dispatch(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_FUNCTION(swoole_event_isset) { gust::php::event_isset(INTERNAL_FUNCTION_PARAM_PASSTHRU); }

ZEND_METHOD(Swoole_Event, add) { gust::php::event_add(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Event, del) { gust::php::event_del(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Event, set) { gust::php::event_set(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Event, isset) { gust::php::event_isset(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Event, dispatch) { gust::php::event_dispatch(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Event, defer) { gust::php::event_defer(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Event, cycle) { gust::php::event_cycle(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Event, write) { gust::php::event_write(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Event, wait) { gust::php::event_wait(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Event, exit) { gust::php::event_exit(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Event, rshutdown) { gust::php::event_rshutdown(INTERNAL_FUNCTION_PARAM_PASSTHRU); }

#include "stubs/event_arginfo.h"

void gust::php::register_event(int module_number) {
    REGISTER_LONG_CONSTANT("SWOOLE_EVENT_READ", kEventRead, CONST_CS | CONST_PERSISTENT);
    REGISTER_LONG_CONSTANT("SWOOLE_EVENT_WRITE", kEventWrite, CONST_CS | CONST_PERSISTENT);
    zend_register_functions(nullptr, ext_functions, nullptr, MODULE_PERSISTENT);
    register_class_Swoole_Event();
}

void gust::php::register_event_area(int module_number) {
    register_timer(module_number);
    register_event(module_number);
    add_loop_release(timers_release);
    add_loop_release(events_release);
}
