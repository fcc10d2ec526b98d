// PROCESS mode, master side: reactor threads that own the client connections, cut their bytes
// into packages (per-port framing) and hand them to worker processes over IPC channels
// (gust/ipc/channel.h), and carry the workers' replies back to the clients. Never calls PHP.
//
// Channels: one SOCK_SEQPACKET pair per (worker, reactor thread), made by create() before any
// fork. Reactor thread r talks to worker w only through pair (w, r), so a reply for a connection
// arrives on the thread that owns it and no message crosses threads. Session ids are unique
// across threads: thread r hands out r + 1, r + 1 + R, r + 1 + 2R, ... (R = reactor threads), so
// the owner of id is (id - 1) % R.
//
// Messages (ipc::Header.session_id = connection id, reactor_id = thread):
//   master -> worker  kConnect (payload: ConnectInfo), kData (a package), kClose (peer closed)
//   worker -> master  kData (bytes to send), kClose (close it; with kCloseReset: at once, with RST)
//   both ways         kControl (payload: CreditNote): send backpressure, see reply_credit.h
// A datagram (session 0) carries a ConnectInfo naming the peer before its bytes, both ways.
//
// Hand-off (MasterOptions::handoff): a connection whose packages would all go to one worker (an
// HTTP port, or dispatch_mode 2/4 on a TCP port; never TLS or WebSocket ports) is handed to that
// worker at accept: its socket travels with the kConnect (kHandoff + ipc::kFlagFd) and the worker
// reads, frames and writes it itself, as a BASE mode worker does — no hop through the master per
// request. The master keeps a copy of the socket, its slot in the shared table and its count, and:
//   worker -> master  kClose + kHandoff: the worker closed it (the master closes its copy);
//                     kClose + kHandoff + kResumed: released (the worker is stopping; payload: the
//                     hand-off generation), the master hands it to the worker's successor;
//   master -> worker  kData/kClose + kHandoff: another worker's send()/close() for it, forwarded.
// When a worker dies, the master reads each of its connections' hold word (shared_state.h): busy
// or closed ones are closed, the others handed to its successor (kResumed: no second onConnect).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "gust/base/result.h"
#include "gust/ipc/channel.h"
#include "gust/server/reactor.h"
#include "gust/server/reply_credit.h"
#include "gust/server/shared_state.h"

namespace gust::server {

// Swoole's dispatch_mode values (docs/php-server.md). kUserFunc is what dispatch_func selects; it
// is not a mode of its own here (MasterOptions::ask_dispatch).
enum class DispatchMode : int {
    kRound = 1,   // each package round robin; no connect/close on plain TCP ports
    kFdMod = 2,   // each connection to one worker by its id
    kIdle = 3,    // each package to an idle (least busy) worker; no connect/close on plain TCP
    kIpMod = 4,   // each connection by its client IP
    kUidMod = 5,  // by the uid bind() gave the connection, as kFdMod until it has one
    kUserFunc = 6,
    kStream = 7,            // as kIdle (Swoole: idle workers take packages from a shared queue)
    kConnectionLeast = 8,   // each connection to the worker holding the fewest connections
    kCoroutineLeast = 9,    // each package to the worker with the fewest live coroutines
    kConcurrentLeast = 10,  // as kCoroutineLeast
};

// dispatch_func (Swoole's): the embedder picks the worker of each connect, package and close, on a
// thread of its own (never a reactor thread: PHP must not run there). The reactor thread hands the
// question over, pauses the connection, and goes on with it when the answer comes, so a
// connection's events keep their order. A datagram (kDatagram) is asked about on its own: it has
// no connection, and `id` is what Swoole passes as its fd (datagram_fd()). Swoole's $type values:
enum class DispatchEvent : int { kData = 0, kDatagram = 1, kClose = 4, kConnect = 5 };

struct DispatchQuestion {
    SessionId id = 0;
    DispatchEvent event = DispatchEvent::kData;
    int port_index = 0;
    std::string data;       // the package's first kDispatchPeek bytes; empty for connect and close
    uint64_t datagram = 0;  // kDatagram: the thread's key of the held datagram
};

// The "fd" dispatch_func gets for a datagram, as in Swoole: an IPv4 client's address as the four
// bytes in network order read as a host-order integer; an IPv6 client's last four bytes the same
// way; a unix-socket client 0.
SessionId datagram_fd(const net::Address &from);

// Messages a reactor<->worker channel may queue while its socket is full. Bytes are the real bound
// (SenderOptions::max_queued_bytes; replies also by each connection's credit): Swoole buffers these
// pipes by bytes only, so a burst of small packages or replies (thousands in one callback, or a
// master slowed by load) must not be refused at the IPC layer's default of 1024 messages.
inline constexpr size_t kChannelMaxQueuedMessages = size_t{1} << 18;
inline constexpr size_t kDispatchPeek = 8192;
// Answers besides a worker id (Swoole's SWOOLE_DISPATCH_RESULT_*):
inline constexpr int kDispatchDiscard = -1;   // drop the package (connect/close: tell no worker)
inline constexpr int kDispatchClose = -2;     // close the connection
inline constexpr int kDispatchFallback = -3;  // what dispatch_mode would choose
// The decider failed and said why itself (an exception in the callback): the fallback below, no log.
inline constexpr int kDispatchFailed = INT32_MIN;
// Any other answer outside [0, worker_num) is logged and replaced by the connection's worker by id
// (as dispatch_mode 2 would pick it): deterministic, and never a lost connection.

struct MasterListener {
    int fd = -1;  // bound (and listening) socket; the master dups it for each reactor thread
    ListenOptions options;
};

struct MasterOptions {
    int reactor_num = 2;
    int worker_num = 1;
    DispatchMode dispatch_mode = DispatchMode::kFdMod;
    ReactorOptions reactor;  // per thread (max_connections is divided among the threads)
    std::vector<MasterListener> listeners;
    ipc::Limits limits;  // of the workers' replies
    // heartbeat_check_interval / heartbeat_idle_time: every interval, each thread closes its
    // connections that sent nothing for `heartbeat_idle` (0: off).
    Nanos heartbeat_interval = 0;
    Nanos heartbeat_idle = 0;
    // Send backpressure: the bytes a worker may have sent to one connection and not seen written
    // (socket_buffer_size). The master acknowledges written bytes in steps of a quarter of it.
    uint64_t reply_credit = 2u << 20;
    // Receive backpressure (max_queued_bytes): when the packages queued for one worker pass this
    // many bytes, the thread stops reading the connections that feed it until a quarter is left.
    uint64_t max_queued_bytes = 16u << 20;
    // Counter lines in the shared block: workers and task workers.
    int counted_workers = 1;
    // Hand connections whose packages all go to one worker to that worker (see the top of this file).
    bool handoff = true;
    // dispatch_func is set: every connect, package and close becomes a DispatchQuestion, answered
    // by the embedder through dispatch_fd() / answer_dispatch() (dispatch_mode decides only what
    // kDispatchFallback asks for).
    bool ask_dispatch = false;
};

inline constexpr uint16_t kCloseReset = ipc::kFlagServerInitiated;
inline constexpr uint16_t kHandoff = ipc::kFlagServer1;
// With kHandoff: on a kConnect, the connection was announced before (no second onConnect); on a
// worker's kClose, released rather than closed.
inline constexpr uint16_t kResumed = ipc::kFlagServer2;

// The payload of a kData reply with ipc::kFlagFile: the master opens `path` (NUL-terminated, after
// the struct) and sends `length` bytes from `offset` with sendfile(2), so a file of any size goes
// out without passing through the channel or the output-buffer limit.
struct FileRef {
    int64_t offset = 0;
    int64_t length = 0;
};

// The payload of a kControl message on a connection (session_id): send backpressure.
struct CreditNote {
    enum Kind : uint32_t {
        kAck = 1,     // master -> worker: `bytes` of what you sent were written to the socket
        kForget = 2,  // master -> worker: the connection is gone, drop its count
        kWant = 3,    // worker -> master: a send() was refused, acknowledge once the queue is empty
    };
    uint32_t kind = 0;
    uint32_t reserved = 0;
    uint64_t bytes = 0;
};

// The payload of a kConnect message.
struct ConnectInfo {
    int32_t port_index = 0;
    uint16_t peer_port = 0;
    uint8_t family = 0;
    uint8_t reserved = 0;
    int64_t connected_at = 0;  // monotonic ns
    char peer_host[64] = {};   // IP text or unix path (truncated)
    uint32_t handoff_gen = 0;  // hand-off: counts the connection's hand-offs (hold::gen)
    uint32_t reserved2 = 0;
};

struct MasterStats {
    ReactorStats reactor;  // summed over threads
    uint64_t dispatched = 0;
    uint64_t replies = 0;
    uint64_t dropped_replies = 0;  // for a connection that is gone, or over its output limit
    uint64_t channel_errors = 0;
    uint64_t heartbeat_closed = 0;
};

class ProcessMaster {
public:
    // Makes the channel pairs. Call before fork(); start() after it, in the master.
    static Result<std::unique_ptr<ProcessMaster>> create(MasterOptions options);
    ~ProcessMaster();
    ProcessMaster(const ProcessMaster &) = delete;
    ProcessMaster &operator=(const ProcessMaster &) = delete;

    int reactor_num() const { return options_.reactor_num; }
    int worker_num() const { return options_.worker_num; }
    // The worker's end of pair (worker, reactor); the worker process uses these.
    int worker_end(int worker, int reactor) const;
    // In the master after forking: closes the workers' ends (their processes hold them).
    void close_worker_ends();
    // In the manager and workers: closes the master's ends, so a worker sees its channels fail
    // when the master is gone.
    void close_master_ends();

    // Starts the reactor threads. The signals the caller wants to handle must be blocked first.
    Status start();
    // Stops accepting, closes every connection, joins the threads. Idempotent.
    void stop();
    // Thread-safe: connections with a package sent to `worker` and not answered yet are closed
    // (its process died with them); others stay.
    void worker_exited(int worker);

    MasterStats stats() const;
    // Counters and the connection table every process of the server sees (made by create()).
    SharedState &shared() const { return *shared_; }

    // ask_dispatch: an eventfd, readable while questions wait. The embedder polls it on its own
    // thread (the one that may run the decider) and then calls answer_dispatch() there.
    int dispatch_fd() const { return questions_.event_fd; }
    // Takes every waiting question, calls `decide` for each on the caller's thread, in order, and
    // hands each answer to its reactor thread. `decide` must return (no longjmp out of it). Call
    // between start() and stop(), from the thread that calls them. Returns how many were answered.
    size_t answer_dispatch(const std::function<int(const DispatchQuestion &)> &decide);

private:
    struct Thread;
    struct Asked {
        int thread = 0;
        DispatchQuestion question;
    };
    // Questions from the reactor threads to the embedder's thread.
    struct Questions {
        std::mutex mutex;
        std::vector<Asked> waiting;
        bool signalled = false;  // the eventfd was written since the last take
        int event_fd = -1;
    };
    explicit ProcessMaster(MasterOptions options);
    // Reactor thread `thread`: queues a question (the eventfd is written once per batch).
    void ask(int thread, DispatchQuestion question);
    // dispatch_mode 8: connections held by each worker, over every thread.
    int fewest_connections(uint64_t start);

    MasterOptions options_;
    Questions questions_;
    std::vector<int> master_ends_;  // [worker * R + reactor]
    std::vector<int> worker_ends_;
    std::vector<std::unique_ptr<Thread>> threads_;
    std::unique_ptr<SharedState> shared_;
    bool started_ = false;
};

}  // namespace gust::server
