// PROCESS mode: the master (reactor threads of server::ProcessMaster, no PHP in them), the manager
// (manage_workers() in a forked process) and the worker's side of the IPC channels. A package from
// a client reaches PHP as a zend_string that the IPC receiver filled straight from the channel.
// Functions here keep no C++ object with a destructor on the stack across PHP calls.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "gust/base/error.h"
#include "gust/base/log.h"
#include "gust/net/socket.h"
#include "server/protocol.h"
#include "server/server.h"
#include "server/process_mode.h"
#include "server/relay.h"
#include "server/send.h"
#include "server/tasks.h"
#include "server/commands.h"
#include "server/server_metrics.h"
#include "server/operations.h"

namespace gust::php::srv {

// One channel of a worker: its end of the pair with reactor thread `reactor`.
struct WorkerChannel final : loop::IoHandler, ZendStringAllocator {
    Server *server = nullptr;
    int reactor = 0;
    int fd = -1;
    int read_fd = -1;  // a dup: the Sender watches `fd` for writability on the same loop
    loop::WatchId watch{};
    std::unique_ptr<ipc::Sender> sender;
    std::unique_ptr<ipc::Receiver> receiver;

    // The package becomes the zend_string handed to onReceive (ZendStringAllocator): no copy after
    // the socket.
    void on_io(uint32_t) override;
    ~WorkerChannel() {
        if (read_fd >= 0) ::close(read_fd);
    }
};

ProcessModeState::ProcessModeState() = default;
ProcessModeState::~ProcessModeState() {
    if (notify_read >= 0) ::close(notify_read);
    if (notify_write >= 0) ::close(notify_write);
}

namespace {

constexpr int kMasterSignals[] = {SIGTERM, SIGINT, SIGUSR1, SIGUSR2, SIGCHLD};

// Replies up to this size are copied into the channel's batch instead of referenced.
constexpr uint32_t kCopyMax = 4096;
// Records read per recvmmsg from a reactor thread.
constexpr uint32_t kReceiveBatch = 64;

zend_long reactor_num(Server *s) { return s->process_mode->master ? s->process_mode->master->reactor_num() : 1; }

void deliver(Server *s, WorkerChannel &c, ipc::Message &m) {
    auto *str = static_cast<zend_string *>(m.dest.cookie);
    const server::SessionId id = static_cast<server::SessionId>(m.header.session_id);
    ProcessModeState &ps = *s->process_mode;
    if ((m.header.flags & server::kHandoff) || m.fd >= 0) {
        handoff_message(s, m.header, m.fd, str);
        return;
    }
    if (m.header.type == ipc::MessageType::kConnect) {
        server::ConnectInfo ci;
        if (str && ZSTR_LEN(str) >= sizeof ci) {
            memcpy(&ci, ZSTR_VAL(str), sizeof ci);
            ci.peer_host[sizeof(ci.peer_host) - 1] = 0;
            ps.sessions[id] = ci;
        }
        if (str) zend_string_release(str);
        Port *port = static_cast<size_t>(ci.port_index) < s->ports.size() ? s->ports[ci.port_index].get() : nullptr;
        metrics_connected(s, ci.port_index);
        zval args[3];
        ZVAL_OBJ(&args[0], s->self);
        ZVAL_LONG(&args[1], id);
        ZVAL_LONG(&args[2], c.reactor);
        (void)run_callback(s, port, kConnect, args, 3);
        return;
    }
    if (m.header.type == ipc::MessageType::kControl) {
        process_mode_credit_note(s, id, str);
        // "Gone" also reaches a worker that heard of the connect when its close went to another
        // worker (dispatch_func): it drops what it knew of the connection.
        server::CreditNote note;
        if (str && ZSTR_LEN(str) == sizeof note) {
            memcpy(&note, ZSTR_VAL(str), sizeof note);
            if (note.kind == server::CreditNote::kForget) ps.sessions.erase(id);
        }
        if (str) zend_string_release(str);
        return;
    }
    if (m.header.type == ipc::MessageType::kClose) {
        if (str) zend_string_release(str);
        process_mode_credit_forget(s, id);
        auto it = ps.sessions.find(id);
        Port *port = nullptr;
        shared_note_closing(s, id, it != ps.sessions.end() ? &it->second : nullptr);
        if (it != ps.sessions.end()) {
            if (static_cast<size_t>(it->second.port_index) < s->ports.size()) {
                port = s->ports[it->second.port_index].get();
            }
            ps.sessions.erase(it);
        }
        s->worker.uids.erase(id);
        const int event = protocols_session_closed(s, port, id);
        zval args[3];
        ZVAL_OBJ(&args[0], s->self);
        ZVAL_LONG(&args[1], id);
        ZVAL_LONG(&args[2], c.reactor);
        (void)run_callback(s, port, event, args, 3);
        shared_closing_done(s);
        return;
    }
    if (m.header.type != ipc::MessageType::kData || !str) {
        if (str) zend_string_release(str);
        return;
    }
    if (m.header.flags & ipc::kFlagHttpAnswer) {
        int32_t status = 0;
        if (ZSTR_LEN(str) == sizeof status) memcpy(&status, ZSTR_VAL(str), sizeof status);
        zend_string_release(str);
        if (status >= 100 && status <= 599) protocols_answer_arrived(s, id, status);
        return;
    }
    ZSTR_VAL(str)[ZSTR_LEN(str)] = '\0';
    if (!protocols_count_own_requests(s, id, std::string_view(ZSTR_VAL(str), ZSTR_LEN(str)))) count_request(s);
    if (id == 0) {
        // A datagram: the peer's address comes first.
        server::ConnectInfo ci;
        if (ZSTR_LEN(str) < sizeof ci) {
            zend_string_release(str);
            return;
        }
        memcpy(&ci, ZSTR_VAL(str), sizeof ci);
        ci.peer_host[sizeof(ci.peer_host) - 1] = 0;
        Port *port = static_cast<size_t>(ci.port_index) < s->ports.size() ? s->ports[ci.port_index].get() : nullptr;
        zval args[3];
        ZVAL_OBJ(&args[0], s->self);
        ZVAL_STRINGL(&args[1], ZSTR_VAL(str) + sizeof ci, ZSTR_LEN(str) - sizeof ci);
        zend_string_release(str);
        array_init(&args[2]);
        add_assoc_string(&args[2], "address", ci.peer_host);
        add_assoc_long(&args[2], "port", ci.peer_port);
        add_assoc_long(&args[2], "server_socket", ci.port_index);
        add_assoc_long(&args[2], "server_port", port ? port->port : 0);
        (void)run_callback(s, port, kPacket, args, 3);
        zval_ptr_dtor(&args[1]);
        zval_ptr_dtor(&args[2]);
        return;
    }
    auto it = ps.sessions.find(id);
    Port *port = nullptr;
    if (it != ps.sessions.end()) {
        if (static_cast<size_t>(it->second.port_index) < s->ports.size()) port = s->ports[it->second.port_index].get();
    } else {
        // Its connect went to another worker, or to none (dispatch_mode 1, 3, 7, 9, 10, dispatch_func):
        // the shared table names its port, so the port's own callbacks run.
        server::ConnectionRecord rec;
        if (ps.master->shared().read(id, &rec) && static_cast<size_t>(rec.port_index) < s->ports.size()) {
            port = s->ports[static_cast<size_t>(rec.port_index)].get();
        }
    }
    deliver_package(s, port, id, c.reactor, str);
}

}  // namespace

// Sends a message to the reactor thread that owns `id` (session 0: thread 0). The payload stays
// referenced (`keep`, released when the send completes) instead of being copied.
bool process_mode_to_master(Server *s, ipc::MessageType type, server::SessionId id, uint16_t flags, zend_string *keep,
                            bool retried_when_full) {
    ProcessModeState &ps = *s->process_mode;
    if (ps.channels.empty()) {
        // A task worker, the manager, the master or a user process: an event worker sends it.
        if (process_mode_relays(s) && type != ipc::MessageType::kControl) {
            return relay_to_master(s, type, id, flags, keep);
        }
        php_error_docref(nullptr, E_WARNING, "server is not running");
        return false;
    }
    const size_t r = id > 0 ? static_cast<size_t>((id - 1) % reactor_num(s)) : 0;
    WorkerChannel &c = *ps.channels[r % ps.channels.size()];
    ipc::Header h;
    h.type = type;
    h.flags = flags;
    h.session_id = static_cast<uint64_t>(id);
    const char *data = keep ? ZSTR_VAL(keep) : "";
    const uint32_t size = keep ? static_cast<uint32_t>(ZSTR_LEN(keep)) : 0;
    // Sends that wait for room keep to half the channel, so replies that cannot wait (a handshake,
    // a close) still find room.
    int rc = retried_when_full ? c.sender->admit_waitable(size) : 0;
    if (rc == 0 && size <= kCopyMax) {
        // Small replies are copied into the sender's batch: cheaper than holding the string until the
        // batch is written at the end of this loop iteration.
        rc = c.sender->send_copy(h, data, size);
    } else if (rc == 0) {
        zend_string_addref(keep);
        rc = c.sender->send(h, data, size, [keep](int) { zend_string_release(keep); });
        if (rc != 1) zend_string_release(keep);
    }
    if (rc != 0 && rc != 1) {  // -errno, or kErrLimit (queue full) / kErrInvalid, which are positive
        record_error(s, swoole_code_of(rc, Where::kServer));  // a full queue is an output buffer overflow
        // Those retried wait for the channel's room (on_room below).
        if (rc != kErrLimit || !retried_when_full) {
            php_error_docref(nullptr, E_WARNING, "send to the master failed: %s", error_message(rc));
        }
        return false;
    }
    return true;
}

void WorkerChannel::on_io(uint32_t) {
    // Choosing by load, the master must see this worker busy while it runs what it takes now,
    // also when a callback runs long without returning to the loop.
    if (server->process_mode->publish_taking) shared_stats_taking_work(server);
    // Records already read into the receiver's batch are delivered even once the worker stopped
    // reading (max_request, reload): they are no longer in the channel for its successor.
    for (int i = 0; (i < 256 && watch.valid()) || receiver->buffered() > 0; ++i) {
        ipc::Message m;
        int rc = receiver->receive_one(&m);
        if (rc == 1 || rc == 0) {
            if (rc == 1) deliver(server, *this, m);
            // The last batch came back short: the channel was empty, skip the read that says EAGAIN.
            if (receiver->drained()) return;
        } else if (rc == -EAGAIN) {
            return;
        } else if (rc == kErrLimit || rc == kErrProtocol) {
            GUST_LOG_WARN("worker #%ld: message from reactor %d dropped (%s)", static_cast<long>(server->worker_id),
                          reactor, error_message(rc));
        } else {
            GUST_LOG_ERROR("worker #%ld: channel to reactor %d failed: %s", static_cast<long>(server->worker_id),
                           reactor, error_message(rc));
            LoopState *rt = loop_state_if_any();
            if (rt) rt->loop->unwatch(watch);
            watch = {};
            return;
        }
    }
}

void process_mode_child_forked(Server *s, size_t worker_id) {
    ProcessModeState &ps = *s->process_mode;
    if (ps.notify_write >= 0) ::close(ps.notify_write);
    if (ps.notify_read >= 0) ::close(ps.notify_read);
    ps.notify_write = ps.notify_read = -1;
    // Other workers' channel ends are not this worker's business (a task worker has none).
    for (int w = 0; w < ps.master->worker_num(); ++w) {
        if (static_cast<size_t>(w) == worker_id) continue;
        for (int r = 0; r < ps.master->reactor_num(); ++r) ::close(ps.master->worker_end(w, r));
    }
    for (auto &p : s->ports) {
        if (p->fd >= 0) net::sys::close(p->fd);  // the master accepts, not workers
        p->fd = -1;
    }
}

void process_mode_worker_setup(Server *s, zend_long worker_id) {
    ProcessModeState &ps = *s->process_mode;
    LoopState *rt = loop_state();
    handoff_worker_setup(s);
    const zend_long mode = s->settings.dispatch_mode;
    ps.publish_taking = !s->dispatch_func.is_set() && (mode == 3 || mode == 7 || mode == 9 || mode == 10);
    for (int r = 0; r < ps.master->reactor_num(); ++r) {
        auto c = std::make_unique<WorkerChannel>();
        c->server = s;
        c->reactor = r;
        c->fd = ps.master->worker_end(static_cast<int>(worker_id), r);
        c->read_fd = ::dup(c->fd);
        ipc::SenderOptions so;
        so.batch = true;  // replies leave with one sendmmsg per loop iteration
        so.max_queued_messages = server::kChannelMaxQueuedMessages;
        c->sender = std::make_unique<ipc::Sender>(c->fd, so);
        c->sender->on_room([s] { wake_all_send_lines(s); });
        (void)c->sender->attach(rt->loop.get());
        ipc::Limits limits;
        // Every package the reactor can forward: an HTTP request or WebSocket frame is longer than
        // package_max_length by its head.
        uint64_t max_package = static_cast<uint64_t>(std::max<zend_long>(s->settings.package_max_length, 1));
        for (auto &p : s->ports) {
            if (p->framing) max_package = std::max(max_package, p->framing->max_package());
        }
        limits.max_payload = static_cast<uint32_t>(std::min<uint64_t>(max_package, UINT32_MAX));
        c->receiver = std::make_unique<ipc::Receiver>(c->read_fd, limits, c.get());
        c->receiver->set_batch(kReceiveBatch);
        auto w = rt->loop->watch(c->read_fd, loop::kReadable, c.get());
        if (w.ok()) c->watch = w.value();
        ps.channels.push_back(std::move(c));
    }
}

void process_mode_worker_stop(Server *s) {
    LoopState *rt = loop_state_if_any();
    handoff_begin_release(s);
    for (size_t i = 0; i < s->process_mode->channels.size(); ++i) {
        WorkerChannel &c = *s->process_mode->channels[i];
        if (rt && c.watch.valid()) rt->loop->unwatch(c.watch);
        c.watch = {};
        // What the channel's last batch read is this worker's to finish (its successor cannot see it).
        if (rt && c.receiver->buffered() > 0) {
            rt->loop->defer([s, i] {
                ProcessModeState *ps = s->process_mode.get();
                if (ps && i < ps->channels.size()) ps->channels[i]->on_io(0);
            });
        }
    }
}

void process_mode_worker_teardown(Server *s) {
    ProcessModeState &ps = *s->process_mode;
    process_mode_worker_stop(s);
    // Replies still queued go out before the worker exits (bounded: 1 s per channel).
    for (auto &c : ps.channels) {
        for (int i = 0; i < 100 && c->sender->flush() == -EAGAIN; ++i) {
            pollfd p{c->fd, POLLOUT, 0};
            (void)::poll(&p, 1, 10);
        }
    }
    ps.channels.clear();
}

void process_mode_worker_exited(Server *s, size_t worker_id) {
    ProcessModeState &ps = *s->process_mode;
    // What the dead worker had not read is dropped, so its replacement does not run requests whose
    // connections the master closes now.
    char buf[65536];
    for (int r = 0; r < ps.master->reactor_num(); ++r) {
        int fd = ps.master->worker_end(static_cast<int>(worker_id), r);
        while (::recv(fd, buf, sizeof buf, MSG_DONTWAIT) > 0) {
        }
    }
    // It published nothing on its way out: reap_workers clears its line (shared_stats_worker_gone),
    // so the master does not take it for a running worker.
    int32_t id = static_cast<int32_t>(worker_id);
    if (ps.notify_write >= 0) (void)!::write(ps.notify_write, &id, sizeof id);
}

bool process_mode_send(Server *s, server::SessionId id, zend_string *data) {
    if (id <= 0) {
        record_error(s, SwooleError::kSessionNotExist);
        return false;
    }
    // Relayed: the event worker that sends it counts its backpressure.
    if (process_mode_relays(s)) return relay_to_master(s, ipc::MessageType::kData, id, 0, data);
    const size_t len = ZSTR_LEN(data);
    if (!process_mode_credit_admit(s, id, len)) return false;
    if (!process_mode_to_master(s, ipc::MessageType::kData, id, 0, data, can_send_yield(s))) return false;
    process_mode_credit_sent(s, id, len);
    return true;
}

bool process_mode_control(Server *s, server::SessionId id, zend_string *payload) {
    // A refused request is asked again by the next send that finds no credit.
    return process_mode_to_master(s, ipc::MessageType::kControl, id, 0, payload, true);
}

bool process_mode_send_file(Server *s, server::SessionId id, const char *path, zend_long offset, zend_long length) {
    if (id <= 0) {
        record_error(s, SwooleError::kSessionNotExist);
        return false;
    }
    server::FileRef ref;
    ref.offset = offset;
    ref.length = length;
    const size_t path_len = strlen(path);
    zend_string *msg = zend_string_alloc(sizeof ref + path_len + 1, 0);
    memcpy(ZSTR_VAL(msg), &ref, sizeof ref);
    memcpy(ZSTR_VAL(msg) + sizeof ref, path, path_len + 1);
    const bool ok = process_mode_to_master(s, ipc::MessageType::kData, id, ipc::kFlagFile, msg);
    zend_string_release(msg);
    return ok;
}

bool process_mode_close(Server *s, server::SessionId id, bool reset) {
    if (id <= 0) {
        record_error(s, SwooleError::kSessionNotExist);
        return false;
    }
    return process_mode_to_master(s, ipc::MessageType::kClose, id, reset ? server::kCloseReset : 0, nullptr);
}

bool process_mode_sendto(Server *s, int port_index, const net::Address &to, zend_string *data) {
    server::ConnectInfo ci;
    ci.port_index = port_index;
    ci.family = static_cast<uint8_t>(to.family());
    ci.peer_port = to.is_ip() ? to.port() : 0;
    std::string host = to.host();
    strncpy(ci.peer_host, host.c_str(), sizeof(ci.peer_host) - 1);
    zend_string *msg = zend_string_alloc(sizeof ci + ZSTR_LEN(data), 0);
    memcpy(ZSTR_VAL(msg), &ci, sizeof ci);
    memcpy(ZSTR_VAL(msg) + sizeof ci, ZSTR_VAL(data), ZSTR_LEN(data));
    ZSTR_VAL(msg)[ZSTR_LEN(msg)] = '\0';
    bool ok = process_mode_to_master(s, ipc::MessageType::kData, 0, 0, msg);
    zend_string_release(msg);
    return ok;
}

// ---- the master

namespace {

// Nothing to do on readiness: master_wait polls its fds after each turn of the loop.
struct MasterWaker final : loop::IoHandler {
    void on_io(uint32_t) override {}
};

// The master's main thread: signals and the manager's notices, until the manager is gone.
void master_wait(Server *s, pid_t manager) {
    ProcessModeState &ps = *s->process_mode;
    sigset_t set;
    sigemptyset(&set);
    for (int sig : kMasterSignals) sigaddset(&set, sig);
    add_dump_signal(s, &set);
    int sfd = signalfd(-1, &set, SFD_CLOEXEC);
    bool stopping = false;
    const int questions = ps.master->dispatch_fd();  // -1 (ignored by poll) without dispatch_func
    const int commands = commands_master_fd(s);      // -1 without addCommand()
    MasterWaker waker;
    uint64_t watched_generation = 0;
    for (;;) {
        pollfd p[4] = {{sfd, POLLIN, 0}, {ps.notify_read, POLLIN, 0}, {questions, POLLIN, 0}, {commands, POLLIN, 0}};
        LoopState *rt = loop_state_if_any();
        if (rt) {
            // onStart made timers (or coroutines): the master's loop runs them and wakes on its fds.
            if (rt->generation != watched_generation) {
                watched_generation = rt->generation;
                for (const pollfd &w : p) {
                    if (w.fd >= 0) (void)rt->loop->watch(w.fd, loop::kReadable, &waker);
                }
            }
            (void)rt->loop->run_once(-1);
            if (::poll(p, 4, 0) < 0 && errno != EINTR) break;
        } else if (::poll(p, 4, -1) < 0 && errno != EINTR) {
            break;
        }
        if (p[3].revents & POLLIN) commands_master_ready(s);
        if (p[2].revents & POLLIN) {
            answer_dispatch_questions(s);
            if (ps.dispatch_failed && !stopping) {
                // A fatal error in dispatch_func: no more PHP in this process; the server stops.
                stopping = true;
                kill(manager, SIGTERM);
            }
        }
        if (p[1].revents & POLLIN) {
            int32_t ids[64];
            ssize_t n = ::read(ps.notify_read, ids, sizeof ids);
            for (ssize_t i = 0; i + 1 <= n / static_cast<ssize_t>(sizeof(int32_t)); ++i) {
                ps.master->worker_exited(ids[i]);
            }
        } else if (p[1].revents & (POLLHUP | POLLERR)) {
            // Every writer of the notice pipe is gone: the manager and its workers ended. Their
            // SIGCHLD may have gone to another reader (the loop of an earlier Co\run watches
            // SIGCHLD too), and the pipe would report hangup on every poll: end here, not spin.
            int status = 0;
            const pid_t r = waitpid(manager, &status, WNOHANG);
            if (r == manager || (r < 0 && errno == ECHILD)) {
                if (!stopping) GUST_LOG_ERROR("the manager process exited unexpectedly; shutting down");
                break;
            }
        }
        if (!(p[0].revents & POLLIN)) continue;
        signalfd_siginfo info;
        if (::read(sfd, &info, sizeof info) != sizeof info) continue;
        const int sig = static_cast<int>(info.ssi_signo);
        if (sig == SIGTERM || sig == SIGINT) {
            // onBeforeShutdown runs in the master while every worker still serves (Swoole's order).
            if (!stopping) (void)call_plain_with_server(s, kBeforeShutdown);
            stopping = true;
            kill(manager, SIGTERM);
        } else if (sig == SIGUSR1 || sig == SIGUSR2 || is_dump_signal(s, sig)) {
            kill(manager, sig);
        } else if (sig == SIGCHLD) {
            int status = 0;
            if (waitpid(manager, &status, WNOHANG) == manager) {
                if (!stopping) GUST_LOG_ERROR("the manager process exited unexpectedly; shutting down");
                break;
            }
        }
    }
    // The server is over: timers of onStart end with it (before the fds they watch are closed).
    if (loop_state_if_any()) teardown_loop_state();
    ::close(sfd);
}

}  // namespace

bool start_process_mode(Server *s) {
    s->process_mode = std::make_unique<ProcessModeState>();
    ProcessModeState &ps = *s->process_mode;
    server::MasterOptions mo;
    mo.reactor_num = static_cast<int>(s->settings.reactor_num);
    mo.worker_num = static_cast<int>(s->settings.worker_num);
    mo.dispatch_mode = static_cast<server::DispatchMode>(s->settings.dispatch_mode);
    mo.reactor.max_connections = static_cast<size_t>(s->settings.max_connection);
    // Thread t owns the ids whose (id - 1) % reactor_num is t: the first ids keep that rule.
    const zend_long threads = std::max(1, mo.reactor_num);
    mo.reactor.first_id = s->settings.start_session_id / threads * threads + 1;
    // Each worker keeps its bytes outstanding on a connection within socket_buffer_size (one send()
    // of up to buffer_output_size is always taken when none are): the master's own bound is the
    // sum, a safety net for several workers writing to one connection.
    mo.reactor.output_buffer_limit =
        static_cast<size_t>(s->settings.socket_buffer_size) + static_cast<size_t>(s->settings.buffer_output_size);
    mo.reply_credit = static_cast<uint64_t>(std::max<zend_long>(s->settings.socket_buffer_size, 1));
    mo.max_queued_bytes = static_cast<uint64_t>(s->settings.max_queued_bytes);
    // User processes have a line too: only its pid, for getWorkerPid() from any process.
    mo.counted_workers = static_cast<int>(s->settings.worker_num + s->settings.task_worker_num +
                                          static_cast<zend_long>(s->user_processes.size()));
    mo.limits.max_payload = 64u << 20;
    mo.ask_dispatch = s->dispatch_func.is_set();
    mo.heartbeat_interval = static_cast<Nanos>(s->settings.heartbeat_check_interval * 1e9);
    mo.heartbeat_idle = static_cast<Nanos>(s->settings.heartbeat_idle_time * 1e9);
    mo.handoff = s->settings.connection_handoff;
    for (auto &p : s->ports) {
        server::MasterListener l;
        l.fd = p->fd;
        l.options = listen_options(s, p.get());
        if (p->length_func) {
            // PHP must never run in a reactor thread: such a port's connections are read by the
            // worker they are handed to, and the master's copy of its framing refuses if it ever had
            // to frame one itself.
            const zend_long mode = s->settings.dispatch_mode;
            if (!mo.handoff || s->dispatch_func.is_set() || p->tls || (mode != 2 && mode != 4 && mode != 8)) {
                php_error_docref(nullptr, E_WARNING,
                                 "package_length_func on port %s:%d needs its connections handed "
                                 "to the workers in SWOOLE_PROCESS mode: dispatch_mode 2, 4 or 8, no dispatch_func, "
                                 "no SSL, connection_handoff on",
                                 p->host.c_str(), p->port);
                return false;
            }
            proto::framing::Options refuse = p->framing->options();
            refuse.length_func = [](mem::Slice) -> int64_t { return -1; };
            l.options.framing = std::make_shared<const proto::framing::Framing>(
                proto::framing::Framing::create(std::move(refuse)).value());
        }
        mo.listeners.push_back(l);
    }
    auto created = server::ProcessMaster::create(std::move(mo));
    int pipe_fds[2];
    if (!created.ok() || ::pipe2(pipe_fds, O_CLOEXEC) != 0) {
        php_error_docref(nullptr, E_WARNING, "cannot set up PROCESS mode: %s",
                         created.ok() ? strerror(errno) : error_message(created.code()));
        return false;
    }
    ps.master = std::move(created.value());
    ps.notify_read = pipe_fds[0];
    ps.notify_write = pipe_fds[1];
    // Every process blocks these; the master reads them from a signalfd, the manager with
    // sigtimedwait, and reactor threads inherit the mask so no signal lands on them.
    sigset_t set, previous;
    sigemptyset(&set);
    for (int sig : kMasterSignals) sigaddset(&set, sig);
    add_dump_signal(s, &set);
    sigprocmask(SIG_BLOCK, &set, &previous);
    const pid_t master = getpid();
    pid_t manager = fork();
    if (manager < 0) {
        sigprocmask(SIG_SETMASK, &previous, nullptr);
        php_error_docref(nullptr, E_WARNING, "fork of the manager failed: %s", strerror(errno));
        return false;
    }
    if (manager == 0) {
        // The manager ends with the master (a master killed outright, or by a signal that came
        // before it blocked them, must not leave a manager and workers serving nobody): SIGTERM,
        // its orderly stop, stays blocked until the manager reads it.
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != master) kill(getpid(), SIGTERM);
        sigset_t keep = previous;
        sigaddset(&keep, SIGTERM);
        sigprocmask(SIG_SETMASK, &keep, nullptr);
        end_inherited_loop_state();  // timers made before start() stay the master's
        metrics_listener_drop(s);    // the master serves gust_metrics_listen
        ::close(ps.notify_read);
        ps.notify_read = -1;
        ps.master->close_master_ends();
        if (manage_workers(s)) return serve_child(s);
        // The manager's work ends here; the master runs onShutdown. No PHP shutdown in this process.
        fflush(nullptr);
        _exit(0);
    }
    s->manager_pid = manager;
    close_inboxes(s, -1);  // the master keeps the write ends: onStart may send tasks
    zend_update_property_long(s->self->ce, s->self, ZEND_STRL("manager_pid"), manager);
    ::close(ps.notify_write);
    ps.notify_write = -1;
    ps.master->close_worker_ends();
    metrics_listener_start(s);
    Status st = ps.master->start();
    for (auto &p : s->ports) {
        if (p->fd >= 0) net::sys::close(p->fd);  // the reactor threads hold dups
        p->fd = -1;
    }
    if (!st.ok()) {
        GUST_LOG_ERROR("reactor threads failed to start: %s", error_message(st.code()));
        kill(manager, SIGTERM);
    } else if (!call_plain_with_server(s, kStart)) {
        kill(manager, SIGTERM);
    }
    master_wait(s, manager);
    metrics_listener_stop(s);  // it reads the master's shared counters
    ps.master->stop();
    sigprocmask(SIG_SETMASK, &previous, nullptr);
    if (ps.dispatch_failed || EG(exception)) return false;  // the caller re-raises dispatch_func's fatal error
    (void)call_plain_with_server(s, kShutdown);
    if (!s->settings.pid_file.empty()) unlink(s->settings.pid_file.c_str());
    remove_socket_files(s);
    return true;
}

}  // namespace gust::php::srv
