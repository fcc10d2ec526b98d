// PROCESS mode, the worker's side of hand-off (docs/php-server.md, "Hand-off"; the master's side is
// src/server/master_handoff.cc). Connections the master gives this worker with their socket are
// served by the worker's own reactor, as in BASE mode: no hop through the master per request. The
// worker publishes in each connection's shared hold word whether a successor could take it over,
// hands idle ones back when it stops, and tells the master when one closes.
#include <fcntl.h>
#include <unistd.h>

#include <cstring>

#include "gust/base/error.h"
#include "gust/base/log.h"
#include "server/protocol.h"
#include "server/server.h"
#include "server/process_mode.h"
#include "server/send.h"

namespace gust::php::srv {
namespace {

namespace hold = server::hold;

server::SharedState &shared_block(Server *s) { return s->process_mode->master->shared(); }

HandedConnection *handed(Server *s, server::SessionId id) {
    if (!s->process_mode) return nullptr;
    auto it = s->process_mode->handed.find(id);
    return it == s->process_mode->handed.end() ? nullptr : &it->second;
}

void publish(Server *s, server::SessionId id, const HandedConnection &c, uint32_t extra = 0) {
    const uint32_t flags = hold::kAnnounced | (c.awaiting || c.running > 0 || c.holding ? hold::kBusy : 0) | extra;
    shared_block(s).set_hold(id, hold::word(c.gen, flags));
}

// The connection ended in this worker: counted down (dispatch_mode 8), marked closed and out of
// the table for everyone at once, then the master is told (it closes its copy of the socket).
void closed_here(Server *s, server::SessionId id, uint32_t gen) {
    server::SharedState &sh = shared_block(s);
    if (s->settings.dispatch_mode == 8 && s->worker_id >= 0 && s->worker_id < sh.workers()) {
        sh.worker(static_cast<int>(s->worker_id)).connections.fetch_sub(1, std::memory_order_relaxed);
    }
    sh.set_hold(id, hold::word(gen, hold::kAnnounced | hold::kClosed));
    // The master frees the slot only if it still holds this id, so a slot reused meanwhile is safe.
    sh.close(id);
    (void)process_mode_to_master(s, ipc::MessageType::kClose, id, server::kHandoff, nullptr);
}

// Gives the connection back to the master for this worker's successor (its socket stays open in the
// master); the hold word says it was announced and is idle.
void release(Server *s, server::SessionId id, uint32_t gen, uint32_t announced) {
    shared_block(s).set_hold(id, hold::word(gen, announced));
    zend_string *msg = zend_string_init(reinterpret_cast<const char *>(&gen), sizeof gen, 0);
    (void)process_mode_to_master(s, ipc::MessageType::kClose, id, server::kHandoff | server::kResumed, msg);
    zend_string_release(msg);
}

void adopt(Server *s, const ipc::Header &h, int fd, zend_string *payload) {
    const server::SessionId id = static_cast<server::SessionId>(h.session_id);
    server::ConnectInfo ci;
    server::Reactor *r = s->worker.reactor.get();
    if (!payload || ZSTR_LEN(payload) != sizeof ci || !r || static_cast<size_t>(ci.port_index) >= s->ports.size()) {
        GUST_LOG_WARN("worker #%ld: malformed hand-off of connection %lld dropped", static_cast<long>(s->worker_id),
                      static_cast<long long>(id));
        ::close(fd);
        return;
    }
    std::memcpy(&ci, ZSTR_VAL(payload), sizeof ci);
    const uint32_t word = shared_block(s).hold(id);
    if (!shared_block(s).exists(id) || (word & hold::kClosed)) {
        ::close(fd);  // a hand-off that crossed the connection's end
        return;
    }
    if (HandedConnection *known = handed(s, id)) {
        // The same connection again (the master repeated a hand-off it could not know arrived).
        ::close(fd);
        known->gen = ci.handoff_gen;
        publish(s, id, *known);
        return;
    }
    if (s->worker.stopping) {
        // Read from the channel after this worker stopped: its successor takes it.
        ::close(fd);
        release(s, id, ci.handoff_gen, word & hold::kAnnounced);
        return;
    }
    HandedConnection c;
    c.gen = ci.handoff_gen;
    c.http = s->ports[static_cast<size_t>(ci.port_index)]->http;
    s->process_mode->handed[id] = c;
    publish(s, id, c);
    Status st = r->adopt(fd, id, ci.port_index, ci.connected_at, !(h.flags & server::kResumed));
    if (!st.ok()) {
        ::close(fd);
        s->process_mode->handed.erase(id);
        GUST_LOG_WARN("worker #%ld: cannot serve connection %lld: %s; closing it", static_cast<long>(s->worker_id),
                      static_cast<long long>(id), error_message(st.code()));
        closed_here(s, id, c.gen);
    }
}

// Another worker's send(), sendfile() or close() for a connection this worker serves.
void forwarded(Server *s, const ipc::Header &h, zend_string *payload) {
    const server::SessionId id = static_cast<server::SessionId>(h.session_id);
    server::Reactor *r = handed(s, id) ? s->worker.reactor.get() : nullptr;
    if (!r) return;  // it closed, or went back to the master, on the way
    if (h.type == ipc::MessageType::kClose) {
        (void)r->close(id, (h.flags & server::kCloseReset) != 0);
        return;
    }
    if (h.type != ipc::MessageType::kData || !payload) return;
    if (h.flags & ipc::kFlagFile) {
        server::FileRef ref;
        if (ZSTR_LEN(payload) <= sizeof ref || ZSTR_VAL(payload)[ZSTR_LEN(payload) - 1] != '\0') return;
        std::memcpy(&ref, ZSTR_VAL(payload), sizeof ref);
        const int fd = ::open(ZSTR_VAL(payload) + sizeof ref, O_RDONLY | O_CLOEXEC);
        if (fd < 0 || ref.offset < 0 || ref.length < 0) {
            if (fd >= 0) ::close(fd);
            GUST_LOG_WARN("connection %lld: cannot send file %s; closing it", static_cast<long long>(id),
                          ZSTR_VAL(payload) + sizeof ref);
            (void)r->close(id, false);
            return;
        }
        (void)r->send_file(id, fd, static_cast<off_t>(ref.offset), static_cast<size_t>(ref.length));
        return;
    }
    Status st = r->send(id, server::Slice(ZSTR_VAL(payload), ZSTR_LEN(payload)));
    if (!st.ok()) {
        GUST_LOG_WARN("connection %lld: another worker's send() dropped: %s", static_cast<long long>(id),
                      error_message(st.code()));
    }
}

// Stopping: pauses what can wait and hands back every connection that is between requests; past
// max_wait_time the rest are closed.
void try_release(Server *s) {
    ProcessModeState &ps = *s->process_mode;
    server::Reactor *r = s->worker.reactor.get();
    LoopState *rt = loop_state_if_any();
    if (!r || !rt) return;
    std::vector<server::SessionId> ids;
    ids.reserve(ps.handed.size());
    for (auto &[id, c] : ps.handed) ids.push_back(id);
    const bool late = rt->loop->now() >= ps.release_deadline;
    for (server::SessionId id : ids) {
        HandedConnection *c = handed(s, id);
        const server::SessionInfo *info = r->info(id);
        if (!c || !info) continue;
        if (late) {
            (void)r->close(id, false);
            continue;
        }
        // Nothing buffered: stop reading, so no new request starts here (what is buffered is
        // delivered first; a partial package is read to its end).
        if (!info->paused && r->buffered_input(id) == 0) (void)r->pause(id);
        if (c->awaiting || c->running > 0 || has_send_waiters(s, id)) continue;
        auto fd = r->detach(id);
        if (!fd.ok()) continue;  // mid-package or output queued: later
        const uint32_t gen = c->gen;
        ps.handed.erase(id);
        s->worker.uids.erase(id);
        s->worker.protected_sessions.erase(id);
        (void)protocols_session_closed(s, nullptr, id);  // its (idle) HTTP state goes with it
        ::close(fd.value());
        release(s, id, gen, hold::kAnnounced);
    }
    if (ps.handed.empty() && ps.release_timer) {
        rt->loop->cancel_timer(ps.release_timer);
        ps.release_timer = 0;
    }
}

// Stopping: a request just ended, so its connection may be free to go now.
void release_soon(Server *s) {
    LoopState *rt = loop_state_if_any();
    if (!rt || !s->worker.stopping || !s->process_mode || !s->process_mode->release_timer) return;
    rt->loop->defer([s] {
        if (s->process_mode && s->process_mode->release_timer) try_release(s);
    });
}

}  // namespace

void handoff_worker_setup(Server *s) {
    if (!s->settings.connection_handoff) return;
    LoopState *rt = loop_state();
    server::ReactorOptions ro;
    ro.max_connections = static_cast<size_t>(s->settings.max_connection);
    ro.output_buffer_limit = static_cast<size_t>(s->settings.socket_buffer_size);
    s->worker.reactor = std::make_unique<server::Reactor>(*rt->loop, s->bridge, ro);
    for (auto &p : s->ports) (void)s->worker.reactor->add_passive_port(listen_options(s, p.get()));
    (void)s->worker.reactor->start();
}

void handoff_message(Server *s, const ipc::Header &h, int fd, zend_string *payload) {
    if (h.type == ipc::MessageType::kConnect && (h.flags & server::kHandoff) && fd >= 0) {
        adopt(s, h, fd, payload);
    } else {
        if (fd >= 0) ::close(fd);  // no other message carries one
        if (h.flags & server::kHandoff) forwarded(s, h, payload);
    }
    if (payload) zend_string_release(payload);
}

void handoff_received(Server *s, const server::SessionInfo &session, size_t bytes) {
    HandedConnection *c = handed(s, session.id);
    if (!c) return;
    server::SharedState &sh = shared_block(s);
    sh.touch(session.id, session.last_receive);
    if (s->worker_id >= 0 && s->worker_id < sh.workers()) {
        server::WorkerCounters &line = sh.worker(static_cast<int>(s->worker_id));
        line.handed_packages.store(line.handed_packages.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
        line.handed_bytes_in.store(line.handed_bytes_in.load(std::memory_order_relaxed) + bytes,
                                   std::memory_order_relaxed);
    }
    if (c->http && !c->awaiting) {
        c->awaiting = true;
        publish(s, session.id, *c);
    }
}

namespace {

void callback_finished(void *arg, int64_t id) {
    auto *s = static_cast<Server *>(arg);
    HandedConnection *c = handed(s, id);
    if (!c || c->running == 0) return;
    if (--c->running == 0) {
        publish(s, id, *c);
        release_soon(s);
    }
}

}  // namespace

bool handoff_track(Server *s, server::SessionId id, FinishHook *hook) {
    HandedConnection *c = handed(s, id);
    if (!c || c->http) return false;
    if (c->running++ == 0) publish(s, id, *c);
    *hook = FinishHook{&callback_finished, s, id};
    return true;
}

void handoff_sent(Server *s, server::SessionId id, size_t bytes) {
    HandedConnection *c = handed(s, id);
    if (!c) return;
    server::SharedState &sh = shared_block(s);
    if (s->worker_id >= 0 && s->worker_id < sh.workers()) {
        server::WorkerCounters &line = sh.worker(static_cast<int>(s->worker_id));
        line.handed_bytes_out.store(line.handed_bytes_out.load(std::memory_order_relaxed) + bytes,
                                    std::memory_order_relaxed);
        line.handed_responses.store(line.handed_responses.load(std::memory_order_relaxed) + 1,
                                    std::memory_order_relaxed);
    }
    // What other workers' getClientInfo() shows of it.
    if (const server::SessionInfo *info = s->worker.reactor->info(id)) {
        sh.note_output(id, info->last_send, s->worker.reactor->queued_bytes(id));
    }
}

void handoff_request_done(Server *s, server::SessionId id) {
    HandedConnection *c = handed(s, id);
    if (!c || !c->awaiting) return;
    c->awaiting = false;
    publish(s, id, *c);
    release_soon(s);
}

void Bridge::on_holding(const server::SessionInfo &session, bool holding) {
    HandedConnection *c = handed(server_, session.id);
    if (!c || c->holding == holding) return;
    c->holding = holding;
    publish(server_, session.id, *c);
}

void Bridge::on_output_written(const server::SessionInfo &session, size_t queued) {
    call_room_listener(server_, session.id);  // an engine with its own backlog (HTTP/2) goes on
    // Other workers' getClientInfo() follows the queue of a connection handed to this worker.
    if (handed(server_, session.id)) shared_block(server_).note_output(session.id, session.last_send, queued);
}

void handoff_closed(Server *s, server::SessionId id) {
    HandedConnection *c = handed(s, id);
    if (!c) return;
    const uint32_t gen = c->gen;
    s->process_mode->handed.erase(id);
    closed_here(s, id, gen);
}

void handoff_begin_release(Server *s) {
    LoopState *rt = loop_state_if_any();
    if (!s->process_mode || !s->worker.reactor || !rt || s->process_mode->release_timer) return;
    ProcessModeState &ps = *s->process_mode;
    ps.release_deadline = rt->loop->now() + static_cast<Nanos>(std::max(0.0, s->settings.max_wait_time) * 1e9);
    if (ps.handed.empty()) return;
    // Never from inside the callback that stopped the worker (its package is not counted busy yet):
    // from the loop, then every millisecond, and right after each request ends (release_soon).
    ps.release_timer = rt->loop->add_timer(kNanosPerMilli, kNanosPerMilli, [s](loop::TimerId) { try_release(s); });
    release_soon(s);
}

void handoff_worker_end(Server *s) {
    if (!s->process_mode) return;
    ProcessModeState &ps = *s->process_mode;
    LoopState *rt = loop_state_if_any();
    if (ps.release_timer && rt) rt->loop->cancel_timer(ps.release_timer);
    ps.release_timer = 0;
    server::Reactor *r = s->worker.reactor.get();
    if (rt && rt->pending != Pending::kNone && r) {
        // The worker ends abnormally (a fatal error, an uncaught exception, exit()): its connections
        // go back to the master for its successor, as when it is killed. In Swoole a client
        // outlives the worker that served it (swoole_server/object/status_info).
        std::vector<server::SessionId> idle;
        for (auto &[id, c] : ps.handed) idle.push_back(id);
        for (server::SessionId id : idle) {
            HandedConnection *c = handed(s, id);
            if (!c) continue;
            auto fd = r->detach(id);
            if (!fd.ok()) continue;  // mid-package or output queued: closed below
            const uint32_t gen = c->gen;
            ps.handed.erase(id);
            s->worker.uids.erase(id);
            s->worker.protected_sessions.erase(id);
            (void)protocols_session_closed(s, nullptr, id);
            ::close(fd.value());
            release(s, id, gen, hold::kAnnounced);
        }
    }
    // The loop is over (max_wait_time, or an exit): what is still here is closed; the master's copy
    // is the last one once this process's goes.
    std::vector<server::SessionId> ids;
    for (auto &[id, c] : ps.handed) ids.push_back(id);
    for (server::SessionId id : ids) handoff_closed(s, id);
}

}  // namespace gust::php::srv
