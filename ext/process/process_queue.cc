// Process::useQueue()/push()/pop()/statQueue()/freeQueue(): a System V message queue shared by
// the parent and the children it forks afterwards. Mode 2 (the default): every process takes
// whatever message comes next; mode 1: each process reads and writes the message type of its own
// $id. IPC_NOWAIT added to the mode makes push() on a full queue and pop() on an empty one fail at
// once instead of blocking.
#include <sys/ipc.h>
#include <sys/msg.h>

#include <cerrno>

#include "process/process.h"
#include "process/process_object.h"

namespace gust::php {
namespace {

constexpr zend_long kQueueMaxMessage = 65536;  // Swoole's limit on one message's bytes

struct QueueMessage {
    long mtype;
    char mtext[kQueueMaxMessage];
};

long queue_type(ProcessObject *o) { return o->queue_mode == 1 ? (o->id > 0 ? o->id : 1) : 1; }

bool require_queue(ProcessObject *o) {
    if (o->msqid >= 0) return true;
    set_last_error(SwooleError::kWrongOperation);
    php_error_docref(nullptr, E_WARNING, "no message queue: call useQueue() first");
    return false;
}

}  // namespace
}  // namespace gust::php

using namespace gust::php;

ZEND_METHOD(Swoole_Process, useQueue) {
    zend_long key = 0, mode = 2, capacity = -1;
    ZEND_PARSE_PARAMETERS_START(0, 3)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(key)
        Z_PARAM_LONG(mode)
        Z_PARAM_LONG(capacity)
    ZEND_PARSE_PARAMETERS_END();
    ProcessObject *o = process_object(Z_OBJ_P(ZEND_THIS));
    const zend_long base_mode = mode & ~static_cast<zend_long>(IPC_NOWAIT);
    if (base_mode != 1 && base_mode != 2) {
        set_last_error(SwooleError::kInvalidParams);
        php_error_docref(nullptr, E_WARNING, "mode must be 1 or 2 (optionally | Process::IPC_NOWAIT)");
        RETURN_FALSE;
    }
    if (key <= 0) {
        // Swoole's default key: one derived from the running script, so its processes agree.
        const char *script = zend_get_executed_filename();
        key = ftok(script && *script != '[' ? script : ".", 1);
        if (key < 0) key = IPC_PRIVATE;
    }
    int id = msgget(static_cast<key_t>(key), IPC_CREAT | 0666);
    if (id < 0) {
        php_error_docref(nullptr, E_WARNING, "msgget() failed: %s", strerror(set_last_error(errno)));
        RETURN_FALSE;
    }
    if (capacity > 0) {
        msqid_ds ds{};
        if (msgctl(id, IPC_STAT, &ds) == 0) {
            ds.msg_qbytes = static_cast<msglen_t>(capacity);
            if (msgctl(id, IPC_SET, &ds) != 0) {
                php_error_docref(nullptr, E_WARNING, "cannot set the queue's capacity to " ZEND_LONG_FMT " bytes: %s",
                                 capacity, strerror(set_last_error(errno)));
                RETURN_FALSE;
            }
        }
    }
    o->msqid = id;
    o->queue_key = static_cast<long>(key);
    o->queue_mode = static_cast<int>(base_mode);
    o->queue_nowait = (mode & IPC_NOWAIT) != 0;
    zend_update_property_long(ce_process, Z_OBJ_P(ZEND_THIS), ZEND_STRL("msgQueueId"), id);
    zend_update_property_long(ce_process, Z_OBJ_P(ZEND_THIS), ZEND_STRL("msgQueueKey"), key);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Process, push) {
    zend_string *data;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(data)
    ZEND_PARSE_PARAMETERS_END();
    ProcessObject *o = process_object(Z_OBJ_P(ZEND_THIS));
    if (!require_queue(o)) RETURN_FALSE;
    if (ZSTR_LEN(data) == 0 || static_cast<zend_long>(ZSTR_LEN(data)) > kQueueMaxMessage) {
        set_last_error(SwooleError::kInvalidParams);
        php_error_docref(nullptr, E_WARNING, "the message must have 1 to " ZEND_LONG_FMT " bytes, %zu given",
                         kQueueMaxMessage, ZSTR_LEN(data));
        RETURN_FALSE;
    }
    auto *msg = static_cast<QueueMessage *>(emalloc(sizeof(long) + ZSTR_LEN(data)));
    msg->mtype = queue_type(o);
    memcpy(msg->mtext, ZSTR_VAL(data), ZSTR_LEN(data));
    int rc;
    do {
        rc = msgsnd(o->msqid, msg, ZSTR_LEN(data), o->queue_nowait ? IPC_NOWAIT : 0);
    } while (rc < 0 && errno == EINTR);
    const int err = errno;
    efree(msg);
    if (rc < 0) {
        set_last_error(err);
        if (err != EAGAIN) php_error_docref(nullptr, E_WARNING, "msgsnd() failed: %s", strerror(err));
        RETURN_FALSE;
    }
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Process, pop) {
    zend_long size = kQueueMaxMessage;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(size)
    ZEND_PARSE_PARAMETERS_END();
    ProcessObject *o = process_object(Z_OBJ_P(ZEND_THIS));
    if (!require_queue(o)) RETURN_FALSE;
    if (size <= 0 || size > kQueueMaxMessage) {
        set_last_error(SwooleError::kInvalidParams);
        php_error_docref(nullptr, E_WARNING, "size must be between 1 and " ZEND_LONG_FMT, kQueueMaxMessage);
        RETURN_FALSE;
    }
    auto *msg = static_cast<QueueMessage *>(emalloc(sizeof(long) + static_cast<size_t>(size)));
    // Mode 2 takes any message; mode 1 only those of this process's type. A message longer than
    // size is cut (MSG_NOERROR), as Swoole does.
    const long type = o->queue_mode == 1 ? queue_type(o) : 0;
    ssize_t n;
    do {
        n = msgrcv(o->msqid, msg, static_cast<size_t>(size), type, MSG_NOERROR | (o->queue_nowait ? IPC_NOWAIT : 0));
    } while (n < 0 && errno == EINTR);
    if (n < 0) {
        const int err = errno;
        efree(msg);
        set_last_error(err);
        if (err != ENOMSG && err != EAGAIN) php_error_docref(nullptr, E_WARNING, "msgrcv() failed: %s", strerror(err));
        RETURN_FALSE;
    }
    RETVAL_STRINGL(msg->mtext, static_cast<size_t>(n));
    efree(msg);
}

ZEND_METHOD(Swoole_Process, statQueue) {
    ZEND_PARSE_PARAMETERS_NONE();
    ProcessObject *o = process_object(Z_OBJ_P(ZEND_THIS));
    if (!require_queue(o)) RETURN_FALSE;
    msqid_ds ds{};
    if (msgctl(o->msqid, IPC_STAT, &ds) != 0) {
        php_error_docref(nullptr, E_WARNING, "msgctl(IPC_STAT) failed: %s", strerror(set_last_error(errno)));
        RETURN_FALSE;
    }
    array_init(return_value);
    add_assoc_long(return_value, "queue_num", static_cast<zend_long>(ds.msg_qnum));
    add_assoc_long(return_value, "queue_bytes", static_cast<zend_long>(ds.__msg_cbytes));
}

ZEND_METHOD(Swoole_Process, freeQueue) {
    ZEND_PARSE_PARAMETERS_NONE();
    ProcessObject *o = process_object(Z_OBJ_P(ZEND_THIS));
    if (!require_queue(o)) RETURN_FALSE;
    const bool ok = msgctl(o->msqid, IPC_RMID, nullptr) == 0;
    if (!ok) php_error_docref(nullptr, E_WARNING, "msgctl(IPC_RMID) failed: %s", strerror(set_last_error(errno)));
    o->msqid = -1;
    RETURN_BOOL(ok);
}
