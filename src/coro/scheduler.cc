#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <utility>

#include "gust/coro/coroutine.h"

namespace gust::coro {
namespace {
// initial-exec: read on every switch; a pointer fits the static TLS a dlopen()ed gust.so gets.
thread_local Scheduler *t_scheduler __attribute__((tls_model("initial-exec"))) = nullptr;
}  // namespace

void *Coroutine::local(const void *key) const {
    for (const Local &l : locals_) {
        if (l.key == key) return l.value;
    }
    return nullptr;
}

void Coroutine::set_local(const void *key, void *value, void (*destroy)(void *)) {
    for (Local &l : locals_) {
        if (l.key == key) {
            if (l.destroy && l.value != value) l.destroy(l.value);
            l.value = value;
            l.destroy = destroy;
            return;
        }
    }
    locals_.push_back(Local{key, value, destroy});
}

Scheduler::Scheduler(loop::Loop &loop, SchedulerOptions options)
    : loop_(loop), options_(options), stacks_(options.stacks) {
    previous_ = t_scheduler;
    t_scheduler = this;
    loop_.add_hook(this);
}

Scheduler::~Scheduler() {
    loop_.remove_hook(this);
    // Coroutines still alive here never finish: their stacks (and whatever their
    // frames own) are released without unwinding. Owners end them first (run()).
    for (auto &[id, co] : coroutines_) {
        if (co->park_timer_) loop_.cancel_timer(co->park_timer_);
        co->context_.release();
        stacks_.release(co->stack_);
    }
    coroutines_.clear();
    t_scheduler = previous_;
}

Scheduler *Scheduler::current() { return t_scheduler; }

Coroutine *Scheduler::find(CoroutineId id) const {
    // Ids only grow, so recent coroutines rarely collide in the direct-mapped cache; a hit saves
    // the hash map's modulo and pointer chase on every resume(id) (the PHP switch path).
    Coroutine *hit = recent_[static_cast<size_t>(id) % kRecentSlots];
    if (hit && hit->id_ == id) return hit;
    auto it = coroutines_.find(id);
    return it == coroutines_.end() ? nullptr : it->second.get();
}

std::vector<CoroutineId> Scheduler::list() const {
    std::vector<CoroutineId> ids;
    ids.reserve(coroutines_.size());
    for (auto &[id, co] : coroutines_) ids.push_back(id);
    return ids;
}

void Scheduler::entry(void *arg) {
    auto *co = static_cast<Coroutine *>(arg);
    Scheduler *s = co->scheduler_;
    co->context_.on_enter();
    try {
        co->fn_();
    } catch (const std::exception &e) {
        fprintf(stderr, "gust: uncaught C++ exception in coroutine %lld: %s\n", static_cast<long long>(co->id_),
                e.what());
        std::terminate();
    } catch (...) {
        fprintf(stderr, "gust: uncaught C++ exception in coroutine %lld\n", static_cast<long long>(co->id_));
        std::terminate();
    }
    co->fn_ = nullptr;
    while (!co->defers_.empty()) {
        auto fn = std::move(co->defers_.back());
        co->defers_.pop_back();
        fn();
    }
    for (auto it = co->locals_.rbegin(); it != co->locals_.rend(); ++it) {
        if (it->destroy) it->destroy(it->value);
    }
    co->locals_.clear();
    // Joiners wake through the loop's deferred calls, after those this coroutine queued before it
    // ended (Swoole's order): a cancel made in one of those still ends the join as canceled.
    for (CoroutineId joiner : co->joiners_) {
        s->loop_.defer([s, joiner, ended = co->id_] {
            Coroutine *j = s->find(joiner);
            if (j && j->state_ == CoState::kParked && j->wait_.object == static_cast<uint64_t>(ended) &&
                strcmp(j->wait_.op, "join") == 0) {
                s->wake(j, 0);
            }
        });
    }
    co->joiners_.clear();
    co->state_ = CoState::kDone;
    s->switch_out(co, true);
}

Result<CoroutineId> Scheduler::create(std::function<void()> fn) {
    if (coroutines_.size() >= options_.max_coroutines) return Error{kErrLimit};
    Stack stack = stacks_.acquire();
    if (!stack.base) return Error{-ENOMEM};
    auto owned = std::make_unique<Coroutine>();
    Coroutine *co = owned.get();
    co->id_ = next_id_++;
    co->parent_id_ = running_ ? running_->id_ : -1;
    co->created_at_ = loop_.now();
    co->fn_ = std::move(fn);
    co->stack_ = stack;
    co->scheduler_ = this;
    co->context_ = Context(stack.base, stack.size, &Scheduler::entry, co);
    recent_[static_cast<size_t>(co->id_) % kRecentSlots] = co;
    coroutines_.emplace(co->id_, std::move(owned));
    ++created_;
    if (coroutines_.size() > peak_) peak_ = coroutines_.size();
    const CoroutineId id = co->id_;
    switch_into(co);
    return id;
}

// From the running context (a coroutine or the scheduler's own) into `co`.
void Scheduler::switch_into(Coroutine *co) {
    Coroutine *from = running_;
    co->origin_ = from;
    co->state_ = CoState::kRunning;
    running_ = co;
    ++switches_;
    if (observer_) observer_(from, co, observer_data_);
    context_of(from).switch_to(co->context_);
    // Back here once `co` yielded, parked or ended and control returned to us.
    running_ = from;
    if (co->state_ == CoState::kDone) destroy(co);
}

// From the running coroutine back to its origin.
void Scheduler::switch_out(Coroutine *co, bool final) {
    Coroutine *to = co->origin_;
    // An origin that is itself not running anymore (it parked since) cannot take control;
    // the scheduler's own context always can.
    if (to && to->state_ != CoState::kRunning) to = nullptr;
    // Unguarded stacks have only the canary: catch an overflow before it spreads further.
    if (!co->stack_.guarded && !StackPool::canary_intact(co->stack_)) {
        fprintf(stderr, "gust: coroutine %lld overflowed its stack (%zu bytes); raise the stack size\n",
                static_cast<long long>(co->id_), co->stack_.size);
        abort();
    }
    ++switches_;
    if (observer_) observer_(co, to, observer_data_);
    if (final) co->context_.switch_to_final(context_of(to));
    co->context_.switch_to(context_of(to));
    // Resumed: switch_into() has set running_ and state already.
}

void Scheduler::destroy(Coroutine *co) {
    co->context_.release();
    stacks_.release(co->stack_);
    Coroutine *&slot = recent_[static_cast<size_t>(co->id_) % kRecentSlots];
    if (slot == co) slot = nullptr;
    coroutines_.erase(co->id_);
}

Status Scheduler::yield() {
    Coroutine *co = running_;
    if (!co) return Error{kErrNotInCoroutine};
    co->park_result_ = 0;
    co->state_ = CoState::kSuspended;
    co->waiting_since_ = loop_.now();
    switch_out(co, false);
    if (co->park_result_ != 0) return Error{co->park_result_};  // canceled
    return {};
}

Status Scheduler::resume(CoroutineId id) {
    Coroutine *co = find(id);
    if (!co || co->state_ != CoState::kSuspended) return Error{kErrInvalid};
    switch_into(co);
    return {};
}

void Scheduler::on_park_timeout(void *arg, loop::TimerId) {
    auto *co = static_cast<Coroutine *>(arg);
    co->park_timer_ = 0;
    co->scheduler_->wake(co, kErrTimedOut);
}

int Scheduler::park(Nanos timeout, WaitInfo what) {
    Coroutine *co = running_;
    if (!co) return kErrNotInCoroutine;
    if (co->canceled_) return co->cancel_reason_;
    co->wait_ = what;
    co->park_result_ = 0;
    co->waiting_since_ = loop_.now();
    if (timeout >= 0) co->park_timer_ = loop_.add_timer(timeout, 0, &Scheduler::on_park_timeout, co);
    co->state_ = CoState::kParked;
    ++parked_;
    switch_out(co, false);
    if (co->park_timer_) {
        loop_.cancel_timer(co->park_timer_);
        co->park_timer_ = 0;
    }
    co->wait_ = WaitInfo{};
    return co->park_result_;
}

void Scheduler::wake(Coroutine *co, int result) {
    if (!co || co->state_ != CoState::kParked) return;
    co->park_result_ = result;
    co->state_ = CoState::kRunnable;
    --parked_;
    runnable_.push_back(co);
}

void Scheduler::wake_now(Coroutine *co, int result) {
    if (!co || co->state_ != CoState::kParked) return;
    if (!running_ || co == running_) {
        wake(co, result);
        return;
    }
    co->park_result_ = result;
    --parked_;
    switch_into(co);
}

bool Scheduler::cancel(CoroutineId id, int reason) {
    Coroutine *co = find(id);
    if (!co || co->state_ == CoState::kDone) return false;
    if (!co->canceled_) co->cancel_reason_ = reason;  // the first cancel decides
    co->canceled_ = true;
    reason = co->cancel_reason_;
    if (co->state_ == CoState::kRunnable && co->park_result_ == kErrTimedOut) co->park_result_ = reason;
    if (co->state_ == CoState::kSuspended) {
        // A yielded coroutine waits for whoever will resume it: canceled, its yield() ends at once.
        co->park_result_ = reason;
        co->state_ = CoState::kRunnable;
        runnable_.push_back(co);
        return true;
    }
    wake(co, reason);
    return true;
}

bool Scheduler::interruptible(const Coroutine *co) const {
    if (!co) return false;
    return co->state_ == CoState::kParked || co->state_ == CoState::kSuspended ||
           (co->state_ == CoState::kRunnable && co->park_result_ == kErrTimedOut);
}

int Scheduler::join(CoroutineId id, Nanos timeout) {
    if (!running_) return kErrNotInCoroutine;
    Coroutine *target = find(id);
    if (!target) return 0;
    if (target == running_) return kErrDeadlock;
    target->joiners_.push_back(running_->id_);
    int rc = park(timeout, WaitInfo{"Coroutine", static_cast<uint64_t>(id), "join"});
    if (rc != 0) {
        if (Coroutine *t = find(id)) {
            auto &j = t->joiners_;
            for (auto it = j.begin(); it != j.end(); ++it) {
                if (*it == running_->id_) {
                    j.erase(it);
                    break;
                }
            }
        }
    }
    return rc;
}

int Scheduler::sleep(Nanos duration) {
    int rc = park(duration < 0 ? 0 : duration, WaitInfo{"Timer", 0, "sleep"});
    // Its own deadline is a sleep slept through; a cancel with kErrTimedOut (a request deadline) is not.
    if (rc == kErrTimedOut && !(running_ && running_->canceled_)) return 0;
    return rc;
}

bool Scheduler::before_wait() {
    // Run everything runnable now, plus whatever those wake, up to a budget: a channel
    // ping-pong then costs no poller call per hop, yet a pair that keeps waking each
    // other still lets the poller in every kRunBudget runs.
    constexpr size_t kRunBudget = 256;
    size_t budget = runnable_.size() > kRunBudget ? runnable_.size() : kRunBudget;
    while (budget-- > 0 && !runnable_.empty()) {
        Coroutine *co = runnable_.front();
        runnable_.pop_front();
        switch_into(co);
    }
    return !runnable_.empty();
}

bool Scheduler::keeps_alive() { return !runnable_.empty(); }

size_t Scheduler::run() {
    size_t reported = 0;
    for (int round = 0; round < 64; ++round) {
        loop_.run();
        if (parked_ == 0) break;
        // The loop ran dry while coroutines still wait: nothing can ever wake them.
        std::vector<Coroutine *> stuck;
        for (auto &[id, co] : coroutines_) {
            if (co->state_ == CoState::kParked) stuck.push_back(co.get());
        }
        for (Coroutine *co : stuck) {
            std::string line = "deadlock: coroutine " + std::to_string(co->id_) + " waits on " + co->wait_.kind;
            if (co->wait_.object) line += "#" + std::to_string(co->wait_.object);
            if (co->wait_.op && *co->wait_.op) line += std::string(" ") + co->wait_.op;
            if (reporter_) {
                reporter_(line);
            } else {
                fprintf(stderr, "gust: %s\n", line.c_str());
            }
            ++reported;
            wake(co, kErrDeadlock);
        }
    }
    return reported;
}

SchedulerStats Scheduler::stats() const {
    SchedulerStats s;
    s.live = coroutines_.size();
    s.peak = peak_;
    s.created = created_;
    s.switches = switches_;
    s.runnable = runnable_.size();
    s.parked = parked_;
    s.stacks = stacks_.stats();
    return s;
}

Coroutine *current() { return t_scheduler ? t_scheduler->running() : nullptr; }

CoroutineId current_id() {
    Coroutine *co = current();
    return co ? co->id() : -1;
}

}  // namespace gust::coro
