// PROCESS mode: what every process of one server must see alike — the counters behind stats() and
// the connection table behind getClientInfo()/exists()/getClientList()/bind() — in one anonymous
// MAP_SHARED mapping made before fork(). Never calls PHP.
//
// Counters: each reactor thread and each worker id owns one cache line and is its only writer
// (relaxed atomics, no contention on the hot path); a reader sums the lines.
//
// Connection table: one slot per live connection, written by the reactor thread that owns it and
// read by any worker. A thread's connections live in its own region of `per_thread` slots, at
// ((id - 1) / R) % per_thread; the thread skips ids whose slot is still taken (session_id_free), so
// ids stay increasing and a slot never holds two live connections. Each slot is a seqlock: writers
// (the owning thread; a worker binding a uid or protecting the connection) make `seq` odd with a CAS,
// readers retry while it is odd or changed, and check the slot's id, so a reused slot is never
// reported as the old connection. A few fields that change often (last receive, last send, bytes
// queued) or are read on a hot path (protected) are single atomics, stored without the seqlock.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "gust/base/clock.h"
#include "gust/base/result.h"

namespace gust::server {

using SessionId = int64_t;

struct alignas(64) ThreadCounters {
    std::atomic<uint64_t> accepted{0};
    std::atomic<uint64_t> closed{0};
    std::atomic<uint64_t> aborted{0};  // refused (max_connection), closed for an error or bad framing
    std::atomic<uint64_t> bytes_in{0};
    std::atomic<uint64_t> bytes_out{0};
    std::atomic<uint64_t> dispatched{0};  // packages handed to workers
    std::atomic<uint64_t> responses{0};   // replies from workers (data and files)
    // Of `aborted`, for the metrics (gust/server/metrics.h): refused over max_connection, and TLS
    // handshakes that failed or stalled.
    std::atomic<uint64_t> refused{0};
    std::atomic<uint64_t> tls_failures{0};
};

struct alignas(64) WorkerCounters {
    std::atomic<uint64_t> requests_total{0};  // by this worker id, across respawns
    std::atomic<uint64_t> requests{0};        // by the current process of this id
    std::atomic<uint64_t> tasks_sent{0};
    std::atomic<uint64_t> tasks_done{0};
    std::atomic<int64_t> coroutines{0};  // live coroutines when its loop last went to sleep
    // A task worker's tasks sent to it and not yet taken (any sender adds one, the task worker
    // takes it off as it starts the task): a task on its way makes its task worker busy already.
    std::atomic<int64_t> tasks_queued{0};
    std::atomic<int32_t> pid{0};
    // On connections handed to this worker (which the master's thread counters never see).
    std::atomic<uint64_t> handed_packages{0};
    std::atomic<uint64_t> handed_responses{0};
    std::atomic<uint64_t> handed_bytes_in{0};
    std::atomic<uint64_t> handed_bytes_out{0};
    // Bumped each time the worker publishes `coroutines` from its loop (after it took what its
    // channels held): the master's count of packages sent since then restarts (worker_choice.h).
    std::atomic<uint64_t> load_epoch{0};
    // dispatch_mode 8: connections given to this worker and not closed yet. The master counts them
    // up; the close is counted down by whoever sees it first (the master, or the worker a
    // connection was handed to, before it reports the close).
    std::atomic<int64_t> connections{0};
};

// A copy of one slot, as a reader sees it.
struct ConnectionRecord {
    SessionId id = 0;
    int32_t port_index = 0;
    int32_t worker = -1;  // the worker that received its connect
    uint16_t peer_port = 0;
    uint8_t family = 0;
    bool has_uid = false;
    int64_t uid = 0;
    Nanos connected_at = 0;  // monotonic
    Nanos last_receive = 0;
    Nanos last_send = 0;       // last bytes written to the socket (0: none yet)
    uint64_t send_queued = 0;  // bytes waiting in the master for the socket, as of the last write or reply
    bool protect = false;      // protect(): the master's heartbeat leaves it open
    char peer_host[64] = {};
};

// PROCESS mode hand-off: what the worker serving a handed-off connection publishes about it in its
// slot, for the master to read once that worker is gone: the hand-off generation it adopted and
// these flags (ProcessMaster, docs/php-server.md).
namespace hold {
inline constexpr uint32_t kAnnounced = 1;  // onConnect ran for it (in this worker or an earlier one)
inline constexpr uint32_t kBusy = 2;       // a request unanswered, or bytes only the worker has
inline constexpr uint32_t kClosed = 4;     // the worker closed it (its kClose may still be on the way)
inline constexpr uint32_t word(uint32_t gen, uint32_t flags) { return (gen << 8) | (flags & 0xff); }
inline constexpr uint32_t gen(uint32_t word) { return word >> 8; }
inline constexpr uint32_t gen_mask = 0xffffff;
}  // namespace hold

class SharedState {
public:
    // Maps the block: `reactor_num` threads of `per_thread` slots each, `workers` counter lines.
    static Result<std::unique_ptr<SharedState>> create(int reactor_num, int workers, size_t per_thread);
    ~SharedState();
    SharedState(const SharedState &) = delete;
    SharedState &operator=(const SharedState &) = delete;

    int reactor_num() const { return reactor_num_; }
    int workers() const { return workers_; }
    ThreadCounters &thread(int r) { return threads_[r]; }
    const ThreadCounters &thread(int r) const { return threads_[r]; }
    WorkerCounters &worker(int w) { return workers_lines_[w]; }
    const WorkerCounters &worker(int w) const { return workers_lines_[w]; }

    // Reactor thread owning `id`: true when its slot is free for it.
    bool session_id_free(SessionId id) const;
    // Reactor thread owning `rec.id`: fills its slot (uid unset).
    void open(const ConnectionRecord &rec);
    void touch(SessionId id, Nanos last_receive);
    // The worker its connect went to, once known (dispatch_func answers later than the accept).
    void set_worker(SessionId id, int32_t worker);
    // After a write or a reply: relaxed stores, skipped when nothing changed.
    void note_output(SessionId id, Nanos last_send, uint64_t queued);
    bool is_protected(SessionId id) const;
    void close(SessionId id);

    // Any process: false when `id` is not a live connection.
    bool read(SessionId id, ConnectionRecord *out) const;
    bool exists(SessionId id) const;
    // The hand-off word of a live connection (hold::word), written by the worker that serves it;
    // read() and open() leave it alone / reset it. 0 when `id` is not live.
    void set_hold(SessionId id, uint32_t word);
    uint32_t hold(SessionId id) const;
    // Binds `uid` to a live connection once; false when it is gone or already bound.
    bool bind(SessionId id, int64_t uid);
    // Shields a live connection from the master's heartbeat (or not); false when it is gone.
    bool protect(SessionId id, bool on);
    // Up to `count` live ids greater than `after`, ascending (scans the table).
    std::vector<SessionId> list(SessionId after, size_t count) const;

private:
    struct Slot;
    SharedState() = default;
    Slot *slot_of(SessionId id) const;

    void *base_ = nullptr;
    size_t size_ = 0;
    int reactor_num_ = 1;
    int workers_ = 0;
    size_t per_thread_ = 0;
    ThreadCounters *threads_ = nullptr;
    WorkerCounters *workers_lines_ = nullptr;
    Slot *slots_ = nullptr;
};

}  // namespace gust::server
