// Swoole\Server in the PHP binding: the server object, its ports, callbacks and settings, and the
// bridge from the core reactor (gust/server/reactor.h) to PHP callbacks, each run in a coroutine.
// See docs/php-server.md for the process model.
#pragma once

#include <sys/types.h>

#include <deque>
#include <functional>
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
constexpr zend_long kModeThread = 3;  // SWOOLE_THREAD: refused at construction (server.cc)
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
    kBeforeHandshakeResponse,  // the server's own 101 answer is about to go: headers, cookies may be added
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
    // enable_reuse_port in BASE with several workers: `fd` only holds the address (bound, not
    // listening) and each worker listens on a socket of its own (worker_listener()).
    bool listener_per_worker = false;
    Callback callbacks[kEventCount];
    std::shared_ptr<const proto::framing::Framing> framing;
    bool tcp_nodelay = true;
    bool http = false;                     // open_http_protocol: framing is HTTP/1.1 and requests go to onRequest
    bool http_to_receive = false;          // open_http_protocol on a plain Server: whole requests go to onReceive
    bool websocket = false;                // open_websocket_protocol: upgrade requests become WebSocket connections
    bool redis = false;                    // open_redis_protocol: RESP commands go to the Redis protocol
    bool http2 = false;                    // open_http2_protocol: h2c by prior knowledge (ext/http/http2_conn.cc)
    std::shared_ptr<net::TlsContext> tls;  // SWOOLE_SSL ports: made from the ssl_* settings at start
    bool length_func = false;              // its framing calls a PHP package_length_func (server_length_func.cc)
    bool has_own_settings = false;         // set() was called on it, even with []: it no longer inherits
    // A unix socket bound to a path: the file it made, removed when the server ends (if still its).
    dev_t unix_dev = 0;
    ino_t unix_ino = 0;
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
enum class ProtocolId : int { kHttp, kWebSocket, kRedis, kCount };
// A protocol's state kept per server (its settings): owned by the server, defined by the protocol.
struct ProtocolState {
    virtual ~ProtocolState() = default;
};

struct Settings {
    zend_long worker_num = 1;
    zend_long max_connection = 100000;
    zend_long buffer_output_size = 2 * 1024 * 1024;  // the largest single send()
    zend_long socket_buffer_size = 2 * 1024 * 1024;  // a connection's queued output
    zend_long max_queued_bytes = 16 * 1024 * 1024;   // PROCESS mode: a worker's queued input (receive backpressure)
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
    double max_idle_time = 0;        // close a connection that sent nothing for this long (0: off)
    zend_long start_session_id = 0;  // session ids count from start_session_id + 1
    zend_long log_level = 2;         // SWOOLE_LOG_INFO
    std::string log_file;
    std::string pid_file;
    std::string user;  // workers switch to this user (and `group`) when the server starts as root
    std::string group;
    bool daemonize = false;
    bool hook_flags_set = false;
    zend_long hook_flags = 0;
    zend_long task_worker_num = 0;
    bool task_enable_coroutine = false;
    bool event_object = false;  // callbacks get Swoole\Server\Event & co. (event_object.h)
    bool task_object = false;   // task_use_object / task_object: onTask gets a Swoole\Server\Task
    // false: an event worker's callbacks (and its timers) run outside every coroutine, as in Swoole.
    bool enable_coroutine = true;
    zend_long max_request = 0;         // a worker serving this many requests is replaced (0: never)
    zend_long max_request_grace = -1;  // up to this many more, at random (-1: max_request / 2)
    zend_long reactor_num = 2;         // PROCESS mode
    zend_long dispatch_mode = 2;       // PROCESS mode: SWOOLE_DISPATCH_* (1-10 but 6), docs/php-server.md
    // PROCESS mode (Gust): connections whose packages all go to one worker are handed to it, which
    // then reads and writes them itself (docs/php-server.md, "Hand-off").
    bool connection_handoff = true;
    HttpFraming http_framing;
    // Operations (docs/metrics.md): metrics, memory recycling, structured logs.
    std::string metrics_path;    // gust_metrics_path: HTTP ports answer it before onRequest
    std::string metrics_listen;  // gust_metrics_listen: "host:port" of a metrics listener of its own
    zend_long max_memory = 0;    // bytes of PHP memory a worker may hold before it is replaced (0: no limit)
    bool log_json = false;       // log_format => 'json'
    std::string access_log;      // a file the HTTP requests are logged to
    int access_log_format = 0;   // server::AccessFormat
    // Gust (docs/operations.md): the signal that makes every worker write its coroutine dump to the
    // log (the master and manager pass it on); 0: off.
    int coroutine_dump_signal = SIGQUIT;
    // hot_reload (development): reload the workers when a watched file changes (hot_reload.cc).
    std::vector<std::string> hot_reload_paths;  // empty: off
    std::vector<std::string> hot_reload_extensions;
    zend_long hot_reload_debounce_ms = 100;
};

struct WorkerChannel;
struct MetricsState;  // server_metrics.h
struct Messaging;
struct HotReload;   // server/operations.h: the manager's file watch
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
    uint32_t gen = 0;       // the hand-off generation it arrived with
    bool http = false;      // on an HTTP port: the HTTP layer says when a request is answered
    bool awaiting = false;  // HTTP: a request arrived and is not answered yet
    uint32_t running = 0;   // plain TCP: onReceive coroutines of it still running
    bool holding = false;   // the reactor holds part of a package or unwritten output
};

// PROCESS mode: the master's reactor threads (in the master), the channels (every process holds
// the fds it needs), and in a worker its side of the channels and what it knows of connections.
struct ProcessModeState {
    std::unique_ptr<server::ProcessMaster> master;
    int notify_read = -1;  // manager -> master: ids of workers that exited (int32 each)
    int notify_write = -1;
    std::vector<std::unique_ptr<WorkerChannel>> channels;                 // worker: one per reactor thread
    std::unordered_map<server::SessionId, server::ConnectInfo> sessions;  // worker: connected ones
    std::unordered_map<server::SessionId, SendCredit> credits;            // worker: connections with bytes outstanding
    std::unordered_map<server::SessionId, HandedConnection> handed;       // worker: connections it serves itself
    // worker: the connection whose onClose runs now, as it was (getClientInfo() in onClose); id 0: none.
    server::ConnectionRecord closing;
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
    // notify_when_room(): engines with their own backlog (HTTP/2), called once on room or close.
    std::unordered_map<server::SessionId, std::function<void()>> room_listeners;
    loop::IterationHook *stats_hook = nullptr;  // publishes its coroutine count (server_stats.cc)
};

struct CommandState;

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
    // BASE mode with a manager: the workers' counter lines (busy or idle, pid), made before the
    // first fork; PROCESS mode has them in its master's block (server_stats.cc).
    std::unique_ptr<server::SharedState> base_shared;
    // One inbox (a seqpacket pair) per worker and task worker, made before the first fork when a
    // manager runs: anyone writes to in[0], the owner reads in[1].
    std::vector<std::pair<int, int>> inboxes;
    Messaging *messaging = nullptr;   // this worker's side, while it runs
    HttpWorker *http = nullptr;       // this worker's HTTP state, while it runs
    HotReload *hot_reload = nullptr;  // the manager's hot_reload watch, while it runs
    WsWorker *ws = nullptr;           // this worker's WebSocket connections, while it runs
    bool websocket_server = false;    // a Swoole\WebSocket\Server: port 0 accepts upgrades
    bool http_server = false;         // a Swoole\Http\Server: port 0 speaks HTTP unless set() says not
    bool redis_server = false;        // a Swoole\Redis\Server: port 0 speaks RESP unless set() says not
    // Each protocol's settings (server/protocol.h), made by its load_settings at start().
    std::unique_ptr<ProtocolState> protocol_states[static_cast<int>(ProtocolId::kCount)];
    std::vector<zend_object *> user_processes;  // addProcess(): ids after the task workers
    // addCommand()'s handlers and, once started, the inboxes of commands (commands.h).
    CommandState *command_state = nullptr;
    bool started = false;
    bool shutdown_in_start = false;  // BASE: shutdown() called in onStart, before any worker started
    bool in_manager = false;
    bool manager_stopping = false;
    bool reload_requested = false;
    zend_long worker_id = -1;
    pid_t master_pid = 0;
    pid_t manager_pid = 0;
    std::vector<pid_t> worker_pids;  // manager: by worker id (0: not running)
    double start_time = 0;
    int last_error = 0;                    // getLastError(); written by record_error() only
    std::vector<zend_object *> iterators;  // its and its ports' Connection\Iterators, detached when freed
    // Metrics, max_memory or the access log on (server_metrics.h).
    std::shared_ptr<MetricsState> metrics;
};

Server *server_from(zend_object *obj);
Port *port_from(zend_object *obj);
// The server started in this process (the one whose worker or manager runs), or nullptr.
Server *running_server();

// server_run.cc
bool start(Server *s);
// enable_reuse_port (BASE, several workers): swaps each TCP port's listening socket for one that
// only holds the address, so that the kernel spreads connections over the workers' own sockets.
void reserve_ports_for_reuse(Server *s);
// A worker's own SO_REUSEPORT listener on `p`'s address (listener_per_worker): the fd, or -errno.
int worker_listener(Server *s, Port *p);
// In the process (or THREAD server's main thread) that starts the server: log_file/log_level/
// log_format, then the pid_file.
void apply_logging(Server *s);
void write_pid_file(Server *s);
// Stops serving in this worker: closes listeners and connections, fires workerStop, and lets the
// worker's loop end once its coroutines finish (or max_wait_time passed).
void stop_worker(Server *s);
void shutdown(Server *s);
// The server has ended (in the process that bound its ports): removes its unix socket files.
void remove_socket_files(Server *s);
void request_reload(Server *s, bool only_task_workers);
// Wall-clock seconds of a monotonic time (0 stays 0).
double mono_to_wall(Nanos t);
// The manager loop (server_run.cc), shared by BASE with several workers and PROCESS mode. True in
// a forked worker, which must then serve.
bool manage_workers(Server *s);
// How a port's listening socket is served (address, framing, HTTP read timeouts).
server::ListenOptions listen_options(Server *s, Port *p);
// Serves as worker `worker_id` in this process (server_run.cc).
void run_worker(Server *s, zend_long worker_id);
// This thread's request has served as a worker (or task worker) of a server.
extern thread_local bool t_served_as_worker;
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
void register_server_area(int module_number);  // MINIT: Server, Port, Task, Connection\Iterator, constants
// RSHUTDOWN: every server still alive lets go of its addProcess() processes, whose callbacks often
// capture the server (a cycle PHP leaves uncollected at shutdown).
void server_rshutdown();
// Counts a request; at max_request the worker starts its graceful replacement.
void count_request(Server *s);
// Starts this worker's graceful replacement (as max_request does).
void recycle_worker(Server *s);
// Runs a callback in a new coroutine with `args` (copied); false when none is set. `on_finish` is
// told when that coroutine ends (only when this returns true). `*cid`: the coroutine's id (0 when
// the callback ran outside coroutines, enable_coroutine => false).
bool run_callback(Server *s, Port *port, int event, zval *args, uint32_t argc, const FinishHook *on_finish = nullptr,
                  zend_long *cid = nullptr);

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

}  // namespace gust::php::srv
