// Swoole\Process\Pool and Swoole\Process\Manager: a master that forks worker processes, respawns
// those that end (RespawnPolicy: a backoff after quick abnormal deaths) and stops them all within
// max_wait_time; messages reach the workers through their socket pairs, a SysV queue or a
// listening socket. docs/php-process.md.
#pragma once

#include <sys/types.h>

#include <map>
#include <string>
#include <vector>

#include "process/process_object.h"

namespace gust::php {

enum PoolIpc : int { kIpcNone = 0, kIpcUnixSock = 1, kIpcMsgQueue = 2, kIpcSocket = 3 };

struct PoolCallbacks {
    Callable worker_start, worker_stop, message, start, shutdown;
    void gc(zend_get_gc_buffer *buf) {
        for (Callable *c : {&worker_start, &worker_stop, &message, &start, &shutdown}) c->gc(buf);
    }
};

// A Process\Manager's function for one worker (instead of workerStart).
struct PoolWorkerFunc {
    zval fn;  // owned
    bool enable_coroutine = false;
};

struct PoolObject {
    zend_long worker_num = 0;
    int ipc = kIpcNone;
    zend_long msgqueue_key = 0;
    bool enable_coroutine = false;
    double max_wait_time = 3;
    zend_long max_package_size = 2 * 1024 * 1024;
    bool message_bus = false;  // enable_message_bus: sendMessage() in pieces (pool_bus.cc)
    PoolCallbacks cb;
    std::vector<PoolWorkerFunc> *worker_funcs = nullptr;  // set by a Manager for its pool
    int listen_fd = -1;
    int msqid = -1;
    std::vector<int> pipes;        // UNIXSOCK: [2 * id]: the master's end of worker id, [2 * id + 1]: the worker's
    pid_t *shared_pids = nullptr;  // MAP_SHARED, one per worker: every process sees respawns
    bool started = false;
    pid_t master_pid = 0;
    // In a worker:
    zend_long worker_id = -1;
    bool stopping = false;  // stop(), SIGTERM: leave the message loop
    bool detached = false;
    int conn_fd = -1;                // IPC_SOCKET: the connection being answered
    std::string response;            // IPC_SOCKET: what write() gathered for it
    coro::CoroutineId body_cid = 0;  // coroutine workers: the worker's body
    bool in_ipc_wait = false;        // the body waits for a message (a stop may cancel it)
    zval processes;                  // array: worker id => Swoole\Process (getProcess())
    // enable_message_bus: messages being put together, by sender pid << 32 | message id (ordered:
    // the oldest sender's go first when too many are open).
    std::map<uint64_t, std::string> bus_partial;
    PoolObject() { ZVAL_UNDEF(&processes); }
    ~PoolObject();
    void gc(zend_get_gc_buffer *buf) {
        cb.gc(buf);
        if (Z_TYPE(processes) != IS_UNDEF) zend_get_gc_buffer_add_zval(buf, &processes);
    }
};

extern zend_class_entry *ce_process_pool;
PoolObject *pool_object(zend_object *obj);
// Pool::start() for `self` (a Pool): runs the master until shutdown (false with a warning when it
// cannot start). In a worker it never returns normally: the worker's script ends (unwind exit).
bool pool_start(zend_object *self);
// The worker's life (pool_worker.cc): its start callback, its messages, its stop callback.
void pool_run_worker(zend_object *self);
// The Swoole\Process of worker `id` as this process sees it (nullptr: no such worker).
zend_object *pool_process(zend_object *self, zend_long id);

// pool_bus.cc: one datagram, waiting (the coroutine or the process) while the socket is full;
// a whole message over the message bus; and one received datagram of the bus, which gives the
// message it completes (or nullptr: more to come, or dropped with a warning).
bool pool_send_datagram(int fd, const void *data, size_t len);
bool pool_bus_send(PoolObject *p, int fd, const char *data, size_t len);
zend_string *pool_bus_receive(PoolObject *p, const char *dgram, size_t len);

// MINIT (process.cc registers the classes of the area's stub):
void install_process_pool(zend_class_entry *ce);
void install_process_manager(zend_class_entry *ce);
void register_pool_worker();
void register_process_signals();

}  // namespace gust::php
