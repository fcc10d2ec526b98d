// Loop: watches with generations, timers, signals (signalfd), cross-thread posts (eventfd).
#include "gust/loop/loop.h"

#include <signal.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <map>
#include <mutex>
#include <string_view>
#include <vector>

#include "loop/timer_heap.h"

namespace gust::loop {
namespace {
thread_local Loop *t_current __attribute__((tls_model("initial-exec"))) = nullptr;  // a pointer: static TLS has room

// Token layout handed to the poller: slot in the low half, generation in the high half.
uint64_t make_token(uint32_t slot, uint32_t generation) { return (uint64_t{generation} << 32) | slot; }
}  // namespace

struct WatchSlot {
    int fd = -1;
    uint32_t generation = 0;  // bumped on unwatch; 0 never used for a live watch
    uint32_t events = 0;
    IoHandler *handler = nullptr;
    bool live = false;
    bool ref = true;
};

struct Loop::Impl {
    Loop *self = nullptr;
    std::unique_ptr<Poller> poller;
    const Clock *clock = nullptr;
    Nanos now = 0;
    bool stop_requested = false;
    bool running = false;
    LoopStats stats;

    std::vector<WatchSlot> slots;
    std::vector<uint32_t> free_slots;
    size_t referenced_watches = 0;
    size_t external_refs = 0;

    TimerHeap timers;

    // Cross-thread posts: the first post into an empty queue writes the eventfd.
    int wake_fd = -1;
    WatchId wake_watch;
    std::mutex post_mutex;
    std::vector<std::function<void()>> posted;
    std::atomic<bool> wake_pending{false};

    std::vector<std::function<void()>> deferred;
    std::vector<IterationHook *> hooks;

    int signal_fd = -1;
    WatchId signal_watch;
    sigset_t signal_set;
    sigset_t saved_mask;
    std::map<int, std::function<void(int)>> signal_handlers;
    std::map<int, bool> signal_refs;  // signo -> whether its handler keeps the loop alive
    size_t referenced_signals = 0;

    std::vector<ReadyEvent> ready;

    struct WakeHandler final : IoHandler {
        Impl *impl;
        void on_io(uint32_t) override { impl->drain_wake(); }
    } wake_handler;

    struct SignalHandler final : IoHandler {
        Impl *impl;
        void on_io(uint32_t) override { impl->drain_signals(); }
    } signal_handler;

    void drain_wake() {
        uint64_t v;
        while (read(wake_fd, &v, sizeof v) > 0) {
        }
        wake_pending.store(false, std::memory_order_release);
        run_posted();
    }

    void run_posted() {
        std::vector<std::function<void()>> batch;
        {
            std::lock_guard<std::mutex> lock(post_mutex);
            batch.swap(posted);
        }
        for (auto &fn : batch) fn();
    }

    void drain_signals() {
        signalfd_siginfo info;
        while (read(signal_fd, &info, sizeof info) == sizeof info) {
            auto it = signal_handlers.find(static_cast<int>(info.ssi_signo));
            if (it != signal_handlers.end()) {
                auto fn = it->second;  // the handler may unwatch itself
                fn(static_cast<int>(info.ssi_signo));
            }
        }
    }

    bool post_pending() {
        std::lock_guard<std::mutex> lock(post_mutex);
        return !posted.empty();
    }

    bool alive() {
        if (referenced_watches > 0 || external_refs > 0 || timers.referenced() > 0 || referenced_signals > 0 ||
            !deferred.empty()) {
            return true;
        }
        if (post_pending()) return true;
        for (IterationHook *h : hooks) {
            if (h->keeps_alive()) return true;
        }
        return false;
    }

    // True if anything ran.
    bool run_deferred() {
        // Deferred work may defer more; run until quiet, but bounded per pass.
        bool ran = false;
        for (int pass = 0; pass < 64 && !deferred.empty(); ++pass) {
            std::vector<std::function<void()>> batch;
            batch.swap(deferred);
            for (auto &fn : batch) fn();
            ran = true;
        }
        return ran;
    }

    void run_timers() {
        // Timers added or re-armed by callbacks in this pass wait for the next one, so a
        // callback re-adding a zero-delay timer cannot spin here forever.
        const uint64_t pass_end = timers.next_seq();
        while (Timer *t = timers.top()) {
            if (t->deadline > now || t->seq >= pass_end) break;
            std::unique_ptr<Timer> fired = timers.pop();
            const TimerId id = fired->id;
            ++stats.timers_fired;
            if (fired->interval > 0) {
                // Re-arm before the callback so it can cancel itself; the deadline does not drift.
                Nanos next = deadline_after(fired->deadline, fired->interval);
                if (next <= now) next = deadline_after(now, fired->interval);
                Timer *raw = fired.get();
                timers.reinsert(std::move(fired), next);
                if (raw->fn) {
                    raw->fn(raw->arg, id);
                } else {
                    auto cb = raw->callback;  // the callback may cancel (and free) the timer
                    cb(id);
                }
            } else {
                if (fired->fn) {
                    fired->fn(fired->arg, id);
                } else {
                    fired->callback(id);
                }
            }
        }
    }
};

Loop::Loop(LoopOptions options) : impl_(std::make_unique<Impl>()) {
    Impl &m = *impl_;
    m.self = this;
    m.poller = options.custom_poller ? std::move(options.custom_poller) : make_poller(options.poller);
    m.clock = options.clock ? options.clock : &MonotonicClock::instance();
    m.now = m.clock->now();
    m.ready.resize(options.max_events_per_wait > 0 ? options.max_events_per_wait : 256);
    m.wake_handler.impl = &m;
    m.signal_handler.impl = &m;
    sigemptyset(&m.signal_set);
    m.wake_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (m.wake_fd >= 0) {
        auto w = watch(m.wake_fd, kReadable, &m.wake_handler);
        if (w.ok()) {
            m.wake_watch = w.value();
            set_watch_ref(m.wake_watch, false);
        }
    }
}

Loop::~Loop() {
    Impl &m = *impl_;
    if (m.signal_fd >= 0) {
        unwatch(m.signal_watch);
        close(m.signal_fd);
        pthread_sigmask(SIG_SETMASK, &m.saved_mask, nullptr);
    }
    if (m.wake_fd >= 0) {
        unwatch(m.wake_watch);
        close(m.wake_fd);
    }
    if (t_current == this) t_current = nullptr;
}

Loop *Loop::current() { return t_current; }

Result<WatchId> Loop::watch(int fd, uint32_t events, IoHandler *handler) {
    Impl &m = *impl_;
    if (fd < 0 || handler == nullptr || !m.poller) return Error{kErrInvalid};
    uint32_t slot;
    if (!m.free_slots.empty()) {
        slot = m.free_slots.back();
        m.free_slots.pop_back();
    } else {
        slot = static_cast<uint32_t>(m.slots.size());
        m.slots.emplace_back();
    }
    WatchSlot &s = m.slots[slot];
    uint32_t generation = s.generation + 1;
    if (generation == 0) generation = 1;
    Status st = m.poller->add(fd, events & (kReadable | kWritable), make_token(slot, generation));
    if (!st.ok()) {
        m.free_slots.push_back(slot);
        return st.error();
    }
    s.fd = fd;
    s.generation = generation;
    s.events = events;
    s.handler = handler;
    s.live = true;
    s.ref = true;
    ++m.referenced_watches;
    ++m.stats.watches;
    return WatchId{slot, generation};
}

static WatchSlot *live_slot(std::vector<WatchSlot> &slots, WatchId id) {
    if (!id.valid() || id.slot >= slots.size()) return nullptr;
    WatchSlot &s = slots[id.slot];
    return (s.live && s.generation == id.generation) ? &s : nullptr;
}

Status Loop::update(WatchId id, uint32_t events) {
    Impl &m = *impl_;
    WatchSlot *s = live_slot(m.slots, id);
    if (!s) return Error{kErrInvalid};
    if (s->events == events) return {};
    Status st = m.poller->modify(s->fd, events & (kReadable | kWritable), make_token(id.slot, id.generation));
    if (st.ok()) s->events = events;
    return st;
}

void Loop::unwatch(WatchId id) {
    Impl &m = *impl_;
    WatchSlot *s = live_slot(m.slots, id);
    if (!s) return;
    (void)m.poller->remove(s->fd);
    if (s->ref) --m.referenced_watches;
    s->live = false;
    s->handler = nullptr;
    s->fd = -1;
    --m.stats.watches;
    // The generation stays as it was; the next watch() on this slot bumps it, so
    // events collected for this id in the current batch no longer match.
    m.free_slots.push_back(id.slot);
}

void Loop::set_watch_ref(WatchId id, bool ref) {
    Impl &m = *impl_;
    WatchSlot *s = live_slot(m.slots, id);
    if (!s || s->ref == ref) return;
    s->ref = ref;
    if (ref) {
        ++m.referenced_watches;
    } else {
        --m.referenced_watches;
    }
}

// A deadline counts from the clock, not from the iteration's cached time: a timer armed late in a
// long iteration (many coroutines starting requests) would otherwise fire early by that much.
TimerId Loop::add_timer(Nanos delay, Nanos interval, TimerFn fn, void *arg) {
    Impl &m = *impl_;
    return m.timers.add(deadline_after(m.clock->now(), delay), interval, fn, arg, nullptr);
}

TimerId Loop::add_timer(Nanos delay, Nanos interval, std::function<void(TimerId)> fn) {
    Impl &m = *impl_;
    return m.timers.add(deadline_after(m.clock->now(), delay), interval, nullptr, nullptr, std::move(fn));
}

bool Loop::cancel_timer(TimerId id) { return impl_->timers.cancel(id); }
bool Loop::timer_exists(TimerId id) const { return impl_->timers.find(id) != nullptr; }
void Loop::set_timer_ref(TimerId id, bool ref) { impl_->timers.set_ref(id, ref); }

Nanos Loop::timer_deadline(TimerId id) const {
    const Timer *t = impl_->timers.find(id);
    return t ? t->deadline : -1;
}

Status Loop::watch_signal(int signo, std::function<void(int)> fn, bool ref) {
    Impl &m = *impl_;
    if (signo <= 0 || signo >= NSIG || signo == SIGKILL || signo == SIGSTOP) return Error{kErrInvalid};
    if (m.signal_fd < 0) pthread_sigmask(SIG_SETMASK, nullptr, &m.saved_mask);
    sigaddset(&m.signal_set, signo);
    sigset_t block;
    sigemptyset(&block);
    sigaddset(&block, signo);
    pthread_sigmask(SIG_BLOCK, &block, nullptr);
    int fd = signalfd(m.signal_fd, &m.signal_set, SFD_NONBLOCK | SFD_CLOEXEC);
    if (fd < 0) return Error{-errno};
    if (m.signal_fd < 0) {
        m.signal_fd = fd;
        auto w = watch(fd, kReadable, &m.signal_handler);
        if (!w.ok()) return w.error();
        m.signal_watch = w.value();
        set_watch_ref(m.signal_watch, false);  // handlers keep the loop alive themselves
    }
    m.signal_handlers[signo] = std::move(fn);
    auto [it, added] = m.signal_refs.try_emplace(signo, ref);
    if (!added && it->second) --m.referenced_signals;
    it->second = ref;
    if (ref) ++m.referenced_signals;
    return {};
}

void Loop::unwatch_signal(int signo) {
    Impl &m = *impl_;
    if (m.signal_handlers.erase(signo) == 0) return;
    auto ref = m.signal_refs.find(signo);
    if (ref != m.signal_refs.end()) {
        if (ref->second) --m.referenced_signals;
        m.signal_refs.erase(ref);
    }
    sigdelset(&m.signal_set, signo);
    if (!sigismember(&m.saved_mask, signo)) {
        sigset_t unblock;
        sigemptyset(&unblock);
        sigaddset(&unblock, signo);
        pthread_sigmask(SIG_UNBLOCK, &unblock, nullptr);
    }
    if (m.signal_fd >= 0) (void)signalfd(m.signal_fd, &m.signal_set, SFD_NONBLOCK | SFD_CLOEXEC);
}

Status Loop::after_fork() {
    Impl &m = *impl_;
    const bool epoll = std::string_view(m.poller->name()) == "epoll";
    // The fds whose file descriptions the child must not share: the wake eventfd (the parent's
    // posts must not wake, or be drained by, the child) and the signalfd (changing its mask, as
    // unwatch_signal() does, would change the parent's). Each gets a new one in its watch slot.
    struct Swap {
        int *fd;
        WatchId watch;
    };
    for (Swap sw : {Swap{&m.wake_fd, m.wake_watch}, Swap{&m.signal_fd, m.signal_watch}}) {
        if (*sw.fd < 0) continue;
        const int old_fd = *sw.fd;
        const int fd = sw.fd == &m.wake_fd ? eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)
                                           : signalfd(-1, &m.signal_set, SFD_NONBLOCK | SFD_CLOEXEC);
        if (fd < 0) return Error{-errno};
        if (!epoll) {
            (void)m.poller->remove(old_fd);
            WatchSlot &w = m.slots[sw.watch.slot];
            Status st = m.poller->add(fd, w.events, make_token(sw.watch.slot, w.generation));
            if (!st.ok()) return st;
        }
        close(old_fd);
        *sw.fd = fd;
        m.slots[sw.watch.slot].fd = fd;
    }
    // A poller without kernel state (poll) has nothing else shared; epoll's set is: a new one, with
    // every watch registered again (the old set's fd closes here; the parent keeps its own copy).
    if (epoll) {
        auto fresh = make_poller(PollerKind::kEpoll);
        for (uint32_t slot = 0; slot < m.slots.size(); ++slot) {
            const WatchSlot &w = m.slots[slot];
            if (!w.live) continue;
            Status st = fresh->add(w.fd, w.events, make_token(slot, w.generation));
            if (!st.ok()) return st;
        }
        m.poller = std::move(fresh);
    }
    m.wake_pending.store(false, std::memory_order_release);
    std::lock_guard<std::mutex> lock(m.post_mutex);
    m.posted.clear();  // work the parent's threads posted belongs to the parent
    return {};
}

void Loop::post(std::function<void()> fn) {
    Impl &m = *impl_;
    {
        std::lock_guard<std::mutex> lock(m.post_mutex);
        m.posted.push_back(std::move(fn));
    }
    wake();
}

void Loop::wake() {
    Impl &m = *impl_;
    // Only the first wake since the loop last drained pays for the write.
    if (m.wake_pending.exchange(true, std::memory_order_acq_rel)) return;
    uint64_t one = 1;
    ssize_t rc = write(m.wake_fd, &one, sizeof one);
    (void)rc;
}

void Loop::defer(std::function<void()> fn) { impl_->deferred.push_back(std::move(fn)); }

void Loop::add_external_ref() { ++impl_->external_refs; }
void Loop::remove_external_ref() {
    if (impl_->external_refs > 0) --impl_->external_refs;
}

void Loop::add_hook(IterationHook *hook) { impl_->hooks.push_back(hook); }

void Loop::remove_hook(IterationHook *hook) {
    auto &h = impl_->hooks;
    h.erase(std::remove(h.begin(), h.end(), hook), h.end());
}

bool Loop::run_once(Nanos max_wait) {
    Impl &m = *impl_;
    Loop *previous = t_current;
    t_current = this;
    ++m.stats.iterations;
    m.now = m.clock->now();
    m.run_timers();
    m.run_deferred();
    bool busy = false;
    for (size_t i = 0; i < m.hooks.size(); ++i) busy |= m.hooks[i]->before_wait();
    // Deferred calls run after the hooks may have handed them work (woken a coroutine): then
    // poll without blocking, so the hooks see it next turn.
    if (m.run_deferred()) busy = true;
    if (!m.alive() && !busy) {
        t_current = previous;
        return false;
    }
    Nanos timeout = max_wait;
    if (busy || !m.deferred.empty() || m.stop_requested) {
        timeout = 0;
    } else if (Timer *t = m.timers.top()) {
        Nanos until = t->deadline - m.clock->now();
        if (until < 0) until = 0;
        if (timeout < 0 || until < timeout) timeout = until;
    }
    Result<int> n = m.poller->wait(m.ready.data(), static_cast<int>(m.ready.size()), timeout);
    m.now = m.clock->now();
    if (n.ok()) {
        for (int i = 0; i < n.value(); ++i) {
            const ReadyEvent &ev = m.ready[i];
            const uint32_t slot = static_cast<uint32_t>(ev.token);
            const uint32_t generation = static_cast<uint32_t>(ev.token >> 32);
            WatchSlot *s = live_slot(m.slots, WatchId{slot, generation});
            if (!s) {
                ++m.stats.stale_events_dropped;  // closed (and maybe reused) earlier in this batch
                continue;
            }
            ++m.stats.io_events;
            s->handler->on_io(ev.events);
        }
    }
    m.run_timers();
    m.run_deferred();
    t_current = previous;
    return m.alive();
}

void Loop::run() {
    Impl &m = *impl_;
    m.running = true;
    m.stop_requested = false;
    while (!m.stop_requested) {
        if (!run_once(-1)) break;
    }
    m.stop_requested = false;
    m.running = false;
}

void Loop::stop() {
    impl_->stop_requested = true;
    wake();
}

bool Loop::running() const { return impl_->running; }
Nanos Loop::now() const { return impl_->now; }
void Loop::refresh_now() { impl_->now = impl_->clock->now(); }

LoopStats Loop::stats() const {
    LoopStats s = impl_->stats;
    s.timers = impl_->timers.size();
    s.signals = impl_->signal_handlers.size();
    return s;
}

const char *Loop::poller_name() const { return impl_->poller ? impl_->poller->name() : "none"; }

}  // namespace gust::loop
