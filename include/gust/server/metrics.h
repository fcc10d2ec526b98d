// Server metrics (gust_metrics_path, gust_metrics_listen): counters every process of one server writes into one
// anonymous MAP_SHARED block made before fork(), and the Prometheus text exposition (0.0.4) of
// them. Never calls PHP.
//
// Each worker id owns one line (a few cache lines, nothing else written there) and the manager
// owns its own: writers never share a cache line. Counters are relaxed atomic adds (a worker's
// successor may overlap its last requests, so not plain stores); gauges are relaxed stores.
// A reader (the worker answering a scrape, or the listener's thread) sums the lines; it may see one request's counters
// half updated, which Prometheus tolerates (each series stays monotonic).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gust/base/clock.h"
#include "gust/base/result.h"

namespace gust::server::metrics {

// Ports beyond this share the last port's series (labelled by the first of them).
inline constexpr int kMaxPorts = 8;
// Upper bounds (seconds) of the request duration histogram; a last bucket is +Inf.
inline constexpr int kDurationBounds = 14;
extern const double kDurationBoundSeconds[kDurationBounds];
// The bucket index (0..kDurationBounds, the last one +Inf) of a duration.
int duration_bucket(Nanos duration);

// Inputs the server refuses before any PHP runs (the reactor's 400/408/413/431, or the worker's).
enum class Refusal : int { kBadRequest, kTooLarge, kTimeout, kCount };
Refusal refusal_of_status(int status);

// Why a worker process ended and was replaced. A worker stopping by itself stores its reason
// before it exits; the manager reads it when it reaps the process.
enum class ExitReason : int { kExit, kSignal, kMaxRequest, kMaxMemory, kReload, kCount };
const char *exit_reason_name(ExitReason reason);

struct alignas(64) WorkerLine {
    // Gauges, stored by the worker process of this id (the manager clears them when it dies).
    std::atomic<int32_t> pid{0};
    std::atomic<int32_t> exit_reason{0};  // ExitReason + 1 stored by a worker stopping itself; 0: none
    std::atomic<int64_t> inflight{0};     // HTTP requests taken and not answered yet
    std::atomic<int64_t> coroutines_live{0};
    std::atomic<uint64_t> coroutines_created{0};  // by this id's processes (each adds what it made)
    std::atomic<int64_t> lag_p50_ns{-1};          // -1: not measured yet
    std::atomic<int64_t> lag_p99_ns{-1};
    std::atomic<int64_t> memory_rss{0};
    std::atomic<int64_t> memory_php{0};  // zend_memory_usage(true) as of the last sample
    // Counters.
    std::atomic<uint64_t> requests[kMaxPorts];
    std::atomic<uint64_t> connections[kMaxPorts];
    std::atomic<uint64_t> status_class[5];  // 1xx..5xx
    std::atomic<uint64_t> duration_bucket[kDurationBounds + 1];
    std::atomic<uint64_t> duration_sum_ns{0};
    std::atomic<uint64_t> bytes_in{0};   // HTTP request bytes (head and body)
    std::atomic<uint64_t> bytes_out{0};  // HTTP response bytes
    std::atomic<uint64_t> refused[static_cast<int>(Refusal::kCount)];
    std::atomic<uint64_t> tls_handshakes{0};
    std::atomic<uint64_t> tls_failures{0};
    std::atomic<uint64_t> connections_refused{0};  // over max_connection
    std::atomic<uint64_t> tasks_sent{0};
    std::atomic<uint64_t> tasks_done{0};
    std::atomic<uint64_t> request_timeouts{0};  // requests past request_timeout (503 or cut off)
    WorkerLine();
};

struct alignas(64) ManagerLine {
    std::atomic<uint64_t> restarts[static_cast<int>(ExitReason::kCount)];
    ManagerLine();
};

inline void bump(std::atomic<uint64_t> &c, uint64_t n = 1) { c.fetch_add(n, std::memory_order_relaxed); }

class MetricsBlock {
public:
    // `workers`: event workers and task workers, ids 0..workers-1.
    static Result<std::unique_ptr<MetricsBlock>> create(int workers);
    ~MetricsBlock();
    MetricsBlock(const MetricsBlock &) = delete;
    MetricsBlock &operator=(const MetricsBlock &) = delete;

    int workers() const { return workers_; }
    WorkerLine &worker(int w) { return lines_[w]; }
    const WorkerLine &worker(int w) const { return lines_[w]; }
    ManagerLine &manager() { return *manager_; }
    const ManagerLine &manager() const { return *manager_; }

    // One answered HTTP request, by the worker owning `line`.
    static void record_request(WorkerLine &line, int port_index, int status, Nanos duration, uint64_t bytes_in,
                               uint64_t bytes_out);

private:
    MetricsBlock() = default;
    void *base_ = nullptr;
    size_t size_ = 0;
    int workers_ = 0;
    WorkerLine *lines_ = nullptr;
    ManagerLine *manager_ = nullptr;
};

// Prometheus text exposition format 0.0.4: HELP and TYPE lines, then samples.
class TextWriter {
public:
    struct Label {
        std::string_view name;
        std::string_view value;
    };
    void family(std::string_view name, std::string_view help, std::string_view type);
    void sample(std::string_view name, std::initializer_list<Label> labels, double value);
    void sample(std::string_view name, std::initializer_list<Label> labels, uint64_t value);
    void sample(std::string_view name, std::initializer_list<Label> labels, int64_t value);
    const std::string &text() const { return out_; }

private:
    void name_and_labels(std::string_view name, std::initializer_list<Label> labels);
    std::string out_;
};

// What the reader knows that the block does not.
struct RenderInfo {
    std::vector<std::string> ports;  // "host:port" of each port, by index
    int event_workers = 0;           // ids below are event workers, the rest task workers
    std::string mode;                // "base" or "process"
    // The task queue depth when the block's counters are not where tasks are counted (-1: from them).
    int64_t task_queue_depth = -1;
    // Counted outside the block (PROCESS mode: the master's threads), added to the block's sums.
    uint64_t extra_connections_refused = 0;
    uint64_t extra_tls_failures = 0;
};

// The exposition of every series (docs/metrics.md lists them).
std::string render(const MetricsBlock &block, const RenderInfo &info);

// The last samples of event-loop lag (how late a periodic timer fired), for its percentiles.
class LagWindow {
public:
    static constexpr size_t kSize = 128;
    void add(Nanos lateness);
    size_t count() const { return count_ < kSize ? count_ : kSize; }
    // The q-quantile (0..1) of the samples kept; -1 with none.
    Nanos percentile(double q) const;

private:
    Nanos samples_[kSize] = {};
    size_t count_ = 0;
};

}  // namespace gust::server::metrics
