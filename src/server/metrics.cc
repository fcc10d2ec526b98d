#include "gust/server/metrics.h"

#include <sys/mman.h>

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <new>

namespace gust::server::metrics {

const double kDurationBoundSeconds[kDurationBounds] = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                                                       0.1,    0.25,  0.5,    1,     2.5,  5,     10};

namespace {

// The bounds in nanoseconds, computed once (an exact integer compare on the hot path).
struct NanoBounds {
    Nanos v[kDurationBounds];
    NanoBounds() {
        for (int i = 0; i < kDurationBounds; ++i)
            v[i] = static_cast<Nanos>(std::llround(kDurationBoundSeconds[i] * 1e9));
    }
};
const NanoBounds g_bounds;

template <class T>
T load(const std::atomic<T> &a) {
    return a.load(std::memory_order_relaxed);
}

const char *const kStatusClasses[5] = {"1xx", "2xx", "3xx", "4xx", "5xx"};
const char *const kRefusals[static_cast<int>(Refusal::kCount)] = {"bad_request", "too_large", "timeout"};

void append_escaped_label(std::string &out, std::string_view v) {
    for (char c : v) {
        if (c == '\\') out += "\\\\";
        else if (c == '"') out += "\\\"";
        else if (c == '\n') out += "\\n";
        else out += c;
    }
}

void append_double(std::string &out, double v) {
    if (std::isnan(v)) {
        out += "NaN";
    } else if (std::isinf(v)) {
        out += v > 0 ? "+Inf" : "-Inf";
    } else {
        char buf[32];
        snprintf(buf, sizeof buf, "%.17g", v);
        out += buf;
    }
}

std::string bound_text(int i) {
    if (i >= kDurationBounds) return "+Inf";
    char buf[32];
    snprintf(buf, sizeof buf, "%g", kDurationBoundSeconds[i]);
    return buf;
}

}  // namespace

int duration_bucket(Nanos duration) {
    int i = 0;
    while (i < kDurationBounds && duration > g_bounds.v[i]) ++i;
    return i;
}

Refusal refusal_of_status(int status) {
    if (status == 408) return Refusal::kTimeout;
    if (status == 413 || status == 414 || status == 431) return Refusal::kTooLarge;
    return Refusal::kBadRequest;
}

const char *exit_reason_name(ExitReason reason) {
    switch (reason) {
        case ExitReason::kExit: return "exit";
        case ExitReason::kSignal: return "signal";
        case ExitReason::kMaxRequest: return "max_request";
        case ExitReason::kMaxMemory: return "max_memory";
        case ExitReason::kReload: return "reload";
        default: return "unknown";
    }
}

WorkerLine::WorkerLine() {
    for (auto &c : requests) c.store(0, std::memory_order_relaxed);
    for (auto &c : connections) c.store(0, std::memory_order_relaxed);
    for (auto &c : status_class) c.store(0, std::memory_order_relaxed);
    for (auto &c : duration_bucket) c.store(0, std::memory_order_relaxed);
    for (auto &c : refused) c.store(0, std::memory_order_relaxed);
}

ManagerLine::ManagerLine() {
    for (auto &c : restarts) c.store(0, std::memory_order_relaxed);
}

Result<std::unique_ptr<MetricsBlock>> MetricsBlock::create(int workers) {
    if (workers < 1) return Error{kErrInvalid};
    static_assert(std::atomic<uint64_t>::is_always_lock_free, "the shared block needs lock-free 64-bit atomics");
    const size_t size = sizeof(ManagerLine) + sizeof(WorkerLine) * static_cast<size_t>(workers);
    void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return Error{-errno};
    std::unique_ptr<MetricsBlock> b(new MetricsBlock());
    b->base_ = p;
    b->size_ = size;
    b->workers_ = workers;
    auto *bytes = static_cast<char *>(p);
    b->manager_ = new (bytes) ManagerLine();
    b->lines_ = reinterpret_cast<WorkerLine *>(bytes + sizeof(ManagerLine));
    for (int w = 0; w < workers; ++w) new (&b->lines_[w]) WorkerLine();
    return b;
}

MetricsBlock::~MetricsBlock() {
    if (base_) munmap(base_, size_);
}

void MetricsBlock::record_request(WorkerLine &line, int port_index, int status, Nanos duration, uint64_t bytes_in,
                                  uint64_t bytes_out) {
    const int port = std::clamp(port_index, 0, kMaxPorts - 1);
    bump(line.requests[port]);
    const int cls = std::clamp(status / 100, 1, 5) - 1;
    bump(line.status_class[cls]);
    if (duration < 0) duration = 0;
    bump(line.duration_bucket[duration_bucket(duration)]);
    bump(line.duration_sum_ns, static_cast<uint64_t>(duration));
    if (bytes_in) bump(line.bytes_in, bytes_in);
    if (bytes_out) bump(line.bytes_out, bytes_out);
}

void TextWriter::family(std::string_view name, std::string_view help, std::string_view type) {
    out_.append("# HELP ").append(name).append(" ");
    for (char c : help) {
        if (c == '\\') out_ += "\\\\";
        else if (c == '\n') out_ += "\\n";
        else out_ += c;
    }
    out_.append("\n# TYPE ").append(name).append(" ").append(type).append("\n");
}

void TextWriter::name_and_labels(std::string_view name, std::initializer_list<Label> labels) {
    out_.append(name);
    if (labels.size() == 0) {
        out_ += ' ';
        return;
    }
    out_ += '{';
    bool first = true;
    for (const Label &l : labels) {
        if (!first) out_ += ',';
        first = false;
        out_.append(l.name).append("=\"");
        append_escaped_label(out_, l.value);
        out_ += '"';
    }
    out_ += "} ";
}

void TextWriter::sample(std::string_view name, std::initializer_list<Label> labels, double value) {
    name_and_labels(name, labels);
    append_double(out_, value);
    out_ += '\n';
}

void TextWriter::sample(std::string_view name, std::initializer_list<Label> labels, uint64_t value) {
    name_and_labels(name, labels);
    out_.append(std::to_string(value));
    out_ += '\n';
}

void TextWriter::sample(std::string_view name, std::initializer_list<Label> labels, int64_t value) {
    name_and_labels(name, labels);
    out_.append(std::to_string(value));
    out_ += '\n';
}

std::string render(const MetricsBlock &block, const RenderInfo &info) {
    TextWriter w;
    const int n = block.workers();
    const int events = std::clamp(info.event_workers, 0, n);
    const int ports = std::clamp(static_cast<int>(info.ports.size()), 1, kMaxPorts);
    auto port_name = [&](int p) -> std::string {
        return p < static_cast<int>(info.ports.size()) ? info.ports[p] : std::to_string(p);
    };
    auto sum = [&](auto field) {
        uint64_t total = 0;
        for (int i = 0; i < n; ++i) total += load(field(block.worker(i)));
        return total;
    };

    w.family("gust_info", "Gust server: its process mode.", "gauge");
    w.sample("gust_info", {{"mode", info.mode}}, int64_t{1});

    w.family("gust_http_requests_total", "HTTP requests answered, by port.", "counter");
    for (int p = 0; p < ports; ++p) {
        const std::string name = port_name(p);
        w.sample("gust_http_requests_total", {{"port", name}},
                 sum([p](const WorkerLine &l) -> const std::atomic<uint64_t> & { return l.requests[p]; }));
    }
    w.family("gust_connections_total", "Connections accepted, by port.", "counter");
    for (int p = 0; p < ports; ++p) {
        const std::string name = port_name(p);
        w.sample("gust_connections_total", {{"port", name}},
                 sum([p](const WorkerLine &l) -> const std::atomic<uint64_t> & { return l.connections[p]; }));
    }
    w.family("gust_http_responses_total", "HTTP responses, by status class.", "counter");
    for (int c = 0; c < 5; ++c) {
        w.sample("gust_http_responses_total", {{"code", kStatusClasses[c]}},
                 sum([c](const WorkerLine &l) -> const std::atomic<uint64_t> & { return l.status_class[c]; }));
    }

    w.family("gust_http_request_duration_seconds", "Time from a request's arrival in the worker to its response's end.",
             "histogram");
    uint64_t cumulative = 0;
    for (int b = 0; b <= kDurationBounds; ++b) {
        cumulative += sum([b](const WorkerLine &l) -> const std::atomic<uint64_t> & { return l.duration_bucket[b]; });
        const std::string le = bound_text(b);
        w.sample("gust_http_request_duration_seconds_bucket", {{"le", le}}, cumulative);
    }
    const uint64_t sum_ns = sum([](const WorkerLine &l) -> const std::atomic<uint64_t> & { return l.duration_sum_ns; });
    w.sample("gust_http_request_duration_seconds_sum", {}, static_cast<double>(sum_ns) / 1e9);
    w.sample("gust_http_request_duration_seconds_count", {}, cumulative);

    w.family("gust_http_request_bytes_total", "Bytes of HTTP requests received (head and body).", "counter");
    w.sample("gust_http_request_bytes_total", {},
             sum([](const WorkerLine &l) -> const std::atomic<uint64_t> & { return l.bytes_in; }));
    w.family("gust_http_response_bytes_total", "Bytes of HTTP responses sent.", "counter");
    w.sample("gust_http_response_bytes_total", {},
             sum([](const WorkerLine &l) -> const std::atomic<uint64_t> & { return l.bytes_out; }));

    w.family("gust_refused_inputs_total", "Requests refused before any PHP ran, by kind.", "counter");
    for (int k = 0; k < static_cast<int>(Refusal::kCount); ++k) {
        w.sample("gust_refused_inputs_total", {{"kind", kRefusals[k]}},
                 sum([k](const WorkerLine &l) -> const std::atomic<uint64_t> & { return l.refused[k]; }));
    }
    w.family("gust_request_timeouts_total", "Requests still unanswered at request_timeout (503, or cut off).",
             "counter");
    w.sample("gust_request_timeouts_total", {},
             sum([](const WorkerLine &l) -> const std::atomic<uint64_t> & { return l.request_timeouts; }));
    w.family("gust_connections_refused_total", "Connections refused over max_connection.", "counter");
    w.sample("gust_connections_refused_total", {},
             info.extra_connections_refused +
                 sum([](const WorkerLine &l) -> const std::atomic<uint64_t> & { return l.connections_refused; }));
    w.family("gust_tls_handshakes_total", "TLS handshakes completed.", "counter");
    w.sample("gust_tls_handshakes_total", {},
             sum([](const WorkerLine &l) -> const std::atomic<uint64_t> & { return l.tls_handshakes; }));
    w.family("gust_tls_handshake_failures_total", "TLS handshakes that failed or timed out.", "counter");
    w.sample("gust_tls_handshake_failures_total", {},
             info.extra_tls_failures +
                 sum([](const WorkerLine &l) -> const std::atomic<uint64_t> & { return l.tls_failures; }));

    int64_t idle = 0, busy = 0, stopped = 0;
    for (int i = 0; i < events; ++i) {
        const WorkerLine &l = block.worker(i);
        if (load(l.pid) == 0) ++stopped;
        else if (load(l.inflight) > 0) ++busy;
        else ++idle;
    }
    w.family("gust_workers", "Event workers by state (busy: answering a request; stopped: being replaced).", "gauge");
    w.sample("gust_workers", {{"state", "idle"}}, idle);
    w.sample("gust_workers", {{"state", "busy"}}, busy);
    w.sample("gust_workers", {{"state", "stopped"}}, stopped);

    w.family("gust_worker_restarts_total", "Worker processes replaced, by reason.", "counter");
    for (int r = 0; r < static_cast<int>(ExitReason::kCount); ++r) {
        w.sample("gust_worker_restarts_total", {{"reason", exit_reason_name(static_cast<ExitReason>(r))}},
                 load(block.manager().restarts[r]));
    }

    const uint64_t sent = sum([](const WorkerLine &l) -> const std::atomic<uint64_t> & { return l.tasks_sent; });
    const uint64_t done = sum([](const WorkerLine &l) -> const std::atomic<uint64_t> & { return l.tasks_done; });
    w.family("gust_task_queue_depth", "Tasks sent to task workers and not finished yet.", "gauge");
    w.sample("gust_task_queue_depth", {},
             info.task_queue_depth >= 0 ? info.task_queue_depth : static_cast<int64_t>(sent - std::min(sent, done)));
    w.family("gust_tasks_done_total", "Tasks task workers finished.", "counter");
    w.sample("gust_tasks_done_total", {}, done);

    w.family("gust_coroutines", "Live coroutines, by worker.", "gauge");
    for (int i = 0; i < n; ++i) {
        const std::string id = std::to_string(i);
        w.sample("gust_coroutines", {{"worker", id}}, load(block.worker(i).coroutines_live));
    }
    w.family("gust_coroutines_created_total", "Coroutines created, by worker.", "counter");
    for (int i = 0; i < n; ++i) {
        const std::string id = std::to_string(i);
        w.sample("gust_coroutines_created_total", {{"worker", id}}, load(block.worker(i).coroutines_created));
    }
    w.family("gust_event_loop_lag_seconds",
             "How late a 10 ms timer fired, over its last 128 firings (quantile 0.5 and 0.99), by worker.", "gauge");
    for (int i = 0; i < n; ++i) {
        const std::string id = std::to_string(i);
        const int64_t p50 = load(block.worker(i).lag_p50_ns), p99 = load(block.worker(i).lag_p99_ns);
        if (p50 < 0) continue;
        w.sample("gust_event_loop_lag_seconds", {{"worker", id}, {"quantile", "0.5"}}, static_cast<double>(p50) / 1e9);
        w.sample("gust_event_loop_lag_seconds", {{"worker", id}, {"quantile", "0.99"}}, static_cast<double>(p99) / 1e9);
    }
    w.family("gust_worker_memory_bytes", "Worker memory: resident set (rss) and the PHP allocator's (php).", "gauge");
    for (int i = 0; i < n; ++i) {
        const WorkerLine &l = block.worker(i);
        if (load(l.pid) == 0) continue;
        const std::string id = std::to_string(i);
        w.sample("gust_worker_memory_bytes", {{"worker", id}, {"kind", "rss"}}, load(l.memory_rss));
        w.sample("gust_worker_memory_bytes", {{"worker", id}, {"kind", "php"}}, load(l.memory_php));
    }
    return w.text();
}

void LagWindow::add(Nanos lateness) {
    samples_[count_ % kSize] = lateness < 0 ? 0 : lateness;
    ++count_;
}

Nanos LagWindow::percentile(double q) const {
    const size_t n = count();
    if (n == 0) return -1;
    Nanos sorted[kSize];
    std::copy(samples_, samples_ + n, sorted);
    std::sort(sorted, sorted + n);
    // Nearest rank: the smallest sample with at least q of them at or below it.
    size_t rank = static_cast<size_t>(std::ceil(q * static_cast<double>(n)));
    if (rank < 1) rank = 1;
    if (rank > n) rank = n;
    return sorted[rank - 1];
}

}  // namespace gust::server::metrics
