// The file descriptor behind a PHP value, the one way every API taking "a socket" reads it
// (Swoole\Event::add()/set()/del()/isset(), Coroutine\System::waitEvent()): an int, a stream
// resource, a Socket of ext/sockets (when that extension is loaded), or an object of a class an
// upper area registered (Swoole\Coroutine\Socket) — this area names none of Gust's classes.
#pragma once

#include "zend/api.h"

namespace gust::php {

// The fd of an object of a registered class, or -1 (closed).
using FdOfObject = int (*)(zend_object *obj);
// Teaches fd_from_zval() a class (and its subclasses); at MINIT, a few classes at most.
void register_fd_class(zend_class_entry *ce, FdOfObject fd_of);

// The open fd behind `z`, or -1: an int in [0, INT_MAX], a stream resource (the fd select() would
// watch), a Socket of ext/sockets, or an object of a registered class. A closed stream or socket,
// a negative or unopened int, and any other value are -1.
int fd_of_zval(zval *z);
// The same, with Swoole's warning when there is no fd.
int fd_from_zval(zval *z);

}  // namespace gust::php
