// CoSocket: a non-blocking socket whose operations park the calling coroutine
// instead of blocking the thread. One waiter per direction (read, write), each
// with its own deadline:
//  - a second coroutine waiting on the same direction gets kErrBusy at once;
//  - close() wakes both waiters with kErrClosed (they never touch the socket again);
//  - a deadline that passes gives kErrTimedOut; cancellation gives kErrCanceled.
// Timeouts are relative, in nanoseconds; < 0 waits forever, 0 never waits.
// The socket registers with the loop on its first wait and only changes its
// interest when a direction gains or loses its waiter.
#pragma once

#include <memory>
#include <vector>

#include "gust/base/clock.h"
#include "gust/base/result.h"
#include "gust/coro/coroutine.h"
#include "gust/loop/loop.h"
#include "gust/net/address.h"

namespace gust::net {

class CoSocket final : private loop::IoHandler {
public:
    // SOCK_STREAM or SOCK_DGRAM for `family` (AF_INET, AF_INET6, AF_UNIX).
    static Result<std::unique_ptr<CoSocket>> open(int family, int type);
    // Takes ownership of a non-blocking fd.
    explicit CoSocket(int fd);
    ~CoSocket();
    CoSocket(const CoSocket &) = delete;
    CoSocket &operator=(const CoSocket &) = delete;

    Status bind(const Address &addr);
    Status listen(int backlog = 511);
    Result<std::unique_ptr<CoSocket>> accept(Nanos timeout = -1, Address *peer = nullptr);
    Status connect(const Address &addr, Nanos timeout = -1);

    // Some bytes (> 0), 0 at end of stream, or an error.
    Result<size_t> recv(void *buf, size_t len, Nanos timeout = -1);
    // Exactly `len` bytes, or fewer only at end of stream; the timeout covers the whole call.
    Result<size_t> recv_all(void *buf, size_t len, Nanos timeout = -1);
    Result<size_t> send(const void *buf, size_t len, Nanos timeout = -1);
    // All of `len`, or an error (bytes already sent are lost to the caller: the stream is broken).
    Result<size_t> send_all(const void *buf, size_t len, Nanos timeout = -1);
    Result<size_t> recvfrom(void *buf, size_t len, Address *from, Nanos timeout = -1);
    Result<size_t> sendto(const void *buf, size_t len, const Address &to, Nanos timeout = -1);
    Status shutdown(int how);
    // Parks until the fd is readable (or writable): for a protocol that does its own I/O on the
    // fd (TLS). Same waiter rules and error codes as the operations above.
    Status wait_ready(bool writable, Nanos timeout);
    // Closes the fd and wakes any waiter with kErrClosed. Idempotent.
    void close();
    // As close(), but the waiters (writer first, then reader) are handed to the caller still
    // parked: it wakes them with coro::Scheduler::wake_now(kErrClosed) once its own state is
    // consistent, so they run before it goes on, as Swoole resumes them inside close().
    std::vector<coro::CoroutineId> close_keeping_waiters();
    // The loop this socket registered with is gone (a PHP runtime ended under an object that
    // outlived it): closes the fd without touching the loop or its waiters (freed with it).
    void abandon();

    int fd() const { return fd_; }
    bool is_open() const { return fd_ >= 0; }
    Result<Address> local_address() const;
    Result<Address> peer_address() const;

private:
    enum Direction { kRead = 0, kWrite = 1 };
    struct Waiter {
        coro::Coroutine *co = nullptr;
        bool *closed = nullptr;  // lives on the waiter's stack; set by close()
    };
    // Parks the running coroutine until the direction is ready. 0 or an error code.
    int wait(Direction dir, Nanos deadline);
    template <typename Op>
    Result<size_t> io(Direction dir, Nanos deadline, Op op);
    void on_io(uint32_t events) override;
    void update_interest();

    int fd_;
    loop::Loop *loop_ = nullptr;
    loop::WatchId watch_{};
    uint32_t interest_ = 0;
    Waiter waiters_[2];
    // The last recv() came back short: the kernel buffer was empty after it, so the next recv()
    // in a coroutine parks first instead of paying a recv() that answers EAGAIN (level-triggered
    // readiness reports at once what arrived meanwhile).
    bool drained_ = false;
};

}  // namespace gust::net
