// x86_64 context switch: callee-saved registers, MXCSR and the x87 control word
// go on the old stack, then the stack pointer moves. Written as file-scope asm in
// a .cc so the CMake and the phpize (libtool) builds compile it the same way.
#include "gust/coro/context.h"

#include <cstdint>
#include <cstdlib>

#if defined(__SANITIZE_ADDRESS__)
#define GUST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GUST_ASAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define GUST_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define GUST_TSAN 1
#endif
#endif

#ifdef GUST_ASAN
#include <sanitizer/asan_interface.h>
#endif
#ifdef GUST_TSAN
#include <sanitizer/tsan_interface.h>
#endif

#if !defined(__x86_64__)
#error "Gust's context switch is written for x86_64 only"
#endif

extern "C" void gust_context_swap(void **save_sp, void *next_sp);
extern "C" void gust_context_trampoline();

asm(R"(
    .text
    .p2align 4
    .globl gust_context_swap
    .hidden gust_context_swap
    .type gust_context_swap, @function
gust_context_swap:
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $8, %rsp
    stmxcsr (%rsp)
    fnstcw 4(%rsp)
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    ldmxcsr (%rsp)
    fldcw 4(%rsp)
    addq $8, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
    .size gust_context_swap, .-gust_context_swap

    .p2align 4
    .globl gust_context_trampoline
    .hidden gust_context_trampoline
    .type gust_context_trampoline, @function
gust_context_trampoline:
    movq %r13, %rdi
    andq $-16, %rsp
    callq *%r12
    ud2
    .size gust_context_trampoline, .-gust_context_trampoline
)");

namespace gust::coro {

Context::Context(void *stack, size_t size, Entry entry, void *arg) : stack_(stack), size_(size) {
    auto top = (reinterpret_cast<uintptr_t>(stack) + size) & ~uintptr_t{15};
    auto *frame = reinterpret_cast<uint64_t *>(top - 80);
    // Popped by gust_context_swap in this order: control words, r15, r14, r13, r12, rbx, rbp, return address.
    frame[0] = 0x1F80 | (uint64_t{0x037F} << 32);  // default MXCSR, default x87 control word
    frame[1] = 0;                                  // r15
    frame[2] = 0;                                  // r14
    frame[3] = reinterpret_cast<uint64_t>(arg);    // r13: argument
    frame[4] = reinterpret_cast<uint64_t>(entry);  // r12: entry
    frame[5] = 0;                                  // rbx
    frame[6] = 0;                                  // rbp
    frame[7] = reinterpret_cast<uint64_t>(&gust_context_trampoline);
    frame[8] = 0;
    frame[9] = 0;
    sp_ = frame;
#ifdef GUST_TSAN
    tsan_fiber_ = __tsan_create_fiber(0);
    owns_tsan_fiber_ = true;
#endif
}

void Context::switch_to(Context &next) {
#ifdef GUST_TSAN
    if (!tsan_fiber_) tsan_fiber_ = __tsan_get_current_fiber();
    __tsan_switch_to_fiber(next.tsan_fiber_, 0);
#endif
#ifdef GUST_ASAN
    next.from_ = this;
    __sanitizer_start_switch_fiber(&fake_stack_, next.stack_, next.size_);
#endif
    gust_context_swap(&sp_, next.sp_);
#ifdef GUST_ASAN
    // Back on our stack: tell ASan, and learn the bounds of the stack we came from.
    const void *from_base = nullptr;
    size_t from_size = 0;
    __sanitizer_finish_switch_fiber(fake_stack_, &from_base, &from_size);
    if (from_ && !from_->stack_) {
        from_->stack_ = const_cast<void *>(from_base);
        from_->size_ = from_size;
    }
#endif
}

void Context::switch_to_final(Context &next) {
#ifdef GUST_TSAN
    // The fiber is destroyed by whoever frees the context; switching away is enough here.
    __tsan_switch_to_fiber(next.tsan_fiber_, 0);
#endif
#ifdef GUST_ASAN
    next.from_ = this;
    __sanitizer_start_switch_fiber(nullptr, next.stack_, next.size_);
#endif
    void *discard;
    gust_context_swap(&discard, next.sp_);
    abort();  // a finished context is never resumed
}

void Context::release() {
#ifdef GUST_TSAN
    if (owns_tsan_fiber_ && tsan_fiber_) __tsan_destroy_fiber(tsan_fiber_);
#endif
    tsan_fiber_ = nullptr;
    owns_tsan_fiber_ = false;
}

void Context::on_enter() {
#ifdef GUST_ASAN
    const void *from_base = nullptr;
    size_t from_size = 0;
    __sanitizer_finish_switch_fiber(nullptr, &from_base, &from_size);
    if (from_ && !from_->stack_) {
        from_->stack_ = const_cast<void *>(from_base);
        from_->size_ = from_size;
    }
#endif
}

}  // namespace gust::coro
