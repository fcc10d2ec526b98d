// PROCESS mode's master, private: choosing a worker by how busy it is (dispatch_mode 3, 7, 9 and 10
// for each package, 8 for each connection). Never calls PHP.
//
// What the master can know of a worker's load without a syscall or a message:
//  - the worker's live coroutines, which it publishes in its line of the shared block each time its
//    loop is about to wait (and, in these modes, when it starts on a batch from its channels), with
//    `load_epoch` bumped at each publication from the loop;
//  - what this reactor thread sent it since that publication: packages the worker may not have
//    taken yet. The count restarts when the epoch moves, so it corrects itself: a package lost with
//    a dead worker, or answered by no reply at all, never inflates the estimate for long. A worker
//    that stays busy without going back to its loop keeps its epoch, so what it is sent keeps adding
//    up and the choice moves to others.
// Other threads' packages to a worker count once the worker publishes. The estimate is good enough
// to prefer an idle worker; it is not a lock-step accounting.
#pragma once

#include <cstdint>
#include <vector>

#include "gust/server/shared_state.h"

namespace gust::server {

// A worker whose process is not running (pid 0 in its line: dead, or between a reload and its
// successor's start) gets this much added, so it is chosen only when no worker runs.
inline constexpr int64_t kNotRunningLoad = int64_t{1} << 40;

// dispatch_mode 2: thread r numbers its connections k = 0, 1, 2, ... (id = r + 1 + k * R); k + r
// spreads each thread's connections over every worker, whatever R and n are.
inline int worker_by_id(SessionId id, int reactors, int workers) {
    const uint64_t r = static_cast<uint64_t>(reactors);
    const uint64_t k = static_cast<uint64_t>(id - 1) / r, thread = static_cast<uint64_t>(id - 1) % r;
    return static_cast<int>((k + thread) % static_cast<uint64_t>(workers));
}

// The index in [0, n) whose load_of() is smallest; among equals, the first at or after `start`
// (mod n), so a caller that advances `start` goes round robin among equally loaded workers. A load
// of 0 (idle) ends the search at once.
template <class LoadOf>
int least_loaded(int n, uint64_t start, LoadOf &&load_of) {
    int best = 0;
    int64_t best_load = 0;
    for (int k = 0; k < n; ++k) {
        const int i = static_cast<int>((start + static_cast<uint64_t>(k)) % static_cast<uint64_t>(n));
        const int64_t load = load_of(i);
        if (k == 0 || load < best_load) {
            best = i;
            best_load = load;
        }
        if (best_load <= 0) break;
    }
    return best;
}

// One reactor thread's estimate of each worker's load (see the top of this file).
class WorkerLoads {
public:
    WorkerLoads(const SharedState &shared, int workers) : shared_(shared), views_(static_cast<size_t>(workers)) {}

    int64_t load(int w) {
        const WorkerCounters &c = shared_.worker(w);
        View &v = views_[static_cast<size_t>(w)];
        // The epoch is bumped after the count is stored (release): reading it first (acquire)
        // means the count is at least as new as the epoch we restart from.
        const uint64_t epoch = c.load_epoch.load(std::memory_order_acquire);
        if (epoch != v.epoch) {
            v.epoch = epoch;
            v.sent = 0;
        }
        int64_t load = c.coroutines.load(std::memory_order_relaxed);
        if (load < 0) load = 0;
        load += v.sent;
        if (c.pid.load(std::memory_order_relaxed) == 0) load += kNotRunningLoad;
        return load;
    }

    void dispatched(int w) { ++views_[static_cast<size_t>(w)].sent; }

    int pick(uint64_t start) {
        return least_loaded(static_cast<int>(views_.size()), start, [this](int w) { return load(w); });
    }

private:
    struct View {
        uint64_t epoch = UINT64_MAX;
        int64_t sent = 0;
    };
    const SharedState &shared_;
    std::vector<View> views_;
};

}  // namespace gust::server
