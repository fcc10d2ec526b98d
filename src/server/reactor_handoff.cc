// Sessions that move between processes (PROCESS mode hand-off, docs/php-server.md): passive ports,
// adopting a connection another process accepted, detaching one between packages, and the report
// of bytes only this process holds.
#include <sys/socket.h>

#include "gust/base/error.h"
#include "gust/net/socket.h"
#include "server/reactor_internal.h"

namespace gust::server {

Result<int> Reactor::add_passive_port(const ListenOptions &o) { return push_listener(-1, o).index; }

Status Reactor::adopt(int fd, SessionId id, int port_index, Nanos connected_at, bool announce) {
    if (fd < 0 || port_index < 0 || port_index >= listener_count() || id <= 0) return Error{kErrInvalid};
    const Listener &l = *listeners_[static_cast<size_t>(port_index)];
    if (l.type != SOCK_STREAM || l.tls || sessions_.count(id)) return Error{kErrInvalid};
    auto s = std::make_unique<Session>();
    s->reactor = this;
    s->adopted = true;
    s->info.id = id;
    s->info.port_index = port_index;
    s->info.fd = fd;
    (void)net::sys::peer_address(fd, &s->info.peer);
    s->info.connected_at = connected_at;
    if (l.framing) s->splitter = std::make_unique<proto::framing::Splitter>(*l.framing);
    s->listener = &l;
    auto w = loop_.watch(fd, loop::kReadable, s.get());
    if (!w.ok()) return w.error();
    s->watch = w.value();
    s->interest = loop::kReadable;
    Session &ref = *s;
    sessions_.emplace(id, std::move(s));
    ++stats_.accepted;
    if (announce) {
        CallbackScope scope(callback_depth_);
        events_.on_connect(ref.info);
    }
    reap();
    return {};
}

Result<int> Reactor::detach(SessionId id) {
    auto it = sessions_.find(id);
    if (it == sessions_.end() || it->second->dead || it->second->closing) return Error{kErrNotFound};
    Session &s = *it->second;
    if (s.tls) return Error{kErrInvalid};
    if (!s.idle() || !s.input.empty() ||
        (s.splitter && (s.splitter->in_body() || s.splitter->in_websocket() || s.splitter->in_http2())) || s.refused) {
        return Error{kErrBusy};
    }
    const int fd = s.info.fd;
    s.dead = true;
    s.info.fd = -1;
    if (s.read_timer != 0) loop_.cancel_timer(s.read_timer);
    s.read_timer = 0;
    if (s.watch.valid()) loop_.unwatch(s.watch);
    s.watch = {};
    dead_.push_back(std::move(it->second));
    sessions_.erase(it);
    reap();
    return fd;
}

void Reactor::note_holding(Session &s) {
    const bool holding = !s.idle() || !s.input.empty() || (s.splitter && s.splitter->in_body());
    if (holding == s.holding) return;
    s.holding = holding;
    CallbackScope scope(callback_depth_);
    events_.on_holding(s.info, holding);
}

}  // namespace gust::server
