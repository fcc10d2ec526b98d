// Swoole\Coroutine\WaitGroup (on the core coro::WaitGroup) and Swoole\Coroutine\Barrier (scheduler
// park/wake: the waiter is woken when the last other reference to the barrier goes away).
// Method bodies hold no C++ object with a destructor across resumed(): it may longjmp.
#include "coroutine/coroutine.h"
#include "zend/object.h"

extern "C" {
#include "ext/spl/spl_exceptions.h"
}

#include "gust/base/error.h"
#include "gust/coro/sync.h"

using gust::php::PhpCoroutine;

namespace {

// ---- WaitGroup

struct WaitGroupObject {
    gust::coro::WaitGroup *wg = new gust::coro::WaitGroup();
    bool waiting = false;
    ~WaitGroupObject() { delete wg; }
};
using WaitGroupClass = gust::php::zobj::Class<WaitGroupObject>;

zend_class_entry *ce_wait_group = nullptr;

WaitGroupObject *wg_from(zend_object *obj) { return WaitGroupClass::from(obj); }

// The counter change of add()/done(): false with an exception thrown when it is misuse.
bool change(WaitGroupObject *w, zend_long delta, bool by_done) {
    if (w->waiting && !by_done) {
        zend_throw_exception(spl_ce_BadMethodCallException, "WaitGroup misuse: add() while wait() is in progress", 0);
        return false;
    }
    int64_t next = 0;
    if (__builtin_add_overflow(static_cast<int64_t>(w->wg->count()), static_cast<int64_t>(delta), &next)) {
        zend_throw_exception(spl_ce_InvalidArgumentException, "WaitGroup misuse: the counter would overflow", 0);
        return false;
    }
    if (next < 0) {
        zend_throw_exception(by_done ? spl_ce_BadMethodCallException : spl_ce_InvalidArgumentException,
                             "WaitGroup misuse: the counter would become negative", 0);
        return false;
    }
    (void)w->wg->add(delta);
    return true;
}

// ---- Barrier

struct BarrierObject;

// Lives in the waiting coroutine's frame while it waits.
struct BarrierWait {
    BarrierObject *obj;  // nullptr once the barrier is gone
    bool released;
};

struct BarrierObject {
    gust::coro::CoroutineId waiter = 0;
    BarrierWait *wait = nullptr;
};
using BarrierClass = gust::php::zobj::Class<BarrierObject>;

zend_class_entry *ce_barrier = nullptr;

BarrierObject *barrier_from(zend_object *obj) { return BarrierClass::from(obj); }

// The last reference went away: the waiter (if it still exists: ids are never reused) goes on.
void barrier_dtor(zend_object *obj) {
    BarrierObject *b = barrier_from(obj);
    if (b->wait) {
        gust::php::LoopState *rt = gust::php::loop_state_if_any();
        gust::coro::Coroutine *co = rt && rt->scheduler ? rt->scheduler->find(b->waiter) : nullptr;
        if (co) {
            b->wait->released = true;
            b->wait->obj = nullptr;
            rt->scheduler->wake(co, 0);  // no-op when it is the running one (it dropped the last reference)
        }
        b->wait = nullptr;
    }
    zend_objects_destroy_object(obj);
}

}  // namespace

ZEND_METHOD(Swoole_Coroutine_WaitGroup, __construct) {
    zend_long delta = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(delta)
    ZEND_PARSE_PARAMETERS_END();
    if (delta > 0) (void)change(wg_from(Z_OBJ_P(ZEND_THIS)), delta, false);
}

ZEND_METHOD(Swoole_Coroutine_WaitGroup, add) {
    zend_long delta = 1;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(delta)
    ZEND_PARSE_PARAMETERS_END();
    (void)change(wg_from(Z_OBJ_P(ZEND_THIS)), delta, false);
}

ZEND_METHOD(Swoole_Coroutine_WaitGroup, done) {
    ZEND_PARSE_PARAMETERS_NONE();
    (void)change(wg_from(Z_OBJ_P(ZEND_THIS)), -1, true);
}

ZEND_METHOD(Swoole_Coroutine_WaitGroup, wait) {
    double timeout = -1;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    WaitGroupObject *w = wg_from(Z_OBJ_P(ZEND_THIS));
    if (w->waiting) {
        zend_throw_exception(spl_ce_BadMethodCallException,
                             "WaitGroup misuse: wait() called again before the previous wait() returned", 0);
        return;
    }
    if (w->wg->count() == 0) RETURN_TRUE;
    PhpCoroutine *p = gust::php::require_coroutine();
    if (p->kill) RETURN_FALSE;
    w->waiting = true;
    int rc = w->wg->wait(gust::seconds_to_nanos(timeout));
    w->waiting = false;
    if (!gust::php::resumed(p)) return;
    RETURN_BOOL(rc == 0);
}

ZEND_METHOD(Swoole_Coroutine_WaitGroup, count) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_LONG(static_cast<zend_long>(wg_from(Z_OBJ_P(ZEND_THIS))->wg->count()));
}

ZEND_METHOD(Swoole_Coroutine_Barrier, make) {
    ZEND_PARSE_PARAMETERS_NONE();
    // new static(), as Swoole's: MyBarrier::make() makes a MyBarrier.
    zend_class_entry *scope = zend_get_called_scope(execute_data);
    object_init_ex(return_value, scope ? scope : ce_barrier);
}

ZEND_METHOD(Swoole_Coroutine_Barrier, wait) {
    zval *ref;
    double timeout = -1;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_ZVAL(ref)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    zval *zb = ref;
    ZVAL_DEREF(zb);
    if (Z_TYPE_P(zb) != IS_OBJECT || !instanceof_function(Z_OBJCE_P(zb), ce_barrier)) {
        zend_argument_type_error(1, "must be of type Swoole\\Coroutine\\Barrier, %s given", zend_zval_type_name(zb));
        return;
    }
    BarrierObject *b = barrier_from(Z_OBJ_P(zb));
    if (b->wait) {
        zend_throw_exception(gust::php::swoole_exception_ce(), "The barrier already has a waiting coroutine", 0);
        return;
    }
    PhpCoroutine *p = gust::php::require_coroutine();
    BarrierWait w{b, false};
    b->wait = &w;
    b->waiter = p->co->id();
    // Drop the caller's own reference: when it was the last one, the barrier is released right here.
    ZEND_TRY_ASSIGN_REF_NULL(ref);
    if (w.released || p->kill || EG(exception)) {  // exception: a typed property refused null
        if (w.obj) w.obj->wait = nullptr;
        return;
    }
    // Swoole waits forever for a timeout <= 0.
    (void)gust::php::loop_state()->scheduler->park(timeout > 0 ? gust::seconds_to_nanos(timeout) : -1,
                                                   gust::coro::WaitInfo{"Barrier", 0, "wait"});
    if (w.obj) w.obj->wait = nullptr;  // timed out, canceled or killed: the barrier lives on
    if (!gust::php::resumed(p)) return;
}

#include "stubs/coroutine_sync_arginfo.h"

void gust::php::register_sync(int module_number) {
    (void)module_number;
    ce_wait_group = register_class_Swoole_Coroutine_WaitGroup();
    WaitGroupClass::install(ce_wait_group);

    ce_barrier = register_class_Swoole_Coroutine_Barrier();
    BarrierClass::install(ce_barrier, [](zend_object_handlers &h) { h.dtor_obj = barrier_dtor; });
}
