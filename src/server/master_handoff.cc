// PROCESS mode's master: connections handed off to their worker (process_master.h, "Hand-off").
// The worker reads and writes such a connection itself; the master keeps a copy of its socket, its
// slot and its count, forwards other workers' sends and closes to the owner, and when a worker
// stops or dies hands the connection to its successor or closes it.
#include <unistd.h>

#include <cstring>

#include "gust/base/error.h"
#include "gust/base/log.h"
#include "server/master_thread.h"

namespace gust::server {

bool ProcessMaster::Thread::hand_over(SessionId id, Conn &c, bool announced) {
    ConnectionRecord rec;
    if (c.handed_fd < 0 || !master->shared_->read(id, &rec)) return false;
    ConnectInfo ci;
    ci.port_index = rec.port_index;
    ci.peer_port = rec.peer_port;
    ci.family = rec.family;
    ci.connected_at = rec.connected_at;
    std::memcpy(ci.peer_host, rec.peer_host, sizeof ci.peer_host);
    c.gen = (c.gen + 1) & hold::gen_mask;
    ci.handoff_gen = c.gen;
    ipc::Header h;
    h.type = ipc::MessageType::kConnect;
    h.flags = kHandoff | (announced ? kResumed : 0);
    h.reactor_id = static_cast<uint16_t>(index);
    h.session_id = static_cast<uint64_t>(id);
    const int rc = channels[static_cast<size_t>(c.worker)].sender->send_fd(h, c.handed_fd, &ci, sizeof ci);
    if (rc != 0) {
        ++channel_errors;
        GUST_LOG_WARN("reactor %d: connection %lld could not be handed to worker #%d: %s; closing it", index,
                      static_cast<long long>(id), c.worker, error_message(rc));
        return false;
    }
    return true;
}

void ProcessMaster::Thread::finish_handed(SessionId id, bool aborted, bool counted_down) {
    auto it = conns.find(id);
    if (it == conns.end() || it->second.handed_fd < 0) return;
    ::close(it->second.handed_fd);
    reactor->hold_outside(-1);
    if (it->second.counted >= 0 && !counted_down) {
        master->shared_->worker(it->second.counted).connections.fetch_sub(1, std::memory_order_relaxed);
    }
    bump(counters->closed);
    if (aborted) bump(counters->aborted);
    master->shared_->close(id);
    conns.erase(it);
    awaiting.erase(id);
}

void ProcessMaster::Thread::handle_handed(int worker, SessionId id, Conn &c, ipc::Message &m) {
    const uint16_t flags = m.header.flags;
    if (m.header.type == ipc::MessageType::kClose && (flags & kHandoff)) {
        if (worker != c.worker) return;  // only the owner closes or releases it this way
        if (!(flags & kResumed)) {
            finish_handed(id, false, true);
            return;
        }
        uint32_t gen = 0;
        if (m.size() != sizeof gen) return;
        std::memcpy(&gen, m.dest.data, sizeof gen);
        // A release of an older hand-off (the connection went on since): nothing to do.
        if (gen == c.gen) queue_rehand(c.worker, id);
        return;
    }
    if (m.header.type == ipc::MessageType::kClose) {
        to_worker(c.worker, ipc::MessageType::kClose, id, nullptr, 0, nullptr, 0, kHandoff | (flags & kCloseReset));
        return;
    }
    if (m.header.type == ipc::MessageType::kData) {
        // Another worker's send(): the owner writes it in turn with its own. The sender's count of
        // outstanding bytes is settled now; the owner's output limit bounds what waits there.
        to_worker(c.worker, ipc::MessageType::kData, id, m.dest.data, m.size(), nullptr, 0,
                  kHandoff | (flags & ipc::kFlagFile));
        bump(counters->responses);
        if (!(flags & ipc::kFlagFile)) {
            bump(counters->bytes_out, m.size());
            credit_note(worker, id, CreditNote::kAck, m.size());
        }
    }
}

void ProcessMaster::Thread::queue_rehand(int worker, SessionId id) {
    rehand[static_cast<size_t>(worker)].push_back(id);
    pump_rehand(worker);
}

void ProcessMaster::Thread::pump_rehand(int worker) {
    auto &queue = rehand[static_cast<size_t>(worker)];
    ipc::Sender &sender = *channels[static_cast<size_t>(worker)].sender;
    while (!queue.empty() && sender.queued_messages() < kHighWater / 2) {
        const SessionId id = queue.front();
        queue.pop_front();
        auto it = conns.find(id);
        if (it == conns.end() || it->second.handed_fd < 0) continue;
        const bool announced = (master->shared_->hold(id) & hold::kAnnounced) != 0;
        if (!hand_over(id, it->second, announced)) finish_handed(id, true);
    }
    loop::TimerId &timer = rehand_timer[static_cast<size_t>(worker)];
    if (queue.empty() || timer) return;
    timer = loop->add_timer(kNanosPerMilli, 0, [this, worker](loop::TimerId) {
        rehand_timer[static_cast<size_t>(worker)] = 0;
        pump_rehand(worker);
    });
}

void ProcessMaster::Thread::reclaim_handed(int worker) {
    // The successor starts only after this runs (the manager reports the death before it forks
    // again), so every hold word read here is the dead worker's.
    std::vector<SessionId> closing, again;
    for (auto &[id, c] : conns) {
        if (c.handed_fd < 0 || c.worker != worker) continue;
        const uint32_t word = master->shared_->hold(id);
        // A hand-off it never adopted (still in the channel, which the manager drained) goes again.
        const bool adopted = hold::gen(word) == c.gen;
        // Freed from the table: the worker closed it (and its kClose died with it).
        const bool gone = !master->shared_->exists(id);
        if (gone || (adopted && (word & (hold::kBusy | hold::kClosed)))) {
            closing.push_back(id);
        } else {
            again.push_back(id);
        }
    }
    for (SessionId id : closing) {
        const uint32_t word = master->shared_->hold(id);
        // Closed by the worker (its slot freed, or marked): it counted it down before saying so.
        const bool worker_closed = !master->shared_->exists(id) || (word & hold::kClosed);
        if (!worker_closed) {
            // A debug line: the manager's "abnormal exit" warning already reports the death.
            GUST_LOG(LogLevel::kDebug, "reactor %d: worker #%d died while serving connection %lld; closing it", index,
                     worker, static_cast<long long>(id));
        }
        finish_handed(id, !worker_closed, worker_closed);
    }
    for (SessionId id : again) queue_rehand(worker, id);
}

}  // namespace gust::server
