// Metrics (gust_metrics_path, gust_metrics_listen), max_memory and the access log of a running server: the binding's
// side of gust/server/metrics.h and gust/server/access_log.h. docs/metrics.md says what each
// series means.
#include "server/server_metrics.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "gust/base/log.h"
#include "server/process_mode.h"

namespace gust::php::srv {
namespace {

using server::metrics::bump;
using server::metrics::ExitReason;
using server::metrics::MetricsBlock;
using server::metrics::WorkerLine;

constexpr Nanos kTick = 10 * kNanosPerMilli;  // the lag probe's period
constexpr unsigned kPublishEvery = 100;       // ticks: about once a second

int64_t resident_bytes() {
    const int fd = ::open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char buf[128];
    const ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0) return 0;
    buf[n] = 0;
    long long size = 0, resident = 0;
    if (sscanf(buf, "%lld %lld", &size, &resident) != 2) return 0;
    return static_cast<int64_t>(resident) * sysconf(_SC_PAGESIZE);
}

void publish_gauges(Server *s, bool with_rss) {
    MetricsState &m = *s->metrics;
    WorkerLine *line = m.line;
    if (!line) return;
    if (LoopState *rt = loop_state_if_any()) {
        const auto st = rt->scheduler->stats();
        line->coroutines_live.store(static_cast<int64_t>(st.live), std::memory_order_relaxed);
        line->coroutines_created.store(m.created_before + st.created, std::memory_order_relaxed);
    }
    line->memory_php.store(static_cast<int64_t>(zend_memory_usage(true)), std::memory_order_relaxed);
    if (with_rss) line->memory_rss.store(resident_bytes(), std::memory_order_relaxed);
    if (m.lag.count() > 0) {
        line->lag_p50_ns.store(m.lag.percentile(0.5), std::memory_order_relaxed);
        line->lag_p99_ns.store(m.lag.percentile(0.99), std::memory_order_relaxed);
    }
    // The reactor's own refusals (BASE: this worker's reactor accepts).
    if (s->worker.reactor) {
        const server::ReactorStats st = s->worker.reactor->stats();
        if (st.tls_failures > m.seen_tls_failures) bump(line->tls_failures, st.tls_failures - m.seen_tls_failures);
        if (st.refused > m.seen_refused) bump(line->connections_refused, st.refused - m.seen_refused);
        m.seen_tls_failures = st.tls_failures;
        m.seen_refused = st.refused;
    }
}

// Every 10 ms: how late the timer fired (the loop's lag); once a second the gauges and max_memory.
void tick(void *arg, loop::TimerId) {
    auto *s = static_cast<Server *>(arg);
    MetricsState &m = *s->metrics;
    LoopState *rt = loop_state_if_any();
    if (!rt) return;
    // Due as the loop scheduled it (its clock as of its last wake-up), fired as the clock says now.
    m.lag.add(monotonic_now() - m.tick_due);
    m.tick_due = rt->loop->now() + kTick;
    m.tick_timer = rt->loop->add_timer(kTick, 0, &tick, s);
    rt->loop->set_timer_ref(m.tick_timer, false);
    if (++m.ticks % kPublishEvery == 0) {
        if (m.line) publish_gauges(s, true);
        if (m.access) (void)m.access->flush();
        metrics_check_memory(s);
    }
}

// What the exposition needs besides the block: the ports' names, the worker count, the mode.
server::metrics::RenderInfo render_info(Server *s) {
    server::metrics::RenderInfo info;
    for (auto &p : s->ports) info.ports.push_back(p->host + ":" + std::to_string(p->port));
    info.event_workers = static_cast<int>(s->settings.worker_num);
    info.mode = s->mode == kModeProcess ? "process" : "base";
    return info;
}

// PROCESS mode: the master's reactor threads accept and handshake; they count in the shared state.
void add_master_counts(const server::SharedState &sh, server::metrics::RenderInfo *info) {
    for (int r = 0; r < sh.reactor_num(); ++r) {
        info->extra_connections_refused += sh.thread(r).refused.load(std::memory_order_relaxed);
        info->extra_tls_failures += sh.thread(r).tls_failures.load(std::memory_order_relaxed);
    }
}

}  // namespace

int port_index_of(Server *s, const Port *port) {
    for (size_t i = 0; i < s->ports.size(); ++i) {
        if (s->ports[i].get() == port) return static_cast<int>(i);
    }
    return 0;
}

bool metrics_server_start(Server *s) {
    const Settings &o = s->settings;
    log_set_format(o.log_json ? LogFormat::kJson : LogFormat::kText);
    s->metrics.reset();  // an earlier start()'s, with its listener
    if (o.metrics_path.empty() && o.metrics_listen.empty() && o.max_memory <= 0 && o.access_log.empty()) return true;
    s->metrics = std::make_shared<MetricsState>();
    if (!o.metrics_path.empty() || !o.metrics_listen.empty()) {
        const int workers = static_cast<int>(std::max<zend_long>(1, o.worker_num + o.task_worker_num));
        auto made = MetricsBlock::create(workers);
        if (!made.ok()) {
            php_error_docref(nullptr, E_WARNING, "cannot map the metrics block: %s", strerror(-made.error().code));
            return false;
        }
        s->metrics->block = std::move(made.value());
    }
    if (!o.metrics_listen.empty()) {
        server::metrics::Listener::Options lo;
        if (!o.metrics_path.empty()) lo.path = o.metrics_path;
        auto bound = server::metrics::Listener::bind(o.metrics_listen, lo);
        if (!bound.ok()) {
            const int code = bound.error().code;
            if (code == kErrInvalid) {
                php_error_docref(nullptr, E_WARNING,
                                 "gust_metrics_listen must be an IP address and a port, as \"127.0.0.1:9100\" or "
                                 "\"[::1]:9100\", \"%s\" given",
                                 o.metrics_listen.c_str());
            } else {
                php_error_docref(nullptr, E_WARNING, "cannot listen on gust_metrics_listen %s: %s",
                                 o.metrics_listen.c_str(), strerror(-code));
            }
            s->metrics.reset();
            return false;
        }
        s->metrics->listener = std::move(bound.value());
    }
    if (!o.access_log.empty()) {
        // Opened here first so a bad path fails start(); each worker opens its own descriptor.
        server::AccessLog probe;
        const Status st = probe.open(o.access_log);
        if (!st.ok()) {
            php_error_docref(nullptr, E_WARNING, "cannot open access_log %s: %s", o.access_log.c_str(),
                             strerror(-st.code()));
            return false;
        }
    }
    return true;
}

void metrics_worker_start(Server *s) {
    log_set_worker_id(static_cast<int>(s->worker_id));
    if (!s->metrics) return;
    MetricsState &m = *s->metrics;
    m.memory_exceeded = false;
    m.seen_tls_failures = m.seen_refused = 0;
    if (!s->settings.access_log.empty()) {
        m.access = std::make_unique<server::AccessLog>();
        if (!m.access->open(s->settings.access_log).ok()) m.access.reset();
    }
    LoopState *rt = loop_state();
    if (m.block && s->worker_id >= 0 && s->worker_id < m.block->workers()) {
        m.line = &m.block->worker(static_cast<int>(s->worker_id));
        m.line->pid.store(static_cast<int32_t>(getpid()), std::memory_order_relaxed);
        m.line->exit_reason.store(0, std::memory_order_relaxed);
        m.line->inflight.store(0, std::memory_order_relaxed);
        m.created_before = m.line->coroutines_created.load(std::memory_order_relaxed);
        m.lag = server::metrics::LagWindow();
        publish_gauges(s, true);
    }
    // The probe runs when metrics, max_memory or the access log (flushed each second) need it; it
    // never keeps the loop alive.
    if (m.line || s->settings.max_memory > 0 || m.access) {
        m.ticks = 0;
        m.tick_due = rt->loop->now() + kTick;
        m.tick_timer = rt->loop->add_timer(kTick, 0, &tick, s);
        rt->loop->set_timer_ref(m.tick_timer, false);
    }
}

void metrics_worker_end(Server *s) {
    log_set_worker_id(-1);
    if (!s->metrics) return;
    MetricsState &m = *s->metrics;
    if (m.tick_timer) {
        if (LoopState *rt = loop_state_if_any()) rt->loop->cancel_timer(m.tick_timer);
        m.tick_timer = 0;
    }
    m.access.reset();  // flushes
    if (m.line) {
        publish_gauges(s, false);
        m.line->coroutines_live.store(0, std::memory_order_relaxed);
        m.line->inflight.store(0, std::memory_order_relaxed);
        m.line->pid.store(0, std::memory_order_relaxed);
        m.line = nullptr;
    }
}

void metrics_worker_exited(Server *s, size_t id, int signal, bool reloading) {
    if (!s->metrics || !s->metrics->block || id >= static_cast<size_t>(s->metrics->block->workers())) return;
    WorkerLine &line = s->metrics->block->worker(static_cast<int>(id));
    ExitReason reason = ExitReason::kExit;
    const int32_t said = line.exit_reason.exchange(0, std::memory_order_relaxed);
    if (reloading) reason = ExitReason::kReload;
    else if (signal != 0) reason = ExitReason::kSignal;
    else if (said > 0 && said <= static_cast<int32_t>(ExitReason::kCount)) reason = static_cast<ExitReason>(said - 1);
    // The manager is the only writer of its line.
    auto &c = s->metrics->block->manager().restarts[static_cast<int>(reason)];
    c.store(c.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    // A worker that died abruptly could not clear its gauges.
    line.pid.store(0, std::memory_order_relaxed);
    line.inflight.store(0, std::memory_order_relaxed);
    line.coroutines_live.store(0, std::memory_order_relaxed);
}

void metrics_note_exit_reason(Server *s, ExitReason reason) {
    if (WorkerLine *line = metrics_line(s))
        line->exit_reason.store(static_cast<int32_t>(reason) + 1, std::memory_order_relaxed);
}

void metrics_check_memory(Server *s) {
    if (!s->metrics || s->settings.max_memory <= 0 || s->metrics->memory_exceeded || s->worker_id < 0) return;
    if (s->worker_id >= s->settings.worker_num) return;  // task workers: not served by recycling
    // PHP's allocator off (USE_ZEND_ALLOC=0, as under ASan) tracks nothing: RSS stands in.
    size_t used = zend_memory_usage(true);
    const char *kind = "PHP memory";
    if (used == 0) {
        used = static_cast<size_t>(resident_bytes());
        kind = "resident memory";
    }
    if (used <= static_cast<size_t>(s->settings.max_memory)) return;
    s->metrics->memory_exceeded = true;
    GUST_LOG_WARN("worker #%ld uses %zu bytes of %s, over max_memory %ld: replacing it after its requests",
                  static_cast<long>(s->worker_id), used, kind, static_cast<long>(s->settings.max_memory));
    metrics_note_exit_reason(s, ExitReason::kMaxMemory);
    recycle_worker(s);
}

bool metrics_is_scrape(Server *s, std::string_view target) {
    if (!s->metrics || !s->metrics->block) return false;
    const std::string &path = s->settings.metrics_path;
    if (path.empty()) return false;  // gust_metrics_listen alone: the HTTP ports do not answer
    if (target.size() < path.size() || target.compare(0, path.size(), path) != 0) return false;
    return target.size() == path.size() || target[path.size()] == '?';
}

std::string metrics_exposition(Server *s) {
    publish_gauges(s, true);  // this worker's own gauges as of now
    server::metrics::RenderInfo info = render_info(s);
    if (s->process_mode && s->process_mode->master) add_master_counts(s->process_mode->master->shared(), &info);
    return server::metrics::render(*s->metrics->block, info);
}

void metrics_listener_start(Server *s) {
    if (!s->metrics || !s->metrics->listener) return;
    // Everything the thread reads: a copy of the ports' names, the shared block and (PROCESS) the
    // master's shared counters — atomics and memory that outlive the thread (metrics_listener_stop()
    // runs before either goes). No PHP.
    const server::metrics::RenderInfo info = render_info(s);
    const server::metrics::MetricsBlock *block = s->metrics->block.get();
    const server::SharedState *master =
        s->process_mode && s->process_mode->master ? &s->process_mode->master->shared() : nullptr;
    const Status st = s->metrics->listener->start([info, block, master] {
        server::metrics::RenderInfo now = info;
        if (master) add_master_counts(*master, &now);
        return server::metrics::render(*block, now);
    });
    if (!st.ok()) GUST_LOG_ERROR("gust_metrics_listen: cannot start its thread: %s", error_message(st.code()));
}

void metrics_listener_stop(Server *s) {
    if (s->metrics && s->metrics->listener) s->metrics->listener->stop();
}

void metrics_listener_drop(Server *s) {
    if (s->metrics && s->metrics->listener) s->metrics->listener->forget_after_fork();
}

void metrics_request_start(Server *s) {
    if (WorkerLine *line = metrics_line(s))
        line->inflight.store(line->inflight.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

void metrics_request_end(Server *s, int port_index, int status, Nanos duration, uint64_t bytes_in, uint64_t bytes_out) {
    if (WorkerLine *line = metrics_line(s)) {
        const int64_t inflight = line->inflight.load(std::memory_order_relaxed);
        if (inflight > 0) line->inflight.store(inflight - 1, std::memory_order_relaxed);
        MetricsBlock::record_request(*line, port_index, status, duration, bytes_in, bytes_out);
    }
    if (s->settings.max_memory > 0) metrics_check_memory(s);
}

void metrics_request_abandoned(Server *s) {
    if (WorkerLine *line = metrics_line(s)) {
        const int64_t inflight = line->inflight.load(std::memory_order_relaxed);
        if (inflight > 0) line->inflight.store(inflight - 1, std::memory_order_relaxed);
    }
}

void metrics_refused(Server *s, int status) {
    if (WorkerLine *line = metrics_line(s))
        bump(line->refused[static_cast<int>(server::metrics::refusal_of_status(status))]);
}

void metrics_request_timed_out(Server *s) {
    if (WorkerLine *line = metrics_line(s)) bump(line->request_timeouts);
}

void metrics_connected(Server *s, int port_index) {
    WorkerLine *line = metrics_line(s);
    if (!line) return;
    const int p = std::clamp(port_index, 0, server::metrics::kMaxPorts - 1);
    bump(line->connections[p]);
    if (static_cast<size_t>(port_index) < s->ports.size() && s->ports[port_index]->tls) bump(line->tls_handshakes);
}

void metrics_reactor_refused(Server *s) {
    if (metrics_line(s)) publish_gauges(s, false);
}

void metrics_task(Server *s, bool done) {
    if (WorkerLine *line = metrics_line(s)) bump(done ? line->tasks_done : line->tasks_sent);
}

void access_log_write(Server *s, const server::AccessRecord &record) {
    MetricsState &m = *s->metrics;
    m.access->append(server::format_access(record, static_cast<server::AccessFormat>(s->settings.access_log_format)));
}

}  // namespace gust::php::srv
