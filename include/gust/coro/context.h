// The one context-switch interface of the core: a saved stack pointer per
// context, switched by a few instructions of assembly (x86_64 System V). Each
// context knows its stack so sanitizers can follow the switch.
#pragma once

#include <cstddef>

namespace gust::coro {

class Context {
public:
    using Entry = void (*)(void *arg);

    // The context of the calling thread's own stack.
    Context() = default;
    // A context that starts `entry(arg)` on [stack, stack + size) when first switched to.
    // `entry` must never return: it ends by switching away with switch_to_final().
    Context(void *stack, size_t size, Entry entry, void *arg);

    // Saves the calling context into *this and resumes `next`.
    void switch_to(Context &next);
    // Like switch_to, but *this is finished and never resumed (lets ASan/TSan free its state).
    [[noreturn]] void switch_to_final(Context &next);

    // Called first thing on a new context's stack (entry functions must call it).
    void on_enter();
    // Frees what the sanitizers keep for a finished context (its stack is the owner's).
    void release();

    void *stack_base() const { return stack_; }
    size_t stack_size() const { return size_; }

private:
    void *sp_ = nullptr;
    void *stack_ = nullptr;
    size_t size_ = 0;
    void *fake_stack_ = nullptr;  // ASan's fake-stack handle while switched away
    void *tsan_fiber_ = nullptr;
    bool owns_tsan_fiber_ = false;
    Context *from_ = nullptr;  // who switched to us last (for ASan bookkeeping)
};

}  // namespace gust::coro
