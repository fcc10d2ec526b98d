// PROCESS mode send backpressure, the worker's half (the master's is gust/server/reply_credit.h;
// design in docs/php-server.md, "Send backpressure"). The worker counts, per connection, the bytes
// it sent that the master has not acknowledged as written to the socket; send() fails with
// SWOOLE_ERROR_OUTPUT_BUFFER_OVERFLOW when that count would pass socket_buffer_size +
// buffer_output_size (credit_limit()), and
// bufferFull/bufferEmpty fire around it as in BASE mode.
#include <cstring>

#include "server/server.h"
#include "server/process_mode.h"
#include "server/send.h"

namespace gust::php::srv {
namespace {

// What a worker may have in flight on one connection: the master's own bound (socket_buffer_size
// for the queue plus one buffer_output_size send), so the master never has to drop a reply. The
// bytes in the channel and in the master's queue stand in for BASE mode's output queue and kernel
// send buffer, which together hold at least as much.
uint64_t credit_limit(Server *s) {
    return static_cast<uint64_t>(std::max<zend_long>(s->settings.socket_buffer_size, 1)) +
           static_cast<uint64_t>(std::max<zend_long>(s->settings.buffer_output_size, 0));
}

Port *port_of(Server *s, server::SessionId id) {
    ProcessModeState &ps = *s->process_mode;
    auto it = ps.sessions.find(id);
    int index = -1;
    if (it != ps.sessions.end()) {
        index = it->second.port_index;
    } else {
        server::ConnectionRecord rec;
        if (ps.master->shared().read(id, &rec)) index = rec.port_index;
    }
    return index >= 0 && static_cast<size_t>(index) < s->ports.size() ? s->ports[static_cast<size_t>(index)].get()
                                                                      : nullptr;
}

void fire(Server *s, server::SessionId id, int event) {
    zval args[2];
    ZVAL_OBJ(&args[0], s->self);
    ZVAL_LONG(&args[1], id);
    (void)run_callback(s, port_of(s, id), event, args, 2);
}

// Asks the master for an acknowledgement once the connection's queue is empty (at most one
// request in flight per connection).
void ask(Server *s, server::SessionId id, SendCredit &c) {
    if (c.asked) return;
    server::CreditNote note;
    note.kind = server::CreditNote::kWant;
    zend_string *payload = zend_string_init(reinterpret_cast<const char *>(&note), sizeof note, 0);
    c.asked = process_mode_control(s, id, payload);
    zend_string_release(payload);
}

}  // namespace

bool process_mode_credit_admit(Server *s, server::SessionId id, size_t len) {
    ProcessModeState &ps = *s->process_mode;
    auto it = ps.credits.find(id);
    if (it == ps.credits.end()) return true;
    SendCredit &c = it->second;
    // A connection with nothing outstanding always takes one send() (up to buffer_output_size),
    // as an idle socket does in BASE mode.
    if (c.outstanding == 0 || c.outstanding + len <= credit_limit(s)) return true;
    record_error(s, SwooleError::kOutputBufferOverflow);
    ask(s, id, c);
    if (!c.full) {
        c.full = true;
        fire(s, id, kBufferFull);
    }
    return false;
}

void process_mode_credit_sent(Server *s, server::SessionId id, size_t len) {
    if (len == 0) return;
    s->process_mode->credits[id].outstanding += len;
}

void process_mode_credit_forget(Server *s, server::SessionId id) {
    s->process_mode->credits.erase(id);
    wake_senders(s, id, true);  // their retry reports the closed session
}

void process_mode_credit_note(Server *s, server::SessionId id, zend_string *payload) {
    server::CreditNote note;
    if (!payload || ZSTR_LEN(payload) != sizeof note) return;
    memcpy(&note, ZSTR_VAL(payload), sizeof note);
    ProcessModeState &ps = *s->process_mode;
    auto it = ps.credits.find(id);
    if (it == ps.credits.end()) return;  // e.g. for a worker that died before: nothing counted here
    if (note.kind == server::CreditNote::kForget) {
        ps.credits.erase(it);
        wake_senders(s, id, true);
        return;
    }
    if (note.kind != server::CreditNote::kAck) return;
    SendCredit &c = it->second;
    c.outstanding -= std::min(c.outstanding, note.bytes);
    c.asked = false;
    wake_senders(s, id);  // send_yield: room again (each retries and may wait anew)
    if (c.full) {
        if (c.outstanding > 0) {
            // Sent more meanwhile: ask again, bufferEmpty waits until everything is written.
            ask(s, id, c);
            return;
        }
        c.full = false;
        fire(s, id, kBufferEmpty);
        // The callback may have sent again: look the entry up anew.
        it = ps.credits.find(id);
        if (it == ps.credits.end()) return;
    }
    if (it->second.outstanding == 0 && !it->second.full) ps.credits.erase(it);
}

}  // namespace gust::php::srv
