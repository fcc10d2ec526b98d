// BASE mode's shared worker status block (base_status.h). One 32-bit word per worker slot:
// 0 not running, 1 idle, 2 busy. Only the worker owning a slot writes it; readers take a snapshot.
#include "server/base_status.h"

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <new>

namespace gust::php::srv {
namespace {

enum : int32_t { kStopped = 0, kIdle = 1, kBusy = 2 };

std::atomic<int32_t> *g_block = nullptr;  // the block, inherited by every child
size_t g_slots = 0;
std::atomic<int32_t> *g_own = nullptr;  // this worker's slot

}  // namespace

bool base_status_create(Server *s) {
    base_status_free();
    const size_t slots = static_cast<size_t>(s->settings.worker_num + s->settings.task_worker_num);
    if (slots == 0) return true;
    void *p =
        mmap(nullptr, slots * sizeof(std::atomic<int32_t>), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return false;
    g_block = new (p) std::atomic<int32_t>[slots];
    for (size_t i = 0; i < slots; ++i) g_block[i].store(kStopped, std::memory_order_relaxed);
    g_slots = slots;
    return true;
}

void base_status_free() {
    if (g_block) munmap(g_block, g_slots * sizeof(std::atomic<int32_t>));
    g_block = g_own = nullptr;
    g_slots = 0;
}

void base_status_worker(zend_long worker_id, bool running) {
    if (!g_block || worker_id < 0 || static_cast<size_t>(worker_id) >= g_slots) return;
    g_own = &g_block[worker_id];
    g_own->store(running ? kIdle : kStopped, std::memory_order_relaxed);
    if (!running) g_own = nullptr;
}

void base_status_busy(bool busy) {
    if (g_own) g_own->store(busy ? kBusy : kIdle, std::memory_order_relaxed);
}

zend_long base_status_of(zend_long worker_id) {
    if (!g_block || worker_id < 0 || static_cast<size_t>(worker_id) >= g_slots) return 0;
    const int32_t v = g_block[worker_id].load(std::memory_order_relaxed);
    return v == kBusy ? 1 : v == kIdle ? 2 : 0;
}

zend_long base_status_idle(Server *s, bool task) {
    if (!g_block) return -1;
    const size_t first = task ? static_cast<size_t>(s->settings.worker_num) : 0;
    const size_t end = task ? g_slots : std::min(g_slots, static_cast<size_t>(s->settings.worker_num));
    zend_long idle = 0;
    for (size_t i = first; i < end; ++i) idle += g_block[i].load(std::memory_order_relaxed) == kIdle;
    return idle;
}

}  // namespace gust::php::srv
