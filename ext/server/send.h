// Sending to connections in either mode: send(), close(), sendfile(), and send_yield's waiting line
// (server_api.cc, server_send_yield.cc). Failures are recorded with record_error().
#pragma once

#include "server/server.h"

namespace gust::php::srv {

// server_api.cc: send()/close()/sendfile() of either mode, errors recorded for getLastError().
bool send_to_session(Server *s, server::SessionId id, zend_string *data);
// The same for bytes the caller keeps (BASE mode writes them without another copy).
bool send_bytes_to_session(Server *s, server::SessionId id, std::string_view bytes);
// send_yield (server_send_yield.cc): a send() that meets a full buffer waits in line for it to
// drain (Swoole's default). send_with_yield() runs `attempt` (true: sent; false with last_error)
// under that rule; wake_senders() is called when the connection drained (the first in line
// retries) or closed (all retry, and fail).
bool can_send_yield(Server *s);
bool wait_for_send_room(Server *s, server::SessionId id, bool front);
bool has_send_waiters(Server *s, server::SessionId id);
void wake_senders(Server *s, server::SessionId id, bool all = false);
// The channel to the master has room again (PROCESS mode): the first in every line retries.
void wake_all_send_lines(Server *s);
// For a protocol engine that keeps its own backlog (HTTP/2): one attempt that never waits, in
// either mode and whatever send_yield says. kFull: nothing was sent; notify_when_room() tells when
// to try again. A single attempt should stay under buffer_output_size and socket_buffer_size.
enum class TrySend { kSent, kFull, kFailed };
TrySend try_send_bytes(Server *s, server::SessionId id, std::string_view bytes);
// Gathered bytes without a copy, when this process writes the connection's socket itself and it
// is not TLS: *written gets what the socket took now (maybe part, maybe 0; notify_when_room()
// tells when to go on). kUnsupported: use try_send_bytes().
enum class GatherSend { kWritten, kUnsupported, kFailed };
GatherSend write_gathered(Server *s, server::SessionId id, const iovec *iov, int count, size_t *written);
// `fn` runs once, from the loop, when the connection's output has room again or the connection
// closes (the next attempt then fails). A second call for the same connection replaces the first.
void notify_when_room(Server *s, server::SessionId id, std::function<void()> fn);
// The connection's output can take more: runs its notify_when_room() function, if any.
void call_room_listener(Server *s, server::SessionId id);
bool close_session(Server *s, server::SessionId id, bool reset);
// Opens a regular file for sending `length` bytes (0: to its end) from `offset`: the fd, with the
// region's real size in *size, or -1 after a warning.
int open_file_range(const char *file, zend_long offset, zend_long length, zend_long *size);
// Sends a region of an open file (`path` names the same file, for PROCESS mode's master); any size.
bool send_file_range(Server *s, server::SessionId id, const char *path, int file_fd, zend_long offset,
                     zend_long length);

template <typename Attempt>
bool send_with_yield(Server *s, server::SessionId id, Attempt attempt) {
    constexpr int kOverflow = code(SwooleError::kOutputBufferOverflow);
    const bool yield = can_send_yield(s);
    // Others are waiting for room on this connection: queue behind them, or this send overtakes.
    if (yield && has_send_waiters(s, id) && !wait_for_send_room(s, id, false)) {
        record_error(s, kOverflow);
        return false;
    }
    for (;;) {
        if (attempt()) {
            wake_senders(s, id);  // the next in line may fit too
            return true;
        }
        if (!yield || s->last_error != kOverflow) return false;
        if (!wait_for_send_room(s, id, true)) {
            if (s->last_error == 0) record_error(s, kOverflow);
            return false;
        }
    }
}

}  // namespace gust::php::srv
