// Swoole\Server in the PHP binding: the server object, its ports, callbacks and settings, and the
// bridge from the core reactor (gust/server/reactor.h) to PHP callbacks, each run in a coroutine.
// See docs/php-server.md for the process model.
#pragma once

#include <sys/types.h>

#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "coroutine/coroutine.h"
#include "process/process.h"
#include "zend/callable.h"
#include "gust/server/process_master.h"
#include "gust/proto/http1.h"
#include "gust/server/reactor.h"

namespace gust::php::srv {

// Swoole's constant values.
constexpr zend_long kModeBase = 1;
constexpr zend_long kModeProcess = 2;
constexpr zend_long kSockTcp = 1;
constexpr zend_long kSockUdp = 2;
constexpr zend_long kSockTcp6 = 3;
constexpr zend_long kSockUdp6 = 4;
constexpr zend_long kSockUnixStream = 5;
constexpr zend_long kSockUnixDgram = 6;
constexpr zend_long kSockSsl = 1 << 9;
// SWOOLE_DISPATCH_* (ext/stubs/server.stub.php), the core's values.
constexpr zend_long kDispatchRound = static_cast<zend_long>(server::DispatchMode::kRound);
constexpr zend_long kDispatchFdMod = static_cast<zend_long>(server::DispatchMode::kFdMod);
constexpr zend_long kDispatchIdleWorker = static_cast<zend_long>(server::DispatchMode::kIdle);
constexpr zend_long kDispatchIpMod = static_cast<zend_long>(server::DispatchMode::kIpMod);
constexpr zend_long kDispatchUidMod = static_cast<zend_long>(server::DispatchMode::kUidMod);
constexpr zend_long kDispatchUserFunc = static_cast<zend_long>(server::DispatchMode::kUserFunc);
constexpr zend_long kDispatchStream = static_cast<zend_long>(server::DispatchMode::kStream);
constexpr zend_long kDispatchCoConnLb = static_cast<zend_long>(server::DispatchMode::kConnectionLeast);
constexpr zend_long kDispatchCoReqLb = static_cast<zend_long>(server::DispatchMode::kCoroutineLeast);
constexpr zend_long kDispatchConcurrentLb = static_cast<zend_long>(server::DispatchMode::kConcurrentLeast);
constexpr zend_long kDispatchResultDiscardPacket = server::kDispatchDiscard;
constexpr zend_long kDispatchResultCloseConnection = server::kDispatchClose;
constexpr zend_long kDispatchResultUserfuncFallback = server::kDispatchFallback;

enum Event : int {
    kStart,
    kShutdown,
    kBeforeShutdown,
    kWorkerStart,
    kWorkerStop,
    kWorkerExit,
    kWorkerError,
    kManagerStart,
    kManagerStop,
    kConnect,
    kReceive,
    kPacket,
    kClose,
    kBufferFull,
    kBufferEmpty,
    kTask,
    kFinish,
    kPipeMessage,
    kBeforeReload,
    kAfterReload,
    kRequest,  // Swoole\Http\Server
    kOpen,     // Swoole\WebSocket\Server
    kMessage,
    kHandshake,
    kDisconnect,
    kEventCount
};

// "receive" -> kReceive (case-insensitive, an "on" prefix allowed), -1 when unknown.
int event_from_name(const char *name, size_t len);
const char *event_name(int event);
// Events a Swoole\Server\Port may override.
bool is_port_event(int event);

// A server's or port's event callback (set by on()), dispatch_func.
using Callback = Callable;

// Receives IPC messages straight into zend_strings (cookie = the string), refusing a size that
// would pass memory_limit instead of letting emalloc raise a fatal error on the loop's stack.
struct ZendStringAllocator : ipc::PayloadAllocator {
    ipc::Destination allocate(const ipc::Header &, uint32_t size) override {
        const size_t limit = PG(memory_limit) > 0 ? static_cast<size_t>(PG(memory_limit)) : SIZE_MAX;
        if (zend_memory_usage(false) + size + 4096 > limit) return {};
        zend_string *str = zend_string_alloc(size, 0);
        return {reinterpret_cast<uint8_t *>(ZSTR_VAL(str)), str};
    }
    void release(ipc::Destination dest, uint32_t) override {
        if (dest.cookie) zend_string_release(static_cast<zend_string *>(dest.cookie));
    }
};

// One listening socket: the server's own (index 0) or one added by listen()/addListener().
struct Port {
    zend_object *object = nullptr;  // its Swoole\Server\Port (owned by the server's `ports` array)
    std::string host;
    int port = 0;
    zend_long sock_type = kSockTcp;
    int family = AF_INET;
    int type = SOCK_STREAM;
    int fd = -1;  // bound in the constructor / listen(); handed to the reactor of each worker
    Callback callbacks[kEventCount];
    std::shared_ptr<const proto::framing::Framing> framing;
    bool tcp_nodelay = true;
    bool http = false;  // open_http_protocol: framing is HTTP/1.1 and requests go to onRequest
    bool websocket = false;  // open_websocket_protocol: upgrade requests become WebSocket connections
    std::shared_ptr<net::TlsContext> tls;  // SWOOLE_SSL ports: made from the ssl_* settings at start
    bool length_func = false;  // its framing calls a PHP package_length_func (server_length_func.cc)
};

// How the reactor frames a port that speaks HTTP (and the WebSocket frames after an upgrade):
// limits it enforces before any PHP runs. What requests mean is ext/http/'s (server/protocol.h).
struct HttpFraming {
    double header_timeout = 60;  // http_headers_timeout (seconds, 0: none) — Swoole has none
    double body_timeout = 60;    // http_body_timeout: between two reads of a body
    zend_long max_header_size = 16 * 1024;
    bool websocket_compression = false;  // RSV1 allowed on WebSocket frames (permessage-deflate)
};

// The protocols a stream port can speak above plain packages (server/protocol.h).
enum class ProtocolId : int { kHttp, kWebSocket, kCount };
// A protocol's state kept per server (its settings): owned by the server, defined by the protocol.
struct ProtocolState {
    virtual ~ProtocolState() = default;
};

struct Settings {
    zend_long worker_num = 1;
    zend_long max_connection = 100000;
    zend_long buffer_output_size = 2 * 1024 * 1024;  // the largest single send()
    zend_long socket_buffer_size = 2 * 1024 * 1024;  // a connection's queued output
    zend_long package_max_length = 2 * 1024 * 1024;
    double max_wait_time = 3;
    // send_yield: a send() inside a coroutine that meets a full output buffer waits for it to
    // drain, up to send_timeout seconds (<= 0: no limit). Off by default for now (Swoole: on) —
    // docs/DIFFERENCES.md says why.
    bool send_yield = false;
    double send_timeout = 60;
    zend_long backlog = 511;
    bool enable_reuse_port = false;
    double heartbeat_check_interval = 0;
    double heartbeat_idle_time = 0;
    zend_long log_level = 2;  // SWOOLE_LOG_INFO
    std::string log_file;
    std::string pid_file;
    std::string user;   // workers switch to this user (and `group`) when the server starts as root
    std::string group;
    bool daemonize = false;
    bool hook_flags_set = false;
    zend_long hook_flags = 0;
    zend_long task_worker_num = 0;
    bool task_enable_coroutine = false;
    zend_long max_request = 0;        // a worker serving this many requests is replaced (0: never)
    zend_long max_request_grace = -1;  // up to this many more, at random (-1: max_request / 2)
    zend_long reactor_num = 2;    // PROCESS mode
    zend_long dispatch_mode = 2;  // PROCESS mode: SWOOLE_DISPATCH_* (1-10 but 6), docs/php-server.md
    // PROCESS mode (Gust): connections whose packages all go to one worker are handed to it, which
    // then reads and writes them itself (docs/php-server.md, "Hand-off").
    bool connection_handoff = true;
    HttpFraming http_framing;
};

struct WorkerChannel;
struct Messaging;
struct HttpWorker;  // ext/http/: the worker's HTTP connections (pipelined requests in order)
struct WsWorker;    // ext/websocket/: the worker's WebSocket connections

// PROCESS mode, a worker: its count of one connection's bytes not yet written (server_credit.cc).
struct SendCredit {
    uint64_t outstanding = 0;  // sent to the master, not acknowledged as written
    bool full = false;         // bufferFull fired, bufferEmpty pending
    bool asked = false;        // an acknowledgement was requested and has not arrived
};

// PROCESS mode, a worker: a connection the master handed to it (server_handoff.cc). The worker's own
// reactor serves it; what a successor must know about it is published in its shared hold word.
struct HandedConnection {
    uint32_t gen = 0;        // the hand-off generation it arrived with
    bool http = false;       // on an HTTP port: the HTTP layer says when a request is answered
    bool awaiting = false;   // HTTP: a request arrived and is not answered yet
    uint32_t running = 0;    // plain TCP: onReceive coroutines of it still running
    bool holding = false;    // the reactor holds part of a package or unwritten output
};

// PROCESS mode: the master's reactor threads (in the master), the channels (every process holds
// the fds it needs), and in a worker its side of the channels and what it knows of connections.
struct ProcessModeState {
    std::unique_ptr<server::ProcessMaster> master;
    int notify_read = -1;  // manager -> master: ids of workers that exited (int32 each)
    int notify_write = -1;
    std::vector<std::unique_ptr<WorkerChannel>> channels;  // worker: one per reactor thread
    std::unordered_map<server::SessionId, server::ConnectInfo> sessions;  // worker: connected ones
    std::unordered_map<server::SessionId, SendCredit> credits;  // worker: connections with bytes outstanding
    loop::IterationHook *stats_hook = nullptr;  // worker: publishes its coroutine count (server_stats.cc)
    std::unordered_map<server::SessionId, HandedConnection> handed;  // worker: connections it serves itself
    loop::TimerId release_timer = 0;  // worker, stopping: hands its connections back as they go idle
    Nanos release_deadline = 0;
    bool publish_taking = false;   // worker: the master chooses by load; publish busy on each batch taken
    bool dispatch_failed = false;  // master: dispatch_func ended in a fatal error (no more PHP here)
    ProcessModeState();
    ~ProcessModeState();
};

struct Server;

// Receives the reactor's events and starts the PHP callbacks.
class Bridge final : public server::ReactorEvents {
public:
    explicit Bridge(Server *s) : server_(s) {}
    void on_connect(const server::SessionInfo &session) override;
    void on_receive(const server::SessionInfo &session, server::Slice data) override;
    void on_close(const server::SessionInfo &session, server::CloseCause cause) override;
    void on_packet(int port_index, server::Slice data, const net::Address &from) override;
    void on_buffer_full(const server::SessionInfo &session) override;
    void on_buffer_empty(const server::SessionInfo &session) override;
    bool on_http_answer(const server::SessionInfo &session, int status) override;
    void on_holding(const server::SessionInfo &session, bool holding) override;
    void on_output_written(const server::SessionInfo &session, size_t queued) override;

private:
    Server *server_;
};

// The worker's state; reset for each worker process.
struct Worker {
    std::unique_ptr<server::Reactor> reactor;
    loop::TimerId heartbeat_timer = 0;
    loop::TimerId stop_deadline = 0;
    loop::TimerId recycle_timer = 0;  // BASE: waits for the connections to go before stopping
    zend_long request_limit = 0;      // max_request plus this worker's share of the grace
    bool stopping = false;
    bool recycling = false;
    bool signals_watched = false;
    std::unordered_map<server::SessionId, zend_long> uids;  // bind()
    std::unordered_set<server::SessionId> protected_sessions;
    uint64_t requests = 0;
    // send_yield: coroutines waiting for a connection's output buffer to drain.
    // First in line first: the order of sends on a connection is kept. A woken coroutine stays
    // in line until it has retried, so a new send cannot slip in before it.
    struct SendLine {
        std::deque<coro::Coroutine *> queue;
        bool front_woken = false;
    };
    std::unordered_map<server::SessionId, SendLine> send_waiters;
};

struct Server {
    zend_object *self = nullptr;
    zend_long mode = kModeProcess;
    std::vector<std::unique_ptr<Port>> ports;
    Callback callbacks[kEventCount];
    Callback dispatch_func;  // PROCESS mode: from the `dispatch_func` setting, at start()
    Settings settings;
    Bridge bridge{this};
    Worker worker;
    std::unique_ptr<ProcessModeState> process_mode;  // PROCESS mode only
    // One inbox (a seqpacket pair) per worker and task worker, made before the first fork when a
    // manager runs: anyone writes to in[0], the owner reads in[1].
    std::vector<std::pair<int, int>> inboxes;
    Messaging *messaging = nullptr;  // this worker's side, while it runs
    HttpWorker *http = nullptr;      // this worker's HTTP state, while it runs
    WsWorker *ws = nullptr;          // this worker's WebSocket connections, while it runs
    bool websocket_server = false;   // a Swoole\WebSocket\Server: port 0 accepts upgrades
    bool http_server = false;        // a Swoole\Http\Server: port 0 speaks HTTP unless set() says not
    // Each protocol's settings (server/protocol.h), made by its load_settings at start().
    std::unique_ptr<ProtocolState> protocol_states[static_cast<int>(ProtocolId::kCount)];
    std::vector<zend_object *> user_processes;  // addProcess(): ids after the task workers
    bool started = false;
    bool in_manager = false;
    bool manager_stopping = false;
    bool reload_requested = false;
    zend_long worker_id = -1;
    pid_t master_pid = 0;
    pid_t manager_pid = 0;
    std::vector<pid_t> worker_pids;  // manager: by worker id (0: not running)
    double start_time = 0;
    int last_error = 0;  // getLastError(); written by record_error() only
    std::vector<zend_object *> iterators;  // its and its ports' Connection\Iterators, detached when freed
};

Server *server_from(zend_object *obj);
Port *port_from(zend_object *obj);
// The server started in this process (the one whose worker or manager runs), or nullptr.
Server *running_server();

// settings.cc: merges `settings` into the `setting` property, warns about unknown keys.
void merge_settings(zend_object *obj, HashTable *settings, bool port_level);
// Reads the server's settings (and every port's framing) from the `setting` properties.
bool load_settings(Server *s);
// package_length_func: `o` (kLengthFunc) gets a length function calling `callable`.
bool load_length_func(Port *p, zval *callable, proto::framing::Options *o);

// server_run.cc
bool start(Server *s);
// Stops serving in this worker: closes listeners and connections, fires workerStop, and lets the
// worker's loop end once its coroutines finish (or max_wait_time passed).
void stop_worker(Server *s);
void shutdown(Server *s);
void request_reload(Server *s, bool only_task_workers);
// Wall-clock seconds of a monotonic time (0 stays 0).
double mono_to_wall(Nanos t);
// server_api.cc: the connections this worker knows (PROCESS mode: from the master's messages).
bool session_exists(Server *s, server::SessionId id);
std::vector<server::SessionId> session_list(Server *s, server::SessionId after, size_t count);
// server_api.cc: getClientInfo()'s array for a connection of this worker; false when unknown.
bool client_info(Server *s, server::SessionId id, zval *out);
// The peer's address of a connection of this worker (a new string) and port; false when unknown.
bool session_peer(Server *s, server::SessionId id, zend_string **host, zend_long *port);
// Connections idle for heartbeat_idle_time (protected ones excepted), closed when `close`.
std::vector<server::SessionId> close_idle_sessions(Server *s, bool close);
// server_process_mode.cc: PROCESS mode.
bool start_process_mode(Server *s);
// server_dispatch.cc: in the master's main thread, runs dispatch_func for each waiting question.
void answer_dispatch_questions(Server *s);
void process_mode_worker_setup(Server *s, zend_long worker_id);  // in a forked worker, before its loop
void process_mode_worker_stop(Server *s);                         // stop reading the channels
void process_mode_worker_teardown(Server *s);                     // after its loop ended
void process_mode_worker_exited(Server *s, size_t worker_id);     // manager: tell the master, drain
void process_mode_child_forked(Server *s, size_t worker_id);      // in the new worker: drop others' fds
bool process_mode_send(Server *s, server::SessionId id, zend_string *data);
bool process_mode_close(Server *s, server::SessionId id, bool reset);
// The master sends the file region itself (sendfile(2)); `path` must be absolute.
bool process_mode_send_file(Server *s, server::SessionId id, const char *path, zend_long offset, zend_long length);
bool process_mode_sendto(Server *s, int port_index, const net::Address &to, zend_string *data);
// A message to the reactor thread that owns `id`; `keep` (may be nullptr) is the payload.
bool process_mode_to_master(Server *s, ipc::MessageType type, server::SessionId id, uint16_t flags, zend_string *keep);
// server_handoff.cc: connections the master hands to this worker (docs/php-server.md, "Hand-off").
// The reactor serving `id` here: BASE mode's (nullptr with a warning when the worker is not
// running), or in a PROCESS worker the one of its handed connections (nullptr: the master has it).
server::Reactor *serving_reactor(Server *s, server::SessionId id);
void handoff_worker_setup(Server *s);  // PROCESS worker: its reactor for handed connections
// A kConnect/kData/kClose from the master with server::kHandoff: an adoption or a forwarded
// send()/close(). Takes `payload`'s reference and the message's fd.
void handoff_message(Server *s, const ipc::Header &h, int fd, zend_string *payload);
void handoff_received(Server *s, const server::SessionInfo &session, size_t bytes);
// A plain TCP package of a handed connection: fills `hook` so its onReceive coroutine counts as
// busy until it ends; false when `id` is not handed to this worker.
bool handoff_track(Server *s, server::SessionId id, FinishHook *hook);
void handoff_sent(Server *s, server::SessionId id, size_t bytes);  // a send() on a handed connection
void handoff_request_done(Server *s, server::SessionId id);        // HTTP: no request of it is pending
void handoff_closed(Server *s, server::SessionId id);
void handoff_begin_release(Server *s);  // the worker stops: give connections back as they go idle
void handoff_worker_end(Server *s);     // after the loop: whatever is left is closed
// A kControl message about connection `id` to the master (send backpressure).
bool process_mode_control(Server *s, server::SessionId id, zend_string *payload);
// server_credit.cc: send backpressure in a worker. admit() is false (last_error set, bufferFull
// fired once) when `len` more bytes would pass socket_buffer_size.
bool process_mode_credit_admit(Server *s, server::SessionId id, size_t len);
void process_mode_credit_sent(Server *s, server::SessionId id, size_t len);
void process_mode_credit_note(Server *s, server::SessionId id, zend_string *payload);
void process_mode_credit_forget(Server *s, server::SessionId id);
// server_stats.cc: the shared counters and connection table of PROCESS mode.
void shared_stats_worker_start(Server *s);  // in a worker or task worker, before its loop
void shared_stats_worker_end(Server *s);
void shared_count_request(Server *s);
// A worker starts on what it read from its channels: it counts as busy (dispatch_mode 3, 7, 9, 10).
void shared_stats_taking_work(Server *s);
void shared_count_task(Server *s, bool done);
// stats() of the whole server into `out` (an initialised array).
void shared_stats(Server *s, zval *out);
bool shared_client_info(Server *s, server::SessionId id, zval *out);
// server_api.cc: send()/close()/sendfile() of either mode, errors recorded for getLastError().
bool send_to_session(Server *s, server::SessionId id, zend_string *data);
// The same for bytes the caller keeps (BASE mode writes them without another copy).
bool send_bytes_to_session(Server *s, server::SessionId id, std::string_view bytes);
// send_yield (server_send_yield.cc): a send() that meets a full buffer waits in line for it to
// drain (Swoole's default). send_with_yield() runs `attempt` (true: sent; false with last_error)
// under that rule; wake_senders() is called when the connection drained (the first in line
// retries) or closed (all retry, and fail).
template <typename Attempt>
bool send_with_yield(Server *s, server::SessionId id, Attempt attempt);
bool can_send_yield(Server *s);
bool wait_for_send_room(Server *s, server::SessionId id, bool front);
bool has_send_waiters(Server *s, server::SessionId id);
void wake_senders(Server *s, server::SessionId id, bool all = false);
bool close_session(Server *s, server::SessionId id, bool reset);
// Opens a regular file for sending `length` bytes (0: to its end) from `offset`: the fd, with the
// region's real size in *size, or -1 after a warning.
int open_file_range(const char *file, zend_long offset, zend_long length, zend_long *size);
// Sends a region of an open file (`path` names the same file, for PROCESS mode's master); any size.
bool send_file_range(Server *s, server::SessionId id, const char *path, int file_fd, zend_long offset, zend_long length);
// The manager loop (server_run.cc), shared by BASE with several workers and PROCESS mode. True in
// a forked worker, which must then serve.
bool manage_workers(Server *s);
// How a port's listening socket is served (address, framing, HTTP read timeouts).
server::ListenOptions listen_options(Server *s, Port *p);
// Serves as worker `worker_id` in this process (server_run.cc).
void run_worker(Server *s, zend_long worker_id);
// In a child forked by the manager: serves as its worker, task worker or user process, then ends
// the script. Always returns false (for start()).
bool serve_child(Server *s);
bool call_plain_with_server(Server *s, int event);
// An HTTP request head the reactor's framing parsed already: views into `base`, the bytes `data`
// (below) is a copy of; lets the HTTP layer skip a second parse.
struct ParsedHead {
    const proto::http1::RequestHead *head = nullptr;
    const char *base = nullptr;
    size_t head_len = 0;
};
// A package for a stream port: onReceive, or onRequest for an HTTP port. Takes `data`'s reference.
void deliver_package(Server *s, Port *port, server::SessionId id, zend_long reactor, zend_string *data,
                     const ParsedHead *parsed = nullptr);
// server_task.cc
bool make_inboxes(Server *s);                  // before forking
void close_inboxes(Server *s, zend_long keep);  // in a child: keeps only its own read end (-1: none)
void messaging_start(Server *s);               // in a worker or task worker, before its loop
void messaging_stop(Server *s);                // stop reading the inbox
void messaging_end(Server *s);                 // after the loop
bool is_task_worker(Server *s);
void register_task_class();
void task_rshutdown();  // frees the request's task runner closure
void register_server_area(int module_number);  // MINIT: Server, Port, Task, Connection\Iterator, constants
// Counts a request; at max_request the worker starts its graceful replacement.
void count_request(Server *s);
// Runs a callback in a new coroutine with `args` (copied); false when none is set. `on_finish` is
// told when that coroutine ends (only when this returns true).
bool run_callback(Server *s, Port *port, int event, zval *args, uint32_t argc, const FinishHook *on_finish = nullptr);

// Connection iterator objects (server_iterator.cc).
zend_object *connection_iterator_new(Server *s, int port_index);
void connection_iterator_detach(zend_object *iterator);
void register_connection_iterator();

extern zend_class_entry *ce_server;
extern zend_class_entry *ce_server_port;
extern zend_class_entry *ce_connection_iterator;
extern zend_class_entry *ce_server_task;

}  // namespace gust::php::srv

namespace gust::php::srv {

// Records a failure of this server's API (the one code space, common/errors.h): getLastError() and
// swoole_last_error() give the same code, as in Swoole where both read the one last error.
inline int record_error(Server *s, int code) { return s->last_error = set_last_error(code); }
inline int record_error(Server *s, SwooleError e) { return record_error(s, code(e)); }

template <typename Attempt>
bool send_with_yield(Server *s, server::SessionId id, Attempt attempt) {
    constexpr int kOverflow = code(SwooleError::kOutputBufferOverflow);
    const bool yield = can_send_yield(s);
    // Others are waiting for room on this connection: queue behind them, or this send overtakes.
    if (yield && has_send_waiters(s, id) && !wait_for_send_room(s, id, false)) {
        record_error(s, kOverflow);
        return false;
    }
    for (;;) {
        if (attempt()) {
            wake_senders(s, id);  // the next in line may fit too
            return true;
        }
        if (!yield || s->last_error != kOverflow) return false;
        if (!wait_for_send_room(s, id, true)) {
            if (s->last_error == 0) record_error(s, kOverflow);
            return false;
        }
    }
}

}  // namespace gust::php::srv
