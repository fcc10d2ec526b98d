// stats() of the whole server and getClientInfo() of any connection, read from the block every
// process shares (gust/server/shared_state.h). PROCESS mode: the master's reactor threads count
// connections, bytes and dispatches. Each worker (also in BASE mode with a manager, whose block
// holds only the workers' lines) counts its requests and tasks and publishes how many coroutines
// it has when its loop goes to sleep (an idle worker has none).
#include <unistd.h>

#include <algorithm>
#include <cstring>

#include "server/server.h"
#include "server/process_mode.h"
#include "server/worker_status.h"

namespace gust::php::srv {
namespace {

server::SharedState &shared(Server *s) { return s->process_mode->master->shared(); }

// The workers' lines: PROCESS mode's master block, or BASE mode's (nullptr: none).
server::SharedState *lines_block(Server *s) {
    if (s->process_mode) return s->process_mode->master ? &s->process_mode->master->shared() : nullptr;
    return s->base_shared.get();
}

server::WorkerCounters *line_of(Server *s, zend_long id) {
    server::SharedState *b = lines_block(s);
    if (!b || id < 0 || id >= b->workers()) return nullptr;
    return &b->worker(static_cast<int>(id));
}

// The worker's counter line, or nullptr (a user process, or no shared lines).
server::WorkerCounters *own_line(Server *s) { return line_of(s, s->worker_id); }

// Busy as others see it: coroutines when its loop last slept (or work it took since), or a task
// sent to it and not taken yet.
bool line_busy(const server::WorkerCounters &c) {
    return c.coroutines.load(std::memory_order_relaxed) > 0 || c.tasks_queued.load(std::memory_order_relaxed) > 0;
}

struct CoroutinePublisher final : loop::IterationHook {
    server::WorkerCounters *line = nullptr;
    bool before_wait() override {
        LoopState *rt = loop_state_if_any();
        if (rt) line->coroutines.store(static_cast<int64_t>(rt->scheduler->stats().live), std::memory_order_relaxed);
        // After the count (release): the master restarts its count of what it sent since
        // (server/worker_choice.h). Only this process writes the line: no locked add.
        line->load_epoch.store(line->load_epoch.load(std::memory_order_relaxed) + 1, std::memory_order_release);
        return false;
    }
    bool keeps_alive() override { return false; }
};

}  // namespace

bool shared_stats_create_base(Server *s) {
    s->base_shared.reset();
    // One reactor line and one connection slot, unused: BASE workers keep their connections.
    const int lines = static_cast<int>(s->settings.worker_num + s->settings.task_worker_num +
                                       static_cast<zend_long>(s->user_processes.size()));
    auto made = server::SharedState::create(1, lines, 1);
    if (!made.ok()) {
        errno = -made.error().code;
        return false;
    }
    s->base_shared = std::move(made.value());
    return true;
}

void shared_stats_worker_start(Server *s) {
    server::WorkerCounters *line = own_line(s);
    if (!line) return;
    line->requests.store(0, std::memory_order_relaxed);
    line->coroutines.store(0, std::memory_order_relaxed);
    line->pid.store(static_cast<int32_t>(getpid()), std::memory_order_relaxed);
    LoopState *rt = loop_state();
    auto *hook = new CoroutinePublisher();
    hook->line = line;
    rt->loop->add_hook(hook);
    s->worker.stats_hook = hook;
}

void shared_stats_worker_end(Server *s) {
    server::WorkerCounters *line = own_line(s);
    if (s->worker.stats_hook) {
        LoopState *rt = loop_state_if_any();
        if (rt) rt->loop->remove_hook(s->worker.stats_hook);
        delete static_cast<CoroutinePublisher *>(s->worker.stats_hook);
        s->worker.stats_hook = nullptr;
    }
    if (!line) return;
    line->coroutines.store(0, std::memory_order_relaxed);
    line->pid.store(0, std::memory_order_relaxed);
}

void shared_stats_worker_gone(Server *s, zend_long id) {
    // User processes' lines hold only their pid (shared_user_process_pid).
    if (id >= s->settings.worker_num + s->settings.task_worker_num) return;
    server::WorkerCounters *line = line_of(s, id);
    if (!line) return;
    // Its last count would keep it busy until the replacement's start; the tasks still in its
    // inbox wait for that replacement and stay counted.
    line->pid.store(0, std::memory_order_relaxed);
    line->coroutines.store(0, std::memory_order_relaxed);
}

void shared_count_request(Server *s) {
    server::WorkerCounters *line = own_line(s);
    if (!line) return;
    // `requests` has one writer, this process: a plain load + store. The total is shared with this
    // worker id's successor, which may overlap its predecessor's last requests: a real add.
    line->requests.store(line->requests.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    line->requests_total.fetch_add(1, std::memory_order_relaxed);
}

void shared_stats_taking_work(Server *s) {
    server::WorkerCounters *line = own_line(s);
    LoopState *rt = loop_state_if_any();
    // The callbacks about to run count as one more coroutine until the loop publishes again.
    if (line && rt)
        line->coroutines.store(static_cast<int64_t>(rt->scheduler->stats().live) + 1, std::memory_order_relaxed);
}

void shared_count_task(Server *s, bool done) {
    server::WorkerCounters *line = own_line(s);
    if (line) (done ? line->tasks_done : line->tasks_sent).fetch_add(1, std::memory_order_relaxed);
}

void shared_task_queued(Server *s, zend_long task_worker_id, bool queued) {
    if (server::WorkerCounters *line = line_of(s, task_worker_id))
        line->tasks_queued.fetch_add(queued ? 1 : -1, std::memory_order_relaxed);
}

void shared_task_taken(Server *s) {
    server::WorkerCounters *line = own_line(s);
    if (!line) return;
    // Busy from here on by its coroutine count, until its loop next sleeps: never idle between.
    shared_stats_taking_work(s);
    int64_t queued = line->tasks_queued.load(std::memory_order_relaxed);
    // A task sent by a process without the lines (none counted) must not take it below zero.
    while (queued > 0 && !line->tasks_queued.compare_exchange_weak(queued, queued - 1, std::memory_order_relaxed)) {
    }
}

zend_long shared_idle_workers(Server *s, bool task) {
    server::SharedState *b = lines_block(s);
    if (!b) return -1;
    const zend_long first = task ? s->settings.worker_num : 0;
    const zend_long end = std::min<zend_long>(
        b->workers(), task ? s->settings.worker_num + s->settings.task_worker_num : s->settings.worker_num);
    zend_long idle = 0;
    for (zend_long w = first; w < end; ++w) {
        // The caller's own status is the live one.
        if (w == s->worker_id) {
            idle += !worker_busy();
            continue;
        }
        idle += shared_worker_status(s, w) == 2;
    }
    return idle;
}

void shared_stats(Server *s, zval *out) {
    server::SharedState &sh = shared(s);
    uint64_t accepted = 0, closed = 0, aborted = 0, in = 0, outb = 0, dispatched = 0, responses = 0;
    for (int r = 0; r < sh.reactor_num(); ++r) {
        const server::ThreadCounters &c = sh.thread(r);
        accepted += c.accepted.load(std::memory_order_relaxed);
        closed += c.closed.load(std::memory_order_relaxed);
        aborted += c.aborted.load(std::memory_order_relaxed);
        in += c.bytes_in.load(std::memory_order_relaxed);
        outb += c.bytes_out.load(std::memory_order_relaxed);
        dispatched += c.dispatched.load(std::memory_order_relaxed);
        responses += c.responses.load(std::memory_order_relaxed);
    }
    LoopState *rt = loop_state_if_any();
    const int64_t own_coroutines = rt ? static_cast<int64_t>(rt->scheduler->stats().live) : 0;
    uint64_t requests = 0, sent = 0, done = 0;
    int64_t concurrency = 0;
    zend_long idle = 0, task_idle = 0;
    const int counted = std::min(sh.workers(), static_cast<int>(s->settings.worker_num + s->settings.task_worker_num));
    for (int w = 0; w < counted; ++w) {  // (user processes' lines hold only their pid)
        const server::WorkerCounters &c = sh.worker(w);
        requests += c.requests_total.load(std::memory_order_relaxed);
        // Packages and replies of handed-off connections never pass the master's threads.
        dispatched += c.handed_packages.load(std::memory_order_relaxed);
        responses += c.handed_responses.load(std::memory_order_relaxed);
        in += c.handed_bytes_in.load(std::memory_order_relaxed);
        outb += c.handed_bytes_out.load(std::memory_order_relaxed);
        sent += c.tasks_sent.load(std::memory_order_relaxed);
        done += c.tasks_done.load(std::memory_order_relaxed);
        // The caller's own count is the live one; others' as of their last sleep.
        const bool own = w == s->worker_id;
        concurrency += own ? own_coroutines : c.coroutines.load(std::memory_order_relaxed);
        const bool running = own || c.pid.load(std::memory_order_relaxed) != 0;
        const bool busy = own ? own_coroutines > 0 || worker_busy() : line_busy(c);
        if (running && !busy) ++(w < s->settings.worker_num ? idle : task_idle);
    }
    server::WorkerCounters *line = own_line(s);
    const uint64_t own_requests = line ? line->requests.load(std::memory_order_relaxed) : 0;
    add_assoc_long(out, "start_time", static_cast<zend_long>(s->start_time));
    add_assoc_long(out, "connection_num", static_cast<zend_long>(accepted - std::min(accepted, closed)));
    add_assoc_long(out, "abort_count", static_cast<zend_long>(aborted));
    add_assoc_long(out, "accept_count", static_cast<zend_long>(accepted));
    add_assoc_long(out, "close_count", static_cast<zend_long>(closed));
    add_assoc_long(out, "worker_num", s->settings.worker_num);
    add_assoc_long(out, "task_worker_num", s->settings.task_worker_num);
    add_assoc_long(out, "user_worker_num", static_cast<zend_long>(s->user_processes.size()));
    add_assoc_long(out, "idle_worker_num", idle);
    add_assoc_long(out, "dispatch_count", static_cast<zend_long>(dispatched));
    add_assoc_long(out, "request_count", static_cast<zend_long>(requests));
    add_assoc_long(out, "response_count", static_cast<zend_long>(responses));
    add_assoc_long(out, "total_recv_bytes", static_cast<zend_long>(in));
    add_assoc_long(out, "total_send_bytes", static_cast<zend_long>(outb));
    add_assoc_long(out, "concurrency", static_cast<zend_long>(concurrency));
    add_assoc_long(out, "worker_request_count", static_cast<zend_long>(own_requests));
    add_assoc_long(out, "worker_dispatch_count", static_cast<zend_long>(own_requests));
    add_assoc_long(out, "worker_concurrency", static_cast<zend_long>(own_coroutines));
    add_assoc_long(out, "task_idle_worker_num", task_idle);
    add_assoc_long(out, "tasking_num", static_cast<zend_long>(sent - std::min(sent, done)));
    add_assoc_long(out, "task_count", static_cast<zend_long>(done));
    add_assoc_long(out, "coroutine_num", static_cast<zend_long>(own_coroutines));
    add_assoc_long(out, "coroutine_peek_num", rt ? static_cast<zend_long>(rt->scheduler->stats().peak) : 0);
}

void shared_note_closing(Server *s, server::SessionId id, const server::ConnectInfo *ci) {
    if (!s->process_mode || !s->process_mode->master) return;
    server::ConnectionRecord &rec = s->process_mode->closing;
    rec = server::ConnectionRecord{};
    if (shared(s).read(id, &rec)) return;
    if (!ci) {
        rec.id = 0;
        return;
    }
    rec.id = id;
    rec.port_index = ci->port_index;
    rec.worker = static_cast<int32_t>(s->worker_id);
    rec.peer_port = ci->peer_port;
    rec.family = ci->family;
    rec.connected_at = ci->connected_at;
    std::memcpy(rec.peer_host, ci->peer_host, sizeof rec.peer_host);
    rec.peer_host[sizeof rec.peer_host - 1] = 0;
}

void shared_closing_done(Server *s) {
    if (s->process_mode) s->process_mode->closing.id = 0;
}

bool shared_client_info(Server *s, server::SessionId id, zval *out) {
    server::ConnectionRecord rec;
    if (!shared(s).read(id, &rec)) {
        if (id == 0 || s->process_mode->closing.id != id) return false;
        rec = s->process_mode->closing;
    }
    const size_t port_index = static_cast<size_t>(rec.port_index) < s->ports.size() ? rec.port_index : 0;
    const Port *p = s->ports[port_index].get();
    const double connected = mono_to_wall(rec.connected_at);
    const double received = mono_to_wall(rec.last_receive);
    const double sent = mono_to_wall(rec.last_send);
    array_init(out);
    add_assoc_long(out, "server_port", p->port);
    add_assoc_long(out, "server_fd", static_cast<zend_long>(port_index));
    add_assoc_long(out, "socket_fd", -1);  // the master's descriptor means nothing in a worker
    add_assoc_long(out, "socket_type", p->sock_type);
    add_assoc_long(out, "remote_port", rec.peer_port);
    add_assoc_string(out, "remote_ip", rec.peer_host);
    add_assoc_long(out, "reactor_id", static_cast<zend_long>((id - 1) % shared(s).reactor_num()));
    add_assoc_long(out, "connect_time", static_cast<zend_long>(connected));
    add_assoc_long(out, "last_time", static_cast<zend_long>(std::max({connected, received, sent})));
    add_assoc_double(out, "last_recv_time", received);
    // The master publishes these when it writes (or queues) a reply; 0 before the first byte out.
    add_assoc_double(out, "last_send_time", sent);
    add_assoc_double(out, "last_dispatch_time", received);
    add_assoc_long(out, "close_errno", 0);
    add_assoc_long(out, "send_queued_bytes", static_cast<zend_long>(rec.send_queued));
    add_assoc_long(out, "worker_id", rec.worker);
    if (rec.has_uid) add_assoc_long(out, "uid", rec.uid);
    return true;
}

void shared_user_process_pid(Server *s, zend_long id, pid_t pid) {
    if (id < s->settings.worker_num + s->settings.task_worker_num) return;  // not a user process
    if (server::WorkerCounters *line = line_of(s, id))
        line->pid.store(static_cast<int32_t>(pid), std::memory_order_relaxed);
}

pid_t shared_worker_pid(Server *s, zend_long id) {
    const server::WorkerCounters *line = line_of(s, id);
    return line ? line->pid.load(std::memory_order_relaxed) : 0;
}

zend_long shared_worker_status(Server *s, zend_long id) {
    const server::WorkerCounters *line = line_of(s, id);
    if (!line || line->pid.load(std::memory_order_relaxed) == 0) return 0;
    // As stats() counts idle workers.
    return line_busy(*line) ? 1 : 2;
}

}  // namespace gust::php::srv
