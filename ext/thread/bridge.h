// Between PHP values and the values threads share (gust/thread/value.h): what may cross threads
// and how. Scalars, strings and arrays are copied; the Thread containers are shared (each thread
// gets its own PHP object for the same container); a Coroutine\Socket or a stream crosses as a
// copy of its fd (each reader gets a new object over a further copy). Objects of other classes,
// other resources and closures cannot cross: a Swoole\Exception says which value it was.
#pragma once

#include <memory>

#include "gust/thread/containers.h"
#include "gust/thread/sync.h"
#include "zend/api.h"
#include "zend/object.h"

namespace gust::php::thread {

using gust::thread::Descriptor;
using gust::thread::Key;
using gust::thread::Kind;
using gust::thread::Shared;
using gust::thread::Value;

// The state of a container's PHP object: the container, set by __construct or when a value read
// from another container (or a thread's arguments) becomes an object.
template <class T>
struct Handle {
    std::shared_ptr<T> data;
};
template <class T>
using HandleClass = zobj::Class<Handle<T>>;

// The container behind `self`, or nullptr with an Error thrown (a subclass that skipped the
// constructor).
template <class T>
T *data_of(zval *self) {
    T *d = HandleClass<T>::from(self)->data.get();
    if (d == nullptr) zend_throw_error(nullptr, "%s: the constructor was not called", ZSTR_VAL(Z_OBJCE_P(self)->name));
    return d;
}

// `zv` as a value another thread can read. `in_container`: an array becomes a new Thread\ArrayList
// (a list) or Thread\Map (as Swoole stores arrays in its containers); else it is copied as an
// array. false, with the exception thrown, for what cannot cross threads.
bool to_value(zval *zv, Value &out, bool in_container);
void to_zval(const Value &v, zval *out);

// A container key with PHP's array-key rules (numeric strings, floats, bools and null as PHP
// converts them; a resource by its id, with PHP's warning). false with a TypeError for the rest.
bool to_key(zval *zv, Key &out);
void key_to_zval(const Key &k, zval *out);

// The index of a Thread\ArrayList: an int (or what PHP would use as one); false with an error thrown.
bool to_index(zval *zv, zend_long &out);

}  // namespace gust::php::thread
