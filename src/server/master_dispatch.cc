// PROCESS mode's master: dispatch_func. A reactor thread never runs the decider (in the PHP binding
// it is PHP code, which must not run outside the PHP thread): it queues a question, pauses the
// connection, and carries the answer out when the embedder's thread posts it back. One question per
// connection is out at a time and the connection stays paused until every held event is carried
// out, so a connection's connect, packages and close reach workers in the order they happened.
#include <netinet/in.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <utility>

#include "gust/base/log.h"
#include "server/master_thread.h"

namespace gust::server {

namespace {

const char *event_name(DispatchEvent e) {
    switch (e) {
        case DispatchEvent::kConnect: return "connect";
        case DispatchEvent::kClose: return "close";
        case DispatchEvent::kDatagram: return "datagram";
        case DispatchEvent::kData:
        default: return "data";
    }
}

}  // namespace

SessionId datagram_fd(const net::Address &from) {
    const unsigned char *bytes = nullptr;
    if (from.family() == AF_INET) {
        bytes = reinterpret_cast<const unsigned char *>(
            &reinterpret_cast<const sockaddr_in *>(from.sockaddr_ptr())->sin_addr.s_addr);
    } else if (from.family() == AF_INET6) {
        bytes = reinterpret_cast<const sockaddr_in6 *>(from.sockaddr_ptr())->sin6_addr.s6_addr + 12;
    } else {
        return 0;
    }
    uint32_t v = 0;
    std::memcpy(&v, bytes, sizeof v);
    return static_cast<SessionId>(v);
}

void ProcessMaster::ask(int thread, DispatchQuestion question) {
    bool wake = false;
    {
        std::lock_guard<std::mutex> lock(questions_.mutex);
        questions_.waiting.push_back(Asked{thread, std::move(question)});
        wake = !questions_.signalled;
        questions_.signalled = true;
    }
    // One write per batch: while the embedder has not taken the queue, later questions ride along.
    if (wake) {
        const uint64_t one = 1;
        (void)!::write(questions_.event_fd, &one, sizeof one);
    }
}

size_t ProcessMaster::answer_dispatch(const std::function<int(const DispatchQuestion &)> &decide) {
    uint64_t count = 0;
    (void)!::read(questions_.event_fd, &count, sizeof count);
    std::vector<Asked> batch;
    {
        std::lock_guard<std::mutex> lock(questions_.mutex);
        batch.swap(questions_.waiting);
        questions_.signalled = false;
    }
    const int n = options_.worker_num;
    std::vector<std::vector<std::pair<SessionId, int>>> answers(threads_.size());
    std::vector<std::vector<std::pair<uint64_t, int>>> datagram_answers(threads_.size());
    for (Asked &a : batch) {
        const DispatchQuestion &q = a.question;
        int answer = decide(q);
        const bool known = (answer >= 0 && answer < n) || answer == kDispatchDiscard || answer == kDispatchClose ||
                           answer == kDispatchFallback;
        if (!known) {
            const int w = worker_by_id(q.id, options_.reactor_num, n);
            if (answer != kDispatchFailed) {
                GUST_LOG_WARN("dispatch_func returned %d for the %s of connection %lld, not a worker id (0..%d) "
                              "nor a SWOOLE_DISPATCH_RESULT_*; worker #%d takes it",
                              answer, event_name(q.event), static_cast<long long>(q.id), n - 1, w);
            }
            answer = w;
        }
        if (static_cast<size_t>(a.thread) >= answers.size()) continue;
        if (q.event == DispatchEvent::kDatagram) {
            datagram_answers[static_cast<size_t>(a.thread)].emplace_back(q.datagram, answer);
        } else {
            answers[static_cast<size_t>(a.thread)].emplace_back(q.id, answer);
        }
    }
    for (size_t r = 0; r < answers.size(); ++r) {
        if (answers[r].empty() && datagram_answers[r].empty()) continue;
        Thread *t = threads_[r].get();
        if (!t->loop) continue;
        t->loop->post([t, list = std::move(answers[r]), dgrams = std::move(datagram_answers[r])] {
            for (const auto &[id, answer] : list) t->answered(id, answer);
            for (const auto &[key, answer] : dgrams) t->answered_datagram(key, answer);
        });
    }
    return batch.size();
}

void ProcessMaster::Thread::ask_connect(const SessionInfo &s) {
    Conn &c = conns[s.id];
    c.port_index = s.port_index;
    c.worker = worker_by_id(s.id);  // until the answer: where an early HTTP refusal would go
    c.told_connect = false;
    publish(s, -1);  // getClientInfo() shows worker_id -1 until a worker has it
    (void)reactor->pause(s.id);
    ConnectInfo ci = connect_info(s);
    c.held.push_back(Held{DispatchEvent::kConnect, std::string(reinterpret_cast<const char *>(&ci), sizeof ci)});
    ask_next(s.id, c);
}

void ProcessMaster::Thread::ask_data(const SessionInfo &s, Slice data) {
    Conn &c = conns[s.id];
    // The reactor reuses its buffer: the package waits here, whole, for the answer. The pause
    // stops the reactor from delivering the packages behind it meanwhile.
    (void)reactor->pause(s.id);
    c.held.push_back(Held{DispatchEvent::kData, std::string(data.data(), data.size())});
    ask_next(s.id, c);
}

void ProcessMaster::Thread::ask_close(SessionId id, Conn &c) {
    c.closed = true;
    // The connection is gone: a worker's death can no longer strand it.
    awaiting.erase(id);
    c.held.push_back(Held{DispatchEvent::kClose, {}});
    ask_next(id, c);
}

void ProcessMaster::Thread::ask_next(SessionId id, Conn &c) {
    while (!c.asking && !c.held.empty()) {
        const Held &h = c.held.front();
        if (h.event == DispatchEvent::kConnect || !is_http(c.port_index)) {
            c.asking = true;
            DispatchQuestion q;
            q.id = id;
            q.event = h.event;
            q.port_index = c.port_index;
            if (h.event == DispatchEvent::kData) q.data.assign(h.bytes, 0, std::min(h.bytes.size(), kDispatchPeek));
            master->ask(index, std::move(q));
            return;
        }
        // HTTP/WebSocket: requests and the close stay with the worker that holds the connection's
        // state (the one its connect went to).
        if (carry_out(id, c, c.worker)) return;
    }
    if (!c.asking && c.held.empty() && !c.closed && !c.throttled) (void)reactor->resume(id);
}

bool ProcessMaster::Thread::carry_out(SessionId id, Conn &c, int w) {
    Held h = std::move(c.held.front());
    c.held.pop_front();
    switch (h.event) {
        case DispatchEvent::kConnect:
            if (w >= 0) {
                c.worker = w;
                c.told_connect = true;
                master->shared_->set_worker(id, w);
                to_worker(w, ipc::MessageType::kConnect, id, h.bytes.data(), h.bytes.size());
            } else if (w == kDispatchClose && !c.closed) {
                (void)reactor->close(id, false);  // its close is held behind, and asked about
            }
            return false;
        case DispatchEvent::kData:
            if (w >= 0) {
                bump(counters->dispatched);
                if (!c.closed) awaiting[id] = w;
                if (!to_worker(w, ipc::MessageType::kData, id, h.bytes.data(), h.bytes.size())) {
                    if (!c.closed) (void)reactor->close(id, false);
                } else if (!c.closed) {
                    throttle(id, w);
                }
            } else if (w == kDispatchClose && !c.closed) {
                (void)reactor->close(id, false);
            }
            return false;
        case DispatchEvent::kClose:
        default:
            // A discarding (or closing) answer: no onClose; the connection's worker still forgets it.
            if (w >= 0) {
                finish_close(id, w, true);
            } else {
                finish_close(id, c.worker, false);
            }
            return true;
    }
}

void ProcessMaster::Thread::answered(SessionId id, int answer) {
    auto it = conns.find(id);
    if (it == conns.end()) return;
    Conn &c = it->second;
    if (!c.asking || c.held.empty()) return;
    c.asking = false;
    int w = answer;
    if (w == kDispatchFallback) w = fallback_worker(id, c, c.held.front().event);
    if (carry_out(id, c, w)) return;
    ask_next(id, c);
}

void ProcessMaster::Thread::ask_datagram(int port_index, Slice data, const net::Address &from) {
    if (datagrams.size() >= kMaxHeldDatagrams) return;  // dropped, as a full socket buffer would
    SessionInfo pseudo;
    pseudo.port_index = port_index;
    pseudo.peer = from;
    const uint64_t key = ++next_datagram;
    datagrams.emplace(key, HeldDatagram{std::string(data.data(), data.size()), connect_info(pseudo)});
    DispatchQuestion q;
    q.id = datagram_fd(from);
    q.event = DispatchEvent::kDatagram;
    q.port_index = port_index;
    q.datagram = key;
    q.data.assign(data.data(), std::min(data.size(), kDispatchPeek));
    master->ask(index, std::move(q));
}

void ProcessMaster::Thread::answered_datagram(uint64_t key, int answer) {
    auto it = datagrams.find(key);
    if (it == datagrams.end()) return;
    HeldDatagram d = std::move(it->second);
    datagrams.erase(it);
    int w = answer;
    if (w == kDispatchFallback) {
        w = loads ? loads->pick(load_round++)
                  : static_cast<int>(round++ % static_cast<uint64_t>(master->options_.worker_num));
    }
    if (w < 0) return;  // discarded (a datagram has no connection to close)
    bump(counters->dispatched);
    bump(counters->bytes_in, d.bytes.size());
    to_worker(w, ipc::MessageType::kData, 0, d.bytes.data(), d.bytes.size(), &d.ci, sizeof d.ci);
}

int ProcessMaster::Thread::fallback_worker(SessionId id, Conn &c, DispatchEvent event) {
    const SessionInfo *info = reactor->info(id);
    if (event == DispatchEvent::kClose || !info) return event == DispatchEvent::kConnect ? worker_by_id(id) : c.worker;
    if (event == DispatchEvent::kConnect) {
        const int w = pick_worker(*info);
        count_connection(c, w);
        return w;
    }
    return worker_for_data(*info);
}

}  // namespace gust::server
