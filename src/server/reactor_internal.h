// The Reactor's private parts, shared by its source files (reactor.cc: listeners, sessions,
// reading, writing, closing; reactor_handoff.cc: sessions moved between processes; reactor_tls.cc:
// TLS sessions).
#pragma once

#include <deque>
#include <memory>

#include "gust/net/dtls.h"
#include "gust/server/reactor.h"

namespace gust::server {

struct Reactor::Listener final : loop::IoHandler {
    Reactor *reactor = nullptr;
    int index = 0;
    int fd = -1;
    int type = SOCK_STREAM;
    bool tcp_nodelay = true;
    std::shared_ptr<const proto::framing::Framing> framing;
    Nanos header_timeout = 0;
    Nanos body_timeout = 0;
    std::shared_ptr<net::TlsContext> tls;
    Nanos handshake_timeout = 0;
    // A DTLS listener (SOCK_DGRAM with tls): clients that pass its cookie exchange become sessions.
    std::unique_ptr<net::DtlsListener> dtls;
    loop::WatchId watch{};
    loop::TimerId resume_timer = 0;  // re-arms the watch after an EMFILE pause
    void on_io(uint32_t) override {
        if (type == SOCK_STREAM) {
            reactor->on_accept(*this);
        } else {
            reactor->on_datagram(*this);
        }
    }
};

struct Reactor::Session final : loop::IoHandler {
    Reactor *reactor = nullptr;
    SessionInfo info;
    loop::WatchId watch{};
    mem::Buffer output;
    // send_file(): file regions queued after `output`; bytes sent after a region wait in its `after`.
    struct FileSegment {
        int fd = -1;
        off_t offset = 0;
        size_t left = 0;
        mem::Buffer after;
    };
    std::deque<FileSegment> files;
    size_t queued_after = 0;  // bytes in the segments' `after` buffers (they count against the limit)
    bool idle() const { return output.empty() && files.empty(); }
    mem::Buffer input;  // framed listeners: bytes of the package being received
    std::unique_ptr<proto::framing::Splitter> splitter;
    const Listener *listener = nullptr;
    loop::TimerId read_timer = 0;  // armed while a request is partly received (header/body timeouts)
    bool read_timer_for_body = false;
    Nanos request_started = 0;  // when the first byte of the request being received arrived
    bool refused = false;       // an HTTP refusal was handed to the embedder: later bytes are dropped
    bool closing = false;       // close() asked: finish writing, then close
    bool dead = false;          // torn down (fd closed); awaiting free
    bool buffer_full = false;   // on_buffer_full reported, on_buffer_empty pending
    bool wants_room = false;    // write_now() left bytes behind: watch writability for the caller
    uint32_t interest = 0;
    // TLS listeners: the connection's engine; until its handshake completes the session is not
    // `announced` (no on_connect yet, so no on_close either) and a timer bounds the handshake.
    std::unique_ptr<net::TlsEngine> tls;
    bool announced = true;
    bool reset = false;             // close(reset): no TLS goodbye either
    bool reset_when_ended = false;  // a framing error without an HTTP answer: end with an RST
    bool adopted = false;           // adopt(): another process keeps a copy of the socket
    // A close after a protocol refusal lingers: the peer may still be sending, and closing a socket
    // with unread bytes sends RST, which can destroy the answer before the peer reads it. So the
    // write side is shut down (FIN after the answer) and what comes is read and dropped until the
    // peer closes, kLingerTime passes or kLingerBytes arrive.
    bool linger = false;
    bool lingering = false;  // on_close was reported; the socket waits for the peer
    CloseCause linger_cause = CloseCause::kProtocol;
    loop::TimerId linger_timer = 0;
    size_t lingered = 0;
    bool holding = false;           // adopted: what on_holding last reported
    bool read_wants_write = false;  // the engine's last read needs the socket writable
    loop::TimerId handshake_timer = 0;
    loop::TimerId retransmit_timer = 0;  // DTLS: resends the handshake's last flight if no answer came
    void on_io(uint32_t events) override { reactor->on_session_io(*this, events); }
};

// Runs embedder callbacks with the reactor marked busy, so sessions closed inside them are
// freed only after they return.
struct CallbackScope {
    explicit CallbackScope(int &depth) : depth_(depth) { ++depth_; }
    ~CallbackScope() { --depth_; }
    int &depth_;
};

}  // namespace gust::server
