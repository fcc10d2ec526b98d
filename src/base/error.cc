#include "gust/base/error.h"

#include <cstring>

namespace gust {

const char *error_message(int code) {
    if (code < 0) code = -code;
    switch (code) {
        case 0: return "success";
        case kErrClosed: return "closed while waiting";
        case kErrTimedOut: return "timed out";
        case kErrCanceled: return "canceled";
        case kErrBusy: return "another coroutine is already waiting on this operation";
        case kErrDeadlock: return "deadlock: nothing can wake the waiting coroutine";
        case kErrLimit: return "limit reached";
        case kErrProtocol: return "protocol error";
        case kErrNotInCoroutine: return "must be called inside a coroutine";
        case kErrInvalid: return "invalid argument";
        case kErrDns: return "name resolution failed";
        case kErrNotFound: return "no such object";
        case kErrTls: return "TLS failure";
        case kErrTlsVerify: return "TLS certificate verification failed";
        default: break;
    }
    if (code > kErrBase) return "unknown gust error";
    return strerror(code);  // glibc's strerror is thread-safe for known codes
}

}  // namespace gust
