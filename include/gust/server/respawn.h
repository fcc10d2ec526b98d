// RespawnPolicy: when a supervisor (the server's manager, a Process\Pool's master) starts a worker
// again after it ended. A worker that lived long, or ended cleanly, comes back at once; one that
// died abnormally soon after its start comes back after a delay that doubles with each such death
// up to a cap, so a worker failing in its start callback cannot fork-storm. Plain bookkeeping over
// caller-supplied times (seconds), so it is tested without processes or clocks.
#pragma once

#include <cstddef>
#include <vector>

namespace gust::server {

struct RespawnOptions {
    double quick_death = 1.0;  // an abnormal end within this many seconds of the start backs off
    double first_delay = 0.1;  // the first backoff; each further quick death doubles it
    double max_delay = 5.0;
};

class RespawnPolicy {
public:
    explicit RespawnPolicy(size_t workers = 0, RespawnOptions options = {});
    void resize(size_t workers);
    size_t size() const { return slots_.size(); }

    // Worker `id` was (re)started at `now`: it is running, no respawn is due.
    void started(size_t id, double now);
    // Worker `id` ended at `now`; `abnormal`: a non-zero exit code or a signal. Returns the time
    // at which to start it again (`now` itself unless it backs off).
    double exited(size_t id, double now, bool abnormal);
    // A start that could not happen (fork failed): try again at `at`.
    void retry_at(size_t id, double at);
    // When worker `id` is due to start again: 0 when none is due (it runs, or was never scheduled).
    double due_at(size_t id) const { return slots_[id].due_at; }
    // The current backoff of worker `id` in seconds (0: none).
    double delay(size_t id) const { return slots_[id].delay; }

private:
    struct Slot {
        double started_at = 0;
        double due_at = 0;
        double delay = 0;
    };
    RespawnOptions options_;
    std::vector<Slot> slots_;
};

}  // namespace gust::server
