// PROCESS mode send backpressure, the master's half (docs/php-server.md, "Send backpressure"): for
// one connection, which worker's reply bytes still wait in the reactor's output queue and which were
// written to the socket but not yet acknowledged to the worker that sent them. A worker counts what
// it sent and the master did not acknowledge, and refuses send() past socket_buffer_size.
//
// Acknowledgements are rare on purpose: a worker's written bytes are acknowledged once they reach
// a threshold (a quarter of the limit), when the queue drains after the socket had been full, or
// when the worker asked (its send() was refused) and the queue is empty — never per reply.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gust::server {

class ReplyCredit {
public:
    // `size` bytes from `worker` went to the reactor's send(); the connection's queue held
    // `queued_before` bytes before it and `queued_after` after it (the reactor writes at once only
    // when its queue is empty, else appends).
    void accepted(int worker, uint64_t size, uint64_t queued_before, uint64_t queued_after);
    // The reactor wrote from the queue; `queued` bytes are left.
    void written(uint64_t queued);
    // The worker's send() was refused: acknowledge it as soon as the queue is empty.
    void want(int worker);

    // Calls ack(worker, bytes) for each worker that is due: `bytes` written and not acknowledged
    // reached `threshold`; or some are written and the queue just `drained` after being blocked;
    // or the worker asked and the queue is `idle` (bytes may then be 0).
    template <typename F>
    void collect(uint64_t threshold, bool drained, bool idle, F &&ack) {
        for (Entry &e : entries_) {
            const bool due = (e.unacked > 0 && (e.unacked >= threshold || drained)) || (e.wanted && (idle || drained));
            if (!due) continue;
            const uint64_t bytes = e.unacked;
            e.unacked = 0;
            e.wanted = false;
            ack(e.worker, bytes);
        }
    }
    // Workers that sent to this connection (to tell them it is gone).
    template <typename F>
    void for_each_worker(F &&fn) const {
        for (const Entry &e : entries_) fn(e.worker);
    }
    uint64_t queued_bytes() const { return pending_bytes_; }

private:
    struct Entry {
        int worker = 0;
        uint64_t unacked = 0;
        bool wanted = false;
    };
    struct Pending {
        int worker = 0;
        uint64_t bytes = 0;
    };
    Entry &entry(int worker);
    void credit(int worker, uint64_t bytes);

    std::vector<Entry> entries_;    // usually one: the worker that owns the connection
    std::vector<Pending> pending_;  // reply bytes still queued, in queue order
    size_t pending_head_ = 0;
    uint64_t pending_bytes_ = 0;
};

}  // namespace gust::server
