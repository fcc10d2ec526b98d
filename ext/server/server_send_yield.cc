// send_yield: Swoole's default answer to a full output buffer inside a coroutine — the send waits
// for the buffer to drain instead of failing. BASE mode wakes the waiters on the reactor's
// bufferEmpty, PROCESS mode on the master's acknowledgement of written bytes (server_credit.cc) or
// when the worker's channel to the master, shared by all its connections, has room again;
// a close wakes them too, and their retry then fails with the session's error.
#include <algorithm>
#include <functional>
#include <vector>

#include "server/server.h"
#include "server/send.h"

namespace gust::php::srv {

bool can_send_yield(Server *s) { return s->settings.send_yield && current() != nullptr; }

bool has_send_waiters(Server *s, server::SessionId id) {
    auto it = s->worker.send_waiters.find(id);
    return it != s->worker.send_waiters.end() && !it->second.queue.empty();
}

bool wait_for_send_room(Server *s, server::SessionId id, bool front) {
    PhpCoroutine *p = current();
    if (!s->settings.send_yield || !p) return false;
    LoopState *rt = loop_state_if_any();
    coro::Coroutine *co = rt->scheduler->running();
    Worker::SendLine &line = s->worker.send_waiters[id];
    if (front) line.queue.push_front(co);
    else line.queue.push_back(co);
    const Nanos timeout = s->settings.send_timeout > 0 ? seconds_to_nanos(s->settings.send_timeout) : -1;
    const int rc = rt->scheduler->park(timeout, coro::WaitInfo{"Server", static_cast<uint64_t>(id), "send"});
    // Out of line now (woken, timed out or canceled); the retry comes next, before anyone else's.
    auto it = s->worker.send_waiters.find(id);
    if (it != s->worker.send_waiters.end()) {
        auto &q = it->second.queue;
        if (!q.empty() && q.front() == co) it->second.front_woken = false;
        q.erase(std::remove(q.begin(), q.end(), co), q.end());
        if (q.empty()) s->worker.send_waiters.erase(it);
    }
    if (!resumed(p)) return false;
    return rc == 0;
}

void notify_when_room(Server *s, server::SessionId id, std::function<void()> fn) {
    s->worker.room_listeners[id] = std::move(fn);
}

void call_room_listener(Server *s, server::SessionId id) {
    if (s->worker.room_listeners.empty()) return;
    auto it = s->worker.room_listeners.find(id);
    if (it == s->worker.room_listeners.end()) return;
    std::function<void()> fn = std::move(it->second);
    s->worker.room_listeners.erase(it);  // first: `fn` may register again
    fn();
}

void wake_senders(Server *s, server::SessionId id, bool all) {
    call_room_listener(s, id);
    auto it = s->worker.send_waiters.find(id);
    if (it == s->worker.send_waiters.end() || it->second.queue.empty()) return;
    LoopState *rt = loop_state_if_any();
    if (!rt) return;
    Worker::SendLine &line = it->second;
    if (!all) {
        if (line.front_woken) return;  // it has not retried yet
        line.front_woken = true;
        rt->scheduler->wake(line.queue.front(), 0);
        return;
    }
    // A close: every waiter retries (and fails); they leave the line themselves.
    for (size_t i = line.front_woken ? 1 : 0; i < line.queue.size(); ++i) rt->scheduler->wake(line.queue[i], 0);
    line.front_woken = true;
    s->worker.send_waiters.erase(it);
}

void wake_all_send_lines(Server *s) {
    std::vector<server::SessionId> ids;
    ids.reserve(s->worker.send_waiters.size() + s->worker.room_listeners.size());
    for (auto &[id, line] : s->worker.send_waiters) ids.push_back(id);
    for (auto &[id, fn] : s->worker.room_listeners) ids.push_back(id);
    for (server::SessionId id : ids) wake_senders(s, id);
}

}  // namespace gust::php::srv
