// Swoole\Lock and Swoole\Coroutine\Lock over the core's shared locks (gust/shm/lock.h): each object
// owns a page of shared memory holding its lock, so it is shared by every process forked after it
// was made, and a holder that dies (kill -9) never deadlocks the others — the next locker takes it.
#include <fcntl.h>
#include <sys/file.h>

#include <cerrno>
#include <new>

#include "common/errors.h"
#include "common/module.h"
#include "coroutine/coroutine.h"
#include "gust/shm/futex.h"
#include "gust/shm/lock.h"
#include "gust/shm/region.h"
#include "shm/shm.h"
#include "zend/object.h"

// Swoole's numbers for the lock types.
#define GUST_LOCK_RWLOCK 1
#define GUST_LOCK_MUTEX 3
#define GUST_LOCK_SPINLOCK 5

namespace {

using gust::Nanos;
using gust::shm::SharedMutex;
using gust::shm::SharedRegion;
using gust::shm::SharedRwLock;
using gust::shm::SharedSpinLock;

// ---- Swoole\Lock

struct LockObject {
    SharedRegion region;
    zend_long type = 0;  // 0 until constructed
    void *lock = nullptr;
};
using LockClass = gust::php::zobj::Class<LockObject>;

zend_class_entry *ce_lock = nullptr;
zend_class_entry *ce_co_lock = nullptr;

void set_err(zend_class_entry *ce, zval *self, int code) {
    zend_update_property_long(ce, Z_OBJ_P(self), ZEND_STRL("errCode"), code);
    if (code) gust::php::set_last_error(code);
}

// The object's lock, or nullptr with an Error thrown (a subclass that skipped the constructor).
LockObject *lock_of(zval *self) {
    LockObject *l = LockClass::from(self);
    if (!l->lock) {
        zend_throw_error(nullptr, "Swoole\\Lock: you must call constructor first");
        return nullptr;
    }
    return l;
}

// The timeout of lock($operation, $timeout): LOCK_NB tries once; a timeout <= 0 waits without
// limit (Swoole's reading); else seconds.
Nanos lock_timeout(zend_long operation, double timeout) {
    if (operation & LOCK_NB) return 0;
    return timeout > 0 ? gust::seconds_to_nanos(timeout) : -1;
}

// The operation of lock()/Coroutine\Lock::lock(): LOCK_SH or LOCK_EX, optionally | LOCK_NB
// (LOCK_NB alone tries LOCK_EX, as Swoole reads it).
bool valid_operation(zend_long operation, uint32_t arg) {
    const zend_long mode = operation & ~static_cast<zend_long>(LOCK_NB);
    if (mode == LOCK_SH || mode == LOCK_EX || operation == LOCK_NB) return true;
    zend_argument_value_error(arg, "must be LOCK_SH or LOCK_EX, optionally with LOCK_NB");
    return false;
}

// A failed lock's errCode: a try that found it held is EBUSY, a wait that ran out ETIMEDOUT.
int lock_error(int rc) { return rc == -EBUSY ? EBUSY : rc == -ETIMEDOUT ? ETIMEDOUT : -rc; }

}  // namespace

ZEND_METHOD(Swoole_Lock, __construct) {
    zend_long type = GUST_LOCK_MUTEX;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(type)
    ZEND_PARSE_PARAMETERS_END();
    LockObject *l = LockClass::from(ZEND_THIS);
    if (l->lock) {
        zend_throw_error(nullptr, "Swoole\\Lock: the constructor was already called");
        RETURN_THROWS();
    }
    size_t size = 0;
    switch (type) {
        case GUST_LOCK_MUTEX: size = sizeof(SharedMutex); break;
        case GUST_LOCK_RWLOCK: size = sizeof(SharedRwLock); break;
        case GUST_LOCK_SPINLOCK: size = sizeof(SharedSpinLock); break;
        default:
            gust::php::throw_error(gust::php::swoole_exception_ce(),
                                   gust::php::code(gust::php::SwooleError::kInvalidParams),
                                   "lock type[" ZEND_LONG_FMT "] is not supported", type);
            RETURN_THROWS();
    }
    auto r = SharedRegion::map(size);
    if (!r.ok()) {
        gust::php::throw_error(gust::php::swoole_exception_ce(), gust::php::SwooleError::kMallocFail,
                               "unable to allocate shared memory for the lock");
        RETURN_THROWS();
    }
    l->region = std::move(r.value());
    void *at = l->region.data();
    switch (type) {
        case GUST_LOCK_MUTEX: l->lock = new (at) SharedMutex(); break;
        case GUST_LOCK_RWLOCK: l->lock = new (at) SharedRwLock(); break;
        default: l->lock = new (at) SharedSpinLock(); break;
    }
    l->type = type;
}

// Blocks the process (in a coroutine too, as Swoole's does); Coroutine\Lock parks the coroutine.
ZEND_METHOD(Swoole_Lock, lock) {
    zend_long operation = LOCK_EX;
    double timeout = -1;
    ZEND_PARSE_PARAMETERS_START(0, 2)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(operation)
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    if (!valid_operation(operation, 1)) RETURN_THROWS();
    LockObject *l = lock_of(ZEND_THIS);
    if (!l) RETURN_THROWS();
    const Nanos t = lock_timeout(operation, timeout);
    int rc;
    switch (l->type) {
        case GUST_LOCK_MUTEX: rc = static_cast<SharedMutex *>(l->lock)->lock(t); break;
        case GUST_LOCK_SPINLOCK: rc = static_cast<SharedSpinLock *>(l->lock)->lock(t); break;
        default: {
            auto *rw = static_cast<SharedRwLock *>(l->lock);
            rc = (operation & LOCK_SH) ? rw->lock_shared(t) : rw->lock(t);
        }
    }
    if (rc >= 0) {  // 0, or kRecovered: taken over from a holder that died
        set_err(ce_lock, ZEND_THIS, 0);
        RETURN_TRUE;
    }
    set_err(ce_lock, ZEND_THIS, lock_error(rc));
    RETURN_FALSE;
}

ZEND_METHOD(Swoole_Lock, unlock) {
    ZEND_PARSE_PARAMETERS_NONE();
    LockObject *l = lock_of(ZEND_THIS);
    if (!l) RETURN_THROWS();
    int rc;
    switch (l->type) {
        case GUST_LOCK_MUTEX: rc = static_cast<SharedMutex *>(l->lock)->unlock(); break;
        case GUST_LOCK_SPINLOCK: rc = static_cast<SharedSpinLock *>(l->lock)->unlock(); break;
        default: rc = static_cast<SharedRwLock *>(l->lock)->unlock();
    }
    set_err(ce_lock, ZEND_THIS, rc == 0 ? 0 : -rc);
    RETURN_BOOL(rc == 0);
}

// ---- Swoole\Coroutine\Lock
//
// A SharedMutex (in shared memory when $shared) records the holding process; the holding
// coroutine and its depth (the lock is reentrant for it) sit beside it. A coroutine that finds it
// held parks on the scheduler with a growing back-off (0.5 ms doubling to 8 ms) and tries again,
// so other coroutines of its process run meanwhile; a dead holding process is taken over.

namespace {

struct CoLockState {
    SharedMutex mutex;
    std::atomic<int64_t> owner_cid{0};  // meaningful while mutex.holder() is the reader's process
    uint32_t depth = 0;                 // written by the holder only
};

struct CoLockObject {
    SharedRegion region;  // when shared
    CoLockState local;    // when not
    CoLockState *state = &local;
};
using CoLockClass = gust::php::zobj::Class<CoLockObject>;

constexpr Nanos kBackoffFirst = 500 * gust::kNanosPerMicro;
constexpr Nanos kBackoffMax = 8 * gust::kNanosPerMilli;

}  // namespace

ZEND_METHOD(Swoole_Coroutine_Lock, __construct) {
    bool shared = false;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(shared)
    ZEND_PARSE_PARAMETERS_END();
    CoLockObject *l = CoLockClass::from(ZEND_THIS);
    if (!shared || l->region) return;
    auto r = SharedRegion::map(sizeof(CoLockState));
    if (!r.ok()) {
        gust::php::throw_error(gust::php::swoole_exception_ce(), gust::php::SwooleError::kMallocFail,
                               "unable to allocate shared memory for the lock");
        RETURN_THROWS();
    }
    l->region = std::move(r.value());
    l->state = new (l->region.data()) CoLockState();
}

ZEND_METHOD(Swoole_Coroutine_Lock, lock) {
    zend_long operation = LOCK_EX;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(operation)
    ZEND_PARSE_PARAMETERS_END();
    if (!valid_operation(operation, 1)) RETURN_THROWS();
    gust::php::PhpCoroutine *p = gust::php::current();
    if (!p) {
        set_err(ce_co_lock, ZEND_THIS, gust::php::code(gust::php::SwooleError::kCoOutOfCoroutine));
        RETURN_FALSE;
    }
    CoLockState *s = CoLockClass::from(ZEND_THIS)->state;
    const int64_t cid = static_cast<int64_t>(p->co->id());
    if (s->mutex.holder() == gust::shm::current_pid() && s->owner_cid.load() == cid) {
        s->depth++;  // reentrant for the holding coroutine
        set_err(ce_co_lock, ZEND_THIS, 0);
        RETURN_TRUE;
    }
    Nanos backoff = kBackoffFirst;
    for (;;) {
        if (s->mutex.try_lock() >= 0) {
            s->owner_cid.store(cid);
            s->depth = 1;
            set_err(ce_co_lock, ZEND_THIS, 0);
            RETURN_TRUE;
        }
        if (operation & LOCK_NB) {
            set_err(ce_co_lock, ZEND_THIS, EBUSY);
            RETURN_FALSE;
        }
        int rc = gust::php::loop_state()->scheduler->sleep(backoff);
        if (!gust::php::resumed(p)) RETURN_THROWS();
        if (rc != 0) {  // canceled
            set_err(ce_co_lock, ZEND_THIS, gust::php::swoole_code_of(rc, gust::php::Where::kCoroutine));
            RETURN_FALSE;
        }
        backoff = backoff * 2 > kBackoffMax ? kBackoffMax : backoff * 2;
    }
}

ZEND_METHOD(Swoole_Coroutine_Lock, unlock) {
    ZEND_PARSE_PARAMETERS_NONE();
    gust::php::PhpCoroutine *p = gust::php::current();
    if (!p) {
        set_err(ce_co_lock, ZEND_THIS, gust::php::code(gust::php::SwooleError::kCoOutOfCoroutine));
        RETURN_FALSE;
    }
    CoLockState *s = CoLockClass::from(ZEND_THIS)->state;
    const int64_t cid = static_cast<int64_t>(p->co->id());
    if (s->mutex.holder() != gust::shm::current_pid() || s->owner_cid.load() != cid) {
        set_err(ce_co_lock, ZEND_THIS, EPERM);  // only the holding coroutine unlocks
        RETURN_FALSE;
    }
    if (--s->depth == 0) {
        s->owner_cid.store(0);
        (void)s->mutex.unlock();
    }
    set_err(ce_co_lock, ZEND_THIS, 0);
    RETURN_TRUE;
}

#include "stubs/shm_lock_arginfo.h"

void gust::php::shm::register_lock(int module_number) {
    register_shm_lock_symbols(module_number);
    ce_lock = register_class_Swoole_Lock();
    LockClass::install(ce_lock);
    ce_co_lock = register_class_Swoole_Coroutine_Lock();
    CoLockClass::install(ce_co_lock);
    if (GUST_G(use_shortname)) register_co_short_name(ce_co_lock);  // Co\Lock
}
