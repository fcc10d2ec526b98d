// Swoole\Server methods used while it runs (send, close, client info, stats, timers...) and the
// bridge that turns reactor events into coroutine callbacks.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <ctime>

#include "gust/base/error.h"
#include "gust/base/log.h"
#include "event/event.h"
#include "server/protocol.h"
#include "server/server.h"
#include "server/worker_status.h"
#include "server/connections.h"
#include "server/process_mode.h"
#include "server/relay.h"
#include "server/send.h"
#include "server/thread_mode.h"
#include "server/server_metrics.h"

// The Swoole\Timer and Swoole\Event functions the server's helpers forward to.
ZEND_FUNCTION(swoole_timer_tick);
ZEND_FUNCTION(swoole_timer_after);
ZEND_FUNCTION(swoole_timer_clear);
ZEND_FUNCTION(swoole_event_defer);

namespace gust::php::srv {
namespace {

Server *this_server(zval *this_ptr) { return server_from(Z_OBJ_P(this_ptr)); }

// The running reactor of this process, or nullptr with a warning.
server::Reactor *reactor_of(Server *s) {
    if (!s->worker.reactor || s->worker.stopping) {
        record_error(s, gust::php::SwooleError::kWrongOperation);  // Swoole records nothing here; Gust says why
        php_error_docref(nullptr, E_WARNING, "server is not running");
        return nullptr;
    }
    return s->worker.reactor.get();
}

}  // namespace

server::Reactor *serving_reactor(Server *s, server::SessionId id) {
    if (!s->process_mode) {
        // A stopping worker still answers the connections it kept open (HTTP/2 after GOAWAY); one
        // that went meanwhile fails as a closed session does, without a warning (as in Swoole).
        if (s->worker.stopping && s->worker.reactor) return s->worker.reactor.get();
        return reactor_of(s);
    }
    server::Reactor *r = s->worker.reactor.get();
    return r && r->info(id) ? r : nullptr;
}

namespace {

int record(Server *s, Status st) {
    if (st.ok()) return 0;
    return record_error(s, swoole_code_of(st.code(), Where::kServer));
}

void pause_or_resume(INTERNAL_FUNCTION_PARAMETERS, bool pause) {
    zend_long fd;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(fd)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = this_server(ZEND_THIS);
    server::Reactor *r = serving_reactor(s, fd);
    if (!r && s->process_mode) {
        php_error_docref(nullptr, E_WARNING,
                         "pause() and resume() work on connections this worker serves itself "
                         "(BASE mode, or PROCESS mode connections handed to it)");
        RETURN_FALSE;
    }
    RETURN_BOOL(r && record(s, pause ? r->pause(fd) : r->resume(fd)) == 0);
}

// BASE mode: the worker's own reactor; PROCESS mode: the master's thread that accepted it.
zend_long reactor_id(Server *s, server::SessionId id) {
    if (s->process_mode && s->process_mode->master)
        return static_cast<zend_long>((id - 1) % s->process_mode->master->reactor_num());
    return s->worker_id < 0 ? 0 : s->worker_id;
}

}  // namespace

double mono_to_wall(Nanos t) {
    if (t == 0) return 0;
    timespec wall, mono;
    clock_gettime(CLOCK_REALTIME, &wall);
    clock_gettime(CLOCK_MONOTONIC, &mono);
    const double now_wall = static_cast<double>(wall.tv_sec) + wall.tv_nsec / 1e9;
    const double now_mono = static_cast<double>(mono.tv_sec) + mono.tv_nsec / 1e9;
    return now_wall - (now_mono - static_cast<double>(t) / 1e9);
}

// PROCESS mode reads the connection table every process shares (server_stats.cc), so a worker
// knows every connection of the server, not only those whose connect it received.
bool session_exists(Server *s, server::SessionId id) {
    if (s->process_mode) return s->process_mode->master && s->process_mode->master->shared().exists(id);
    return s->worker.reactor && s->worker.reactor->exists(id);
}

std::vector<server::SessionId> session_list(Server *s, server::SessionId after, size_t count) {
    if (!s->process_mode)
        return s->worker.reactor ? s->worker.reactor->list(after, count) : std::vector<server::SessionId>{};
    if (!s->process_mode->master) return {};
    return s->process_mode->master->shared().list(after, count);
}

bool session_peer(Server *s, server::SessionId id, zend_string **host, zend_long *port) {
    // A connection this process serves (BASE, or handed to this PROCESS worker): its reactor knows.
    if (s->process_mode && !(s->worker.reactor && s->worker.reactor->info(id))) {
        server::ConnectionRecord rec;
        if (!s->process_mode->master || !s->process_mode->master->shared().read(id, &rec)) return false;
        *host = zend_string_init(rec.peer_host, strlen(rec.peer_host), 0);
        *port = rec.peer_port;
        return true;
    }
    server::Reactor *r = s->worker.reactor.get();
    const server::SessionInfo *info = r ? r->info(id) : nullptr;
    if (!info) return false;
    const std::string text = info->peer.host();
    *host = zend_string_init(text.data(), text.size(), 0);
    *port = info->peer.is_ip() ? info->peer.port() : 0;
    return true;
}

bool client_info(Server *s, server::SessionId id, zval *out) {
    server::Reactor *r = s->worker.reactor.get();
    const server::SessionInfo *info = r ? r->info(id) : nullptr;
    if (s->process_mode) {
        if (!s->process_mode->master || !shared_client_info(s, id, out)) return false;
        if (info) {
            // Served by this worker: what only its reactor knows.
            add_assoc_double(out, "last_send_time", mono_to_wall(info->last_send));
            add_assoc_long(out, "send_queued_bytes", static_cast<zend_long>(r->queued_bytes(id)));
        }
        return true;
    }
    if (!info) return false;
    array_init(out);
    const Port *p = s->ports[static_cast<size_t>(info->port_index)].get();
    add_assoc_long(out, "server_port", p->port);
    add_assoc_long(out, "server_fd", info->port_index);
    add_assoc_long(out, "socket_fd", info->fd);
    add_assoc_long(out, "socket_type", p->sock_type);
    add_assoc_long(out, "remote_port", info->peer.is_ip() ? info->peer.port() : 0);
    std::string host = info->peer.host();
    add_assoc_stringl(out, "remote_ip", host.data(), host.size());
    add_assoc_long(out, "reactor_id", reactor_id(s, id));
    add_assoc_long(out, "connect_time", static_cast<zend_long>(mono_to_wall(info->connected_at)));
    const Nanos last = std::max({info->connected_at, info->last_receive, info->last_send});
    add_assoc_long(out, "last_time", static_cast<zend_long>(mono_to_wall(last)));
    add_assoc_double(out, "last_recv_time", mono_to_wall(info->last_receive));
    add_assoc_double(out, "last_send_time", mono_to_wall(info->last_send));
    add_assoc_double(out, "last_dispatch_time", mono_to_wall(info->last_receive));
    add_assoc_long(out, "close_errno", 0);
    add_assoc_long(out, "recv_queued_bytes", 0);
    add_assoc_long(out, "send_queued_bytes", static_cast<zend_long>(r->queued_bytes(id)));
    add_assoc_long(out, "worker_id", s->worker_id < 0 ? 0 : s->worker_id);
    auto uid = s->worker.uids.find(id);
    if (uid != s->worker.uids.end()) add_assoc_long(out, "uid", uid->second);
    return true;
}

namespace {

// A send on a connection this process's reactor serves (BASE, or handed to a PROCESS worker).
bool sent_by(Server *s, server::Reactor *r, server::SessionId id, std::string_view bytes) {
    if (record(s, r->send(id, gust::mem::Slice(bytes.data(), bytes.size()))) != 0) return false;
    if (s->process_mode) handoff_sent(s, id, bytes.size());
    return true;
}

}  // namespace

std::vector<server::SessionId> idle_sessions(Server *s) {
    std::vector<server::SessionId> out;
    server::Reactor *r = s->worker.reactor.get();
    if (!r || s->settings.heartbeat_idle_time <= 0) return out;
    const Nanos idle = static_cast<Nanos>(s->settings.heartbeat_idle_time * 1e9);
    timespec mono;
    clock_gettime(CLOCK_MONOTONIC, &mono);
    const Nanos now = static_cast<Nanos>(mono.tv_sec) * kNanosPerSecond + mono.tv_nsec;
    for (server::SessionId id : r->list(0, SIZE_MAX)) {
        const server::SessionInfo *info = r->info(id);
        if (!info || s->worker.protected_sessions.count(id)) continue;
        // PROCESS mode: protect() from any worker marks the shared table.
        if (s->process_mode && s->process_mode->master && s->process_mode->master->shared().is_protected(id)) continue;
        const Nanos last = std::max(info->connected_at, info->last_receive);
        if (now - last >= idle) out.push_back(id);
    }
    return out;
}

std::vector<server::SessionId> close_idle_sessions(Server *s, bool close) {
    std::vector<server::SessionId> idle = idle_sessions(s);
    if (close) {
        for (server::SessionId id : idle) {
            // An idle peer that does not read either would hold a graceful close open for ever
            // (it waits for the queued output to drain): as in Swoole, what is still queued is
            // dropped; what the peer's kernel already holds stays readable before the reset.
            server::Reactor *r = s->worker.reactor.get();
            (void)r->close(id, r->queued_bytes(id) > 0);
        }
    }
    return idle;
}

namespace {

// The largest single send(). PROCESS mode: buffer_output_size (what the master may have to hold for
// it). BASE mode, where Swoole documents no such bound: one reply may pass socket_buffer_size by up
// to buffer_output_size when the connection's queue is empty (idle_send_limit), so no more.
zend_long single_send_limit(Server *s) {
    if (s->process_mode) return s->settings.buffer_output_size;
    return s->settings.socket_buffer_size + s->settings.buffer_output_size;
}

}  // namespace

bool send_to_session(Server *s, server::SessionId id, zend_string *data) {
    const zend_long limit = single_send_limit(s);
    if (static_cast<zend_long>(ZSTR_LEN(data)) > limit) {
        // One send larger than the bound can never go: Swoole's code for it (not a full buffer's
        // 1009) and its log line.
        const int err = record_error(s, gust::php::SwooleError::kDataLengthTooLarge);
        GUST_LOG_WARN("%s (ERRNO %d): The length of data [%zu] exceeds the output buffer size[" ZEND_LONG_FMT
                      "], please use the sendfile, chunked transfer mode or adjust the output_buffer_size",
                      s->process_mode ? "ProcessFactory::finish()" : "BaseFactory::finish()", err, ZSTR_LEN(data),
                      limit);
        return false;
    }
    if (base_mode_relays(s, id)) return relay_to_event_worker(s, ipc::MessageType::kData, id, 0, data);
    return send_with_yield(s, id, [&] {
        server::Reactor *r = serving_reactor(s, id);
        if (!r && s->process_mode) return process_mode_send(s, id, data);
        return r && sent_by(s, r, id, std::string_view(ZSTR_VAL(data), ZSTR_LEN(data)));
    });
}

bool send_bytes_to_session(Server *s, server::SessionId id, std::string_view bytes) {
    if ((s->process_mode && !serving_reactor(s, id)) || base_mode_relays(s, id) ||
        bytes.size() > static_cast<size_t>(single_send_limit(s))) {
        zend_string *str = zend_string_init(bytes.data(), bytes.size(), 0);
        const bool ok = send_to_session(s, id, str);
        zend_string_release(str);
        return ok;
    }
    return send_with_yield(s, id, [&] {
        server::Reactor *r = serving_reactor(s, id);
        if (!r && s->process_mode) {
            // It left this worker while the send waited for room: the master takes it from here.
            zend_string *str = zend_string_init(bytes.data(), bytes.size(), 0);
            const bool ok = process_mode_send(s, id, str);
            zend_string_release(str);
            return ok;
        }
        return r && sent_by(s, r, id, bytes);
    });
}

TrySend try_send_bytes(Server *s, server::SessionId id, std::string_view bytes) {
    constexpr int kOverflow = code(SwooleError::kOutputBufferOverflow);
    bool ok = false;
    if (server::Reactor *r = serving_reactor(s, id)) {
        ok = sent_by(s, r, id, bytes);
    } else if (s->process_mode) {
        zend_string *str = zend_string_init(bytes.data(), bytes.size(), 0);
        ok = process_mode_credit_admit(s, id, bytes.size()) &&
             process_mode_to_master(s, ipc::MessageType::kData, id, 0, str, true);
        if (ok) process_mode_credit_sent(s, id, bytes.size());
        zend_string_release(str);
    } else {
        return TrySend::kFailed;
    }
    if (ok) return TrySend::kSent;
    return s->last_error == kOverflow ? TrySend::kFull : TrySend::kFailed;
}

GatherSend write_gathered(Server *s, server::SessionId id, const iovec *iov, int count, size_t *written) {
    *written = 0;
    server::Reactor *r = serving_reactor(s, id);
    if (!r) return GatherSend::kUnsupported;
    Result<size_t> n = r->write_now(id, iov, count);
    if (!n.ok()) return n.code() == gust::kErrInvalid ? GatherSend::kUnsupported : GatherSend::kFailed;
    *written = n.value();
    if (*written > 0 && s->process_mode) handoff_sent(s, id, *written);
    return GatherSend::kWritten;
}

bool close_session(Server *s, server::SessionId id, bool reset) {
    server::Reactor *r = s->worker.reactor.get();
    if (s->process_mode && !(r && r->info(id))) return process_mode_close(s, id, reset);
    if (base_mode_relays(s, id))
        return relay_to_event_worker(s, ipc::MessageType::kClose, id, reset ? server::kCloseReset : 0, nullptr);
    if (!r) {
        record_error(s, gust::php::SwooleError::kSessionNotExist);
        return false;
    }
    return record(s, r->close(id, reset)) == 0;
}

int open_file_range(const char *file, zend_long offset, zend_long length, zend_long *size) {
    const int fd = open(file, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        php_error_docref(nullptr, E_WARNING, "sendfile(%s): not a readable regular file", file);
        if (fd >= 0) close(fd);
        return -1;
    }
    if (offset < 0 || offset > st.st_size || length < 0) {
        close(fd);
        php_error_docref(nullptr, E_WARNING, "invalid offset or length for %s", file);
        return -1;
    }
    *size = length > 0 ? std::min<zend_long>(length, st.st_size - offset) : st.st_size - offset;
    return fd;
}

bool send_file_range(Server *s, server::SessionId id, const char *path, int file_fd, zend_long offset,
                     zend_long length) {
    if (length <= 0) return true;
    if (s->process_mode && !serving_reactor(s, id)) {
        char real[PATH_MAX];
        if (!realpath(path, real)) {
            php_error_docref(nullptr, E_WARNING, "realpath(%s) failed: %s", path, strerror(errno));
            return false;
        }
        return process_mode_send_file(s, id, real, offset, length);
    }
    server::Reactor *r = serving_reactor(s, id);
    if (!r) return false;
    // The reactor owns its copy of the fd and sends with sendfile(2) as the socket drains.
    const int own = fcntl(file_fd, F_DUPFD_CLOEXEC, 0);
    if (own < 0) return false;
    if (record(s, r->send_file(id, own, static_cast<off_t>(offset), static_cast<size_t>(length))) != 0) return false;
    if (s->process_mode) handoff_sent(s, id, static_cast<size_t>(length));
    return true;
}

// ---- reactor events -> coroutine callbacks

void Bridge::on_connect(const server::SessionInfo &session) {
    // BASE: accepted here; PROCESS: a connection handed to this worker before its onConnect ran
    // (the others are counted at the master's connect message: each way runs onConnect once).
    metrics_connected(server_, session.port_index);
    zval args[3];
    ZVAL_OBJ(&args[0], server_->self);
    ZVAL_LONG(&args[1], session.id);
    ZVAL_LONG(&args[2], reactor_id(server_, session.id));
    (void)run_callback(server_, server_->ports[static_cast<size_t>(session.port_index)].get(), kConnect, args, 3);
}

void Bridge::on_receive(const server::SessionInfo &session, server::Slice data) {
    if (server_->process_mode) handoff_received(server_, session, data.size());
    if (!protocols_count_own_requests(server_, session.id, std::string_view(data.data(), data.size())))
        count_request(server_);
    Port *port = server_->ports[static_cast<size_t>(session.port_index)].get();
    ParsedHead parsed;
    if (port->http && server_->worker.reactor) {
        parsed.head = server_->worker.reactor->delivering_head(&parsed.head_len);
        parsed.base = data.data();
    }
    deliver_package(server_, port, session.id, reactor_id(server_, session.id),
                    zend_string_init(data.data(), data.size(), 0), parsed.head ? &parsed : nullptr);
}

void deliver_package(Server *s, Port *port, server::SessionId id, zend_long reactor, zend_string *data,
                     const ParsedHead *parsed) {
    // A RESP port of a Swoole\Redis\Server goes to its handlers; of a plain server, to onReceive.
    if (port && (port->http || (port->redis && s->redis_server))) {
        protocols_package_arrived(s, port, id, data, parsed);
        return;
    }
    zval args[4];
    ZVAL_OBJ(&args[0], s->self);
    ZVAL_LONG(&args[1], id);
    ZVAL_LONG(&args[2], reactor);
    ZVAL_STR(&args[3], data);  // ours; run_callback() copies it into the coroutine
    FinishHook hook;
    const bool tracked = s->process_mode && handoff_track(s, id, &hook);
    if (!run_callback(s, port, kReceive, args, 4, tracked ? &hook : nullptr) && tracked) hook.fn(hook.arg, hook.tag);
    zval_ptr_dtor(&args[3]);
}

void Bridge::on_close(const server::SessionInfo &session, server::CloseCause) {
    Port *port = server_->ports[static_cast<size_t>(session.port_index)].get();
    wake_senders(server_, session.id, true);
    const int event = protocols_session_closed(server_, port, session.id);
    server_->worker.uids.erase(session.id);
    server_->worker.protected_sessions.erase(session.id);
    if (server_->process_mode) {
        shared_note_closing(server_, session.id, nullptr);
        handoff_closed(server_, session.id);
    }
    zval args[3];
    ZVAL_OBJ(&args[0], server_->self);
    ZVAL_LONG(&args[1], session.id);
    ZVAL_LONG(&args[2], reactor_id(server_, session.id));
    (void)run_callback(server_, port, event, args, 3);
    shared_closing_done(server_);
}

void Bridge::on_packet(int port_index, server::Slice data, const net::Address &from) {
    Port *p = server_->ports[static_cast<size_t>(port_index)].get();
    zval args[3];
    ZVAL_OBJ(&args[0], server_->self);
    ZVAL_STRINGL_FAST(&args[1], data.data(), data.size());
    array_init(&args[2]);
    std::string host = from.host();
    add_assoc_stringl(&args[2], "address", host.data(), host.size());
    add_assoc_long(&args[2], "port", from.is_ip() ? from.port() : 0);
    add_assoc_long(&args[2], "server_socket", port_index);
    add_assoc_long(&args[2], "server_port", p->port);
    count_request(server_);
    (void)run_callback(server_, p, kPacket, args, 3);
    zval_ptr_dtor(&args[1]);
    zval_ptr_dtor(&args[2]);
}

void Bridge::on_buffer_full(const server::SessionInfo &session) {
    zval args[2];
    ZVAL_OBJ(&args[0], server_->self);
    ZVAL_LONG(&args[1], session.id);
    (void)run_callback(server_, server_->ports[static_cast<size_t>(session.port_index)].get(), kBufferFull, args, 2);
}

bool Bridge::on_http_answer(const server::SessionInfo &session, int status) {
    protocols_answer_arrived(server_, session.id, status);
    return true;
}

void Bridge::on_buffer_empty(const server::SessionInfo &session) {
    wake_senders(server_, session.id);
    zval args[2];
    ZVAL_OBJ(&args[0], server_->self);
    ZVAL_LONG(&args[1], session.id);
    (void)run_callback(server_, server_->ports[static_cast<size_t>(session.port_index)].get(), kBufferEmpty, args, 2);
}

}  // namespace gust::php::srv

using namespace gust::php::srv;
namespace server = gust::server;

ZEND_METHOD(Swoole_Server, start) {
    ZEND_PARSE_PARAMETERS_NONE();
    Server *s = this_server(ZEND_THIS);
    bool ok = start(s);
    // Every process (master, manager, workers) leaves start() with its server's loop done: its
    // timers (ticks of onWorkerStart...) end with it, as Swoole frees its reactor there.
    // A user process (addProcess) is the exception: what its callback left runs after it, as in Swoole.
    const bool user_process = s->worker_id >= s->settings.worker_num + s->settings.task_worker_num;
    if (!user_process) {
        if (gust::php::LoopState *rt = gust::php::loop_state_if_any()) gust::php::timers_clear(rt);
        gust::php::disarm_event_wait_at_shutdown();
    }
    // A fatal error in dispatch_func was held back while the master stopped the server: raise it now.
    if (s->process_mode && s->process_mode->dispatch_failed) zend_bailout();
    if (EG(exception)) RETURN_THROWS();
    RETURN_BOOL(ok);
}

namespace {

// A datagram to `ip`:`port` (port 0: a unix datagram path) from the port `server_socket`, else the
// first datagram port of the destination's family, as Swoole picks its UDP socket.
bool send_datagram(Server *s, std::string_view ip, zend_long port, zend_string *data, zend_long server_socket) {
    server::Reactor *r = s->process_mode ? nullptr : reactor_of(s);
    if (!r && !s->process_mode) return false;
    auto to =
        port > 0 ? gust::net::Address::from_ip(ip, static_cast<uint16_t>(port)) : gust::net::Address::from_unix(ip);
    if (!to.ok() || port < 0 || port > 65535) {
        php_error_docref(nullptr, E_WARNING, "invalid address %.*s:" ZEND_LONG_FMT, static_cast<int>(ip.size()),
                         ip.data(), port);
        return false;
    }
    int index = -1;
    if (server_socket >= 0) {
        index = static_cast<int>(server_socket);
    } else {
        for (size_t i = 0; i < s->ports.size(); ++i) {
            if (s->ports[i]->type == SOCK_DGRAM && s->ports[i]->family == to.value().family()) {
                index = static_cast<int>(i);
                break;
            }
        }
    }
    if (index < 0) {
        php_error_docref(nullptr, E_WARNING, "no datagram port to send from");
        return false;
    }
    if (s->process_mode) return process_mode_sendto(s, index, to.value(), data);
    return record(s, r->sendto(index, to.value(), gust::mem::Slice(ZSTR_VAL(data), ZSTR_LEN(data)))) == 0;
}

}  // namespace

ZEND_METHOD(Swoole_Server, send) {
    zval *fd;
    zend_string *data;
    zend_long server_socket = -1;
    ZEND_PARSE_PARAMETERS_START(2, 3)
        Z_PARAM_ZVAL(fd)
        Z_PARAM_STR(data)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(server_socket)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = this_server(ZEND_THIS);
    if (Z_TYPE_P(fd) == IS_STRING && !is_numeric_string(Z_STRVAL_P(fd), Z_STRLEN_P(fd), nullptr, nullptr, false)) {
        // A unix datagram client's path ($addr['address'] of onPacket), as Swoole allows.
        RETURN_BOOL(send_datagram(s, std::string_view(Z_STRVAL_P(fd), Z_STRLEN_P(fd)), 0, data, server_socket));
    }
    RETURN_BOOL(send_to_session(s, zval_get_long(fd), data));
}

ZEND_METHOD(Swoole_Server, sendto) {
    char *ip;
    size_t ip_len;
    zend_long port, server_socket = -1;
    zend_string *data;
    ZEND_PARSE_PARAMETERS_START(3, 4)
        Z_PARAM_STRING(ip, ip_len)
        Z_PARAM_LONG(port)
        Z_PARAM_STR(data)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(server_socket)
    ZEND_PARSE_PARAMETERS_END();
    RETURN_BOOL(send_datagram(this_server(ZEND_THIS), std::string_view(ip, ip_len), port, data, server_socket));
}

ZEND_METHOD(Swoole_Server, sendfile) {
    zend_long fd, offset = 0, length = 0;
    char *file;
    size_t file_len;
    ZEND_PARSE_PARAMETERS_START(2, 4)
        Z_PARAM_LONG(fd)
        Z_PARAM_PATH(file, file_len)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(offset)
        Z_PARAM_LONG(length)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = this_server(ZEND_THIS);
    if (!s->process_mode && !reactor_of(s)) RETURN_FALSE;
    zend_long left = 0;
    const int file_fd = open_file_range(file, offset, length, &left);
    if (file_fd < 0) RETURN_FALSE;
    const bool ok = send_file_range(s, fd, file, file_fd, offset, left);
    close(file_fd);
    RETURN_BOOL(ok);
}

ZEND_METHOD(Swoole_Server, exists) {
    zend_long fd;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(fd)
    ZEND_PARSE_PARAMETERS_END();
    RETURN_BOOL(session_exists(this_server(ZEND_THIS), fd));
}

ZEND_METHOD(Swoole_Server, protect) {
    zend_long fd;
    bool on = true;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_LONG(fd)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(on)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = this_server(ZEND_THIS);
    if (!session_exists(s, fd)) {
        record_error(s, gust::php::SwooleError::kSessionNotExist);
        RETURN_FALSE;
    }
    // PROCESS mode: the master's heartbeat reads the flag in the shared connection table.
    if (s->process_mode) RETURN_BOOL(s->process_mode->master && s->process_mode->master->shared().protect(fd, on));
    if (on) {
        s->worker.protected_sessions.insert(fd);
    } else {
        s->worker.protected_sessions.erase(fd);
    }
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Server, close) {
    zend_long fd;
    bool reset = false;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_LONG(fd)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(reset)
    ZEND_PARSE_PARAMETERS_END();
    RETURN_BOOL(close_session(this_server(ZEND_THIS), fd, reset));
}

ZEND_METHOD(Swoole_Server, pause) { pause_or_resume(INTERNAL_FUNCTION_PARAM_PASSTHRU, true); }
ZEND_METHOD(Swoole_Server, resume) { pause_or_resume(INTERNAL_FUNCTION_PARAM_PASSTHRU, false); }

ZEND_METHOD(Swoole_Server, shutdown) {
    ZEND_PARSE_PARAMETERS_NONE();
    Server *s = this_server(ZEND_THIS);
    if (!s->started) {
        php_error_docref(nullptr, E_WARNING, "server is not running");
        RETURN_FALSE;
    }
    shutdown(s);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Server, stop) {
    zend_long worker_id = -1;
    bool wait_event = false;
    ZEND_PARSE_PARAMETERS_START(0, 2)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(worker_id)
        Z_PARAM_BOOL(wait_event)
    ZEND_PARSE_PARAMETERS_END();
    (void)wait_event;
    Server *s = this_server(ZEND_THIS);
    if ((!s->worker.reactor && !s->process_mode) || (worker_id >= 0 && worker_id != s->worker_id)) RETURN_FALSE;
    stop_worker(s);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Server, reload) {
    bool only_task = false;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(only_task)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = this_server(ZEND_THIS);
    if (s->manager_pid <= 0 && !(s->mode == kModeThread && s->started)) {
        php_error_docref(nullptr, E_WARNING, "no manager process: reload needs worker_num > 1");
        RETURN_FALSE;
    }
    request_reload(s, only_task);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Server, getLastError) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_LONG(this_server(ZEND_THIS)->last_error);
}

ZEND_METHOD(Swoole_Server, heartbeat) {
    bool close_them = true;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(close_them)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = this_server(ZEND_THIS);
    if (!s->worker.reactor || s->settings.heartbeat_idle_time <= 0) RETURN_FALSE;
    std::vector<server::SessionId> ids = close_idle_sessions(s, close_them);
    array_init(return_value);
    for (server::SessionId id : ids) add_next_index_long(return_value, id);
}

ZEND_METHOD(Swoole_Server, getClientInfo) {
    zend_long fd, reactor = -1;
    bool ignore_error = false;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_LONG(fd)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(reactor)
        Z_PARAM_BOOL(ignore_error)
    ZEND_PARSE_PARAMETERS_END();
    (void)reactor;
    (void)ignore_error;
    if (!client_info(this_server(ZEND_THIS), fd, return_value)) RETURN_FALSE;
}

ZEND_METHOD(Swoole_Server, getClientList) {
    zend_long start = 0, count = 10;
    ZEND_PARSE_PARAMETERS_START(0, 2)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(start)
        Z_PARAM_LONG(count)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = this_server(ZEND_THIS);
    if ((!s->worker.reactor && !s->process_mode) || count <= 0 || count > 100) {
        if (count > 100) php_error_docref(nullptr, E_WARNING, "find_count must be at most 100");
        RETURN_FALSE;
    }
    std::vector<server::SessionId> ids = session_list(s, start, static_cast<size_t>(count));
    if (ids.empty()) RETURN_FALSE;
    array_init(return_value);
    for (server::SessionId id : ids) add_next_index_long(return_value, id);
}

ZEND_METHOD(Swoole_Server, getWorkerId) {
    ZEND_PARSE_PARAMETERS_NONE();
    Server *s = this_server(ZEND_THIS);
    if (s->worker_id < 0) RETURN_FALSE;
    RETURN_LONG(s->worker_id);
}

// getWorkerPid() and getWorkerStatus(): about this worker, or (pid, in the manager) another one.
void worker_query(INTERNAL_FUNCTION_PARAMETERS, bool status) {
    zend_long id = -1;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(id)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = this_server(ZEND_THIS);
    if (id < 0 || id == s->worker_id) {
        if (s->worker_id < 0) RETURN_FALSE;
        // Status: exiting once it stops (onWorkerExit sees SWOOLE_WORKER_EXIT), else worker_status.h.
        if (status && s->worker.stopping) RETURN_LONG(3);
        RETURN_LONG(status ? (worker_busy() ? 1 : 2) : getpid());
    }
    if (!status && s->in_manager && static_cast<size_t>(id) < s->worker_pids.size() && s->worker_pids[id] > 0) {
        RETURN_LONG(s->worker_pids[id]);
    }
    // PROCESS mode, or BASE with a manager: any process reads the others' in the shared lines.
    const zend_long other = status ? shared_worker_status(s, id) : shared_worker_pid(s, id);
    if (other > 0) RETURN_LONG(other);
    RETURN_FALSE;
}

ZEND_METHOD(Swoole_Server, getWorkerPid) { worker_query(INTERNAL_FUNCTION_PARAM_PASSTHRU, false); }
ZEND_METHOD(Swoole_Server, getWorkerStatus) { worker_query(INTERNAL_FUNCTION_PARAM_PASSTHRU, true); }

ZEND_METHOD(Swoole_Server, getManagerPid) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_LONG(this_server(ZEND_THIS)->manager_pid);
}

ZEND_METHOD(Swoole_Server, getMasterPid) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_LONG(this_server(ZEND_THIS)->master_pid);
}

ZEND_METHOD(Swoole_Server, stats) {
    ZEND_PARSE_PARAMETERS_NONE();
    Server *s = this_server(ZEND_THIS);
    array_init(return_value);
    if (s->process_mode && s->process_mode->master) {
        shared_stats(s, return_value);
        return;
    }
    if (s->mode == kModeThread && thread_mode_stats(s, return_value)) return;
    server::ReactorStats st = s->worker.reactor ? s->worker.reactor->stats() : server::ReactorStats{};
    add_assoc_long(return_value, "start_time", static_cast<zend_long>(s->start_time));
    add_assoc_long(return_value, "connection_num", static_cast<zend_long>(st.connections));
    add_assoc_long(return_value, "abort_count",
                   static_cast<zend_long>(st.refused + st.framing_errors + st.tls_failures));
    add_assoc_long(return_value, "accept_count", static_cast<zend_long>(st.accepted));
    add_assoc_long(return_value, "close_count", static_cast<zend_long>(st.closed));
    add_assoc_long(return_value, "worker_num", s->settings.worker_num);
    // BASE with a manager: the idle workers as the shared lines have them.
    const zend_long idle = shared_idle_workers(s, false), task_idle = shared_idle_workers(s, true);
    add_assoc_long(return_value, "task_worker_num", idle < 0 ? 0 : s->settings.task_worker_num);
    add_assoc_long(return_value, "user_worker_num", 0);
    add_assoc_long(return_value, "idle_worker_num", idle >= 0 ? idle : gust::php::current() ? 0 : 1);
    if (task_idle >= 0) add_assoc_long(return_value, "task_idle_worker_num", task_idle);
    add_assoc_long(return_value, "dispatch_count", static_cast<zend_long>(s->worker.requests));
    add_assoc_long(return_value, "request_count", static_cast<zend_long>(s->worker.requests));
    add_assoc_long(return_value, "response_count", 0);
    add_assoc_long(return_value, "total_recv_bytes", static_cast<zend_long>(st.bytes_received));
    add_assoc_long(return_value, "total_send_bytes", static_cast<zend_long>(st.bytes_sent));
    add_assoc_long(return_value, "worker_request_count", static_cast<zend_long>(s->worker.requests));
    add_assoc_long(return_value, "worker_dispatch_count", static_cast<zend_long>(s->worker.requests));
    gust::php::LoopState *rt = gust::php::loop_state_if_any();
    add_assoc_long(return_value, "coroutine_num", rt ? static_cast<zend_long>(rt->scheduler->stats().live) : 0);
    add_assoc_long(return_value, "coroutine_peek_num", rt ? static_cast<zend_long>(rt->scheduler->stats().peak) : 0);
}

ZEND_METHOD(Swoole_Server, bind) {
    zend_long fd, uid;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_LONG(fd)
        Z_PARAM_LONG(uid)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = this_server(ZEND_THIS);
    if (!session_exists(s, fd)) {
        record_error(s, gust::php::SwooleError::kSessionNotExist);
        RETURN_FALSE;
    }
    // As in Swoole, a connection is bound once; later calls do not change the uid. PROCESS mode
    // binds in the shared table: every worker sees it, and dispatch_mode 5 routes by it.
    if (s->process_mode) RETURN_BOOL(s->process_mode->master && s->process_mode->master->shared().bind(fd, uid));
    RETURN_BOOL(s->worker.uids.emplace(fd, uid).second);
}

ZEND_METHOD(Swoole_Server, after) { ZEND_FN(swoole_timer_after)(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Server, tick) { ZEND_FN(swoole_timer_tick)(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Server, clearTimer) { ZEND_FN(swoole_timer_clear)(INTERNAL_FUNCTION_PARAM_PASSTHRU); }
ZEND_METHOD(Swoole_Server, defer) {
    ZEND_FN(swoole_event_defer)(INTERNAL_FUNCTION_PARAM_PASSTHRU);
    if (!EG(exception)) RETURN_TRUE;
}
