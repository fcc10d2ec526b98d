#include "gust/server/process_master.h"

#include <fcntl.h>

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

namespace gust::server {

namespace {

// Replies from workers land in plain heap blocks: the master copies them into the connection's
// output (or the socket) at once and frees them.
struct HeapAllocator final : ipc::PayloadAllocator {
    ipc::Destination allocate(const ipc::Header &, uint32_t size) override {
        return {static_cast<uint8_t *>(std::malloc(size ? size : 1)), nullptr};
    }
    void release(ipc::Destination dest, uint32_t) override { std::free(dest.data); }
};

// Replies read per recvmmsg (docs/core-ipc.md).
constexpr uint32_t kReceiveBatch = 64;

uint64_t hash_host(const std::string &host) { return std::hash<std::string>{}(host); }

}  // namespace

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
    HeapAllocator allocator;
    struct Conn {
        int worker = 0;  // the worker that got its connect (fd/ip modes: all its packages)
        ReplyCredit credit;
    };
    std::unordered_map<SessionId, Conn> conns;
    std::unordered_map<SessionId, int> awaiting;  // connection -> worker with an unanswered package
    uint64_t round = 0;
    ThreadCounters *counters = nullptr;  // this thread's line in the shared block
    std::atomic<uint64_t> replies{0}, dropped{0}, channel_errors{0}, heartbeat_closed{0};
    loop::TimerId heartbeat_timer = 0;

    // Only this thread writes its counters: a relaxed load + store is enough, no locked add.
    static void bump(std::atomic<uint64_t> &c, uint64_t n = 1) {
        c.store(c.load(std::memory_order_relaxed) + n, std::memory_order_relaxed);
    }

    bool masks_connect_close() const {
        auto m = master->options_.dispatch_mode;
        return m == DispatchMode::kRound || m == DispatchMode::kIdle;
    }

    int pick_worker(const SessionInfo &s) {
        const int n = master->options_.worker_num;
        switch (master->options_.dispatch_mode) {
            case DispatchMode::kRound:
            case DispatchMode::kIdle:
                return static_cast<int>(round++ % static_cast<uint64_t>(n));
            case DispatchMode::kIpMod:
                return static_cast<int>(hash_host(s.peer.host()) % static_cast<uint64_t>(n));
            case DispatchMode::kUidMod: {
                // A connection bound to a uid (bind() in any worker) goes to uid % worker_num.
                ConnectionRecord rec;
                if (master->shared_->read(s.id, &rec) && rec.has_uid) {
                    return static_cast<int>(static_cast<uint64_t>(rec.uid) % static_cast<uint64_t>(n));
                }
                [[fallthrough]];
            }
            case DispatchMode::kFdMod:
            default: {
                // Thread r numbers its connections k = 0, 1, 2, ... (id = r + 1 + k * R); k + r
                // spreads each thread's connections over every worker, whatever R and n are.
                const uint64_t r = static_cast<uint64_t>(master->options_.reactor_num);
                const uint64_t k = static_cast<uint64_t>(s.id - 1) / r, thread = static_cast<uint64_t>(s.id - 1) % r;
                return static_cast<int>((k + thread) % static_cast<uint64_t>(n));
            }
        }
    }

    // Sends a message to a worker. The payload is copied once into the sender's batch, because the
    // reactor's read buffer is reused as soon as this returns; the batch leaves with one sendmmsg at
    // the end of this loop iteration, so a busy worker gets many packages per wake-up.
    // False when the message is lost.
    bool to_worker(int worker, ipc::MessageType type, SessionId id, const void *data, size_t size,
                   const void *prefix = nullptr, size_t prefix_size = 0, uint16_t flags = 0) {
        ipc::Header h;
        h.type = type;
        h.flags = flags;
        h.reactor_id = static_cast<uint16_t>(index);
        h.session_id = static_cast<uint64_t>(id);
        ipc::Sender &sender = *channels[static_cast<size_t>(worker)].sender;
        const int rc = prefix_size ? sender.send_copy(h, prefix, static_cast<uint32_t>(prefix_size), data,
                                                      static_cast<uint32_t>(size))
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

    void publish(const SessionInfo &s, int w) {
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

    void on_refused(int) override { bump(counters->aborted); }

    void on_connect(const SessionInfo &s) override {
        bump(counters->accepted);
        const int w = pick_worker(s);
        conns[s.id].worker = w;
        publish(s, w);
        // As in Swoole, modes 1 and 3 do not report them — except on HTTP/WebSocket ports, whose
        // worker keeps per-connection state (pipelined requests, WebSocket contexts).
        if (masks_connect_close() && !is_http(s.port_index)) return;
        ConnectInfo ci = connect_info(s);
        to_worker(w, ipc::MessageType::kConnect, s.id, &ci, sizeof ci);
    }

    bool is_http(int port_index) const {
        const auto &ls = master->options_.listeners;
        if (port_index < 0 || static_cast<size_t>(port_index) >= ls.size()) return false;
        const auto &f = ls[static_cast<size_t>(port_index)].options.framing;
        return f && f->options().mode == proto::framing::Mode::kHttp;
    }

    // Where a session's package goes. An HTTP connection stays with one worker in every mode: its
    // answers must leave in request order, which one worker's queue keeps (see http_server.cc).
    int worker_for_data(const SessionInfo &s) {
        if (is_http(s.port_index)) return conns[s.id].worker;
        if (master->options_.dispatch_mode == DispatchMode::kUidMod) return pick_worker(s);
        if (!masks_connect_close()) return conns[s.id].worker;
        return pick_worker(s);
    }

    void on_receive(const SessionInfo &s, Slice data) override {
        bump(counters->bytes_in, data.size());
        master->shared_->touch(s.id, s.last_receive);
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

    // Backpressure: a worker that falls behind must not make its channel queue overflow (a lost
    // package). Past kHighWater queued messages, the connection that added one stops being read and
    // delivered (the reactor keeps its bytes); once the queue is back under kLowWater, it resumes.
    static constexpr size_t kHighWater = 256;
    static constexpr size_t kLowWater = 64;

    void throttle(SessionId id, int w) {
        Channel &c = channels[static_cast<size_t>(w)];
        if (c.sender->queued_messages() < kHighWater) return;
        if (reactor->pause(id).ok()) c.stalled.push_back(id);
        if (c.resume_pending) return;
        c.resume_pending = true;
        // Deferred after the sender's own flush of this iteration (defer runs in order).
        loop->defer([this, w] { try_resume(w); });
    }

    void try_resume(int w) {
        if (static_cast<size_t>(w) >= channels.size()) return;
        Channel &c = channels[static_cast<size_t>(w)];
        if (c.sender->queued_messages() > kLowWater) {
            // The worker still has a backlog (the socket is full): look again shortly.
            loop->add_timer(kNanosPerMilli, 0, [this, w](loop::TimerId) { try_resume(w); });
            return;
        }
        c.resume_pending = false;
        std::vector<SessionId> ids;
        ids.swap(c.stalled);
        for (SessionId id : ids) (void)reactor->resume(id);
    }

    // A refusal or 100 Continue of the reactor goes to the worker holding the connection's
    // requests, which sends it in turn.
    bool on_http_answer(const SessionInfo &s, int status) override {
        const int32_t code = status;
        to_worker(worker_for_data(s), ipc::MessageType::kData, s.id, &code, sizeof code, nullptr, 0, ipc::kFlagHttpAnswer);
        return true;
    }

    void on_close(const SessionInfo &s, CloseCause cause) override {
        bump(counters->closed);
        if (cause == CloseCause::kError || cause == CloseCause::kProtocol) bump(counters->aborted);
        master->shared_->close(s.id);
        auto it = conns.find(s.id);
        const int w = it == conns.end() ? 0 : it->second.worker;
        const bool tells_owner = !masks_connect_close() || is_http(s.port_index);
        if (it != conns.end()) {
            // Workers that sent to it drop their count; the owner learns it from kClose.
            it->second.credit.for_each_worker([&](int other) {
                if (other != w || !tells_owner) credit_note(other, s.id, CreditNote::kForget, 0);
            });
            conns.erase(it);
        }
        awaiting.erase(s.id);
        if (tells_owner) to_worker(w, ipc::MessageType::kClose, s.id, nullptr, 0);
    }

    void credit_note(int worker, SessionId id, uint32_t kind, uint64_t bytes) {
        if (worker < 0 || worker >= master->options_.worker_num) return;
        CreditNote note;
        note.kind = kind;
        note.bytes = bytes;
        to_worker(worker, ipc::MessageType::kControl, id, &note, sizeof note);
    }

    void settle(SessionId id, Conn &c, bool drained, size_t queued) {
        const uint64_t threshold = std::max<uint64_t>(master->options_.reply_credit / 4, 1);
        c.credit.collect(threshold, drained, queued == 0,
                         [&](int worker, uint64_t bytes) { credit_note(worker, id, CreditNote::kAck, bytes); });
    }

    void on_output_written(const SessionInfo &s, size_t queued) override {
        auto it = conns.find(s.id);
        if (it == conns.end()) return;
        it->second.credit.written(queued);
        settle(s.id, it->second, queued == 0, queued);
    }

    // A worker's kControl: its send() was refused and it waits for an acknowledgement.
    void handle_credit_request(int worker, SessionId id, Slice payload) {
        CreditNote note;
        if (payload.size() != sizeof note) return;
        std::memcpy(&note, payload.data(), sizeof note);
        if (note.kind != CreditNote::kWant) return;
        auto it = conns.find(id);
        if (it == conns.end()) {
            credit_note(worker, id, CreditNote::kForget, 0);
            return;
        }
        it->second.credit.want(worker);
        settle(id, it->second, false, reactor->queued_bytes(id));
    }

    void send_reply(int worker, SessionId id, Slice payload) {
        auto it = conns.find(id);
        if (it == conns.end()) {
            // Gone (or never was): the worker must not keep counting these bytes.
            ++dropped;
            credit_note(worker, id, CreditNote::kForget, 0);
            return;
        }
        const size_t before = reactor->queued_bytes(id);
        Status st = reactor->send(id, payload);
        if (!st.ok()) {
            ++dropped;
            if (st.code() == kErrLimit) {
                // Only when several workers fill one connection: each is bounded by its credit.
                GUST_LOG_WARN("connection %lld: output buffer full (buffer_output_size); reply dropped",
                              static_cast<long long>(id));
            }
            credit_note(worker, id, CreditNote::kAck, payload.size());  // never written: not outstanding
            return;
        }
        bump(counters->bytes_out, payload.size());
        bump(counters->responses);
        const size_t after = reactor->queued_bytes(id);
        Conn &c = it->second;
        c.credit.accepted(worker, payload.size(), before, after);
        settle(id, c, false, after);
    }

    void on_packet(int port_index, Slice data, const net::Address &from) override {
        SessionInfo pseudo;
        pseudo.port_index = port_index;
        pseudo.peer = from;
        pseudo.id = static_cast<SessionId>(round);
        ConnectInfo ci = connect_info(pseudo);
        const int w = static_cast<int>(round++ % static_cast<uint64_t>(master->options_.worker_num));
        bump(counters->dispatched);
        bump(counters->bytes_in, data.size());
        to_worker(w, ipc::MessageType::kData, 0, data.data(), data.size(), &ci, sizeof ci);
    }

    void handle_reply(int worker, ipc::Message &m) {
        ++replies;
        Slice payload(reinterpret_cast<const char *>(m.dest.data), m.size());
        const SessionId id = static_cast<SessionId>(m.header.session_id);
        if (m.header.type == ipc::MessageType::kData && id == 0) {
            // sendto() of a datagram port: the payload starts with the destination.
            ConnectInfo ci;
            if (payload.size() >= sizeof ci) {
                std::memcpy(&ci, payload.data(), sizeof ci);
                ci.peer_host[sizeof(ci.peer_host) - 1] = 0;
                auto to = ci.family == AF_UNIX ? net::Address::from_unix(ci.peer_host)
                                               : net::Address::from_ip(ci.peer_host, ci.peer_port);
                if (!to.ok() || !reactor->sendto(ci.port_index, to.value(), payload.sub(sizeof ci)).ok()) {
                    ++dropped;
                }
            }
        } else if (m.header.type == ipc::MessageType::kData && (m.header.flags & ipc::kFlagFile)) {
            awaiting.erase(id);
            send_file(id, payload);
        } else if (m.header.type == ipc::MessageType::kData) {
            awaiting.erase(id);
            send_reply(worker, id, payload);
        } else if (m.header.type == ipc::MessageType::kControl) {
            handle_credit_request(worker, id, payload);
        } else if (m.header.type == ipc::MessageType::kClose) {
            awaiting.erase(id);
            (void)reactor->close(id, (m.header.flags & kCloseReset) != 0);
        }
        std::free(m.dest.data);
    }

    void send_file(SessionId id, Slice payload) {
        FileRef ref;
        if (payload.size() <= sizeof ref || payload.data()[payload.size() - 1] != '\0') {
            ++dropped;
            return;
        }
        std::memcpy(&ref, payload.data(), sizeof ref);
        bump(counters->responses);
        if (ref.length > 0) bump(counters->bytes_out, static_cast<uint64_t>(ref.length));
        const char *path = payload.data() + sizeof ref;
        const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0 || ref.offset < 0 || ref.length < 0) {
            GUST_LOG_WARN("connection %lld: cannot send file %s: %s; closing it", static_cast<long long>(id), path,
                          error_message(-errno));
            if (fd >= 0) ::close(fd);
            ++dropped;
            (void)reactor->close(id, false);
            return;
        }
        if (!reactor->send_file(id, fd, static_cast<off_t>(ref.offset), static_cast<size_t>(ref.length)).ok()) {
            ++dropped;
        }
    }

    void drain_worker(Channel &c) {
        // Records already read into the receiver's batch must be handled now: the socket may be empty,
        // so nothing would wake this thread for them.
        for (int i = 0; i < 256 || c.receiver->buffered() > 0; ++i) {
            ipc::Message m;
            int rc = c.receiver->receive_one(&m);
            if (rc == 1 || rc == 0) {
                if (rc == 1) handle_reply(c.worker, m);
                // The last batch came back short: the socket was empty, skip the read that says EAGAIN.
                if (c.receiver->drained()) return;
            } else if (rc == -EAGAIN) {
                return;
            } else if (rc == kErrProtocol || rc == kErrLimit) {
                ++channel_errors;
                GUST_LOG_WARN("reactor %d: bad message from worker #%d dropped (%s)", index, c.worker,
                              error_message(rc));
            } else {
                // The manager holds every worker's end, so a closed channel means it is shutting down.
                if (rc == kErrClosed || rc == -ECONNRESET) {
                    GUST_LOG(LogLevel::kDebug, "reactor %d: channel of worker #%d closed", index, c.worker);
                } else {
                    ++channel_errors;
                    GUST_LOG_ERROR("reactor %d: channel of worker #%d failed: %s; no longer read", index, c.worker,
                                   error_message(rc));
                }
                loop->unwatch(c.watch);
                c.watch = {};
                return;
            }
        }
    }

    void close_awaiting(int worker) {
        std::vector<SessionId> ids;
        for (auto &[id, w] : awaiting) {
            if (w == worker) ids.push_back(id);
        }
        for (SessionId id : ids) {
            awaiting.erase(id);
            (void)reactor->close(id, false);
        }
    }

    void heartbeat() {
        const Nanos idle = master->options_.heartbeat_idle;
        const Nanos now = loop->now();
        for (SessionId id : reactor->list(0, SIZE_MAX)) {
            const SessionInfo *info = reactor->info(id);
            if (info && now - std::max(info->connected_at, info->last_receive) >= idle) {
                ++heartbeat_closed;
                (void)reactor->close(id, false);
            }
        }
    }

    void shutdown_in_thread() {
        if (heartbeat_timer) loop->cancel_timer(heartbeat_timer);
        heartbeat_timer = 0;
        reactor->shutdown();
        for (Channel &c : channels) {
            if (c.watch.valid()) loop->unwatch(c.watch);
            c.watch = {};
            if (c.sender) c.sender->flush();
            c.sender.reset();
        }
        loop->stop();
    }

    void run(std::promise<Status> *ready) {
        const MasterOptions &o = master->options_;
        counters = &master->shared_->thread(index);
        loop = std::make_unique<loop::Loop>();
        ReactorOptions ro = o.reactor;
        ro.first_id = index + 1;
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
        for (int w = 0; w < o.worker_num && st.ok(); ++w) {
            Channel &c = channels[static_cast<size_t>(w)];
            c.thread = this;
            c.worker = w;
            c.fd = master->master_ends_[static_cast<size_t>(w * o.reactor_num + index)];
            ipc::SenderOptions so;
            so.batch = true;
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
            heartbeat_timer = loop->add_timer(o.heartbeat_interval, o.heartbeat_interval,
                                              [this](loop::TimerId) { heartbeat(); });
        }
        ready->set_value(st);
        if (!st.ok()) return;
        loop->run();
        channels.clear();
        reactor.reset();
        loop.reset();
    }
};

ProcessMaster::ProcessMaster(MasterOptions options) : options_(std::move(options)) {}

Result<std::unique_ptr<ProcessMaster>> ProcessMaster::create(MasterOptions options) {
    if (options.reactor_num < 1 || options.worker_num < 1 || options.reactor_num > 256) return Error{kErrInvalid};
    std::unique_ptr<ProcessMaster> m(new ProcessMaster(std::move(options)));
    const MasterOptions &o = m->options_;
    auto shared = SharedState::create(o.reactor_num, std::max(o.counted_workers, o.worker_num),
                                      std::max<size_t>(1, o.reactor.max_connections / static_cast<size_t>(o.reactor_num)));
    if (!shared.ok()) return shared.error();
    m->shared_ = std::move(shared.value());
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
