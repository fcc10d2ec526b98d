// The worker threads of a SWOOLE_THREAD server (thread_mode.h, docs/php-thread-mode.md; the main
// thread is server_thread_supervisor.cc). In a worker thread the bootstrap script's own server
// serves as that worker, BASE style: its own loop and reactor, taking the connections the main
// thread accepted for it (the listening sockets are the process's; a worker serves copies).
// Functions that call PHP keep no C++ object with a destructor on their stack (a fatal error
// longjmps through them).
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <mutex>
#include <cerrno>

#include "gust/base/clock.h"
#include "gust/base/log.h"
#include "gust/net/socket.h"
#include "gust/thread/value.h"
#include "common/errors.h"
#include "server/server.h"
#include "server/settings.h"
#include "server/tasks.h"
#include "server/thread_mode.h"
#include "thread/thread.h"
#include "server/thread_server.h"

namespace gust::php::srv {
using namespace thread_server;

namespace thread_server {
// A worker thread's side of the hand-off: takes what the main thread queued for its worker id.
struct HandoffTaker final : loop::IoHandler {
    Server *s = nullptr;
    Handoff *h = nullptr;
    loop::WatchId watch{};
    void on_io(uint32_t) override { take_all(); }
    // The watch is what keeps an idle worker's loop running (its ports accept nothing): it goes
    // when the worker starts to stop (max_request, reload, shutdown), so that the loop can end.
    // Its connections go on here; new ones wait for the successor.
    bool release_if_stopping() {
        if (!s->worker.stopping && !s->worker.recycling) return false;
        if (watch.valid()) loop_state()->loop->unwatch(watch);
        watch = {};
        return true;
    }
    void take_all() {
        if (!s->worker.reactor || release_if_stopping()) return;
        uint64_t v;
        while (::read(h->wake, &v, sizeof v) > 0) {
        }
        std::vector<std::pair<int, int>> got;
        {
            std::lock_guard<std::mutex> lock(h->mu);
            got.swap(h->fds);
        }
        for (auto [fd, port] : got) {
            if (!s->worker.reactor->take(port, fd).ok()) ::close(fd);
        }
    }
};

struct StatsPublisher final : loop::IterationHook {
    Server *s = nullptr;
    StatsLine *line = nullptr;
    HandoffTaker *taker = nullptr;  // checked each time the loop goes to sleep
    server::ReactorStats last{};
    uint64_t last_requests = 0;
    bool before_wait() override {
        publish();
        if (taker) (void)taker->release_if_stopping();
        return false;
    }
    bool keeps_alive() override { return false; }
    void publish() {
        if (s->worker.reactor) {
            const server::ReactorStats now = s->worker.reactor->stats();
            const uint64_t aborted = now.refused + now.framing_errors + now.tls_failures;
            const uint64_t last_aborted = last.refused + last.framing_errors + last.tls_failures;
            line->accepted.fetch_add(now.accepted - last.accepted, std::memory_order_relaxed);
            line->closed.fetch_add(now.closed - last.closed, std::memory_order_relaxed);
            line->aborted.fetch_add(aborted - last_aborted, std::memory_order_relaxed);
            line->bytes_in.fetch_add(now.bytes_received - last.bytes_received, std::memory_order_relaxed);
            line->bytes_out.fetch_add(now.bytes_sent - last.bytes_sent, std::memory_order_relaxed);
            last = now;
        }
        line->requests.fetch_add(s->worker.requests - last_requests, std::memory_order_relaxed);
        last_requests = s->worker.requests;
        LoopState *rt = loop_state_if_any();
        line->coroutines.store(rt ? static_cast<int64_t>(rt->scheduler->stats().live) : 0, std::memory_order_relaxed);
    }
};

}  // namespace thread_server

namespace {
thread_local Launch *t_launch = nullptr;  // this thread's worker start, in a worker thread

}  // namespace

namespace thread_server {
void enter_worker(void *arg) { t_launch = static_cast<Launch *>(arg); }

void leave_worker(void *arg, int status) {
    auto *l = static_cast<Launch *>(arg);
    t_launch = nullptr;
    ThreadServer *ts = l->ts;
    const int64_t id = l->id;
    const uint64_t gen = l->gen;
    delete l;
    send_note(ts, Note::kEnded, status, id, gen);
}
}  // namespace thread_server

namespace {

bool serve(Server *s) {
    Launch *l = t_launch;
    ThreadServer *ts = l->ts;
    // The worker ids are the main thread's: the same script normally sets the same counts.
    s->settings.worker_num = ts->worker_num;
    s->settings.task_worker_num = ts->task_worker_num;
    s->inboxes = ts->inboxes;  // the process's, closed by nobody here
    s->started = true;
    s->master_pid = ts->master_pid;
    s->start_time = ts->start_time;
    zend_update_property_long(s->self->ce, s->self, ZEND_STRL("master_pid"), s->master_pid);
    // The same user processes as the main thread's script made: each thread's Process objects
    // talk over the main thread's pipes, so a worker's $process->write() reaches that thread.
    if (static_cast<zend_long>(s->user_processes.size()) != ts->user_num) {
        php_error_docref(nullptr, E_WARNING,
                         "SWOOLE_THREAD: the bootstrap script added %zu user processes, the main thread " ZEND_LONG_FMT,
                         s->user_processes.size(), ts->user_num);
        return false;
    }
    for (size_t i = 0; i < s->user_processes.size(); ++i) {
        process_share_pipe(s->user_processes[i], ts->process_pipes[i].first, ts->process_pipes[i].second);
    }
    const zend_long first_user = ts->worker_num + ts->task_worker_num;
    if (l->id >= first_user) {
        // A user process: its callback is this thread's whole life (no onWorkerStart), as a
        // forked one's is; the server's detached send paths (sendMessage) work from it.
        s->worker_id = l->id;
        zend_update_property_long(s->self->ce, s->self, ZEND_STRL("worker_id"), l->id);
        process_run_child(s->user_processes[static_cast<size_t>(l->id - first_user)]);
        s->inboxes.clear();
        return true;
    }
    LoopState *rt = loop_state();
    auto w = rt->loop->watch(l->control, loop::kReadable, l);
    if (w.ok()) {
        l->watch = w.value();
        rt->loop->set_watch_ref(l->watch, false);  // the worker's own work keeps its loop alive
    }
    l->server = s;
    auto *stats = new StatsPublisher();
    stats->s = s;
    stats->line = &ts->stats[static_cast<size_t>(l->id)];
    stats->line->running.store(true, std::memory_order_relaxed);
    rt->loop->add_hook(stats);
    l->stats = stats;
    HandoffTaker *taker = nullptr;
    if (ts->handoff && l->id < ts->worker_num) {
        taker = new HandoffTaker();
        taker->s = s;
        taker->h = &ts->handoff[l->id];
        auto tw = rt->loop->watch(taker->h->wake, loop::kReadable, taker);
        if (tw.ok()) taker->watch = tw.value();
        stats->taker = taker;
    }
    run_worker(s, l->id);
    stats->taker = nullptr;
    if (taker) {
        if (taker->watch.valid()) {
            if (LoopState *now = loop_state_if_any()) now->loop->unwatch(taker->watch);
        }
        delete taker;
    }
    l->stats = nullptr;
    if (LoopState *now = loop_state_if_any()) now->loop->remove_hook(stats);
    stats->line->coroutines.store(0, std::memory_order_relaxed);
    stats->line->running.store(false, std::memory_order_relaxed);
    delete stats;
    l->server = nullptr;
    if (l->watch.valid()) rt->loop->unwatch(l->watch);
    l->watch = {};
    s->inboxes.clear();
    return true;
}

}  // namespace

bool in_server_thread() { return t_launch != nullptr; }

std::unique_ptr<Port> thread_port(size_t index, const char *host, zend_long port) {
    ThreadServer *ts = t_launch ? t_launch->ts : nullptr;
    if (!ts || index >= ts->ports.size()) {
        throw_error(swoole_exception_ce(), EINVAL,
                    "SWOOLE_THREAD worker: the main thread has no port #%zu (%s:" ZEND_LONG_FMT
                    "): the bootstrap script must make the same ports",
                    index, host, port);
        return nullptr;
    }
    const SharedPort &sp = ts->ports[index];
    auto p = std::make_unique<Port>();
    p->host = sp.host;
    p->port = sp.port;
    p->sock_type = sp.sock_type;
    p->family = sp.family;
    p->type = sp.type;
    p->fd = fcntl(sp.fd, F_DUPFD_CLOEXEC, 0);
    if (p->fd < 0) {
        throw_error(swoole_exception_ce(), errno, "SWOOLE_THREAD worker: cannot copy port #%zu: %s", index,
                    strerror(errno));
        return nullptr;
    }
    return p;
}

bool thread_mode_stats(Server *s, zval *out) {
    if (!t_launch) return false;
    ThreadServer *ts = t_launch->ts;
    if (t_launch->stats) t_launch->stats->publish();  // the caller's own counts, up to now
    uint64_t accepted = 0, closed = 0, aborted = 0, in = 0, outb = 0, requests = 0;
    int64_t concurrency = 0;
    zend_long idle = 0, task_idle = 0;
    for (zend_long w = 0; w < ts->worker_num + ts->task_worker_num; ++w) {
        const StatsLine &c = ts->stats[static_cast<size_t>(w)];
        accepted += c.accepted.load(std::memory_order_relaxed);
        closed += c.closed.load(std::memory_order_relaxed);
        aborted += c.aborted.load(std::memory_order_relaxed);
        in += c.bytes_in.load(std::memory_order_relaxed);
        outb += c.bytes_out.load(std::memory_order_relaxed);
        requests += c.requests.load(std::memory_order_relaxed);
        // The caller runs this callback: busy, whatever its loop published when it last slept.
        const int64_t busy = w == s->worker_id ? std::max<int64_t>(1, c.coroutines.load(std::memory_order_relaxed))
                                               : c.coroutines.load(std::memory_order_relaxed);
        concurrency += busy;
        if (c.running.load(std::memory_order_relaxed) && busy == 0) ++(w < ts->worker_num ? idle : task_idle);
    }
    LoopState *rt = loop_state_if_any();
    add_assoc_long(out, "start_time", static_cast<zend_long>(s->start_time));
    add_assoc_long(out, "connection_num", static_cast<zend_long>(accepted - std::min(accepted, closed)));
    add_assoc_long(out, "abort_count", static_cast<zend_long>(aborted));
    add_assoc_long(out, "accept_count", static_cast<zend_long>(accepted));
    add_assoc_long(out, "close_count", static_cast<zend_long>(closed));
    add_assoc_long(out, "worker_num", ts->worker_num);
    add_assoc_long(out, "task_worker_num", ts->task_worker_num);
    add_assoc_long(out, "user_worker_num", ts->user_num);
    add_assoc_long(out, "idle_worker_num", idle);
    add_assoc_long(out, "task_idle_worker_num", task_idle);
    add_assoc_long(out, "dispatch_count", static_cast<zend_long>(requests));
    add_assoc_long(out, "request_count", static_cast<zend_long>(requests));
    add_assoc_long(out, "response_count", 0);
    add_assoc_long(out, "total_recv_bytes", static_cast<zend_long>(in));
    add_assoc_long(out, "total_send_bytes", static_cast<zend_long>(outb));
    add_assoc_long(out, "concurrency", static_cast<zend_long>(concurrency));
    add_assoc_long(out, "worker_request_count", static_cast<zend_long>(s->worker.requests));
    add_assoc_long(out, "worker_dispatch_count", static_cast<zend_long>(s->worker.requests));
    add_assoc_long(out, "coroutine_num", rt ? static_cast<zend_long>(rt->scheduler->stats().live) : 0);
    add_assoc_long(out, "coroutine_peek_num", rt ? static_cast<zend_long>(rt->scheduler->stats().peak) : 0);
    return true;
}

bool thread_mode_hands_off() { return t_launch && t_launch->ts->handoff && t_launch->id < t_launch->ts->worker_num; }

bool start_thread_mode(Server *s) { return t_launch ? serve(s) : start_main(s); }

void thread_mode_shutdown() {
    if (t_launch) send_note(t_launch->ts, Note::kShutdown, 0, -1, 0);
}

void thread_mode_reload(bool only_task_workers) {
    if (t_launch) send_note(t_launch->ts, only_task_workers ? Note::kReloadTasks : Note::kReload, 0, -1, 0);
}

}  // namespace gust::php::srv
