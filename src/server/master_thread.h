// PROCESS mode's master, private: one reactor thread (a Reactor plus a channel to every worker).
// Its methods live in process_master.cc (connections, dispatch, lifecycle) and master_replies.cc
// (workers' replies and send backpressure).
#pragma once

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <deque>
#include <cstring>
#include <deque>
#include <future>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "gust/server/process_master.h"
#include "server/worker_choice.h"

namespace gust::server {

// Replies from workers land in plain heap blocks: the master copies them into the connection's
// output (or the socket) at once and frees them.
struct MasterHeapAllocator final : ipc::PayloadAllocator {
    ipc::Destination allocate(const ipc::Header &, uint32_t size) override {
        return {static_cast<uint8_t *>(std::malloc(size ? size : 1)), nullptr};
    }
    void release(ipc::Destination dest, uint32_t) override { std::free(dest.data); }
};

struct ProcessMaster::Thread final : ReactorEvents {
    struct Channel final : loop::IoHandler {
        Thread *thread = nullptr;
        int worker = 0;
        int fd = -1;
        int read_fd = -1;  // a dup of fd: the Sender watches fd for writability on the same loop
        loop::WatchId watch{};
        std::unique_ptr<ipc::Sender> sender;
        std::unique_ptr<ipc::Receiver> receiver;
        std::vector<SessionId> stalled;  // connections paused while this worker's queue was long
        bool resume_pending = false;
        void on_io(uint32_t) override { thread->drain_worker(*this); }
        Channel() = default;
        Channel(Channel &&) = default;
        ~Channel() {
            if (read_fd >= 0) ::close(read_fd);
        }
    };

    ProcessMaster *master = nullptr;
    int index = 0;
    std::thread os_thread;
    std::unique_ptr<loop::Loop> loop;
    std::unique_ptr<Reactor> reactor;
    std::vector<Channel> channels;  // by worker
    MasterHeapAllocator allocator;
    // dispatch_func: an event of the connection waiting for (or in) a question, with what it
    // carries (a package, or the ConnectInfo of a connect).
    struct Held {
        DispatchEvent event = DispatchEvent::kData;
        std::string bytes;
    };
    struct Conn {
        int worker = 0;  // the worker that got its connect (fd/ip modes: all its packages)
        int port_index = 0;
        int counted = -1;  // dispatch_mode 8: the worker whose connection count includes it
        ReplyCredit credit;
        int handed_fd = -1;  // handed off: the master's copy of the socket (the worker serves it)
        uint32_t gen = 0;    // handed off: generation of its latest hand-off (hold::gen)
        // dispatch_func: events in order; the front one is asked about while `asking`. The
        // connection stays paused while any wait, so no later package overtakes them.
        std::deque<Held> held;
        bool asking = false;
        bool told_connect = true;  // its worker heard of the connect (not with a discarding answer)
        bool throttled = false;    // paused by throttle() (a long channel queue) too
        bool closed = false;       // the reactor closed it; a held close finishes it
    };
    std::unordered_map<SessionId, Conn> conns;
    // dispatch_func: datagrams waiting for their answer, by key. Bounded: past kMaxHeldDatagrams a
    // datagram is dropped (UDP may drop), so a slow callback cannot grow the master's memory.
    struct HeldDatagram {
        std::string bytes;
        ConnectInfo ci;
    };
    static constexpr size_t kMaxHeldDatagrams = 4096;
    std::unordered_map<uint64_t, HeldDatagram> datagrams;
    uint64_t next_datagram = 0;
    std::unordered_map<SessionId, int> awaiting;  // connection -> worker with an unanswered package
    uint64_t round = 0;
    uint64_t load_round = 0;             // where ties between equally loaded workers start
    std::unique_ptr<WorkerLoads> loads;  // dispatch_mode 3, 7, 9, 10
    ThreadCounters *counters = nullptr;  // this thread's line in the shared block
    std::atomic<uint64_t> replies{0}, dropped{0}, channel_errors{0}, heartbeat_closed{0};
    loop::TimerId heartbeat_timer = 0;
    // Handed-off connections waiting to go (again) to a worker's successor, paced so the channel's
    // queue never overflows; by worker.
    std::vector<std::deque<SessionId>> rehand;
    std::vector<loop::TimerId> rehand_timer;

    // Only this thread writes its counters: a relaxed load + store is enough, no locked add.
    static void bump(std::atomic<uint64_t> &c, uint64_t n = 1) {
        c.store(c.load(std::memory_order_relaxed) + n, std::memory_order_relaxed);
    }

    // As in Swoole, the modes that send each package wherever do not report connect and close
    // (except on HTTP/WebSocket ports, see on_connect); dispatch_func always reports them.
    bool masks_connect_close() const {
        if (master->options_.ask_dispatch) return false;
        auto m = master->options_.dispatch_mode;
        return m == DispatchMode::kRound || m == DispatchMode::kIdle || m == DispatchMode::kStream;
    }

    // Modes that choose a worker by its load for each package.
    bool by_load() const {
        auto m = master->options_.dispatch_mode;
        return m == DispatchMode::kIdle || m == DispatchMode::kStream || m == DispatchMode::kCoroutineLeast ||
               m == DispatchMode::kConcurrentLeast;
    }

    // Modes that choose a new worker for each package of a plain TCP connection.
    bool per_package() const {
        auto m = master->options_.dispatch_mode;
        return m == DispatchMode::kRound || m == DispatchMode::kUidMod || by_load();
    }

    int pick_worker(const SessionInfo &s);
    // The worker by connection id, as dispatch_mode 2 picks it.
    int worker_by_id(SessionId id) const;
    // dispatch_mode 8: `c` counts among `w`'s connections until finish_close().
    void count_connection(Conn &c, int w);
    // Ends a connection's bookkeeping after its close: credit notes to the workers that sent to it,
    // kClose to `w` when `tell`; a worker that heard of the connect but not of the close (its close
    // went elsewhere) drops the connection too (kForget).
    void finish_close(SessionId id, int w, bool tell);

    // Hand-off (process_master.h): whether this new connection goes to its worker outright.
    bool hands_off(const SessionInfo &s) const;
    // Sends the connection's socket to its worker as generation ++c.gen; false when the channel
    // refused it (the caller then closes the connection).
    bool hand_over(SessionId id, Conn &c, bool announced);
    // The connection is over: closes the master's copy and forgets it. `counted_down`: its worker
    // already took it off its dispatch_mode 8 count.
    void finish_handed(SessionId id, bool aborted, bool counted_down = false);
    // A worker's message about a handed-off connection: its owner closed or released it, or another
    // worker sends to it or closes it (forwarded to the owner).
    void handle_handed(int worker, SessionId id, Conn &c, ipc::Message &m);
    void queue_rehand(int worker, SessionId id);
    void pump_rehand(int worker);
    // A worker died: each connection it served is closed (busy, or it had closed it) or handed to
    // its successor.
    void reclaim_handed(int worker);

    // Sends a message to a worker. The payload is copied once into the sender's batch, because the
    // reactor's read buffer is reused as soon as this returns; the batch leaves with one sendmmsg at
    // the end of this loop iteration, so a busy worker gets many packages per wake-up.
    // False when the message is lost.
    bool to_worker(int worker, ipc::MessageType type, SessionId id, const void *data, size_t size,
                   const void *prefix = nullptr, size_t prefix_size = 0, uint16_t flags = 0);

    void publish(const SessionInfo &s, int w);

    static ConnectInfo connect_info(const SessionInfo &s) {
        ConnectInfo ci;
        ci.port_index = s.port_index;
        ci.peer_port = s.peer.is_ip() ? s.peer.port() : 0;
        ci.family = static_cast<uint8_t>(s.peer.family());
        ci.connected_at = s.connected_at;
        std::string host = s.peer.host();
        std::strncpy(ci.peer_host, host.c_str(), sizeof(ci.peer_host) - 1);
        return ci;
    }

    bool session_id_free(SessionId id) override { return master->shared_->session_id_free(id); }

    void on_refused(int) override {
        bump(counters->aborted);
        // Which kind: the reactor's own counts, since this thread's reactor lives as long as the server.
        const ReactorStats st = reactor->stats();
        counters->refused.store(st.refused, std::memory_order_relaxed);
        counters->tls_failures.store(st.tls_failures, std::memory_order_relaxed);
    }

    void on_connect(const SessionInfo &s) override;

    bool is_http(int port_index) const {
        const auto &ls = master->options_.listeners;
        if (port_index < 0 || static_cast<size_t>(port_index) >= ls.size()) return false;
        const auto &f = ls[static_cast<size_t>(port_index)].options.framing;
        return f && f->options().mode == proto::framing::Mode::kHttp;
    }

    // Where a session's package goes. An HTTP connection stays with one worker in every mode: its
    // answers must leave in request order, which one worker's queue keeps (see http_server.cc).
    int worker_for_data(const SessionInfo &s);

    void on_receive(const SessionInfo &s, Slice data) override;

    // Backpressure: a worker that falls behind must not make its channel queue overflow (a lost
    // package). Past kHighWater queued messages or MasterOptions::max_queued_bytes (large packages —
    // WebSocket frames of megabytes — reach the sender's 64 MiB bound long before 256 messages), the
    // connection that added one stops being read and delivered (the reactor keeps its bytes); once
    // the queue is back under both low marks, it resumes.
    static constexpr size_t kHighWater = 256;
    static constexpr size_t kLowWater = 64;

    void throttle(SessionId id, int w);

    void try_resume(int w);

    // A refusal or 100 Continue of the reactor goes to the worker holding the connection's
    // requests, which sends it in turn.
    bool on_http_answer(const SessionInfo &s, int status) override;

    void on_close(const SessionInfo &s, CloseCause cause) override;

    void credit_note(int worker, SessionId id, uint32_t kind, uint64_t bytes);

    void settle(SessionId id, Conn &c, bool drained, size_t queued);

    void on_output_written(const SessionInfo &s, size_t queued) override;

    // A worker's kControl: its send() was refused and it waits for an acknowledgement.
    void handle_credit_request(int worker, SessionId id, Slice payload);

    void send_reply(int worker, SessionId id, Slice payload);

    void on_packet(int port_index, Slice data, const net::Address &from) override;

    void handle_reply(int worker, ipc::Message &m);

    void send_file(SessionId id, Slice payload);

    void drain_worker(Channel &c);

    void close_awaiting(int worker);

    // ---- dispatch_func (master_dispatch.cc). Every connect, package and close of a connection
    // becomes a question to the embedder's thread, in order; packages and closes of HTTP/WebSocket
    // connections stay with the worker their connect went to.
    void ask_connect(const SessionInfo &s);
    void ask_data(const SessionInfo &s, Slice data);
    void ask_close(SessionId id, Conn &c);
    // Asks about the front held event, or handles held events that need no question; resumes the
    // connection once nothing is held. May erase the connection.
    void ask_next(SessionId id, Conn &c);
    // Carries out the front held event with `w` (a worker, or kDispatchDiscard / kDispatchClose);
    // true when that finished the connection (erased).
    bool carry_out(SessionId id, Conn &c, int w);
    // On this thread: the embedder's answer to the front question of `id`.
    void answered(SessionId id, int answer);
    // A datagram: held and asked about on its own; its answer goes to answered_datagram().
    void ask_datagram(int port_index, Slice data, const net::Address &from);
    void answered_datagram(uint64_t key, int answer);
    // kDispatchFallback: what dispatch_mode would choose.
    int fallback_worker(SessionId id, Conn &c, DispatchEvent event);

    void heartbeat();

    void shutdown_in_thread();

    void run(std::promise<Status> *ready);
};

}  // namespace gust::server
