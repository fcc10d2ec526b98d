// Swoole\Thread\Map and Swoole\Thread\ArrayList: PHP objects over the shared containers of
// gust/thread/containers.h. Reading a value copies it into this thread; storing one copies it
// out (an array becomes a nested Map or ArrayList, as Swoole stores it).
#include "thread/bridge.h"
#include "thread/thread.h"

namespace {

using gust::php::thread::data_of;
using gust::php::thread::Key;
using gust::php::thread::Value;
using MapData = gust::thread::Map;
using ListData = gust::thread::List;
namespace bridge = gust::php::thread;

MapData *map(zval *self) { return data_of<MapData>(self); }
ListData *list(zval *self) { return data_of<ListData>(self); }

// PHP's ordering of two stored values (sort(), asort()).
bool php_less(const Value &a, const Value &b) {
    zval x, y;
    bridge::to_zval(a, &x);
    bridge::to_zval(b, &y);
    bool less = zend_compare(&x, &y) < 0;
    zval_ptr_dtor(&x);
    zval_ptr_dtor(&y);
    return less;
}

// incr()/decr()'s delta: an int, or a float when given one (PHP's number conversion otherwise).
Value delta_of(zval *zv, bool negate) {
    ZVAL_DEREF(zv);
    Value d = Z_TYPE_P(zv) == IS_DOUBLE ? Value(Z_DVAL_P(zv)) : Value(static_cast<int64_t>(zval_get_long(zv)));
    return negate ? gust::thread::negate(d) : d;
}

void entries_to_array(const gust::thread::ArrayEntries &entries, zval *out) {
    array_init_size(out, static_cast<uint32_t>(entries.size()));
    for (const auto &[k, v] : entries) {
        zval z;
        bridge::to_zval(v, &z);
        if (k.is_int) {
            zend_hash_index_update(Z_ARRVAL_P(out), k.i, &z);
        } else {
            zend_hash_str_update(Z_ARRVAL_P(out), k.s.data(), k.s.size(), &z);
        }
    }
}

void map_incr(INTERNAL_FUNCTION_PARAMETERS, bool negate) {
    zval *key, *delta = nullptr;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_ZVAL(key)
        Z_PARAM_OPTIONAL
        Z_PARAM_ZVAL(delta)
    ZEND_PARSE_PARAMETERS_END();
    auto *m = map(ZEND_THIS);
    Key k;
    if (!m || !bridge::to_key(key, k)) RETURN_THROWS();
    zval one;
    ZVAL_LONG(&one, 1);
    bridge::to_zval(m->increment(k, delta_of(delta ? delta : &one, negate)), return_value);
}

void list_incr(INTERNAL_FUNCTION_PARAMETERS, bool negate) {
    zval *key, *delta = nullptr;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_ZVAL(key)
        Z_PARAM_OPTIONAL
        Z_PARAM_ZVAL(delta)
    ZEND_PARSE_PARAMETERS_END();
    auto *l = list(ZEND_THIS);
    zend_long i;
    if (!l || !bridge::to_index(key, i)) RETURN_THROWS();
    zval one;
    ZVAL_LONG(&one, 1);
    auto v = i < 0 ? std::nullopt : l->increment(static_cast<size_t>(i), delta_of(delta ? delta : &one, negate));
    if (!v) {
        zend_throw_error(zend_ce_value_error, "Swoole\\Thread\\ArrayList: index " ZEND_LONG_FMT " is out of range", i);
        RETURN_THROWS();
    }
    bridge::to_zval(*v, return_value);
}

}  // namespace

// ---- Swoole\Thread\Map

ZEND_METHOD(Swoole_Thread_Map, __construct) {
    HashTable *init = nullptr;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_ARRAY_HT_OR_NULL(init)
    ZEND_PARSE_PARAMETERS_END();
    auto m = std::make_shared<MapData>();
    if (init) {
        zend_ulong h;
        zend_string *key;
        zval *item;
        ZEND_HASH_FOREACH_KEY_VAL(init, h, key, item) {
            Value v;
            if (!bridge::to_value(item, v, true)) RETURN_THROWS();
            m->set(key ? Key::of(std::string(ZSTR_VAL(key), ZSTR_LEN(key))) : Key::of(static_cast<int64_t>(h)),
                   std::move(v));
        }
        ZEND_HASH_FOREACH_END();
    }
    bridge::HandleClass<MapData>::from(ZEND_THIS)->data = std::move(m);
}

ZEND_METHOD(Swoole_Thread_Map, offsetGet) {
    zval *key;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ZVAL(key)
    ZEND_PARSE_PARAMETERS_END();
    auto *m = map(ZEND_THIS);
    Key k;
    if (!m || !bridge::to_key(key, k)) RETURN_THROWS();
    if (auto v = m->get(k)) bridge::to_zval(*v, return_value);
}

ZEND_METHOD(Swoole_Thread_Map, offsetExists) {
    zval *key;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ZVAL(key)
    ZEND_PARSE_PARAMETERS_END();
    auto *m = map(ZEND_THIS);
    Key k;
    if (!m || !bridge::to_key(key, k)) RETURN_THROWS();
    RETURN_BOOL(m->exists(k));
}

ZEND_METHOD(Swoole_Thread_Map, offsetSet) {
    zval *key, *value;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_ZVAL(key)
        Z_PARAM_ZVAL(value)
    ZEND_PARSE_PARAMETERS_END();
    auto *m = map(ZEND_THIS);
    Key k;
    Value v;
    if (!m || !bridge::to_key(key, k) || !bridge::to_value(value, v, true)) RETURN_THROWS();
    m->set(k, std::move(v));
}

ZEND_METHOD(Swoole_Thread_Map, offsetUnset) {
    zval *key;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ZVAL(key)
    ZEND_PARSE_PARAMETERS_END();
    auto *m = map(ZEND_THIS);
    Key k;
    if (!m || !bridge::to_key(key, k)) RETURN_THROWS();
    m->erase(k);
}

ZEND_METHOD(Swoole_Thread_Map, find) {
    zval *value;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ZVAL(value)
    ZEND_PARSE_PARAMETERS_END();
    auto *m = map(ZEND_THIS);
    Value v;
    if (!m || !bridge::to_value(value, v, false)) RETURN_THROWS();
    if (auto k = m->find(v)) bridge::key_to_zval(*k, return_value);
}

ZEND_METHOD(Swoole_Thread_Map, count) {
    ZEND_PARSE_PARAMETERS_NONE();
    auto *m = map(ZEND_THIS);
    if (!m) RETURN_THROWS();
    RETURN_LONG(static_cast<zend_long>(m->size()));
}

ZEND_METHOD(Swoole_Thread_Map, keys) {
    ZEND_PARSE_PARAMETERS_NONE();
    auto *m = map(ZEND_THIS);
    if (!m) RETURN_THROWS();
    auto entries = m->entries();
    array_init_size(return_value, static_cast<uint32_t>(entries.size()));
    for (const auto &e : entries) {
        zval z;
        bridge::key_to_zval(e.first, &z);
        add_next_index_zval(return_value, &z);
    }
}

ZEND_METHOD(Swoole_Thread_Map, values) {
    ZEND_PARSE_PARAMETERS_NONE();
    auto *m = map(ZEND_THIS);
    if (!m) RETURN_THROWS();
    auto entries = m->entries();
    array_init_size(return_value, static_cast<uint32_t>(entries.size()));
    for (const auto &e : entries) {
        zval z;
        bridge::to_zval(e.second, &z);
        add_next_index_zval(return_value, &z);
    }
}

ZEND_METHOD(Swoole_Thread_Map, incr) { map_incr(INTERNAL_FUNCTION_PARAM_PASSTHRU, false); }
ZEND_METHOD(Swoole_Thread_Map, decr) { map_incr(INTERNAL_FUNCTION_PARAM_PASSTHRU, true); }

ZEND_METHOD(Swoole_Thread_Map, add) {
    zval *key, *value;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_ZVAL(key)
        Z_PARAM_ZVAL(value)
    ZEND_PARSE_PARAMETERS_END();
    auto *m = map(ZEND_THIS);
    Key k;
    Value v;
    if (!m || !bridge::to_key(key, k) || !bridge::to_value(value, v, true)) RETURN_THROWS();
    RETURN_BOOL(m->add(k, std::move(v)));
}

ZEND_METHOD(Swoole_Thread_Map, update) {
    zval *key, *value;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_ZVAL(key)
        Z_PARAM_ZVAL(value)
    ZEND_PARSE_PARAMETERS_END();
    auto *m = map(ZEND_THIS);
    Key k;
    Value v;
    if (!m || !bridge::to_key(key, k) || !bridge::to_value(value, v, true)) RETURN_THROWS();
    RETURN_BOOL(m->update(k, std::move(v)));
}

ZEND_METHOD(Swoole_Thread_Map, clean) {
    ZEND_PARSE_PARAMETERS_NONE();
    if (auto *m = map(ZEND_THIS)) m->clear();
}

ZEND_METHOD(Swoole_Thread_Map, toArray) {
    ZEND_PARSE_PARAMETERS_NONE();
    auto *m = map(ZEND_THIS);
    if (!m) RETURN_THROWS();
    entries_to_array(m->entries(), return_value);
}

// asort(): by value, keys kept with their values.
ZEND_METHOD(Swoole_Thread_Map, sort) {
    ZEND_PARSE_PARAMETERS_NONE();
    if (auto *m = map(ZEND_THIS)) m->sort(php_less);
}

// ---- Swoole\Thread\ArrayList

ZEND_METHOD(Swoole_Thread_ArrayList, __construct) {
    HashTable *init = nullptr;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_ARRAY_HT_OR_NULL(init)
    ZEND_PARSE_PARAMETERS_END();
    auto l = std::make_shared<ListData>();
    if (init) {
        if (!zend_array_is_list(init)) {
            zend_argument_value_error(1, "must be an array of type list");
            RETURN_THROWS();
        }
        zval *item;
        ZEND_HASH_FOREACH_VAL(init, item) {
            Value v;
            if (!bridge::to_value(item, v, true)) RETURN_THROWS();
            l->push(std::move(v));
        }
        ZEND_HASH_FOREACH_END();
    }
    bridge::HandleClass<ListData>::from(ZEND_THIS)->data = std::move(l);
}

ZEND_METHOD(Swoole_Thread_ArrayList, offsetGet) {
    zval *key;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ZVAL(key)
    ZEND_PARSE_PARAMETERS_END();
    auto *l = list(ZEND_THIS);
    zend_long i;
    if (!l || !bridge::to_index(key, i)) RETURN_THROWS();
    if (auto v = i < 0 ? std::nullopt : l->get(static_cast<size_t>(i))) bridge::to_zval(*v, return_value);
}

ZEND_METHOD(Swoole_Thread_ArrayList, offsetExists) {
    zval *key;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ZVAL(key)
    ZEND_PARSE_PARAMETERS_END();
    auto *l = list(ZEND_THIS);
    zend_long i;
    if (!l || !bridge::to_index(key, i)) RETURN_THROWS();
    RETURN_BOOL(i >= 0 && static_cast<size_t>(i) < l->size());
}

// $list[] = v appends; $list[i] = v replaces, or appends at i == count; beyond: an error (no holes).
ZEND_METHOD(Swoole_Thread_ArrayList, offsetSet) {
    zval *key, *value;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_ZVAL(key)
        Z_PARAM_ZVAL(value)
    ZEND_PARSE_PARAMETERS_END();
    auto *l = list(ZEND_THIS);
    if (!l) RETURN_THROWS();
    Value v;
    if (Z_TYPE_P(key) == IS_NULL) {
        if (!bridge::to_value(value, v, true)) RETURN_THROWS();
        l->push(std::move(v));
        return;
    }
    zend_long i;
    if (!bridge::to_index(key, i) || !bridge::to_value(value, v, true)) RETURN_THROWS();
    if (i < 0 || !l->set(static_cast<size_t>(i), std::move(v))) {
        zend_throw_error(zend_ce_value_error, "Swoole\\Thread\\ArrayList: index " ZEND_LONG_FMT " is out of range", i);
    }
}

// Removes the value; the ones after it move down (a list has no holes).
ZEND_METHOD(Swoole_Thread_ArrayList, offsetUnset) {
    zval *key;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ZVAL(key)
    ZEND_PARSE_PARAMETERS_END();
    auto *l = list(ZEND_THIS);
    zend_long i;
    if (!l || !bridge::to_index(key, i)) RETURN_THROWS();
    if (i < 0 || !l->erase(static_cast<size_t>(i))) {
        zend_throw_error(zend_ce_value_error, "Swoole\\Thread\\ArrayList: index " ZEND_LONG_FMT " is out of range", i);
    }
}

ZEND_METHOD(Swoole_Thread_ArrayList, find) {
    zval *value;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ZVAL(value)
    ZEND_PARSE_PARAMETERS_END();
    auto *l = list(ZEND_THIS);
    Value v;
    if (!l || !bridge::to_value(value, v, false)) RETURN_THROWS();
    auto i = l->find(v);
    RETURN_LONG(i ? static_cast<zend_long>(*i) : -1);
}

ZEND_METHOD(Swoole_Thread_ArrayList, count) {
    ZEND_PARSE_PARAMETERS_NONE();
    auto *l = list(ZEND_THIS);
    if (!l) RETURN_THROWS();
    RETURN_LONG(static_cast<zend_long>(l->size()));
}

ZEND_METHOD(Swoole_Thread_ArrayList, incr) { list_incr(INTERNAL_FUNCTION_PARAM_PASSTHRU, false); }
ZEND_METHOD(Swoole_Thread_ArrayList, decr) { list_incr(INTERNAL_FUNCTION_PARAM_PASSTHRU, true); }

ZEND_METHOD(Swoole_Thread_ArrayList, clean) {
    ZEND_PARSE_PARAMETERS_NONE();
    if (auto *l = list(ZEND_THIS)) l->clear();
}

ZEND_METHOD(Swoole_Thread_ArrayList, toArray) {
    ZEND_PARSE_PARAMETERS_NONE();
    auto *l = list(ZEND_THIS);
    if (!l) RETURN_THROWS();
    auto values = l->values();
    array_init_size(return_value, static_cast<uint32_t>(values.size()));
    for (const auto &v : values) {
        zval z;
        bridge::to_zval(v, &z);
        add_next_index_zval(return_value, &z);
    }
}

ZEND_METHOD(Swoole_Thread_ArrayList, sort) {
    ZEND_PARSE_PARAMETERS_NONE();
    if (auto *l = list(ZEND_THIS)) l->sort(php_less);
}

void gust::php::thread::register_containers(zend_class_entry *map_ce, zend_class_entry *list_ce) {
    HandleClass<MapData>::install(map_ce);
    HandleClass<ListData>::install(list_ce);
}
