// Swoole\Process\Manager: named functions, one per worker, run by a Process\Pool (Swoole ships it
// as PHP in its library; here it is native): add()/addBatch() collect them, start() builds the
// pool and runs each worker's function instead of workerStart, in a coroutine when asked.
#include <vector>

#include "process/pool.h"

namespace gust::php {

zend_class_entry *ce_process_manager = nullptr;

namespace {

struct ManagerObject {
    zend_long ipc = kIpcNone;
    zend_long msgqueue_key = 0;
    std::vector<PoolWorkerFunc> funcs;
    ~ManagerObject() {
        for (PoolWorkerFunc &f : funcs) zval_ptr_dtor(&f.fn);
    }
    void gc(zend_get_gc_buffer *buf) {
        for (PoolWorkerFunc &f : funcs) zend_get_gc_buffer_add_zval(buf, &f.fn);
    }
};
using ManagerClass = zobj::Class<ManagerObject>;

ManagerObject *manager(zval *self) { return ManagerClass::from(self); }

bool add_funcs(ManagerObject *m, zend_long count, zend_fcall_info *fci, bool co) {
    for (zend_long i = 0; i < count; ++i) {
        PoolWorkerFunc f;
        ZVAL_COPY(&f.fn, &fci->function_name);
        f.enable_coroutine = co;
        m->funcs.push_back(f);
    }
    return true;
}

bool valid_ipc(zend_long ipc) { return ipc >= kIpcNone && ipc <= kIpcSocket; }

}  // namespace
}  // namespace gust::php

using namespace gust::php;

ZEND_METHOD(Swoole_Process_Manager, __construct) {
    zend_long ipc = kIpcNone, key = 0;
    ZEND_PARSE_PARAMETERS_START(0, 2)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(ipc)
        Z_PARAM_LONG(key)
    ZEND_PARSE_PARAMETERS_END();
    if (!valid_ipc(ipc)) {
        zend_argument_value_error(1, "must be one of the SWOOLE_IPC_* constants");
        RETURN_THROWS();
    }
    manager(ZEND_THIS)->ipc = ipc;
    manager(ZEND_THIS)->msgqueue_key = key;
}

ZEND_METHOD(Swoole_Process_Manager, add) {
    zend_fcall_info fci;
    zend_fcall_info_cache fcc;
    bool co = false;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_FUNC(fci, fcc)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(co)
    ZEND_PARSE_PARAMETERS_END();
    (void)fcc;
    add_funcs(manager(ZEND_THIS), 1, &fci, co);
    RETURN_OBJ_COPY(Z_OBJ_P(ZEND_THIS));
}

ZEND_METHOD(Swoole_Process_Manager, addBatch) {
    zend_long n;
    zend_fcall_info fci;
    zend_fcall_info_cache fcc;
    bool co = false;
    ZEND_PARSE_PARAMETERS_START(2, 3)
        Z_PARAM_LONG(n)
        Z_PARAM_FUNC(fci, fcc)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(co)
    ZEND_PARSE_PARAMETERS_END();
    (void)fcc;
    if (n <= 0 || n > 65535) {
        zend_argument_value_error(1, "must be between 1 and 65535");
        RETURN_THROWS();
    }
    add_funcs(manager(ZEND_THIS), n, &fci, co);
    RETURN_OBJ_COPY(Z_OBJ_P(ZEND_THIS));
}

ZEND_METHOD(Swoole_Process_Manager, setIPCType) {
    zend_long ipc;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(ipc)
    ZEND_PARSE_PARAMETERS_END();
    if (!valid_ipc(ipc)) {
        zend_argument_value_error(1, "must be one of the SWOOLE_IPC_* constants");
        RETURN_THROWS();
    }
    manager(ZEND_THIS)->ipc = ipc;
    RETURN_OBJ_COPY(Z_OBJ_P(ZEND_THIS));
}

ZEND_METHOD(Swoole_Process_Manager, getIPCType) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_LONG(manager(ZEND_THIS)->ipc);
}

ZEND_METHOD(Swoole_Process_Manager, setMsgQueueKey) {
    zend_long key;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(key)
    ZEND_PARSE_PARAMETERS_END();
    manager(ZEND_THIS)->msgqueue_key = key;
    RETURN_OBJ_COPY(Z_OBJ_P(ZEND_THIS));
}

ZEND_METHOD(Swoole_Process_Manager, getMsgQueueKey) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_LONG(manager(ZEND_THIS)->msgqueue_key);
}

ZEND_METHOD(Swoole_Process_Manager, start) {
    ZEND_PARSE_PARAMETERS_NONE();
    ManagerObject *m = manager(ZEND_THIS);
    if (m->funcs.empty()) {
        zend_throw_error(nullptr, "Swoole\\Process\\Manager::start(): no worker was added (add() or addBatch())");
        RETURN_THROWS();
    }
    if (m->ipc == kIpcMsgQueue && m->msgqueue_key <= 0) {
        zend_throw_error(nullptr, "Swoole\\Process\\Manager::start(): SWOOLE_IPC_MSGQUEUE needs a message queue key");
        RETURN_THROWS();
    }
    if (m->ipc == kIpcSocket) {
        zend_throw_error(nullptr, "Swoole\\Process\\Manager::start(): SWOOLE_IPC_SOCKET needs a listening socket; "
                                  "use a Process\\Pool");
        RETURN_THROWS();
    }
    zend_object *pool = zobj::Class<PoolObject>::make();
    PoolObject *p = pool_object(pool);
    p->worker_num = static_cast<zend_long>(m->funcs.size());
    p->ipc = static_cast<int>(m->ipc);
    p->msgqueue_key = m->msgqueue_key;
    p->worker_funcs = new std::vector<PoolWorkerFunc>();
    for (PoolWorkerFunc &f : m->funcs) {
        PoolWorkerFunc copy;
        ZVAL_COPY(&copy.fn, &f.fn);
        copy.enable_coroutine = f.enable_coroutine;
        p->worker_funcs->push_back(copy);
    }
    (void)pool_start(pool);
    OBJ_RELEASE(pool);
}

void gust::php::install_process_manager(zend_class_entry *ce) {
    ce_process_manager = ce;
    ManagerClass::install(ce);
}
