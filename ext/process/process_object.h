// The C++ state of a Swoole\Process object, shared by the files of this area (process.cc: fork,
// pipe I/O; process_queue.cc: the SysV message queue; process_system.cc: priority, affinity, exec;
// pool.cc: the workers of a Process\Pool).
#pragma once

#include <unistd.h>

#include "coroutine/coroutine.h"
#include "zend/callable.h"
#include "zend/object.h"

namespace gust::php {

struct ProcessObject {
    Callable callback;
    int fds[2] = {-1, -1};  // [0]: the parent's end, [1]: the child's end (-1: none)
    bool in_child = false;  // this object is the child's copy
    bool redirect_stdio = false;
    bool enable_coroutine = false;
    int pipe_type = 2;
    double timeout = -1;  // read/write timeout in seconds (< 0: none)
    bool blocking = true;
    // A Process\Pool worker's view: it writes to and reads from fds[0] of other workers and
    // fds[1] of its own (set by the pool; owned by the pool, never closed here).
    bool pool_borrowed = false;
    int pool_fd = -1;
    // useQueue(): the SysV message queue (-1: none).
    int msqid = -1;
    long queue_key = 0;
    int queue_mode = 2;  // 1: each process its own message type (its id), 2: shared
    bool queue_nowait = false;
    zend_long id = 0;  // Swoole's $id: 1, 2, ... in creation order (a pool worker: its worker id)
    // exportSocket()'s Co\Socket (over a copy of this side's fd), and which side made it.
    zend_object *exported = nullptr;
    bool exported_in_child = false;
    ~ProcessObject() {
        callback.reset();  // first, as before: the fds stay open while a destructor it runs may use them
        if (exported) OBJ_RELEASE(exported);
        exported = nullptr;
        if (pool_borrowed) return;
        for (int &fd : fds) {
            if (fd >= 0) ::close(fd);
            fd = -1;
        }
    }
    void gc(zend_get_gc_buffer *buf) {
        callback.gc(buf);
        if (exported) zend_get_gc_buffer_add_obj(buf, exported);
    }
};
using ProcessClass = zobj::Class<ProcessObject>;

inline ProcessObject *process_object(zend_object *obj) { return ProcessClass::from(obj); }

// The fd this side of the process reads and writes: the child's end in the child, the parent's
// in the parent, a pool worker's choice when the pool made it (-1: none).
inline int process_own_fd(ProcessObject *o) {
    if (o->pool_borrowed) return o->pool_fd;
    return o->in_child ? o->fds[1] : o->fds[0];
}

// Waits until fd is ready: parks the coroutine when inside one, else blocks in poll(). 0, or an
// error code (timed out, canceled). `timeout` in seconds, < 0: none.
int process_wait_ready(int fd, uint32_t events, double timeout);

}  // namespace gust::php
