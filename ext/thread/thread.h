// The thread area of the binding: Swoole\Thread (a PHP script in a new OS thread with a PHP
// request of its own) and the containers threads share. Thread-safe PHP (ZTS) only: on other
// PHPs the classes are not registered, as in Swoole. See docs/php-thread-mode.md.
#pragma once

#include <pthread.h>

#include <string>

#include "gust/thread/value.h"
#include "zend/api.h"

namespace gust::php::thread {

// MINIT of this area (registers nothing without ZTS).
void register_thread_area(int module_number);
// RSHUTDOWN of each thread's request: joins the threads it started and did not detach; the main
// thread then ends the process if detached threads still run (their PHP cannot outlive it).
void thread_rshutdown();

// What a THREAD server (ext/server/) runs around its worker threads' scripts: `enter(arg)` in the
// new thread once its request started, before the script; `leave(arg, status)` at the thread's very
// end (request shut down, PHP resources freed: no PHP there), with the request's exit status.
struct ScriptHooks {
    void (*enter)(void *arg) = nullptr;
    void (*leave)(void *arg, int status) = nullptr;
    void *arg = nullptr;
};
// Runs `script` in a new PHP thread whose Thread::getArguments() gives `args` (an array Value),
// as `new Swoole\Thread` does, but owned by the caller: it joins or detaches `*handle`. Counted
// in Thread::activeCount(). false (errno-style code in the return of pthread_create in `*err`)
// when no thread could start. ZTS only (false elsewhere).
bool start_script_thread(const std::string &script, const gust::thread::Value &args, const ScriptHooks &hooks,
                         pthread_t *handle, int *err);

void register_containers(zend_class_entry *map, zend_class_entry *list);
void register_sync(zend_class_entry *queue, zend_class_entry *lock, zend_class_entry *atomic,
                   zend_class_entry *atomic_long, zend_class_entry *barrier);

}  // namespace gust::php::thread
