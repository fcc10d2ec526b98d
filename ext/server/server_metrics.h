// Operations features of a running server (docs/metrics.md): Prometheus metrics answered on
// gust_metrics_path, max_memory recycling, and the HTTP access log. The counters live in a block
// every process of the server shares (gust/server/metrics.h); each worker writes its own line.
// Everything here is off — one pointer test on the hot path — unless a setting asks for it.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "server/server.h"
#include "gust/server/access_log.h"
#include "gust/server/metrics.h"
#include "gust/server/metrics_listener.h"

namespace gust::php::srv {

struct MetricsState {
    // gust_metrics_path or gust_metrics_listen set: the shared counters.
    std::unique_ptr<server::metrics::MetricsBlock> block;
    // gust_metrics_listen: bound by start(), served by its thread in the process that lives as long
    // as the server (PROCESS: the master; BASE: the manager, or the only worker).
    std::unique_ptr<server::metrics::Listener> listener;
    // This worker's (while it runs).
    server::metrics::WorkerLine *line = nullptr;
    server::metrics::LagWindow lag;
    loop::TimerId tick_timer = 0;
    Nanos tick_due = 0;
    unsigned ticks = 0;
    uint64_t created_before = 0;  // the line's coroutine count before this process
    uint64_t seen_tls_failures = 0, seen_refused = 0;
    std::unique_ptr<server::AccessLog> access;
    bool memory_exceeded = false;
};

// The metrics of `s` when metrics are on (nullptr otherwise): cheap, for hot paths.
inline server::metrics::WorkerLine *metrics_line(Server *s) { return s->metrics ? s->metrics->line : nullptr; }

// start(): makes the shared block (before any fork) when metrics are on, and binds
// gust_metrics_listen; false (with a warning) on failure.
bool metrics_server_start(Server *s);
// gust_metrics_listen's thread: started where it will serve (BASE: before the first fork;
// PROCESS: in the master after the manager's fork), stopped when start() ends. Children forked
// while it runs close their copies of its socket by themselves; a child forked before it started
// (PROCESS: the manager) calls metrics_listener_drop().
void metrics_listener_start(Server *s);
void metrics_listener_stop(Server *s);
void metrics_listener_drop(Server *s);
// run_worker(): the worker's line, the 10 ms lag timer, the access log; and their end.
void metrics_worker_start(Server *s);
void metrics_worker_end(Server *s);
// The manager reaped worker `id`: counts its restart by reason and clears its gauges.
void metrics_worker_exited(Server *s, size_t id, int signal, bool reloading);
// A worker stopping by itself says why, for the manager's count (max_request, max_memory).
void metrics_note_exit_reason(Server *s, server::metrics::ExitReason reason);
// After a request (and on the timer): a worker past max_memory begins its replacement.
void metrics_check_memory(Server *s);

// HTTP (ext/http/): true when `target` asks for the metrics (the caller then answers with
// metrics_exposition()).
bool metrics_is_scrape(Server *s, std::string_view target);
std::string metrics_exposition(Server *s);
void metrics_request_start(Server *s);
// A response ended, `duration` after its request reached the worker.
void metrics_request_end(Server *s, int port_index, int status, Nanos duration, uint64_t bytes_in, uint64_t bytes_out);
// A measured request whose connection went before its response ended (not counted as answered).
void metrics_request_abandoned(Server *s);
void metrics_refused(Server *s, int status);
// A request was still unanswered at request_timeout (ext/http/http_deadline.cc).
void metrics_request_timed_out(Server *s);
// Connections: on a worker's connect (TLS ports count a handshake), and the reactor's refusals.
void metrics_connected(Server *s, int port_index);
void metrics_reactor_refused(Server *s);
void metrics_task(Server *s, bool done);
// The index of `port` among the server's ports.
int port_index_of(Server *s, const Port *port);

// The access log, when access_log is set.
inline bool access_log_on(Server *s) { return s->metrics && s->metrics->access; }
void access_log_write(Server *s, const server::AccessRecord &record);

}  // namespace gust::php::srv
