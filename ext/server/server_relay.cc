// PROCESS mode: send(), close(), sendfile() and sendto() from a process that has no channel to the
// master — a task worker, the manager, the master's own PHP (onStart) or a user process. As in
// Swoole these reach the client: the request goes to an event worker's inbox (server_task.cc),
// and that worker passes it on as its own, so the master (or the worker a connection was handed
// to) sees one ordinary worker reply and its send backpressure stays the worker's.
// BASE mode likewise: a task worker (or the master, manager, a user process) has no reactor, so its
// send() and close() go to an event worker, which does them as its own.
#include "server/relay.h"

#include "server/process_mode.h"
#include "server/send.h"
#include "server/tasks.h"

namespace gust::php::srv {

bool process_mode_relays(Server *s) { return s->process_mode && s->process_mode->channels.empty() && s->started; }

bool relay_to_master(Server *s, ipc::MessageType type, server::SessionId id, uint16_t flags, zend_string *payload) {
    if (s->settings.worker_num <= 0) return false;
    // One connection's requests always take the same worker, so they reach the client in order.
    const zend_long worker =
        id > 0 ? static_cast<zend_long>((id - 1) % static_cast<uint64_t>(s->settings.worker_num)) : 0;
    zend_string *body = payload ? payload : ZSTR_EMPTY_ALLOC();
    if (!post_to_inbox(s, worker, type, static_cast<zend_long>(id), flags, body)) {
        record_error(s, SwooleError::kWrongOperation);
        php_error_docref(nullptr, E_WARNING, "server is not running");
        return false;
    }
    return true;
}

namespace {

// The event worker whose reactor numbered `id` (base_mode_interleaves()), or -1 for no such id.
zend_long base_mode_owner(Server *s, server::SessionId id) {
    const auto first = static_cast<server::SessionId>(s->settings.start_session_id) + 1;
    if (id < first) return -1;
    return static_cast<zend_long>((id - first) % static_cast<server::SessionId>(s->settings.worker_num));
}

}  // namespace

bool base_mode_interleaves(Server *s) {
    return s->mode == kModeBase && !s->process_mode && s->settings.worker_num > 1 && !s->inboxes.empty();
}

bool base_mode_relays(Server *s, server::SessionId id) {
    if (s->mode != kModeBase || s->process_mode || !s->started || s->inboxes.empty()) return false;
    // Not an event worker (one whose reactor is gone is stopping: its sends fail as before).
    if (s->worker_id < 0 || s->worker_id >= s->settings.worker_num) return true;
    return base_mode_interleaves(s) && base_mode_owner(s, id) != s->worker_id;
}

bool relay_to_event_worker(Server *s, ipc::MessageType type, server::SessionId id, uint16_t flags,
                           zend_string *payload) {
    if (id <= 0 || s->settings.worker_num <= 0) {
        record_error(s, SwooleError::kSessionNotExist);
        return false;
    }
    const zend_long worker = base_mode_interleaves(s) ? base_mode_owner(s, id) : 0;
    if (worker < 0 || worker >= s->settings.worker_num) {
        record_error(s, SwooleError::kSessionNotExist);
        return false;
    }
    if (!post_to_inbox(s, worker, type, static_cast<zend_long>(id), flags, payload ? payload : ZSTR_EMPTY_ALLOC())) {
        record_error(s, SwooleError::kWrongOperation);
        php_error_docref(nullptr, E_WARNING, "server is not running");
        return false;
    }
    return true;
}

void relay_arrived(Server *s, const ipc::Header &h, zend_string *payload) {
    const auto id = static_cast<server::SessionId>(h.session_id);
    if (!s->process_mode) {
        if (!s->worker.reactor || h.flags & ipc::kFlagFile) return;  // a task worker: not for it
        if (h.type == ipc::MessageType::kClose) {
            (void)close_session(s, id, (h.flags & server::kCloseReset) != 0);
        } else {
            (void)send_to_session(s, id, payload);
        }
        return;
    }
    if (!s->process_mode || s->process_mode->channels.empty()) return;  // a task worker: not for it
    if (h.type == ipc::MessageType::kClose) {
        (void)close_session(s, id, (h.flags & server::kCloseReset) != 0);
    } else if (id > 0 && !(h.flags & ipc::kFlagFile)) {
        (void)send_to_session(s, id, payload);
    } else {
        // A file region (the master opens the path) or a datagram (its peer first): as they came.
        (void)process_mode_to_master(s, h.type, id, h.flags, payload);
    }
}

}  // namespace gust::php::srv
