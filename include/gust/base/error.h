// Error codes shared by every layer.
//
// Syscall wrappers return -errno; Gust's own conditions use codes above the
// errno range so one int carries either. error_message() names both.
#pragma once

namespace gust {

enum GustError : int {
    kErrBase = 10000,
    kErrClosed,          // the object was closed while an operation waited on it
    kErrTimedOut,        // a deadline passed (also reported as -ETIMEDOUT by sockets)
    kErrCanceled,        // the waiting coroutine was canceled
    kErrBusy,            // a second waiter on a direction that allows one
    kErrDeadlock,        // nothing can ever wake the waiter
    kErrLimit,           // a configured limit (max coroutines, buffer size, ...) was reached
    kErrProtocol,        // the peer broke the protocol
    kErrNotInCoroutine,  // a coroutine-only operation was called outside a coroutine
    kErrInvalid,         // invalid argument
    kErrDns,             // name resolution failed
    kErrNotFound,        // no such object (an unknown or closed session id, ...)
    kErrTls,             // a TLS handshake or record failed
    kErrTlsVerify,       // the TLS peer's certificate was refused
};

// Human-readable text for a negative errno or a GustError (sign ignored).
const char *error_message(int code);

}  // namespace gust
