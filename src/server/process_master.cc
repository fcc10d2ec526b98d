#include "gust/server/process_master.h"

#include <fcntl.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <future>
#include <string>
#include <unordered_map>

#include "gust/base/error.h"
#include "gust/base/log.h"
#include "server/master_thread.h"

namespace gust::server {

namespace {

// Replies read per recvmmsg (docs/core-ipc.md).
constexpr uint32_t kReceiveBatch = 64;

uint64_t hash_host(const std::string &host) { return std::hash<std::string>{}(host); }

}  // namespace

int ProcessMaster::Thread::worker_by_id(SessionId id) const {
    return server::worker_by_id(id, master->options_.reactor_num, master->options_.worker_num);
}

int ProcessMaster::Thread::pick_worker(const SessionInfo &s) {
    const int n = master->options_.worker_num;
    switch (master->options_.dispatch_mode) {
        case DispatchMode::kRound: return static_cast<int>(round++ % static_cast<uint64_t>(n));
        case DispatchMode::kIdle:
        case DispatchMode::kStream:
        case DispatchMode::kCoroutineLeast:
        case DispatchMode::kConcurrentLeast:
            // Threads start their rotation apart, so two threads meeting equal loads spread.
            return loads ? loads->pick(load_round++) : static_cast<int>(round++ % static_cast<uint64_t>(n));
        case DispatchMode::kConnectionLeast: return master->fewest_connections(load_round++);
        case DispatchMode::kIpMod: return static_cast<int>(hash_host(s.peer.host()) % static_cast<uint64_t>(n));
        case DispatchMode::kUidMod: {
            // A connection bound to a uid (bind() in any worker) goes to uid % worker_num.
            ConnectionRecord rec;
            if (master->shared_->read(s.id, &rec) && rec.has_uid) {
                return static_cast<int>(static_cast<uint64_t>(rec.uid) % static_cast<uint64_t>(n));
            }
            [[fallthrough]];
        }
        case DispatchMode::kFdMod:
        default: return worker_by_id(s.id);
    }
}

void ProcessMaster::Thread::count_connection(Conn &c, int w) {
    if (master->options_.dispatch_mode != DispatchMode::kConnectionLeast || w < 0) return;
    master->shared_->worker(w).connections.fetch_add(1, std::memory_order_relaxed);
    c.counted = w;
}

int ProcessMaster::fewest_connections(uint64_t start) {
    return least_loaded(options_.worker_num, start, [this](int w) {
        int64_t load = shared_->worker(w).connections.load(std::memory_order_relaxed);
        if (shared_->worker(w).pid.load(std::memory_order_relaxed) == 0) load += kNotRunningLoad;
        return load;
    });
}

bool ProcessMaster::Thread::to_worker(int worker, ipc::MessageType type, SessionId id, const void *data, size_t size,
                                      const void *prefix, size_t prefix_size, uint16_t flags) {
    ipc::Header h;
    h.type = type;
    h.flags = flags;
    h.reactor_id = static_cast<uint16_t>(index);
    h.session_id = static_cast<uint64_t>(id);
    if (loads && (type == ipc::MessageType::kData || type == ipc::MessageType::kConnect)) loads->dispatched(worker);
    ipc::Sender &sender = *channels[static_cast<size_t>(worker)].sender;
    const int rc =
        prefix_size ? sender.send_copy(h, prefix, static_cast<uint32_t>(prefix_size), data, static_cast<uint32_t>(size))
                    : sender.send_copy(h, data, static_cast<uint32_t>(size));
    if (rc == -EPIPE || rc == -ECONNRESET) {
        // The manager closed the channels: the server is shutting down.
        GUST_LOG(LogLevel::kDebug, "reactor %d: worker #%d's channel is closed", index, worker);
    } else if (rc != 0 && rc != 1) {
        // -errno, or kErrLimit (the channel's queue is full) / kErrInvalid: the message is lost.
        ++channel_errors;
        GUST_LOG_WARN("reactor %d: message to worker #%d failed: %s", index, worker, error_message(rc));
    }
    return rc == 0 || rc == 1;
}

void ProcessMaster::Thread::publish(const SessionInfo &s, int w) {
    ConnectionRecord rec;
    rec.id = s.id;
    rec.port_index = s.port_index;
    rec.worker = w;
    rec.peer_port = s.peer.is_ip() ? s.peer.port() : 0;
    rec.family = static_cast<uint8_t>(s.peer.family());
    rec.connected_at = s.connected_at;
    rec.last_receive = s.connected_at;
    const std::string host = s.peer.host();
    std::strncpy(rec.peer_host, host.c_str(), sizeof(rec.peer_host) - 1);
    master->shared_->open(rec);
}

bool ProcessMaster::Thread::hands_off(const SessionInfo &s) const {
    const MasterOptions &o = master->options_;
    if (!o.handoff || s.port_index < 0 || static_cast<size_t>(s.port_index) >= o.listeners.size()) return false;
    const ListenOptions &l = o.listeners[static_cast<size_t>(s.port_index)].options;
    if (l.type != SOCK_STREAM || l.tls) return false;
    // WebSocket connections stay with the master: their worker state cannot move to a successor.
    if (l.framing && l.framing->options().websocket) return false;
    // dispatch_func is asked about every package: they stay with the master.
    if (o.ask_dispatch) return false;
    if (l.framing && l.framing->options().mode == proto::framing::Mode::kHttp) return true;
    return o.dispatch_mode == DispatchMode::kFdMod || o.dispatch_mode == DispatchMode::kIpMod ||
           o.dispatch_mode == DispatchMode::kConnectionLeast;
}

void ProcessMaster::Thread::on_connect(const SessionInfo &s) {
    bump(counters->accepted);
    if (master->options_.ask_dispatch) {
        ask_connect(s);
        return;
    }
    // A connect no worker hears of (round robin on a plain port, below) takes no turn of the
    // rotation: the connection's first package goes to the next worker, as in Swoole.
    const bool unannounced_round =
        master->options_.dispatch_mode == DispatchMode::kRound && masks_connect_close() && !is_http(s.port_index);
    const int w = unannounced_round ? static_cast<int>(round % static_cast<uint64_t>(master->options_.worker_num))
                                    : pick_worker(s);
    Conn &c = conns[s.id];
    c.worker = w;
    count_connection(c, w);
    publish(s, w);
    if (hands_off(s)) {
        auto fd = reactor->detach(s.id);
        if (fd.ok()) {
            reactor->hold_outside(1);
            c.handed_fd = fd.value();
            if (!hand_over(s.id, c, false)) finish_handed(s.id, true);
            return;
        }
    }
    // As in Swoole, modes 1, 3 and 7 do not report them — except on HTTP/WebSocket ports, whose
    // worker keeps per-connection state (pipelined requests, WebSocket contexts).
    if (masks_connect_close() && !is_http(s.port_index)) {
        c.told_connect = false;
        return;
    }
    ConnectInfo ci = connect_info(s);
    to_worker(w, ipc::MessageType::kConnect, s.id, &ci, sizeof ci);
}

int ProcessMaster::Thread::worker_for_data(const SessionInfo &s) {
    if (is_http(s.port_index)) return conns[s.id].worker;
    switch (master->options_.dispatch_mode) {
        case DispatchMode::kRound:
        case DispatchMode::kIdle:
        case DispatchMode::kStream:
        case DispatchMode::kCoroutineLeast:
        case DispatchMode::kConcurrentLeast:
        case DispatchMode::kUidMod:  // by the uid once bind() gave one
            return pick_worker(s);
        default: return conns[s.id].worker;
    }
}

void ProcessMaster::Thread::on_receive(const SessionInfo &s, Slice data) {
    bump(counters->bytes_in, data.size());
    master->shared_->touch(s.id, s.last_receive);
    if (master->options_.ask_dispatch && !is_http(s.port_index)) {
        ask_data(s, data);
        return;
    }
    int w = worker_for_data(s);
    bump(counters->dispatched);
    awaiting[s.id] = w;
    if (!to_worker(w, ipc::MessageType::kData, s.id, data.data(), data.size())) {
        // A lost package breaks the stream (a request or frame missing): end the connection
        // rather than let it wait forever for what never arrives.
        (void)reactor->close(s.id, false);
        return;
    }
    throttle(s.id, w);
}

void ProcessMaster::Thread::throttle(SessionId id, int w) {
    Channel &c = channels[static_cast<size_t>(w)];
    if (c.sender->queued_messages() < kHighWater && c.sender->queued_bytes() < master->options_.max_queued_bytes) {
        return;
    }
    if (reactor->pause(id).ok()) {
        c.stalled.push_back(id);
        auto conn = conns.find(id);
        if (conn != conns.end()) conn->second.throttled = true;
    }
    if (c.resume_pending) return;
    c.resume_pending = true;
    // Deferred after the sender's own flush of this iteration (defer runs in order).
    loop->defer([this, w] { try_resume(w); });
}

void ProcessMaster::Thread::try_resume(int w) {
    if (static_cast<size_t>(w) >= channels.size()) return;
    Channel &c = channels[static_cast<size_t>(w)];
    // A retry (timer or deferral) that comes after shutdown_in_thread() closed the channels: the
    // connections are gone with the reactor (this was a master crash at shutdown, bug_1864).
    if (!c.sender) return;
    if (c.sender->queued_messages() > kLowWater || c.sender->queued_bytes() > master->options_.max_queued_bytes / 4) {
        // The worker still has a backlog (the socket is full): look again shortly.
        loop->add_timer(kNanosPerMilli, 0, [this, w](loop::TimerId) { try_resume(w); });
        return;
    }
    c.resume_pending = false;
    std::vector<SessionId> ids;
    ids.swap(c.stalled);
    for (SessionId id : ids) {
        auto conn = conns.find(id);
        if (conn != conns.end()) {
            conn->second.throttled = false;
            // Still waiting for dispatch_func: its answer resumes the connection.
            if (conn->second.asking || !conn->second.held.empty()) continue;
        }
        (void)reactor->resume(id);
    }
}

bool ProcessMaster::Thread::on_http_answer(const SessionInfo &s, int status) {
    const int32_t code = status;
    to_worker(worker_for_data(s), ipc::MessageType::kData, s.id, &code, sizeof code, nullptr, 0, ipc::kFlagHttpAnswer);
    return true;
}

void ProcessMaster::Thread::on_close(const SessionInfo &s, CloseCause cause) {
    bump(counters->closed);
    if (cause == CloseCause::kError || cause == CloseCause::kProtocol) bump(counters->aborted);
    master->shared_->close(s.id);
    auto it = conns.find(s.id);
    if (master->options_.ask_dispatch && it != conns.end()) {
        ask_close(s.id, it->second);
        return;
    }
    const int w = it == conns.end() ? 0 : it->second.worker;
    const bool told = it == conns.end() || it->second.told_connect;
    finish_close(s.id, w, told && (!masks_connect_close() || is_http(s.port_index)));
}

void ProcessMaster::Thread::finish_close(SessionId id, int w, bool tell) {
    auto it = conns.find(id);
    if (it != conns.end()) {
        Conn &c = it->second;
        bool owner_knows = !c.told_connect || (tell && w == c.worker);
        // Workers that sent to it drop their count; the one told of the close learns it from kClose.
        c.credit.for_each_worker([&](int other) {
            if (other != w || !tell) {
                credit_note(other, id, CreditNote::kForget, 0);
                if (other == c.worker) owner_knows = true;
            }
        });
        // dispatch_func sent the close elsewhere (or nowhere): the worker that got the connect
        // drops the connection too.
        if (!owner_knows) credit_note(c.worker, id, CreditNote::kForget, 0);
        if (c.counted >= 0) master->shared_->worker(c.counted).connections.fetch_sub(1, std::memory_order_relaxed);
        conns.erase(it);
    }
    awaiting.erase(id);
    if (tell) to_worker(w, ipc::MessageType::kClose, id, nullptr, 0);
}

void ProcessMaster::Thread::on_packet(int port_index, Slice data, const net::Address &from) {
    SessionInfo pseudo;
    pseudo.port_index = port_index;
    pseudo.peer = from;
    pseudo.id = static_cast<SessionId>(round);
    if (master->options_.ask_dispatch) {
        ask_datagram(port_index, data, from);
        return;
    }
    ConnectInfo ci = connect_info(pseudo);
    // Datagrams have no connection: round robin, or the least busy worker in the load modes.
    const int w = loads ? loads->pick(load_round++)
                        : static_cast<int>(round++ % static_cast<uint64_t>(master->options_.worker_num));
    bump(counters->dispatched);
    bump(counters->bytes_in, data.size());
    to_worker(w, ipc::MessageType::kData, 0, data.data(), data.size(), &ci, sizeof ci);
}

void ProcessMaster::Thread::heartbeat() {
    const Nanos idle = master->options_.heartbeat_idle;
    const Nanos now = loop->now();
    for (SessionId id : reactor->list(0, SIZE_MAX)) {
        const SessionInfo *info = reactor->info(id);
        // protect() in any worker marks the connection in the shared table.
        if (info && now - std::max(info->connected_at, info->last_receive) >= idle &&
            !master->shared_->is_protected(id)) {
            ++heartbeat_closed;
            (void)reactor->close(id, false);
        }
    }
}

void ProcessMaster::Thread::shutdown_in_thread() {
    if (heartbeat_timer) loop->cancel_timer(heartbeat_timer);
    heartbeat_timer = 0;
    for (loop::TimerId &t : rehand_timer) {
        if (t) loop->cancel_timer(t);
        t = 0;
    }
    std::vector<SessionId> handed;
    for (auto &[id, c] : conns) {
        if (c.handed_fd >= 0) handed.push_back(id);
    }
    for (SessionId id : handed) finish_handed(id, false);
    reactor->shutdown();
    for (Channel &c : channels) {
        if (c.watch.valid()) loop->unwatch(c.watch);
        c.watch = {};
        if (c.sender) c.sender->flush();
        c.sender.reset();
    }
    loop->stop();
}

void ProcessMaster::Thread::run(std::promise<Status> *ready) {
    const MasterOptions &o = master->options_;
    counters = &master->shared_->thread(index);
    if (by_load()) loads = std::make_unique<WorkerLoads>(*master->shared_, o.worker_num);
    load_round = static_cast<uint64_t>(index);
    loop = std::make_unique<loop::Loop>();
    ReactorOptions ro = o.reactor;
    ro.first_id = o.reactor.first_id + index;
    ro.id_step = o.reactor_num;
    ro.max_connections = std::max<size_t>(1, o.reactor.max_connections / static_cast<size_t>(o.reactor_num));
    reactor = std::make_unique<Reactor>(*loop, *this, ro);
    Status st;
    for (const MasterListener &l : o.listeners) {
        int fd = ::dup(l.fd);
        if (fd < 0 || !reactor->adopt_listener(fd, l.options).ok()) {
            if (fd >= 0) ::close(fd);
            st = Error{kErrInvalid};
        }
    }
    if (st.ok()) st = reactor->start();
    channels.resize(static_cast<size_t>(o.worker_num));
    rehand.resize(static_cast<size_t>(o.worker_num));
    rehand_timer.assign(static_cast<size_t>(o.worker_num), 0);
    for (int w = 0; w < o.worker_num && st.ok(); ++w) {
        Channel &c = channels[static_cast<size_t>(w)];
        c.thread = this;
        c.worker = w;
        c.fd = master->master_ends_[static_cast<size_t>(w * o.reactor_num + index)];
        ipc::SenderOptions so;
        so.batch = true;
        so.max_queued_messages = kChannelMaxQueuedMessages;
        c.sender = std::make_unique<ipc::Sender>(c.fd, so);
        st = c.sender->attach(loop.get());
        c.read_fd = ::dup(c.fd);
        c.receiver = std::make_unique<ipc::Receiver>(c.read_fd, o.limits, &allocator);
        c.receiver->set_batch(kReceiveBatch);
        if (st.ok() && c.read_fd < 0) st = Error{-errno};
        if (st.ok()) {
            auto wid = loop->watch(c.read_fd, loop::kReadable, &c);
            if (wid.ok()) {
                c.watch = wid.value();
            } else {
                st = wid.error();
            }
        }
    }
    if (st.ok() && o.heartbeat_interval > 0 && o.heartbeat_idle > 0) {
        heartbeat_timer =
            loop->add_timer(o.heartbeat_interval, o.heartbeat_interval, [this](loop::TimerId) { heartbeat(); });
    }
    ready->set_value(st);
    if (!st.ok()) return;
    loop->run();
    channels.clear();
    reactor.reset();
    // The loop itself goes with the Thread, after join(): stop() may still be inside post() (the
    // wake-up write to the loop's eventfd) when the shutdown it posted has already run here.
}

ProcessMaster::ProcessMaster(MasterOptions options) : options_(std::move(options)) {}

Result<std::unique_ptr<ProcessMaster>> ProcessMaster::create(MasterOptions options) {
    if (options.reactor_num < 1 || options.worker_num < 1 || options.reactor_num > 256) return Error{kErrInvalid};
    std::unique_ptr<ProcessMaster> m(new ProcessMaster(std::move(options)));
    const MasterOptions &o = m->options_;
    auto shared =
        SharedState::create(o.reactor_num, std::max(o.counted_workers, o.worker_num),
                            std::max<size_t>(1, o.reactor.max_connections / static_cast<size_t>(o.reactor_num)));
    if (!shared.ok()) return shared.error();
    m->shared_ = std::move(shared.value());
    if (o.ask_dispatch) {
        m->questions_.event_fd = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
        if (m->questions_.event_fd < 0) return Error{-errno};
    }
    const size_t pairs = static_cast<size_t>(m->options_.worker_num * m->options_.reactor_num);
    for (size_t i = 0; i < pairs; ++i) {
        auto p = ipc::make_channel_pair();
        if (!p.ok()) return p.error();
        m->master_ends_.push_back(p.value().first);
        m->worker_ends_.push_back(p.value().second);
    }
    return m;
}

ProcessMaster::~ProcessMaster() {
    stop();
    close_worker_ends();
    close_master_ends();
    if (questions_.event_fd >= 0) ::close(questions_.event_fd);
}

int ProcessMaster::worker_end(int worker, int reactor) const {
    size_t i = static_cast<size_t>(worker * options_.reactor_num + reactor);
    return i < worker_ends_.size() ? worker_ends_[i] : -1;
}

void ProcessMaster::close_worker_ends() {
    for (int &fd : worker_ends_) {
        if (fd >= 0) ::close(fd);
        fd = -1;
    }
}

void ProcessMaster::close_master_ends() {
    for (int &fd : master_ends_) {
        if (fd >= 0) ::close(fd);
        fd = -1;
    }
    // The dispatch questions are the master's business too.
    if (questions_.event_fd >= 0) ::close(questions_.event_fd);
    questions_.event_fd = -1;
}

Status ProcessMaster::start() {
    if (started_) return {};
    started_ = true;
    for (int r = 0; r < options_.reactor_num; ++r) {
        auto t = std::make_unique<Thread>();
        t->master = this;
        t->index = r;
        std::promise<Status> ready;
        auto result = ready.get_future();
        Thread *raw = t.get();
        t->os_thread = std::thread([raw, &ready] { raw->run(&ready); });
        threads_.push_back(std::move(t));
        Status st = result.get();
        if (!st.ok()) {
            stop();
            return st;
        }
    }
    return {};
}

void ProcessMaster::stop() {
    for (auto &t : threads_) {
        if (t->loop) {
            Thread *raw = t.get();
            t->loop->post([raw] { raw->shutdown_in_thread(); });
        }
    }
    for (auto &t : threads_) {
        if (t->os_thread.joinable()) t->os_thread.join();
    }
    threads_.clear();
}

void ProcessMaster::worker_exited(int worker) {
    for (auto &t : threads_) {
        Thread *raw = t.get();
        if (raw->loop) raw->loop->post([raw, worker] { raw->close_awaiting(worker); });
    }
}

MasterStats ProcessMaster::stats() const {
    MasterStats s;
    for (int r = 0; r < options_.reactor_num; ++r) {
        const ThreadCounters &c = shared_->thread(r);
        s.reactor.accepted += c.accepted.load(std::memory_order_relaxed);
        s.reactor.closed += c.closed.load(std::memory_order_relaxed);
        s.reactor.bytes_received += c.bytes_in.load(std::memory_order_relaxed);
        s.reactor.bytes_sent += c.bytes_out.load(std::memory_order_relaxed);
        s.dispatched += c.dispatched.load(std::memory_order_relaxed);
    }
    s.reactor.connections = static_cast<size_t>(s.reactor.accepted - std::min(s.reactor.accepted, s.reactor.closed));
    for (const auto &t : threads_) {
        s.replies += t->replies;
        s.dropped_replies += t->dropped;
        s.channel_errors += t->channel_errors;
        s.heartbeat_closed += t->heartbeat_closed;
    }
    return s;
}

}  // namespace gust::server
