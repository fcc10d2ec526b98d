// A C++ object attached to a zend_object: one PHP class's state `T` lives in front of its
// zend_object (Zend needs the zend_object last: the declared properties follow it).
//
//   struct ChannelState { ...; ~ChannelState() { ... } };
//   zobj::Class<ChannelState>::install(ce);               // create_object, offset, free_obj, no clone
//   ChannelState *c = zobj::Class<ChannelState>::from(Z_OBJ_P(ZEND_THIS));
//
// T is default-constructed when PHP creates the object (or from zobj::Self, its zend_object, when T
// has such a constructor), and destroyed in free_obj, before zend_object_std_dtor (the state may
// still read the object's properties). A T with `void gc(zend_get_gc_buffer *)` gets a get_gc
// handler reporting what it adds besides the properties (callables that may capture the object).
//
// The destructor runs inside free_obj, as the hand-written handlers it replaced did, and each class
// kept their order. PHP code it runs (releasing a zval may call __destruct) can bail out and skip
// the rest of it, as it could then: a new T should release zvals after the C++ state that must not
// leak.
#pragma once

#include <cstring>
#include <new>
#include <type_traits>

#include "zend/api.h"

namespace gust::php::zobj {

// What a T that needs its own zend_object is constructed from. A type of its own, so that no
// aggregate whose first member is a zend_object * is taken for such a T (C++20 lets an aggregate
// be constructed with parentheses).
struct Self {
    zend_object *object;
};

template <typename T>
struct Wrapped {
    T data;
    zend_object std;
};

template <typename T>
struct Class {
    inline static zend_object_handlers handlers;
    inline static zend_class_entry *ce = nullptr;

    static constexpr size_t offset() {
        // Wrapped<T> need not be standard-layout (T may hold std::string); gcc computes the offset
        // all the same, as it did for the hand-written handlers.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"
        return XtOffsetOf(Wrapped<T>, std);
#pragma GCC diagnostic pop
    }

    static Wrapped<T> *wrapped(zend_object *obj) {
        return reinterpret_cast<Wrapped<T> *>(reinterpret_cast<char *>(obj) - offset());
    }
    static T *from(zend_object *obj) { return &wrapped(obj)->data; }
    static T *from(zval *zv) { return from(Z_OBJ_P(zv)); }
    // The zend_object a state belongs to.
    static zend_object *object_of(T *data) { return &reinterpret_cast<Wrapped<T> *>(data)->std; }

    static zend_object *create(zend_class_entry *ce) {
        auto *w = static_cast<Wrapped<T> *>(zend_object_alloc(sizeof(Wrapped<T>), ce));
        if constexpr (std::is_constructible_v<T, Self>) {
            new (&w->data) T(Self{&w->std});
        } else {
            new (&w->data) T();
        }
        zend_object_std_init(&w->std, ce);
        object_properties_init(&w->std, ce);
        w->std.handlers = &handlers;
        return &w->std;
    }

    // A new object of the installed class (for objects the binding makes itself).
    static zend_object *make() { return create(ce); }

    static void free(zend_object *obj) {
        from(obj)->~T();
        zend_object_std_dtor(obj);
    }

    static HashTable *get_gc(zend_object *obj, zval **table, int *n) {
        zend_get_gc_buffer *buf = zend_get_gc_buffer_create();
        from(obj)->gc(buf);
        zend_get_gc_buffer_use(buf, table, n);
        return zend_std_get_properties(obj);
    }

    // Makes `klass` (just registered) create T-backed objects; clone is refused (the state is not
    // copyable in general). `customise(handlers)` may change more handlers (dtor_obj, clone_obj).
    template <typename Customise>
    static void install(zend_class_entry *klass, Customise customise) {
        ce = klass;
        klass->create_object = create;
        memcpy(&handlers, zend_get_std_object_handlers(), sizeof(handlers));
        handlers.offset = static_cast<int>(offset());
        handlers.free_obj = free;
        handlers.clone_obj = nullptr;
        if constexpr (requires(T & t, zend_get_gc_buffer * b) { t.gc(b); }) handlers.get_gc = get_gc;
        customise(handlers);
    }
    static void install(zend_class_entry *klass) {
        install(klass, [](zend_object_handlers &) {});
    }
};

}  // namespace gust::php::zobj
