// BASE mode's shared worker status block (base_status.h). Per worker slot: its state (0 not running,
// 1 idle, 2 busy), written only by the worker owning it, and for a task worker the tasks sent to it
// and not yet run (any sender adds one, the task worker takes it off once onTask returned), so a
// task on its way already makes its task worker busy, whichever process looks first.
#include "server/base_status.h"

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <new>

namespace gust::php::srv {
namespace {

enum : int32_t { kStopped = 0, kIdle = 1, kBusy = 2 };

struct Slot {
    std::atomic<int32_t> state{kStopped};
    std::atomic<int32_t> queued{0};
};

Slot *g_block = nullptr;  // the block, inherited by every child
size_t g_slots = 0;
Slot *g_own = nullptr;  // this worker's slot

Slot *slot(zend_long worker_id) {
    if (!g_block || worker_id < 0 || static_cast<size_t>(worker_id) >= g_slots) return nullptr;
    return &g_block[worker_id];
}

}  // namespace

bool base_status_create(Server *s) {
    base_status_free();
    const size_t slots = static_cast<size_t>(s->settings.worker_num + s->settings.task_worker_num);
    if (slots == 0) return true;
    void *p = mmap(nullptr, slots * sizeof(Slot), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return false;
    g_block = new (p) Slot[slots];
    g_slots = slots;
    return true;
}

void base_status_free() {
    if (g_block) munmap(g_block, g_slots * sizeof(Slot));
    g_block = g_own = nullptr;
    g_slots = 0;
}

void base_status_worker(zend_long worker_id, bool running) {
    g_own = slot(worker_id);
    if (g_own) g_own->state.store(running ? kIdle : kStopped, std::memory_order_relaxed);
    if (!running) g_own = nullptr;
}

void base_status_busy(bool busy) {
    if (g_own) g_own->state.store(busy ? kBusy : kIdle, std::memory_order_relaxed);
}

void base_status_task_sent(zend_long task_worker_id) {
    if (Slot *t = slot(task_worker_id)) t->queued.fetch_add(1, std::memory_order_relaxed);
}

void base_status_task_done() {
    if (g_own && g_own->queued.load(std::memory_order_relaxed) > 0)
        g_own->queued.fetch_sub(1, std::memory_order_relaxed);
}

zend_long base_status_of(zend_long worker_id) {
    const Slot *w = slot(worker_id);
    const int32_t v = w ? w->state.load(std::memory_order_relaxed) : kStopped;
    if (v == kStopped) return 0;
    return v == kBusy || w->queued.load(std::memory_order_relaxed) > 0 ? 1 : 2;
}

zend_long base_status_idle(Server *s, bool task) {
    if (!g_block) return -1;
    const size_t first = task ? static_cast<size_t>(s->settings.worker_num) : 0;
    const size_t end = task ? g_slots : std::min(g_slots, static_cast<size_t>(s->settings.worker_num));
    zend_long idle = 0;
    for (size_t i = first; i < end; ++i) idle += base_status_of(static_cast<zend_long>(i)) == 2;
    return idle;
}

}  // namespace gust::php::srv
