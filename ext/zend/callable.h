// A PHP callable kept for later: the value (which holds the closure or object alive) and the call
// info cache Zend resolved for it. Released when it is reset or destroyed; gc() shows it to the
// cycle collector, since a stored closure often captures the object that stores it.
//
// Where releasing may run a destructor at a bad moment (on the event loop's stack: Timer, Event),
// take() hands the value to the caller, who releases it later (coroutine/'s release_later()).
//
// Every callable holding a value is on a list so that the request's end can release them all
// (release_all()): PHP does not collect cycles at shutdown, and `use ($server)` in a server's
// callback is a cycle through our C++ state that would otherwise outlive the request.
#pragma once

#include "zend/api.h"

namespace gust::php {

class Callable {
public:
    Callable() { ZVAL_UNDEF(&fn_); }
    ~Callable() { reset(); }
    Callable(const Callable &) = delete;
    Callable &operator=(const Callable &) = delete;

    bool is_set() const { return Z_TYPE(fn_) != IS_UNDEF; }
    explicit operator bool() const { return is_set(); }

    // From Z_PARAM_FUNC's pair (already checked callable).
    void assign(const zend_fcall_info *fci, const zend_fcall_info_cache *fcc) {
        zval old;
        ZVAL_COPY_VALUE(&old, &fn_);
        ZVAL_COPY(&fn_, &fci->function_name);
        fcc_ = *fcc;
        link();
        zval_ptr_dtor(&old);  // last: it may run a destructor
    }
    // From any value: false after the warning "<what> is not callable: <reason>" when it is not;
    // the stored callable is then unchanged.
    bool assign(zval *callable, const char *what) {
        zend_fcall_info_cache fcc;
        char *error = nullptr;
        const bool ok = zend_is_callable_ex(callable, nullptr, 0, nullptr, &fcc, &error);
        if (!ok) php_error_docref(nullptr, E_WARNING, "%s is not callable: %s", what, error ? error : "unknown");
        if (error) efree(error);
        if (!ok) return false;
        zend_fcall_info fci = empty_fcall_info;
        ZVAL_COPY_VALUE(&fci.function_name, callable);
        assign(&fci, &fcc);
        return true;
    }
    void reset() {
        if (!is_set()) return;
        unlink();
        zval old;
        ZVAL_COPY_VALUE(&old, &fn_);
        ZVAL_UNDEF(&fn_);
        zval_ptr_dtor(&old);
    }
    // Gives the value's reference to the caller (who releases it when it is safe); unset after.
    void take(zval *out) {
        unlink();
        ZVAL_COPY_VALUE(out, &fn_);
        ZVAL_UNDEF(&fn_);
    }

    // Calls it on the current stack; *ret receives the return value (UNDEF when it threw).
    void call(zval *args, uint32_t argc, zval *ret) {
        ZVAL_UNDEF(ret);
        zend_fcall_info fci = empty_fcall_info;
        fci.size = sizeof(fci);
        ZVAL_COPY_VALUE(&fci.function_name, &fn_);
        fci.retval = ret;
        fci.params = args;
        fci.param_count = argc;
        zend_call_function(&fci, &fcc_);
    }

    void gc(zend_get_gc_buffer *buf) {
        if (is_set()) zend_get_gc_buffer_add_zval(buf, &fn_);
    }

    zval *value() { return &fn_; }
    zend_fcall_info_cache *cache() { return &fcc_; }

    // At RSHUTDOWN, once no PHP code runs any more: resets every callable still set. Releasing one
    // may free objects whose callables reset (and unlink) themselves meanwhile.
    static void release_all() {
        while (live_) live_->reset();
    }

private:
    void link() {
        if (linked_) return;
        linked_ = true;
        prev_ = nullptr;
        next_ = live_;
        if (live_) live_->prev_ = this;
        live_ = this;
    }
    void unlink() {
        if (!linked_) return;
        linked_ = false;
        if (prev_) prev_->next_ = next_;
        else live_ = next_;
        if (next_) next_->prev_ = prev_;
        prev_ = next_ = nullptr;
    }

    zval fn_;
    zend_fcall_info_cache fcc_ = empty_fcall_info_cache;
    bool linked_ = false;
    Callable *prev_ = nullptr;
    Callable *next_ = nullptr;
    static inline thread_local Callable *live_ = nullptr;  // the set callables of this thread's request
};

}  // namespace gust::php
