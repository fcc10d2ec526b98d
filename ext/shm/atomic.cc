// Swoole\Atomic and Swoole\Atomic\Long: one counter per object, in a page of shared memory of its
// own (gust::shm::SharedRegion), so a process that drops its object never frees a counter that a
// forked process still uses. Values are taken as Swoole takes them: add/sub/set cut the PHP int to
// 32 bits (Atomic) and wrap.
#include <cerrno>
#include <new>

#include "common/errors.h"
#include "gust/shm/atomic.h"
#include "gust/shm/region.h"
#include "shm/shm.h"
#include "zend/object.h"

namespace {

using gust::shm::SharedAtomic32;
using gust::shm::SharedAtomic64;
using gust::shm::SharedRegion;

template <typename Counter>
struct AtomicObject {
    SharedRegion region;
    Counter *counter = nullptr;

    AtomicObject() {
        auto r = SharedRegion::map(sizeof(Counter));
        if (!r.ok()) return;
        region = std::move(r.value());
        counter = new (region.data()) Counter();
    }
};

using Atomic32Class = gust::php::zobj::Class<AtomicObject<SharedAtomic32>>;
using Atomic64Class = gust::php::zobj::Class<AtomicObject<SharedAtomic64>>;

// The object's counter, or nullptr with Swoole\Exception thrown (no shared memory for it).
template <typename Class>
auto *counter_of(zval *self) {
    auto *c = Class::from(self)->counter;
    if (!c) {
        gust::php::throw_error(gust::php::swoole_exception_ce(), gust::php::SwooleError::kMallocFail,
                               "unable to allocate shared memory for the atomic counter");
    }
    return c;
}

SharedAtomic32 *a32(zval *self) { return counter_of<Atomic32Class>(self); }
SharedAtomic64 *a64(zval *self) { return counter_of<Atomic64Class>(self); }

}  // namespace

// ---- Swoole\Atomic

ZEND_METHOD(Swoole_Atomic, __construct) {
    zend_long value = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(value)
    ZEND_PARSE_PARAMETERS_END();
    if (auto *a = a32(ZEND_THIS)) a->set(static_cast<uint32_t>(value));
}

ZEND_METHOD(Swoole_Atomic, add) {
    zend_long n = 1;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(n)
    ZEND_PARSE_PARAMETERS_END();
    auto *a = a32(ZEND_THIS);
    if (!a) RETURN_THROWS();
    RETURN_LONG(a->add(static_cast<uint32_t>(n)));
}

ZEND_METHOD(Swoole_Atomic, sub) {
    zend_long n = 1;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(n)
    ZEND_PARSE_PARAMETERS_END();
    auto *a = a32(ZEND_THIS);
    if (!a) RETURN_THROWS();
    RETURN_LONG(a->sub(static_cast<uint32_t>(n)));
}

ZEND_METHOD(Swoole_Atomic, get) {
    ZEND_PARSE_PARAMETERS_NONE();
    auto *a = a32(ZEND_THIS);
    if (!a) RETURN_THROWS();
    RETURN_LONG(a->get());
}

ZEND_METHOD(Swoole_Atomic, set) {
    zend_long value;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(value)
    ZEND_PARSE_PARAMETERS_END();
    if (auto *a = a32(ZEND_THIS)) a->set(static_cast<uint32_t>(value));
}

ZEND_METHOD(Swoole_Atomic, cmpset) {
    zend_long expected, desired;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_LONG(expected)
        Z_PARAM_LONG(desired)
    ZEND_PARSE_PARAMETERS_END();
    auto *a = a32(ZEND_THIS);
    if (!a) RETURN_THROWS();
    RETURN_BOOL(a->cmpset(static_cast<uint32_t>(expected), static_cast<uint32_t>(desired)));
}

// Blocks the whole process (a futex wait), in a coroutine too, as Swoole's does.
ZEND_METHOD(Swoole_Atomic, wait) {
    double timeout = 1.0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    auto *a = a32(ZEND_THIS);
    if (!a) RETURN_THROWS();
    // Swoole: a timeout <= 0 waits without limit.
    int rc = a->wait(timeout > 0 ? gust::seconds_to_nanos(timeout) : -1);
    if (rc == 0) RETURN_TRUE;
    gust::php::set_last_error(rc == -ETIMEDOUT ? ETIMEDOUT : EINVAL);
    RETURN_FALSE;
}

ZEND_METHOD(Swoole_Atomic, wakeup) {
    zend_long count = 1;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(count)
    ZEND_PARSE_PARAMETERS_END();
    auto *a = a32(ZEND_THIS);
    if (!a) RETURN_THROWS();
    a->wakeup(count < 1 ? 1 : (count > INT32_MAX ? INT32_MAX : static_cast<int>(count)));
    RETURN_TRUE;
}

// ---- Swoole\Atomic\Long

ZEND_METHOD(Swoole_Atomic_Long, __construct) {
    zend_long value = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(value)
    ZEND_PARSE_PARAMETERS_END();
    if (auto *a = a64(ZEND_THIS)) a->set(value);
}

ZEND_METHOD(Swoole_Atomic_Long, add) {
    zend_long n = 1;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(n)
    ZEND_PARSE_PARAMETERS_END();
    auto *a = a64(ZEND_THIS);
    if (!a) RETURN_THROWS();
    RETURN_LONG(a->add(n));
}

ZEND_METHOD(Swoole_Atomic_Long, sub) {
    zend_long n = 1;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(n)
    ZEND_PARSE_PARAMETERS_END();
    auto *a = a64(ZEND_THIS);
    if (!a) RETURN_THROWS();
    RETURN_LONG(a->sub(n));
}

ZEND_METHOD(Swoole_Atomic_Long, get) {
    ZEND_PARSE_PARAMETERS_NONE();
    auto *a = a64(ZEND_THIS);
    if (!a) RETURN_THROWS();
    RETURN_LONG(a->get());
}

ZEND_METHOD(Swoole_Atomic_Long, set) {
    zend_long value;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(value)
    ZEND_PARSE_PARAMETERS_END();
    if (auto *a = a64(ZEND_THIS)) a->set(value);
}

ZEND_METHOD(Swoole_Atomic_Long, cmpset) {
    zend_long expected, desired;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_LONG(expected)
        Z_PARAM_LONG(desired)
    ZEND_PARSE_PARAMETERS_END();
    auto *a = a64(ZEND_THIS);
    if (!a) RETURN_THROWS();
    RETURN_BOOL(a->cmpset(expected, desired));
}

#include "stubs/shm_atomic_arginfo.h"

void gust::php::shm::register_atomic(int module_number) {
    (void)module_number;
    Atomic32Class::install(register_class_Swoole_Atomic());
    Atomic64Class::install(register_class_Swoole_Atomic_Long());
}
