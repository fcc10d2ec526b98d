// Result<T>: a value or an error code (negative errno or GustError), the return
// type of every fallible operation above the syscall wrappers.
#pragma once

#include <cassert>
#include <utility>
#include <variant>

#include "gust/base/error.h"

namespace gust {

struct Error {
    int code;  // negative errno or a GustError
    const char *message() const { return error_message(code); }
};

template <typename T>
class [[nodiscard]] Result {
public:
    Result(T value) : v_(std::move(value)) {}
    Result(Error error) : v_(error) {}

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }

    T &value() & {
        assert(ok());
        return std::get<0>(v_);
    }
    const T &value() const & {
        assert(ok());
        return std::get<0>(v_);
    }
    T &&value() && {
        assert(ok());
        return std::get<0>(std::move(v_));
    }
    T *operator->() { return &value(); }
    T &operator*() { return value(); }

    Error error() const {
        assert(!ok());
        return std::get<1>(v_);
    }
    int code() const { return ok() ? 0 : std::get<1>(v_).code; }

private:
    std::variant<T, Error> v_;
};

// Result of an operation that yields nothing but can fail.
class [[nodiscard]] Status {
public:
    Status() : code_(0) {}
    Status(Error error) : code_(error.code) {}
    static Status ok_status() { return Status(); }

    bool ok() const { return code_ == 0; }
    explicit operator bool() const { return ok(); }
    int code() const { return code_; }
    Error error() const { return Error{code_}; }
    const char *message() const { return error_message(code_); }

private:
    int code_;
};

}  // namespace gust
