// request_timeout's CPU guard (cpu_guard.h): the deadlines by due time, the watchdog thread and
// the chained interrupt function.
#include "coroutine/cpu_guard.h"

#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <map>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "coroutine/coroutine.h"

extern "C" {
#include "zend_exceptions.h"
}

extern "C" {
#include "zend_execute.h"
}

namespace gust::php::cpu_guard {

namespace {

struct Entry {
    coro::CoroutineId cid;
    ExpireFn expire;
    void *arg;
};

// The watchdog's side: the earliest due time (INT64_MAX: none) and the request to interrupt.
struct Watchdog {
    std::mutex mu;
    std::condition_variable cv;
    std::atomic<int64_t> earliest{INT64_MAX};
    std::atomic<bool> pending{false};  // raised with EG(vm_interrupt); taken by the PHP thread
    pid_t pid = 0;                     // the process whose thread this is (a fork has none)
    // The PHP thread's EG(vm_interrupt): on thread-safe PHP, EG() in the watchdog thread would be
    // the watchdog's own (absent) executor globals, so the PHP thread hands over its flag.
    std::atomic<zend_atomic_bool *> interrupt{nullptr};
    bool quit = false;  // mu: the PHP thread's request ended; the watchdog frees itself
};

// Each PHP thread's own (the worker threads of a THREAD server each have theirs, with a watchdog
// of their own). A watchdog is freed by its own thread once told to quit (stop_thread()); until
// then a forked child leaks its parent's copy (its mutex may have been held at fork) and makes its own.
thread_local std::multimap<Nanos, uint64_t> g_by_due;
thread_local std::unordered_map<uint64_t, std::pair<std::multimap<Nanos, uint64_t>::iterator, Entry>> g_entries;
thread_local uint64_t g_next = 0;
thread_local Watchdog *g_dog = nullptr;
// The engine's interrupt function is process-wide: ours is chained once, and each thread's call
// looks at that thread's watchdog.
void (*g_previous_interrupt)(zend_execute_data *) = nullptr;
std::once_flag g_hooked;

void *watchdog_main(void *arg) {
    auto *dog = static_cast<Watchdog *>(arg);
    std::unique_lock<std::mutex> lock(dog->mu);
    for (;;) {
        if (dog->quit) break;
        const int64_t earliest = dog->earliest.load(std::memory_order_acquire);
        const int64_t due = earliest == INT64_MAX ? INT64_MAX : earliest + kGrace;
        const Nanos now = monotonic_now();
        if (due == INT64_MAX) {
            dog->cv.wait(lock);
            continue;
        }
        if (now < due) {
            dog->cv.wait_for(lock, std::chrono::nanoseconds(due - now));
            continue;
        }
        // Overdue and not forgotten: the PHP thread has not been back to its loop since.
        dog->pending.store(true, std::memory_order_release);
        if (zend_atomic_bool *flag = dog->interrupt.load(std::memory_order_acquire)) zend_atomic_bool_store(flag, true);
        dog->cv.wait_for(lock, std::chrono::nanoseconds(kRecheck));
    }
    lock.unlock();
    delete dog;
    return nullptr;
}

void publish_earliest() {
    const int64_t due = g_by_due.empty() ? INT64_MAX : g_by_due.begin()->first;
    const int64_t before = g_dog->earliest.exchange(due, std::memory_order_acq_rel);
    // Only an earlier due time needs the thread woken; a later one it finds by itself.
    if (due < before) {
        std::lock_guard<std::mutex> lock(g_dog->mu);
        g_dog->cv.notify_one();
    }
}

void forget_entry(uint64_t handle);

void on_interrupt(zend_execute_data *execute_data) {
    if (g_dog && g_dog->pending.exchange(false, std::memory_order_acq_rel)) {
        const coro::CoroutineId cid = coro::current_id();
        PhpCoroutine *current_php = current();
        const Nanos overdue = monotonic_now() - kGrace;
        std::vector<uint64_t> answered;
        bool thrown = false;
        for (auto it = g_by_due.begin(); it != g_by_due.end() && it->first <= overdue; ++it) {
            const Entry &e = g_entries.at(it->second).second;
            const bool mine = e.cid ? e.cid == cid : current_php && current_php->on_finish.arg == e.arg;
            const bool running = mine && !thrown;
            const Verdict v = e.expire(e.arg, running);
            if (v == Verdict::kAnswered) answered.push_back(it->second);
            if (v == Verdict::kInterrupt && running) {
                // Ends the coroutine as a shutdown does: an exit() nobody can catch (destructors
                // run, finally blocks do not), cleared silently at its bottom; the worker goes on.
                answered.push_back(it->second);
                thrown = true;
                PhpCoroutine *p = current();
                if (!p || EG(exception)) continue;
                php_error_docref(nullptr, E_WARNING,
                                 "request_timeout: the request ran PHP without yielding past its deadline; "
                                 "its coroutine #%lld is ended",
                                 static_cast<long long>(cid));
                p->kill = true;
                if (!EG(exception)) zend_throw_unwind_exit();
            }
        }
        for (uint64_t h : answered) forget_entry(h);
        if (!answered.empty()) publish_earliest();
    }
    if (g_previous_interrupt) g_previous_interrupt(execute_data);
}

void forget_entry(uint64_t handle) {
    auto found = g_entries.find(handle);
    if (found == g_entries.end()) return;
    g_by_due.erase(found->second.first);
    g_entries.erase(found);
}

bool start_watchdog() {
    const pid_t pid = getpid();
    if (g_dog && g_dog->pid == pid) return true;
    // A forked child: its parent's deadlines are not its own.
    g_by_due.clear();
    g_entries.clear();
    auto *dog = new Watchdog();
    dog->pid = pid;
    pthread_t thread;
    if (pthread_create(&thread, nullptr, watchdog_main, dog) != 0) {
        delete dog;
        return false;
    }
    pthread_detach(thread);
    g_dog = dog;
    return true;
}

}  // namespace

uint64_t watch(coro::CoroutineId cid, Nanos due, ExpireFn expire, void *arg) {
    if (!start_watchdog()) return 0;  // no thread: the loop's timer still serves yielding PHP
    g_dog->interrupt.store(&EG(vm_interrupt), std::memory_order_release);
    std::call_once(g_hooked, [] {
        g_previous_interrupt = zend_interrupt_function;
        zend_interrupt_function = on_interrupt;
    });
    const uint64_t handle = ++g_next;
    auto it = g_by_due.emplace(due, handle);
    g_entries.emplace(handle, std::make_pair(it, Entry{cid, expire, arg}));
    publish_earliest();
    return handle;
}

void forget(uint64_t handle) {
    if (!handle || !g_entries.count(handle)) return;
    forget_entry(handle);
    publish_earliest();
}

void stop_thread() {
    g_by_due.clear();
    g_entries.clear();
    Watchdog *dog = g_dog;
    g_dog = nullptr;
    if (!dog || dog->pid != getpid()) return;  // a forked child's inherited copy has no thread here
    // Under the lock the watchdog is not touching the flag: once it sees `quit` it never will.
    std::lock_guard<std::mutex> lock(dog->mu);
    dog->interrupt.store(nullptr, std::memory_order_release);
    dog->quit = true;
    dog->cv.notify_one();
}

}  // namespace gust::php::cpu_guard
