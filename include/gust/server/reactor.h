// The event-driven TCP/UDP server core of one process (Swoole's BASE mode, and later each
// reactor of PROCESS mode): listeners, accepted sessions with bounded input/output buffers,
// and callbacks into whoever embeds it (the PHP binding). Never calls PHP.
//
// Sessions are Swoole's `$fd`: positive ids, increasing, never reused by one Reactor.
// Callbacks may call back into the Reactor (send, close) for any session, including the one
// being reported; a session closed inside a callback is torn down after the callback returns.
#pragma once

#include <sys/uio.h>

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "gust/base/clock.h"
#include "gust/base/result.h"
#include "gust/loop/loop.h"
#include "gust/mem/buffer.h"
#include "gust/mem/slice.h"
#include "gust/net/address.h"
#include "gust/net/tls.h"
#include "gust/proto/framing.h"

namespace gust::server {

using mem::Slice;
using SessionId = int64_t;

struct ListenOptions {
    net::Address address;
    int type = SOCK_STREAM;  // SOCK_STREAM or SOCK_DGRAM
    int backlog = 511;
    bool reuse_port = false;
    bool tcp_nodelay = true;
    // Cuts the stream into packages (Swoole's open_eof_* / open_length_* options); nullptr: raw
    // reads. Shared by every session of the listener.
    std::shared_ptr<const proto::framing::Framing> framing;
    // Framed listeners: a request whose head is not complete `header_timeout` after its first
    // byte, or whose body receives nothing for `body_timeout`, ends its connection (HTTP: with a
    // 408 first). 0: no limit.
    Nanos header_timeout = 0;
    Nanos body_timeout = 0;
    // A TLS listener (a server-role context): each connection completes its handshake before
    // on_connect reports it, within `handshake_timeout`; one that fails or stalls is closed
    // without ever being reported. Reads and writes then go through the engine (files too: no
    // sendfile through TLS). On a SOCK_DGRAM listener (a datagram context): DTLS, each client a
    // session of its own once it passed a cookie exchange (net/dtls.h), framed like a stream's.
    std::shared_ptr<net::TlsContext> tls;
    Nanos handshake_timeout = 10 * kNanosPerSecond;
};

struct ReactorOptions {
    size_t max_connections = 100000;
    size_t output_buffer_limit = 2 * 1024 * 1024;  // per session: Swoole's socket_buffer_size
    // A session with nothing queued takes one send() whose unwritten rest is up to this (when
    // larger than output_buffer_limit): one big reply fits while the queue stays bounded.
    size_t idle_send_limit = 0;
    size_t read_chunk = 64 * 1024;  // bytes read per recv
    // Connections accepted per readiness report of a listener. Reactors of several threads that
    // share one listening socket (a THREAD server's workers) take 1, so that a burst of connects
    // spreads over them instead of going to whichever woke first.
    size_t accept_batch = 64;
    size_t datagram_max = 64 * 1024;
    // Session ids are first_id, first_id + id_step, ... (PROCESS mode: one sequence per thread).
    SessionId first_id = 1;
    SessionId id_step = 1;
};

struct SessionInfo {
    SessionId id = 0;
    int port_index = 0;  // which listener accepted it
    int fd = -1;
    net::Address peer;
    Nanos connected_at = 0;  // monotonic
    Nanos last_receive = 0;
    Nanos last_send = 0;
    uint64_t bytes_received = 0;
    uint64_t bytes_sent = 0;
    bool paused = false;
};

struct ReactorStats {
    uint64_t accepted = 0;
    uint64_t refused = 0;         // over max_connections
    uint64_t framing_errors = 0;  // sessions closed for a bad or oversized package
    uint64_t tls_failures = 0;    // connections whose TLS handshake failed or timed out
    uint64_t closed = 0;
    size_t connections = 0;
    uint64_t bytes_received = 0;
    uint64_t bytes_sent = 0;
};

enum class CloseCause : uint8_t { kPeer, kServer, kError, kProtocol };

// Implemented by the embedder. Data slices are valid only during the call.
class ReactorEvents {
public:
    virtual void on_connect(const SessionInfo &session) = 0;
    virtual void on_receive(const SessionInfo &session, Slice data) = 0;
    virtual void on_close(const SessionInfo &session, CloseCause cause) = 0;
    virtual void on_packet(int port_index, Slice data, const net::Address &from) = 0;
    // The session's output buffer crossed its limit / drained below it again.
    virtual void on_buffer_full(const SessionInfo &) {}
    virtual void on_buffer_empty(const SessionInfo &) {}
    // HTTP listeners: the reactor has an answer of its own for the session — a refusal (400, 408,
    // 413, ...; the connection must then close) or the interim 100 Continue — which must not
    // overtake the answers to requests already delivered. Return true when the embedder sends it in
    // turn (and closes after a refusal); false, and the reactor sends it at once.
    virtual bool on_http_answer(const SessionInfo &, int /*status*/) { return false; }
    // The reactor wrote queued output of the session after the socket had been full; `queued`
    // bytes are left in its buffers (PROCESS mode: credit back to the workers, reply_credit.h).
    virtual void on_output_written(const SessionInfo &, size_t /*queued*/) {}
    // Whether a new session may take `id` (PROCESS mode: its slot in the shared connection table is
    // free); when not, the reactor skips to the next id.
    virtual bool session_id_free(SessionId) { return true; }
    // A connection was refused (over max_connections, or its TLS handshake failed or stalled).
    virtual void on_refused(int /*port_index*/) {}
    // An adopted session (adopt()) started or stopped holding bytes only this process has: input
    // that is not a whole package yet, or output not yet written. PROCESS mode publishes it, so the
    // master knows whether a connection can outlive this process.
    virtual void on_holding(const SessionInfo &, bool /*holding*/) {}

protected:
    ~ReactorEvents() = default;
};

class Reactor {
public:
    Reactor(loop::Loop &loop, ReactorEvents &events, ReactorOptions options = {});
    ~Reactor();
    Reactor(const Reactor &) = delete;
    Reactor &operator=(const Reactor &) = delete;

    // Binds and listens now (so a port 0 can be read back); returns the listener's index.
    Result<int> add_listener(const ListenOptions &options);
    // Takes over a socket that is already bound (and listening, for streams) — e.g. bound before
    // fork() so every worker serves it. The reactor closes it on shutdown. Returns its index.
    Result<int> adopt_listener(int fd, const ListenOptions &options);
    // Bound address of a listener (the real port when 0 was asked).
    Result<net::Address> listener_address(int port_index) const;
    int listener_count() const { return static_cast<int>(listeners_.size()); }
    // Registers a port's options with no socket: it accepts nothing, and adopt() serves connections
    // of it (PROCESS mode workers keep the master's port numbering this way). Returns its index.
    Result<int> add_passive_port(const ListenOptions &options);

    // PROCESS mode hand-off. adopt() serves a connection another process accepted and still holds a
    // copy of: a session with the given id on port `port_index`, reported by on_connect when
    // `announce`. Closing it shuts the connection down (so the other copy does not keep it open),
    // except a reset, whose RST comes when the last copy closes. kErrInvalid for a TLS port or an
    // id in use (the fd is then not taken).
    Status adopt(int fd, SessionId id, int port_index, Nanos connected_at, bool announce);
    // Serves a connection accepted elsewhere (a THREAD server's main thread accepts for its worker
    // threads) exactly as if port `port_index` had accepted it: max_connections, TLS, on_connect.
    // The reactor owns `fd` from here (closed when refused). kErrInvalid for a datagram port.
    Status take(int port_index, int fd);
    // Takes a session out of the reactor without closing its connection or reporting on_close, and
    // returns its socket (the caller owns it). Only between packages: kErrBusy while it holds input
    // or output, or its framing is past HTTP (WebSocket); kErrInvalid for TLS; kErrNotFound.
    Result<int> detach(SessionId id);
    // Connections the embedder holds outside the reactor (handed to another process) that count
    // against max_connections.
    void hold_outside(int delta) { held_outside_ = static_cast<size_t>(static_cast<long>(held_outside_) + delta); }

    // Starts watching the listeners. Idempotent.
    Status start();
    // Stops accepting and closes every session (on_close with kServer) and listener.
    void shutdown();
    // Closes the listeners only; sessions go on (a worker being replaced finishes its connections).
    void stop_accepting();

    // Queues data for the session and writes what the socket takes now. kErrNotFound for an
    // unknown or closing session, kErrLimit when the output buffer would pass its limit.
    Status send(SessionId id, Slice data);
    // Queues `length` bytes of an open file from `offset` after what is queued, sent with
    // sendfile(2) as the socket drains: no copy, and no output-buffer limit (the file holds the
    // bytes). Takes `file_fd` in every case.
    Status send_file(SessionId id, int file_fd, off_t offset, size_t length);
    // Writes what the socket takes now from `iov` (writev) and never queues, for an engine that
    // keeps its own backlog (HTTP/2): returns the bytes written, 0 when the socket is full or the
    // session still has queued output. When not all went, on_output_written() follows once the
    // session can take more. kErrNotFound for an unknown or closing session, kErrInvalid for TLS
    // (no gathered write through the engine: use send()).
    Result<size_t> write_now(SessionId id, const iovec *iov, int count);
    Status sendto(int port_index, const net::Address &to, Slice data);
    // Closes after the queued output is written (reset: at once, with RST, dropping it).
    Status close(SessionId id, bool reset = false);
    Status pause(SessionId id);  // stop reading from the session
    Status resume(SessionId id);

    bool exists(SessionId id) const;
    // Bytes waiting in the session's output buffers (file regions not counted); 0 when unknown.
    size_t queued_bytes(SessionId id) const;
    // Bytes read from the session and not yet delivered as whole packages; 0 when unknown.
    size_t buffered_input(SessionId id) const;
    // During on_receive of an HTTP port's package: its request head as the framing parsed it (views
    // into the package's bytes) and the head's length, so the embedder need not parse it again;
    // nullptr when it was parsed in an earlier read, and outside on_receive.
    const proto::http1::RequestHead *delivering_head(size_t *head_len) const {
        if (head_len) *head_len = delivering_head_len_;
        return delivering_head_;
    }
    const SessionInfo *info(SessionId id) const;
    // Up to `count` live session ids greater than `after`, ascending.
    std::vector<SessionId> list(SessionId after, size_t count) const;
    ReactorStats stats() const;

private:
    struct Session;
    struct Listener;
    friend struct Session;
    friend struct Listener;

    // A listener (or a passive port, fd -1) with `o`'s options, last in the list.
    Listener &push_listener(int fd, const ListenOptions &o);
    void on_accept(Listener &l);
    // A connection accepted on `l` (or handed to take()): a new session, or refused.
    void serve_accepted(Listener &l, int fd, const net::Address &peer,
                        std::unique_ptr<net::TlsEngine> engine = nullptr);
    // DTLS listeners: the clients that passed the cookie exchange become sessions (reactor_tls.cc).
    void accept_dtls(Listener &l);
    // DTLS handshakes: re-arms the session's retransmission timer from its engine.
    void arm_retransmit(Session &s);
    void on_datagram(Listener &l);
    void on_session_io(Session &s, uint32_t events);
    void read_session(Session &s);
    // TLS listeners: drives the handshake; reports the session once it is established.
    void advance_handshake(Session &s);
    // Bytes from / to the session's socket, through TLS when it has it: > 0, 0 (end of stream),
    // -EAGAIN, or a negative error.
    ssize_t session_recv(Session &s, char *buf, size_t len);
    ssize_t session_send(Session &s, const char *data, size_t len);
    void schedule_tls_read(SessionId id);
    void flush_session(Session &s);
    // Writes the queued bytes and file regions until the socket is full; false when it closed.
    bool write_output(Session &s);
    void count_sent(Session &s, size_t n);
    void drop_files(Session &s);
    void update_interest(Session &s);
    void finish_close(Session &s, CloseCause cause);
    // The session is done and its output written: closed now, or after lingering (Session::linger).
    void end_session(Session &s, CloseCause cause);
    static constexpr Nanos kLingerTime = 2 * kNanosPerSecond;
    static constexpr size_t kLingerBytes = 4u << 20;
    // Framed listeners: appends the bytes read and reports each whole package.
    void deliver_framed(Session &s, Slice bytes);
    // Answers a refused HTTP request with `status` (0: none, not HTTP) and closes the session.
    void refuse(Session &s, int status);
    bool hand_over_answer(Session &s, int status);
    void close_websocket(Session &s, int code);
    // Keeps the session's read timer armed while a request is only partly received.
    void arm_read_timer(Session &s);
    void on_read_timer(SessionId id);
    void reap();
    void note_holding(Session &s);

    loop::Loop &loop_;
    ReactorEvents &events_;
    ReactorOptions options_;
    std::vector<std::unique_ptr<Listener>> listeners_;
    std::unordered_map<SessionId, std::unique_ptr<Session>> sessions_;
    std::vector<std::unique_ptr<Session>> dead_;  // closed during a callback, freed after it
    SessionId next_id_;
    int callback_depth_ = 0;
    size_t held_outside_ = 0;
    size_t lingering_ = 0;  // sessions reported closed whose socket still waits for the peer
    const proto::http1::RequestHead *delivering_head_ = nullptr;
    size_t delivering_head_len_ = 0;
    bool started_ = false;
    ReactorStats stats_;
};

}  // namespace gust::server
