// PROCESS mode's master: the workers' replies (data, files, closes) and the master's half of send
// backpressure (gust/server/reply_credit.h, docs/php-server.md).
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

#include "gust/base/error.h"
#include "gust/base/log.h"
#include "server/master_thread.h"

namespace gust::server {

void ProcessMaster::Thread::credit_note(int worker, SessionId id, uint32_t kind, uint64_t bytes) {
    if (worker < 0 || worker >= master->options_.worker_num) return;
    CreditNote note;
    note.kind = kind;
    note.bytes = bytes;
    to_worker(worker, ipc::MessageType::kControl, id, &note, sizeof note);
}

void ProcessMaster::Thread::settle(SessionId id, Conn &c, bool drained, size_t queued) {
    const uint64_t threshold = std::max<uint64_t>(master->options_.reply_credit / 4, 1);
    c.credit.collect(threshold, drained, queued == 0,
                     [&](int worker, uint64_t bytes) { credit_note(worker, id, CreditNote::kAck, bytes); });
}

void ProcessMaster::Thread::on_output_written(const SessionInfo &s, size_t queued) {
    master->shared_->note_output(s.id, s.last_send, queued);
    auto it = conns.find(s.id);
    if (it == conns.end()) return;
    it->second.credit.written(queued);
    settle(s.id, it->second, queued == 0, queued);
}

void ProcessMaster::Thread::handle_credit_request(int worker, SessionId id, Slice payload) {
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

void ProcessMaster::Thread::send_reply(int worker, SessionId id, Slice payload) {
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
    // getClientInfo(): the reply was written now unless all of it was queued (then the writable
    // path publishes the time it goes out).
    master->shared_->note_output(id, after < before + payload.size() ? loop->now() : 0, after);
    Conn &c = it->second;
    c.credit.accepted(worker, payload.size(), before, after);
    settle(id, c, false, after);
}

void ProcessMaster::Thread::handle_reply(int worker, ipc::Message &m) {
    ++replies;
    if (m.fd >= 0) ::close(m.fd);  // workers send no descriptors
    Slice payload(reinterpret_cast<const char *>(m.dest.data), m.size());
    const SessionId id = static_cast<SessionId>(m.header.session_id);
    if (auto it = conns.find(id);
        id > 0 && it != conns.end() && it->second.handed_fd >= 0 && m.header.type != ipc::MessageType::kControl) {
        handle_handed(worker, id, it->second, m);
    } else if (m.header.flags & kHandoff) {
        // About a handed-off connection that is gone already (its close crossed this message).
    } else if (m.header.type == ipc::MessageType::kData && id == 0) {
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

void ProcessMaster::Thread::send_file(SessionId id, Slice payload) {
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
        return;
    }
    if (const SessionInfo *info = reactor->info(id)) {
        master->shared_->note_output(id, info->last_send, reactor->queued_bytes(id));
    }
}

void ProcessMaster::Thread::drain_worker(Channel &c) {
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
            GUST_LOG_WARN("reactor %d: bad message from worker #%d dropped (%s)", index, c.worker, error_message(rc));
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

void ProcessMaster::Thread::close_awaiting(int worker) {
    reclaim_handed(worker);
    std::vector<SessionId> ids;
    for (auto &[id, w] : awaiting) {
        if (w == worker) ids.push_back(id);
    }
    for (SessionId id : ids) {
        awaiting.erase(id);
        (void)reactor->close(id, false);
    }
}

}  // namespace gust::server
