// The thread area of the binding: Swoole\Thread (a PHP script in a new OS thread with a PHP
// request of its own) and the containers threads share. Thread-safe PHP (ZTS) only: on other
// PHPs the classes are not registered, as in Swoole. See docs/php-thread-mode.md.
#pragma once

#include "zend/api.h"

namespace gust::php::thread {

// MINIT of this area (registers nothing without ZTS).
void register_thread_area(int module_number);
// RSHUTDOWN of each thread's request: joins the threads it started and did not detach; the main
// thread then ends the process if detached threads still run (their PHP cannot outlive it).
void thread_rshutdown();

void register_containers(zend_class_entry *map, zend_class_entry *list);
void register_sync(zend_class_entry *queue, zend_class_entry *lock, zend_class_entry *atomic,
                   zend_class_entry *atomic_long, zend_class_entry *barrier);

}  // namespace gust::php::thread
