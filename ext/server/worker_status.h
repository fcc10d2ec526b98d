// A worker's status as getWorkerStatus() reports it (Swoole's SWOOLE_WORKER_*): busy while the
// synchronous part of an event callback (onReceive, onRequest, onTask, ...) runs, idle otherwise
// (onWorkerStart, timers), exiting once it stops.
#pragma once

namespace gust::php::srv {

// Marks the worker busy for its lifetime (nested scopes count).
class BusyScope {
public:
    explicit BusyScope(bool active);
    ~BusyScope();
    BusyScope(const BusyScope &) = delete;
    BusyScope &operator=(const BusyScope &) = delete;

private:
    bool active_;
};

bool worker_busy();

}  // namespace gust::php::srv
