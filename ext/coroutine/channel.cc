// Swoole\Coroutine\Channel on the core Channel<T>: values are zvals moved in and out, never copied.
// Method bodies hold no C++ object with a destructor across resumed(): it may longjmp.
#include "coroutine/coroutine.h"
#include "zend/object.h"

#include "gust/base/error.h"
#include "gust/base/log.h"
#include "gust/coro/channel.h"

using gust::php::PhpCoroutine;

namespace {

// Owns one zval reference; moving leaves the source UNDEF.
struct ZvalBox {
    zval v;
    explicit ZvalBox(zval *z) { ZVAL_COPY(&v, z); }
    ZvalBox(ZvalBox &&o) noexcept {
        ZVAL_COPY_VALUE(&v, &o.v);
        ZVAL_UNDEF(&o.v);
    }
    ZvalBox &operator=(ZvalBox &&o) noexcept {
        if (this != &o) {
            zval_ptr_dtor(&v);
            ZVAL_COPY_VALUE(&v, &o.v);
            ZVAL_UNDEF(&o.v);
        }
        return *this;
    }
    ZvalBox(const ZvalBox &) = delete;
    ZvalBox &operator=(const ZvalBox &) = delete;
    ~ZvalBox() { zval_ptr_dtor(&v); }
};

using CoreChannel = gust::coro::Channel<ZvalBox>;

struct ChannelObject {
    CoreChannel *ch = nullptr;  // made by the constructor
    ~ChannelObject() { delete ch; }
    // Buffered values can point back at the channel (an object holding it): show them to the GC.
    void gc(zend_get_gc_buffer *buf) {
        if (ch)
            ch->for_each_buffered(
                [buf](const ZvalBox &box) { zend_get_gc_buffer_add_zval(buf, const_cast<zval *>(&box.v)); });
    }
};
using ChannelClass = gust::php::zobj::Class<ChannelObject>;

zend_class_entry *ce_channel = nullptr;

enum : zend_long { kChannelOk = 0, kChannelTimeout = -1, kChannelClosed = -2, kChannelCanceled = -3 };

ChannelObject *from_obj(zend_object *obj) { return ChannelClass::from(obj); }

zend_long channel_code(int rc) {
    switch (rc) {
        case 0: return kChannelOk;
        case gust::kErrTimedOut: return kChannelTimeout;
        case gust::kErrClosed: return kChannelClosed;
        default: return kChannelCanceled;
    }
}

void set_err(zend_object *obj, zend_long code) {
    zend_update_property_long(ce_channel, obj, ZEND_STRL("errCode"), code);
}

CoreChannel *channel_of(zval *self) {
    CoreChannel *ch = from_obj(Z_OBJ_P(self))->ch;
    if (!ch) zend_throw_error(nullptr, "Swoole\\Coroutine\\Channel: you must call constructor first");
    return ch;
}

// The C++ part of push/pop, kept out of the method bodies (see the file comment).
// Swoole waits without a deadline unless the timeout is positive: 0 waits like -1 (it is not a try).
gust::Nanos channel_deadline(double seconds) { return seconds > 0 ? gust::seconds_to_nanos(seconds) : -1; }

int do_push(CoreChannel *ch, zval *data, gust::Nanos timeout) { return ch->push(ZvalBox(data), timeout); }

int do_pop(CoreChannel *ch, gust::Nanos timeout, zval *out) {
    auto r = ch->pop(timeout);
    if (!r) return r.error().code;
    ZVAL_COPY_VALUE(out, &r->v);
    ZVAL_UNDEF(&r->v);
    return 0;
}

}  // namespace

ZEND_METHOD(Swoole_Coroutine_Channel, __construct) {
    zend_long size = 1;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(size)
    ZEND_PARSE_PARAMETERS_END();
    if (size < 1) size = 1;
    ChannelObject *c = from_obj(Z_OBJ_P(ZEND_THIS));
    if (c->ch) {
        zend_throw_error(nullptr, "Swoole\\Coroutine\\Channel is already constructed");
        return;
    }
    c->ch = new CoreChannel(static_cast<size_t>(size));
    zend_update_property_long(ce_channel, Z_OBJ_P(ZEND_THIS), ZEND_STRL("capacity"), size);
}

ZEND_METHOD(Swoole_Coroutine_Channel, push) {
    zval *data;
    double timeout = -1;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_ZVAL(data)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    CoreChannel *ch = channel_of(ZEND_THIS);
    if (!ch) return;
    PhpCoroutine *p = gust::php::require_coroutine();
    if (p->kill) RETURN_FALSE;
    int rc = do_push(ch, data, channel_deadline(timeout));
    if (!gust::php::resumed(p)) return;
    if (rc != 0) {
        set_err(Z_OBJ_P(ZEND_THIS), channel_code(rc));
        RETURN_FALSE;
    }
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Channel, pop) {
    double timeout = -1;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    CoreChannel *ch = channel_of(ZEND_THIS);
    if (!ch) return;
    PhpCoroutine *p = gust::php::require_coroutine();
    if (p->kill) RETURN_FALSE;
    int rc = do_pop(ch, channel_deadline(timeout), return_value);
    if (!gust::php::resumed(p)) {
        zval_ptr_dtor(return_value);
        ZVAL_UNDEF(return_value);
        return;
    }
    if (rc != 0) {
        set_err(Z_OBJ_P(ZEND_THIS), channel_code(rc));
        RETURN_FALSE;
    }
}

ZEND_METHOD(Swoole_Coroutine_Channel, isEmpty) {
    ZEND_PARSE_PARAMETERS_NONE();
    CoreChannel *ch = channel_of(ZEND_THIS);
    if (!ch) return;
    RETURN_BOOL(ch->empty());
}

ZEND_METHOD(Swoole_Coroutine_Channel, isFull) {
    ZEND_PARSE_PARAMETERS_NONE();
    CoreChannel *ch = channel_of(ZEND_THIS);
    if (!ch) return;
    RETURN_BOOL(ch->full());
}

ZEND_METHOD(Swoole_Coroutine_Channel, close) {
    ZEND_PARSE_PARAMETERS_NONE();
    CoreChannel *ch = channel_of(ZEND_THIS);
    if (!ch) return;
    if (ch->closed()) RETURN_FALSE;
    ch->close();
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Channel, stats) {
    ZEND_PARSE_PARAMETERS_NONE();
    CoreChannel *ch = channel_of(ZEND_THIS);
    if (!ch) return;
    array_init(return_value);
    add_assoc_long(return_value, "consumer_num", static_cast<zend_long>(ch->consumers()));
    add_assoc_long(return_value, "producer_num", static_cast<zend_long>(ch->producers()));
    add_assoc_long(return_value, "queue_num", static_cast<zend_long>(ch->length()));
}

ZEND_METHOD(Swoole_Coroutine_Channel, length) {
    ZEND_PARSE_PARAMETERS_NONE();
    CoreChannel *ch = channel_of(ZEND_THIS);
    if (!ch) return;
    RETURN_LONG(static_cast<zend_long>(ch->length()));
}

#include "stubs/coroutine_channel_arginfo.h"

void gust::php::warn_discarded_channel_waiters() {
    if (!ce_channel) return;
    zend_objects_store *store = &EG(objects_store);
    for (uint32_t i = 1; i < store->top; ++i) {
        zend_object *obj = store->object_buckets[i];
        if (!IS_OBJ_VALID(obj) || !instanceof_function(obj->ce, ce_channel)) continue;
        const CoreChannel *ch = from_obj(obj)->ch;
        if (!ch) continue;
        // Swoole's log lines, written when its channel is freed with waiters still on it.
        constexpr int kDiscarded = gust::php::code(gust::php::SwooleError::kCoHasBeenDiscarded);
        if (ch->producers() > 0) {
            GUST_LOG_WARN("Channel::~Channel() (ERRNO %d): channel is destroyed, %zu producers will be discarded",
                          kDiscarded, ch->producers());
        }
        if (ch->consumers() > 0) {
            GUST_LOG_WARN("Channel::~Channel() (ERRNO %d): channel is destroyed, %zu consumers will be discarded",
                          kDiscarded, ch->consumers());
        }
    }
}

void gust::php::register_channel(int module_number) {
    ce_channel = register_class_Swoole_Coroutine_Channel();
    ChannelClass::install(ce_channel);
    REGISTER_LONG_CONSTANT("SWOOLE_CHANNEL_OK", kChannelOk, CONST_CS | CONST_PERSISTENT);
    REGISTER_LONG_CONSTANT("SWOOLE_CHANNEL_TIMEOUT", kChannelTimeout, CONST_CS | CONST_PERSISTENT);
    REGISTER_LONG_CONSTANT("SWOOLE_CHANNEL_CLOSED", kChannelClosed, CONST_CS | CONST_PERSISTENT);
    REGISTER_LONG_CONSTANT("SWOOLE_CHANNEL_CANCELED", kChannelCanceled, CONST_CS | CONST_PERSISTENT);
}
