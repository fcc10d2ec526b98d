// RespawnPolicy: restart delays of supervised workers (see the header).
#include "gust/server/respawn.h"

#include <algorithm>

namespace gust::server {

RespawnPolicy::RespawnPolicy(size_t workers, RespawnOptions options) : options_(options), slots_(workers) {}

void RespawnPolicy::resize(size_t workers) { slots_.assign(workers, Slot{}); }

void RespawnPolicy::started(size_t id, double now) {
    slots_[id].started_at = now;
    slots_[id].due_at = 0;
}

double RespawnPolicy::exited(size_t id, double now, bool abnormal) {
    Slot &s = slots_[id];
    const bool quick = abnormal && now - s.started_at < options_.quick_death;
    if (quick) {
        s.delay = s.delay > 0 ? std::min(s.delay * 2, options_.max_delay) : options_.first_delay;
    } else {
        s.delay = 0;
    }
    s.due_at = now + s.delay;
    return s.due_at;
}

void RespawnPolicy::retry_at(size_t id, double at) { slots_[id].due_at = at; }

}  // namespace gust::server
