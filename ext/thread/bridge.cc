#include "thread/bridge.h"

#include <fcntl.h>
#include <unistd.h>

#include "common/errors.h"
#include "socket/socket.h"
#include "zend/fd.h"
#include "zend_closures.h"

namespace gust::php::thread {
namespace {

// Arrays nest at most this deep when crossing threads (a reference cycle would never end).
constexpr int kMaxDepth = 128;

bool refuse(zval *zv, const char *why) {
    throw_error(swoole_exception_ce(), static_cast<int>(SwooleError::kInvalidParams),
                "a value of type %s cannot be shared between threads (%s); only null, bool, int, float, string, "
                "array and the Swoole\\Thread containers can",
                zend_zval_type_name(zv), why);
    return false;
}

template <class T>
std::shared_ptr<Shared> held(zend_object *obj) {
    if (HandleClass<T>::ce == nullptr || !instanceof_function(obj->ce, HandleClass<T>::ce)) return nullptr;
    return HandleClass<T>::from(obj)->data;
}

// The container behind one of the Thread classes' objects (nullptr for any other object).
std::shared_ptr<Shared> shared_of(zend_object *obj, bool &is_container) {
    is_container = true;
    if (auto p = held<gust::thread::Map>(obj)) return p;
    if (auto p = held<gust::thread::List>(obj)) return p;
    if (auto p = held<gust::thread::Queue>(obj)) return p;
    if (auto p = held<gust::thread::Lock>(obj)) return p;
    if (auto p = held<gust::thread::Atomic>(obj)) return p;
    if (auto p = held<gust::thread::AtomicLong>(obj)) return p;
    if (auto p = held<gust::thread::Barrier>(obj)) return p;
    is_container = false;
    return nullptr;
}

bool is_coroutine_socket(zend_class_entry *ce) {
    static zend_class_entry *socket_ce = nullptr;  // classes of MINIT: the same in every thread
    if (socket_ce == nullptr) {
        socket_ce = static_cast<zend_class_entry *>(
            zend_hash_str_find_ptr(CG(class_table), ZEND_STRL("swoole\\coroutine\\socket")));
    }
    return socket_ce != nullptr && instanceof_function(ce, socket_ce);
}

// A socket or stream crosses as a copy of its fd (the sender may close its own at once).
bool descriptor(zval *zv, Descriptor::Type type, const char *mode, Value &out) {
    int fd = type == Descriptor::kCoroutineSocket ? sock::socket_fd_of(Z_OBJ_P(zv)) : fd_of_zval(zv);
    int copy = fd < 0 ? -1 : fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (copy < 0) return refuse(zv, fd < 0 ? "it is closed, or has no file descriptor" : strerror(errno));
    out = Value(Value::Fd(std::make_shared<const Descriptor>(copy, type, mode)));
    return true;
}

void descriptor_to_zval(const Descriptor &d, zval *out) {
    if (d.type == Descriptor::kCoroutineSocket) {
        zend_object *obj = sock::socket_over_copy_of(d.fd);
        if (obj) {
            ZVAL_OBJ(out, obj);
        } else {
            ZVAL_NULL(out);
        }
        return;
    }
    int copy = fcntl(d.fd, F_DUPFD_CLOEXEC, 0);
    php_stream *stream = copy < 0 ? nullptr : php_stream_fopen_from_fd(copy, d.mode.c_str(), nullptr);
    if (stream == nullptr) {
        if (copy >= 0) close(copy);
        php_error_docref(nullptr, E_WARNING, "cannot open a stream over a copy of fd %d", d.fd);
        ZVAL_NULL(out);
        return;
    }
    php_stream_to_zval(stream, out);
}

template <class T>
void wrap(const std::shared_ptr<Shared> &s, zval *out) {
    zend_object *obj = HandleClass<T>::make();
    HandleClass<T>::from(obj)->data = std::static_pointer_cast<T>(s);
    ZVAL_OBJ(out, obj);
}

bool convert(zval *zv, Value &out, bool in_container, int depth);

bool array_to_container(HashTable *ht, Value &out, int depth) {
    if (zend_array_is_list(ht)) {
        auto list = std::make_shared<gust::thread::List>();
        zval *item;
        ZEND_HASH_FOREACH_VAL(ht, item) {
            Value v;
            if (!convert(item, v, true, depth + 1)) return false;
            list->push(std::move(v));
        }
        ZEND_HASH_FOREACH_END();
        out = Value(Value::Ref(list));
        return true;
    }
    auto map = std::make_shared<gust::thread::Map>();
    zend_ulong h;
    zend_string *key;
    zval *item;
    ZEND_HASH_FOREACH_KEY_VAL(ht, h, key, item) {
        Value v;
        if (!convert(item, v, true, depth + 1)) return false;
        map->set(key ? Key::of(std::string(ZSTR_VAL(key), ZSTR_LEN(key))) : Key::of(static_cast<int64_t>(h)),
                 std::move(v));
    }
    ZEND_HASH_FOREACH_END();
    out = Value(Value::Ref(map));
    return true;
}

bool array_to_value(HashTable *ht, Value &out, int depth) {
    auto entries = std::make_shared<gust::thread::ArrayEntries>();
    entries->reserve(zend_hash_num_elements(ht));
    zend_ulong h;
    zend_string *key;
    zval *item;
    ZEND_HASH_FOREACH_KEY_VAL(ht, h, key, item) {
        Value v;
        if (!convert(item, v, false, depth + 1)) return false;
        entries->emplace_back(
            key ? Key::of(std::string(ZSTR_VAL(key), ZSTR_LEN(key))) : Key::of(static_cast<int64_t>(h)), std::move(v));
    }
    ZEND_HASH_FOREACH_END();
    out = Value(Value::Array(std::move(entries)));
    return true;
}

bool convert(zval *zv, Value &out, bool in_container, int depth) {
    ZVAL_DEREF(zv);
    switch (Z_TYPE_P(zv)) {
        case IS_UNDEF:
        case IS_NULL: out = Value(); return true;
        case IS_FALSE: out = Value(false); return true;
        case IS_TRUE: out = Value(true); return true;
        case IS_LONG: out = Value(static_cast<int64_t>(Z_LVAL_P(zv))); return true;
        case IS_DOUBLE: out = Value(Z_DVAL_P(zv)); return true;
        case IS_STRING: out = Value(std::string(Z_STRVAL_P(zv), Z_STRLEN_P(zv))); return true;
        case IS_ARRAY:
            if (depth >= kMaxDepth) return refuse(zv, "arrays nested too deep, or a reference cycle");
            return in_container ? array_to_container(Z_ARRVAL_P(zv), out, depth)
                                : array_to_value(Z_ARRVAL_P(zv), out, depth);
        case IS_OBJECT: {
            bool is_container;
            auto s = shared_of(Z_OBJ_P(zv), is_container);
            if (s) {
                out = Value(Value::Ref(std::move(s)));
                return true;
            }
            if (is_container) {
                zend_throw_error(nullptr, "%s: the constructor was not called", ZSTR_VAL(Z_OBJCE_P(zv)->name));
                return false;
            }
            if (is_coroutine_socket(Z_OBJCE_P(zv))) return descriptor(zv, Descriptor::kCoroutineSocket, "", out);
            return refuse(zv, Z_OBJCE_P(zv) == zend_ce_closure ? "a Closure" : ZSTR_VAL(Z_OBJCE_P(zv)->name));
        }
        case IS_RESOURCE: {
            php_stream *stream = nullptr;
            if (Z_RES_P(zv)->type == php_file_le_stream() || Z_RES_P(zv)->type == php_file_le_pstream()) {
                stream = static_cast<php_stream *>(Z_RES_P(zv)->ptr);
            }
            if (stream == nullptr) return refuse(zv, "only stream resources can");
            return descriptor(zv, Descriptor::kStream, stream->mode, out);
        }
        default: return refuse(zv, "unsupported type");
    }
}

}  // namespace

bool to_value(zval *zv, Value &out, bool in_container) { return convert(zv, out, in_container, 0); }

void to_zval(const Value &v, zval *out) {
    std::visit(
        [&](const auto &x) {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, Value::Null>) {
                ZVAL_NULL(out);
            } else if constexpr (std::is_same_v<T, bool>) {
                ZVAL_BOOL(out, x);
            } else if constexpr (std::is_same_v<T, int64_t>) {
                ZVAL_LONG(out, x);
            } else if constexpr (std::is_same_v<T, double>) {
                ZVAL_DOUBLE(out, x);
            } else if constexpr (std::is_same_v<T, std::string>) {
                ZVAL_STRINGL_FAST(out, x.data(), x.size());
            } else if constexpr (std::is_same_v<T, Value::Array>) {
                array_init_size(out, static_cast<uint32_t>(x->size()));
                for (const auto &[k, item] : *x) {
                    zval z;
                    to_zval(item, &z);
                    if (k.is_int) {
                        zend_hash_index_update(Z_ARRVAL_P(out), k.i, &z);
                    } else {
                        zend_hash_str_update(Z_ARRVAL_P(out), k.s.data(), k.s.size(), &z);
                    }
                }
            } else if constexpr (std::is_same_v<T, Value::Fd>) {
                descriptor_to_zval(*x, out);
            } else {
                switch (x->kind()) {
                    case Kind::kMap: wrap<gust::thread::Map>(x, out); break;
                    case Kind::kList: wrap<gust::thread::List>(x, out); break;
                    case Kind::kQueue: wrap<gust::thread::Queue>(x, out); break;
                    case Kind::kLock: wrap<gust::thread::Lock>(x, out); break;
                    case Kind::kAtomic: wrap<gust::thread::Atomic>(x, out); break;
                    case Kind::kAtomicLong: wrap<gust::thread::AtomicLong>(x, out); break;
                    case Kind::kBarrier: wrap<gust::thread::Barrier>(x, out); break;
                }
            }
        },
        v.v);
}

bool to_key(zval *zv, Key &out) {
    ZVAL_DEREF(zv);
    switch (Z_TYPE_P(zv)) {
        case IS_LONG: out = Key::of(static_cast<int64_t>(Z_LVAL_P(zv))); return true;
        case IS_STRING: {
            zend_ulong idx;
            if (ZEND_HANDLE_NUMERIC_STR(Z_STRVAL_P(zv), Z_STRLEN_P(zv), idx)) {
                out = Key::of(static_cast<int64_t>(idx));
            } else {
                out = Key::of(std::string(Z_STRVAL_P(zv), Z_STRLEN_P(zv)));
            }
            return true;
        }
        case IS_DOUBLE: out = Key::of(static_cast<int64_t>(zend_dval_to_lval(Z_DVAL_P(zv)))); return true;
        case IS_FALSE: out = Key::of(int64_t{0}); return true;
        case IS_TRUE: out = Key::of(int64_t{1}); return true;
        case IS_UNDEF:
        case IS_NULL: out = Key::of(std::string()); return true;
        case IS_RESOURCE:
            zend_use_resource_as_offset(zv);
            out = Key::of(static_cast<int64_t>(Z_RES_HANDLE_P(zv)));
            return true;
        default: zend_type_error("Illegal offset type"); return false;
    }
}

void key_to_zval(const Key &k, zval *out) {
    if (k.is_int) {
        ZVAL_LONG(out, k.i);
    } else {
        ZVAL_STRINGL_FAST(out, k.s.data(), k.s.size());
    }
}

bool to_index(zval *zv, zend_long &out) {
    Key k;
    if (!to_key(zv, k)) return false;
    if (!k.is_int) {
        zend_type_error("Swoole\\Thread\\ArrayList: an index must be an int, \"%s\" given", k.s.c_str());
        return false;
    }
    out = k.i;
    return true;
}

}  // namespace gust::php::thread
