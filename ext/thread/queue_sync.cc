// Swoole\Thread\Queue, Lock, Atomic, Atomic\Long and Barrier over gust/thread/. Their waits block
// the calling thread (a coroutine in it too), as Swoole's do: they wait for other threads.
#include <cerrno>
#include <sys/file.h>

#include "common/errors.h"
#include "thread/bridge.h"
#include "thread/thread.h"

namespace {

using gust::php::thread::data_of;
using gust::php::thread::HandleClass;
using gust::php::thread::Value;
using QueueData = gust::thread::Queue;
using LockData = gust::thread::Lock;
using AtomicData = gust::thread::Atomic;
using LongData = gust::thread::AtomicLong;
using BarrierData = gust::thread::Barrier;
namespace bridge = gust::php::thread;

// Swoole's lock types (as ext/shm/lock.cc numbers them).
constexpr zend_long kRwLock = 1;

template <class T, class... Args>
void construct(zval *self, Args &&...args) {
    HandleClass<T>::from(self)->data = std::make_shared<T>(std::forward<Args>(args)...);
}

}  // namespace

// ---- Swoole\Thread\Queue

ZEND_METHOD(Swoole_Thread_Queue, __construct) {
    ZEND_PARSE_PARAMETERS_NONE();
    construct<QueueData>(ZEND_THIS);
}

ZEND_METHOD(Swoole_Thread_Queue, push) {
    zval *value;
    zend_long notify = 0;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_ZVAL(value)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(notify)
    ZEND_PARSE_PARAMETERS_END();
    auto *q = data_of<QueueData>(ZEND_THIS);
    Value v;
    if (!q || !bridge::to_value(value, v, true)) RETURN_THROWS();
    q->push(std::move(v), notify == QueueData::kOne   ? QueueData::kOne
                          : notify == QueueData::kAll ? QueueData::kAll
                                                      : QueueData::kNone);
}

// $wait: 0 returns at once, < 0 waits without limit, else at most that many seconds; null when
// nothing came (as Swoole's).
ZEND_METHOD(Swoole_Thread_Queue, pop) {
    double wait = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(wait)
    ZEND_PARSE_PARAMETERS_END();
    auto *q = data_of<QueueData>(ZEND_THIS);
    if (!q) RETURN_THROWS();
    gust::Nanos timeout = wait == 0 ? 0 : gust::seconds_to_nanos(wait);
    if (auto v = q->pop(timeout)) bridge::to_zval(*v, return_value);
}

ZEND_METHOD(Swoole_Thread_Queue, count) {
    ZEND_PARSE_PARAMETERS_NONE();
    auto *q = data_of<QueueData>(ZEND_THIS);
    if (!q) RETURN_THROWS();
    RETURN_LONG(static_cast<zend_long>(q->size()));
}

ZEND_METHOD(Swoole_Thread_Queue, clean) {
    ZEND_PARSE_PARAMETERS_NONE();
    if (auto *q = data_of<QueueData>(ZEND_THIS)) q->clear();
}

// ---- Swoole\Thread\Lock

ZEND_METHOD(Swoole_Thread_Lock, __construct) {
    zend_long type = 3;  // SWOOLE_MUTEX
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(type)
    ZEND_PARSE_PARAMETERS_END();
    construct<LockData>(ZEND_THIS, type == kRwLock);
}

// LOCK_SH shares a SWOOLE_RWLOCK (other types: exclusive); LOCK_NB tries once; $timeout > 0
// waits at most that long, else without limit.
ZEND_METHOD(Swoole_Thread_Lock, lock) {
    zend_long operation = LOCK_EX;
    double timeout = -1;
    ZEND_PARSE_PARAMETERS_START(0, 2)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(operation)
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    auto *l = data_of<LockData>(ZEND_THIS);
    if (!l) RETURN_THROWS();
    bool shared = (operation & ~static_cast<zend_long>(LOCK_NB)) == LOCK_SH;
    gust::Nanos t = (operation & LOCK_NB) ? 0 : timeout > 0 ? gust::seconds_to_nanos(timeout) : -1;
    int rc = l->lock(shared, t);
    if (rc != 0) gust::php::set_last_error(-rc);
    RETURN_BOOL(rc == 0);
}

ZEND_METHOD(Swoole_Thread_Lock, unlock) {
    ZEND_PARSE_PARAMETERS_NONE();
    auto *l = data_of<LockData>(ZEND_THIS);
    if (!l) RETURN_THROWS();
    int rc = l->unlock();
    if (rc != 0) gust::php::set_last_error(-rc);
    RETURN_BOOL(rc == 0);
}

// ---- Swoole\Thread\Atomic (32-bit unsigned, wait/wakeup) and Atomic\Long (64-bit signed)

ZEND_METHOD(Swoole_Thread_Atomic, __construct) {
    zend_long value = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(value)
    ZEND_PARSE_PARAMETERS_END();
    construct<AtomicData>(ZEND_THIS);
    data_of<AtomicData>(ZEND_THIS)->counter.set(static_cast<uint32_t>(value));
}

#define GUST_ATOMIC_OPS(Class, Data, Int)                                                      \
    ZEND_METHOD(Class, add) {                                                                  \
        zend_long n = 1;                                                                       \
        ZEND_PARSE_PARAMETERS_START(0, 1)                                                      \
            Z_PARAM_OPTIONAL                                                                   \
            Z_PARAM_LONG(n)                                                                    \
        ZEND_PARSE_PARAMETERS_END();                                                           \
        auto *a = data_of<Data>(ZEND_THIS);                                                    \
        if (!a) RETURN_THROWS();                                                               \
        RETURN_LONG(a->counter.add(static_cast<Int>(n)));                                      \
    }                                                                                          \
    ZEND_METHOD(Class, sub) {                                                                  \
        zend_long n = 1;                                                                       \
        ZEND_PARSE_PARAMETERS_START(0, 1)                                                      \
            Z_PARAM_OPTIONAL                                                                   \
            Z_PARAM_LONG(n)                                                                    \
        ZEND_PARSE_PARAMETERS_END();                                                           \
        auto *a = data_of<Data>(ZEND_THIS);                                                    \
        if (!a) RETURN_THROWS();                                                               \
        RETURN_LONG(a->counter.sub(static_cast<Int>(n)));                                      \
    }                                                                                          \
    ZEND_METHOD(Class, get) {                                                                  \
        ZEND_PARSE_PARAMETERS_NONE();                                                          \
        auto *a = data_of<Data>(ZEND_THIS);                                                    \
        if (!a) RETURN_THROWS();                                                               \
        RETURN_LONG(a->counter.get());                                                         \
    }                                                                                          \
    ZEND_METHOD(Class, set) {                                                                  \
        zend_long v;                                                                           \
        ZEND_PARSE_PARAMETERS_START(1, 1)                                                      \
            Z_PARAM_LONG(v)                                                                    \
        ZEND_PARSE_PARAMETERS_END();                                                           \
        if (auto *a = data_of<Data>(ZEND_THIS)) a->counter.set(static_cast<Int>(v));           \
    }                                                                                          \
    ZEND_METHOD(Class, cmpset) {                                                               \
        zend_long expected, desired;                                                           \
        ZEND_PARSE_PARAMETERS_START(2, 2)                                                      \
            Z_PARAM_LONG(expected)                                                             \
            Z_PARAM_LONG(desired)                                                              \
        ZEND_PARSE_PARAMETERS_END();                                                           \
        auto *a = data_of<Data>(ZEND_THIS);                                                    \
        if (!a) RETURN_THROWS();                                                               \
        RETURN_BOOL(a->counter.cmpset(static_cast<Int>(expected), static_cast<Int>(desired))); \
    }

GUST_ATOMIC_OPS(Swoole_Thread_Atomic, AtomicData, uint32_t)
GUST_ATOMIC_OPS(Swoole_Thread_Atomic_Long, LongData, int64_t)
#undef GUST_ATOMIC_OPS

ZEND_METHOD(Swoole_Thread_Atomic, wait) {
    double timeout = 1.0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    auto *a = data_of<AtomicData>(ZEND_THIS);
    if (!a) RETURN_THROWS();
    int rc = a->counter.wait(timeout > 0 ? gust::seconds_to_nanos(timeout) : -1);
    if (rc == 0) RETURN_TRUE;
    gust::php::set_last_error(rc == -ETIMEDOUT ? ETIMEDOUT : EINVAL);
    RETURN_FALSE;
}

ZEND_METHOD(Swoole_Thread_Atomic, wakeup) {
    zend_long count = 1;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(count)
    ZEND_PARSE_PARAMETERS_END();
    auto *a = data_of<AtomicData>(ZEND_THIS);
    if (!a) RETURN_THROWS();
    a->counter.wakeup(count < 1 ? 1 : (count > INT32_MAX ? INT32_MAX : static_cast<int>(count)));
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Thread_Atomic_Long, __construct) {
    zend_long value = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(value)
    ZEND_PARSE_PARAMETERS_END();
    construct<LongData>(ZEND_THIS);
    data_of<LongData>(ZEND_THIS)->counter.set(value);
}

// ---- Swoole\Thread\Barrier

ZEND_METHOD(Swoole_Thread_Barrier, __construct) {
    zend_long count;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(count)
    ZEND_PARSE_PARAMETERS_END();
    if (count < 1 || count > INT32_MAX) {
        zend_argument_value_error(1, "must be greater than 0");
        RETURN_THROWS();
    }
    construct<BarrierData>(ZEND_THIS, static_cast<int>(count));
}

ZEND_METHOD(Swoole_Thread_Barrier, wait) {
    ZEND_PARSE_PARAMETERS_NONE();
    if (auto *b = data_of<BarrierData>(ZEND_THIS)) b->wait();
}

void gust::php::thread::register_sync(zend_class_entry *queue, zend_class_entry *lock, zend_class_entry *atomic,
                                      zend_class_entry *atomic_long, zend_class_entry *barrier) {
    HandleClass<QueueData>::install(queue);
    HandleClass<LockData>::install(lock);
    HandleClass<AtomicData>::install(atomic);
    HandleClass<LongData>::install(atomic_long);
    HandleClass<BarrierData>::install(barrier);
}
