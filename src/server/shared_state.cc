#include "gust/server/shared_state.h"

#include <sys/mman.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <new>

#include "gust/base/error.h"

namespace gust::server {

// 128 bytes (two cache lines). Fields other than the atomics are written only while `seq` is odd
// and read between two equal even reads of it; the atomics change without the lock (each has one
// writer at a time) and a reader checks `id` around them.
struct SharedState::Slot {
    std::atomic<uint64_t> seq{0};
    std::atomic<int64_t> id{0};            // 0: free
    std::atomic<int64_t> last_receive{0};  // updated per package without the seqlock
    std::atomic<int64_t> last_send{0};     // by the owning thread, after it wrote
    int64_t uid = 0;
    int64_t connected_at = 0;
    int32_t port_index = 0;
    int32_t worker = -1;
    std::atomic<uint32_t> queued{0};  // bytes waiting for the socket (saturates at 4 GiB)
    uint16_t peer_port = 0;
    uint8_t family = 0;
    uint8_t has_uid = 0;
    std::atomic<uint8_t> protect{0};
    char peer_host[59] = {};        // IPv6 text with a zone fits; unix paths are cut
    std::atomic<uint32_t> hold{0};  // hold::word, written by the serving worker without the seqlock
};
static_assert(sizeof(std::atomic<uint64_t>) == 8 && std::atomic<uint64_t>::is_always_lock_free,
              "the shared block needs lock-free 64-bit atomics");

namespace {

size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

// A seqlock's reader copies fields while a writer may be changing them and throws the copy away
// when the sequence moved; plain loads and stores there would be a data race (undefined, and what
// ThreadSanitizer reports when workers are threads, as in the unit tests). Relaxed atomic accesses
// to the same plain fields make it well defined and cost the same instructions.
template <class T>
void put(T &field, T value) {
    std::atomic_ref<T>(field).store(value, std::memory_order_relaxed);
}

template <class T>
T get(const T &field) {
    return std::atomic_ref<T>(const_cast<T &>(field)).load(std::memory_order_relaxed);
}

void put_text(char *to, const char *from, size_t size) {
    for (size_t i = 0; i < size; ++i) put(to[i], from[i]);
}

void get_text(char *to, const char *from, size_t size) {
    for (size_t i = 0; i < size; ++i) to[i] = get(from[i]);
}

// Takes a slot's write lock (makes seq odd). A writer that died holding it (a worker killed in
// bind) must not wedge the owner: after a long spin the lock is taken over.
uint64_t lock_slot(std::atomic<uint64_t> &seq, bool may_take_over) {
    for (int spins = 0;; ++spins) {
        uint64_t s = seq.load(std::memory_order_relaxed);
        if ((s & 1) == 0) {
            if (seq.compare_exchange_weak(s, s + 1, std::memory_order_acquire, std::memory_order_relaxed)) return s;
            continue;
        }
        if (spins > (1 << 20)) {
            if (!may_take_over) return UINT64_MAX;
            seq.store(s, std::memory_order_relaxed);  // stays odd: ours now
            std::atomic_thread_fence(std::memory_order_acquire);
            return s - 1;
        }
    }
}

void unlock_slot(std::atomic<uint64_t> &seq, uint64_t was) { seq.store(was + 2, std::memory_order_release); }

}  // namespace

Result<std::unique_ptr<SharedState>> SharedState::create(int reactor_num, int workers, size_t per_thread) {
    static_assert(sizeof(Slot) == 128, "a slot is two cache lines");
    if (reactor_num < 1 || workers < 0 || per_thread < 1) return Error{kErrInvalid};
    const size_t threads_bytes = round_up(sizeof(ThreadCounters) * static_cast<size_t>(reactor_num), 64);
    const size_t workers_bytes = round_up(sizeof(WorkerCounters) * static_cast<size_t>(std::max(workers, 1)), 64);
    const size_t slots = per_thread * static_cast<size_t>(reactor_num);
    const size_t size = threads_bytes + workers_bytes + slots * sizeof(Slot);
    // Pages are committed as they are first touched, so a large max_connection costs address
    // space, not memory, until connections use it.
    void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return Error{-errno};
    std::unique_ptr<SharedState> s(new SharedState());
    s->base_ = p;
    s->size_ = size;
    s->reactor_num_ = reactor_num;
    s->workers_ = workers;
    s->per_thread_ = per_thread;
    auto *bytes = static_cast<char *>(p);
    // The mapping is zero-filled, which is every field's initial value.
    s->threads_ = reinterpret_cast<ThreadCounters *>(bytes);
    s->workers_lines_ = reinterpret_cast<WorkerCounters *>(bytes + threads_bytes);
    s->slots_ = reinterpret_cast<Slot *>(bytes + threads_bytes + workers_bytes);
    for (int r = 0; r < reactor_num; ++r) new (&s->threads_[r]) ThreadCounters();
    for (int w = 0; w < workers; ++w) new (&s->workers_lines_[w]) WorkerCounters();
    return s;
}

SharedState::~SharedState() {
    if (base_) munmap(base_, size_);
}

SharedState::Slot *SharedState::slot_of(SessionId id) const {
    if (id <= 0) return nullptr;
    const uint64_t k = static_cast<uint64_t>(id - 1);
    const uint64_t r = k % static_cast<uint64_t>(reactor_num_);
    const uint64_t index = (k / static_cast<uint64_t>(reactor_num_)) % per_thread_;
    return &slots_[r * per_thread_ + index];
}

bool SharedState::session_id_free(SessionId id) const {
    Slot *s = slot_of(id);
    return s && s->id.load(std::memory_order_relaxed) == 0;
}

void SharedState::open(const ConnectionRecord &rec) {
    Slot *s = slot_of(rec.id);
    if (!s) return;
    const uint64_t was = lock_slot(s->seq, true);
    s->id.store(rec.id, std::memory_order_relaxed);
    s->last_receive.store(rec.last_receive, std::memory_order_relaxed);
    s->hold.store(0, std::memory_order_relaxed);
    s->last_send.store(0, std::memory_order_relaxed);
    s->queued.store(0, std::memory_order_relaxed);
    s->protect.store(0, std::memory_order_relaxed);
    put<int64_t>(s->uid, 0);
    put<uint8_t>(s->has_uid, 0);
    put<int64_t>(s->connected_at, rec.connected_at);
    put<int32_t>(s->port_index, rec.port_index);
    put<int32_t>(s->worker, rec.worker);
    put<uint16_t>(s->peer_port, rec.peer_port);
    put<uint8_t>(s->family, rec.family);
    put_text(s->peer_host, rec.peer_host, sizeof s->peer_host - 1);
    put<char>(s->peer_host[sizeof s->peer_host - 1], 0);
    unlock_slot(s->seq, was);
}

void SharedState::touch(SessionId id, Nanos last_receive) {
    Slot *s = slot_of(id);
    if (s && s->id.load(std::memory_order_relaxed) == id)
        s->last_receive.store(last_receive, std::memory_order_relaxed);
}

void SharedState::set_hold(SessionId id, uint32_t word) {
    Slot *s = slot_of(id);
    if (s && s->id.load(std::memory_order_relaxed) == id) s->hold.store(word, std::memory_order_release);
}

uint32_t SharedState::hold(SessionId id) const {
    Slot *s = slot_of(id);
    if (!s || s->id.load(std::memory_order_acquire) != id) return 0;
    return s->hold.load(std::memory_order_acquire);
}

void SharedState::set_worker(SessionId id, int32_t worker) {
    Slot *s = slot_of(id);
    if (!s || s->id.load(std::memory_order_relaxed) != id) return;
    const uint64_t was = lock_slot(s->seq, true);
    put<int32_t>(s->worker, worker);
    unlock_slot(s->seq, was);
}

void SharedState::note_output(SessionId id, Nanos last_send, uint64_t queued) {
    Slot *s = slot_of(id);
    if (!s || s->id.load(std::memory_order_relaxed) != id) return;
    // Only the owning thread stores these, so comparing with what it stored last is exact; replies
    // handled in one loop iteration share the loop's time and usually an empty queue: no store.
    if (last_send != 0 && s->last_send.load(std::memory_order_relaxed) != last_send) {
        s->last_send.store(last_send, std::memory_order_relaxed);
    }
    const uint32_t q = queued > UINT32_MAX ? UINT32_MAX : static_cast<uint32_t>(queued);
    if (s->queued.load(std::memory_order_relaxed) != q) s->queued.store(q, std::memory_order_relaxed);
}

bool SharedState::is_protected(SessionId id) const {
    Slot *s = slot_of(id);
    return s && s->protect.load(std::memory_order_relaxed) != 0 && s->id.load(std::memory_order_acquire) == id;
}

void SharedState::close(SessionId id) {
    Slot *s = slot_of(id);
    if (!s || s->id.load(std::memory_order_relaxed) != id) return;
    const uint64_t was = lock_slot(s->seq, true);
    // Checked again under the lock: a worker closing a handed-off connection races its owner thread,
    // which may have reused the slot for a new connection meanwhile.
    if (s->id.load(std::memory_order_relaxed) == id) {
        s->id.store(0, std::memory_order_relaxed);
        put<uint8_t>(s->has_uid, 0);
        s->protect.store(0, std::memory_order_relaxed);
    }
    unlock_slot(s->seq, was);
}

bool SharedState::read(SessionId id, ConnectionRecord *out) const {
    Slot *s = slot_of(id);
    if (!s) return false;
    for (int tries = 0; tries < 1000; ++tries) {
        const uint64_t before = s->seq.load(std::memory_order_acquire);
        if (before & 1) continue;
        ConnectionRecord rec;
        rec.id = s->id.load(std::memory_order_relaxed);
        rec.last_receive = s->last_receive.load(std::memory_order_relaxed);
        rec.last_send = s->last_send.load(std::memory_order_relaxed);
        rec.send_queued = s->queued.load(std::memory_order_relaxed);
        rec.protect = s->protect.load(std::memory_order_relaxed) != 0;
        rec.uid = get(s->uid);
        rec.has_uid = get(s->has_uid) != 0;
        rec.connected_at = get(s->connected_at);
        rec.port_index = get(s->port_index);
        rec.worker = get(s->worker);
        rec.peer_port = get(s->peer_port);
        rec.family = get(s->family);
        get_text(rec.peer_host, s->peer_host, sizeof s->peer_host);
        std::atomic_thread_fence(std::memory_order_acquire);
        if (s->seq.load(std::memory_order_relaxed) != before) continue;
        if (rec.id != id) return false;
        rec.peer_host[sizeof rec.peer_host - 1] = 0;
        if (out) *out = rec;
        return true;
    }
    return false;
}

bool SharedState::exists(SessionId id) const {
    Slot *s = slot_of(id);
    return s && s->id.load(std::memory_order_acquire) == id;
}

bool SharedState::bind(SessionId id, int64_t uid) {
    Slot *s = slot_of(id);
    if (!s) return false;
    const uint64_t was = lock_slot(s->seq, false);
    if (was == UINT64_MAX) return false;
    const bool ok = s->id.load(std::memory_order_relaxed) == id && !get(s->has_uid);
    if (ok) {
        put<int64_t>(s->uid, uid);
        put<uint8_t>(s->has_uid, 1);
    }
    unlock_slot(s->seq, was);
    return ok;
}

bool SharedState::protect(SessionId id, bool on) {
    Slot *s = slot_of(id);
    if (!s) return false;
    // Under the lock, so a slot reused by another connection is never marked for the old one.
    const uint64_t was = lock_slot(s->seq, false);
    if (was == UINT64_MAX) return false;
    const bool ok = s->id.load(std::memory_order_relaxed) == id;
    if (ok) s->protect.store(on ? 1 : 0, std::memory_order_relaxed);
    unlock_slot(s->seq, was);
    return ok;
}

std::vector<SessionId> SharedState::list(SessionId after, size_t count) const {
    std::vector<SessionId> ids;
    const size_t n = per_thread_ * static_cast<size_t>(reactor_num_);
    for (size_t i = 0; i < n; ++i) {
        const SessionId id = slots_[i].id.load(std::memory_order_acquire);
        if (id > after) ids.push_back(id);
    }
    std::sort(ids.begin(), ids.end());
    if (ids.size() > count) ids.resize(count);
    return ids;
}

}  // namespace gust::server
