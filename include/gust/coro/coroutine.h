// Coroutines on one thread, Swoole semantics:
//  - create(fn) runs the new coroutine at once, until it first yields or parks,
//    then returns its id to the creator;
//  - yield() returns control to whoever resumed the coroutine (its origin);
//  - park() waits for wake(), a deadline or cancellation; woken coroutines run
//    from the scheduler's loop hook, in wake order;
//  - ids are positive, increasing and never reused.
// The Scheduler owns every coroutine and its stack. Not thread-safe: a
// scheduler and its coroutines belong to the thread running its loop.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "gust/base/clock.h"
#include "gust/base/result.h"
#include "gust/coro/context.h"
#include "gust/coro/stack_pool.h"
#include "gust/loop/loop.h"

namespace gust::coro {

using CoroutineId = int64_t;

enum class CoState : uint8_t {
    kRunning,    // executing now (or one of its descendants it resumed is)
    kSuspended,  // yielded; only resume() continues it
    kParked,     // waiting for wake(), a deadline or cancel
    kRunnable,   // woken, queued to run from the loop
    kDone,
};

// What a parked coroutine waits on, for deadlock reports: "Channel#3 pop".
struct WaitInfo {
    const char *kind = "unknown";
    uint64_t object = 0;
    const char *op = "";
};

class Scheduler;

class Coroutine {
public:
    CoroutineId id() const { return id_; }
    CoroutineId parent_id() const { return parent_id_; }
    bool has_joiners() const { return !joiners_.empty(); }  // some coroutine waits in join() for it
    CoState state() const { return state_; }
    Nanos created_at() const { return created_at_; }
    bool canceled() const { return canceled_; }
    const WaitInfo &wait_info() const { return wait_; }
    // When it last parked or yielded (the loop's clock); meaningful while state() is kParked or
    // kSuspended. A coroutine dump shows how long it has waited.
    Nanos waiting_since() const { return waiting_since_; }
    void *stack_base() const { return stack_.base; }  // lowest usable address
    size_t stack_size() const { return stack_.size; }

    // One slot for the owner of the coroutine (the PHP binding keeps its VM state here).
    void *user_data() const { return user_data_; }
    void set_user_data(void *data) { user_data_ = data; }

    // Runs fn when the coroutine ends, last registered first.
    void defer(std::function<void()> fn) { defers_.push_back(std::move(fn)); }

    // Coroutine-local storage keyed by address; the destructor runs when the coroutine ends.
    void *local(const void *key) const;
    void set_local(const void *key, void *value, void (*destroy)(void *));

private:
    friend class Scheduler;
    struct Local {
        const void *key;
        void *value;
        void (*destroy)(void *);
    };

    CoroutineId id_ = 0;
    CoroutineId parent_id_ = 0;
    CoState state_ = CoState::kRunning;
    Nanos created_at_ = 0;
    bool canceled_ = false;
    int cancel_reason_ = 0;  // what its waits fail with once canceled (kErrCanceled, kErrTimedOut)
    Nanos waiting_since_ = 0;
    std::function<void()> fn_;
    Stack stack_;
    Context context_;
    Coroutine *origin_ = nullptr;  // who resumed us last; nullptr = the scheduler's own context
    Scheduler *scheduler_ = nullptr;
    void *user_data_ = nullptr;
    std::vector<std::function<void()>> defers_;
    std::vector<Local> locals_;
    std::vector<CoroutineId> joiners_;
    WaitInfo wait_;
    int park_result_ = 0;
    loop::TimerId park_timer_ = 0;
};

// Typed coroutine-local value: one per coroutine, created on first use.
template <typename T>
class CoroutineLocal {
public:
    T &get(Coroutine &co) {
        if (void *v = co.local(this)) return *static_cast<T *>(v);
        T *v = new T();
        co.set_local(this, v, [](void *p) { delete static_cast<T *>(p); });
        return *v;
    }
};

struct SchedulerOptions {
    StackOptions stacks;
    size_t max_coroutines = 1000000;
};

struct SchedulerStats {
    size_t live = 0;
    size_t peak = 0;
    uint64_t created = 0;
    uint64_t switches = 0;
    size_t runnable = 0;
    size_t parked = 0;
    StackStats stacks;
};

// Called around every switch; from/to nullptr means the scheduler's own (thread) context.
using SwitchObserver = void (*)(Coroutine *from, Coroutine *to, void *data);

class Scheduler final : private loop::IterationHook {
public:
    explicit Scheduler(loop::Loop &loop, SchedulerOptions options = {});
    ~Scheduler();
    Scheduler(const Scheduler &) = delete;
    Scheduler &operator=(const Scheduler &) = delete;

    // The scheduler of the calling thread (the last one constructed and not yet destroyed).
    static Scheduler *current();
    loop::Loop &loop() { return loop_; }

    // Creates a coroutine and runs it until it yields, parks or ends. kErrLimit over max_coroutines.
    Result<CoroutineId> create(std::function<void()> fn);
    Coroutine *running() const { return running_; }
    Coroutine *find(CoroutineId id) const;
    std::vector<CoroutineId> list() const;

    // The running coroutine gives control back to its origin; continues on resume(), or fails with
    // kErrCanceled (queued to run) when canceled meanwhile.
    Status yield();
    // Continues a coroutine that yielded (not one that parked): kErrInvalid otherwise.
    Status resume(CoroutineId id);

    // Parks the running coroutine until wake(), `timeout` (relative, < 0: none) or cancel.
    // Returns the code given to wake() (0 normally), kErrTimedOut, kErrCanceled or kErrDeadlock;
    // kErrNotInCoroutine outside a coroutine.
    int park(Nanos timeout, WaitInfo what);
    // Makes a parked coroutine runnable with `result` as park()'s return value. No-op otherwise.
    void wake(Coroutine *co, int result = 0);
    // As wake(), but from inside a coroutine the woken one runs at once, with the caller as its
    // origin: the caller continues when it yields or parks again (Swoole's channel hand-over).
    // Outside every coroutine it is wake().
    void wake_now(Coroutine *co, int result = 0);
    // Marks the coroutine canceled; if its wait can still end (interruptible()) it ends with
    // `reason`, and so does every park() after it. false if unknown or done. `reason` is
    // kErrCanceled (Co::cancel) or kErrTimedOut (a server's request deadline).
    bool cancel(CoroutineId id, int reason = kErrCanceled);
    // Waiting: parked, suspended by yield() (whose yield() then fails with kErrCanceled), or woken by
    // its own deadline and not yet run. Such a wait was handed
    // nothing, so cancel() can still end it as canceled — as if the deadline came a little later
    // (two deadlines expiring in one loop turn must not decide whether a cancel works).
    bool interruptible(const Coroutine *co) const;
    // Parks until the coroutine ends (0), or timeout/cancel. Immediate 0 if it is unknown (ended).
    int join(CoroutineId id, Nanos timeout = -1);
    // Parks for `duration`; 0 when slept through, the cancel's reason (kErrCanceled) when canceled.
    int sleep(Nanos duration);

    // Runs the loop until every coroutine has ended. Coroutines that can never
    // be woken (nothing in the loop can wake them) are reported — one line per
    // coroutine naming what it waits on — and woken with kErrDeadlock.
    // Returns how many coroutines were reported deadlocked.
    size_t run();
    // Receives each deadlock report (default: stderr).
    void set_deadlock_reporter(std::function<void(const std::string &)> reporter) { reporter_ = std::move(reporter); }
    void set_switch_observer(SwitchObserver observer, void *data) {
        observer_ = observer;
        observer_data_ = data;
    }
    SchedulerStats stats() const;
    const SchedulerOptions &options() const { return options_; }
    void set_max_coroutines(size_t n) { options_.max_coroutines = n; }

private:
    bool before_wait() override;
    bool keeps_alive() override;
    static void entry(void *arg);
    void switch_into(Coroutine *co);
    void switch_out(Coroutine *co, bool final);
    Context &context_of(Coroutine *co) { return co ? co->context_ : main_context_; }
    void destroy(Coroutine *co);
    static void on_park_timeout(void *arg, loop::TimerId id);

    loop::Loop &loop_;
    SchedulerOptions options_;
    StackPool stacks_;
    Context main_context_;
    Coroutine *running_ = nullptr;
    CoroutineId next_id_ = 1;
    std::unordered_map<CoroutineId, std::unique_ptr<Coroutine>> coroutines_;
    static constexpr size_t kRecentSlots = 1024;
    std::array<Coroutine *, kRecentSlots> recent_{};  // direct-mapped cache in front of coroutines_
    std::deque<Coroutine *> runnable_;
    size_t parked_ = 0;
    size_t peak_ = 0;
    uint64_t created_ = 0;
    uint64_t switches_ = 0;
    SwitchObserver observer_ = nullptr;
    void *observer_data_ = nullptr;
    std::function<void(const std::string &)> reporter_;
    Scheduler *previous_ = nullptr;
};

// Shorthands for the calling thread's scheduler.
Coroutine *current();
CoroutineId current_id();  // -1 outside a coroutine, as Swoole's getCid()

}  // namespace gust::coro
