// The table of protocols the server's ports can speak (see protocol.h).
#include "server/protocol.h"

namespace gust::php::srv {
namespace {

constexpr int kCount = static_cast<int>(ProtocolId::kCount);
Protocol g_protocols[kCount];  // filled at MINIT, read-only afterwards

}  // namespace

void register_protocol(ProtocolId id, const Protocol &p) { g_protocols[static_cast<int>(id)] = p; }

const Protocol &protocol(ProtocolId id) { return g_protocols[static_cast<int>(id)]; }

bool protocols_load_settings(Server *s, HashTable *settings) {
    for (const Protocol &p : g_protocols) {
        if (p.load_settings && !p.load_settings(s, settings)) return false;
    }
    return true;
}

void protocols_package_arrived(Server *s, Port *port, server::SessionId id, zend_string *data,
                               const ParsedHead *parsed) {
    const Protocol &p = protocol(port->redis && s->redis_server ? ProtocolId::kRedis : ProtocolId::kHttp);
    if (p.package_arrived) {
        p.package_arrived(s, port, id, data, parsed);
    } else {
        zend_string_release(data);  // no such area: nothing can take it
    }
}

void protocols_answer_arrived(Server *s, server::SessionId id, int status) {
    for (const Protocol &p : g_protocols) {
        if (p.answer_arrived) p.answer_arrived(s, id, status);
    }
}

int protocols_session_closed(Server *s, Port *port, server::SessionId id) {
    int event = kClose;
    for (const Protocol &p : g_protocols) {
        if (!p.session_closed) continue;
        const int e = p.session_closed(s, port, id);
        if (e != kClose) event = e;
    }
    return event;
}

void protocols_worker_end(Server *s) {
    for (const Protocol &p : g_protocols) {
        if (p.worker_end) p.worker_end(s);
    }
}

namespace {
WorkerStoppingHook g_worker_stopping = nullptr;
CountsOwnRequestsHook g_counts_own_requests = nullptr;
}  // namespace

void set_counts_own_requests_hook(CountsOwnRequestsHook hook) { g_counts_own_requests = hook; }

bool protocols_count_own_requests(Server *s, server::SessionId id, std::string_view package) {
    return g_counts_own_requests && g_counts_own_requests(s, id, package);
}

void set_worker_stopping_hook(WorkerStoppingHook hook) { g_worker_stopping = hook; }

void protocols_worker_stopping(Server *s, std::vector<server::SessionId> *keep) {
    if (g_worker_stopping) g_worker_stopping(s, keep);
}

unsigned protocols_of_class(zend_class_entry *ce) {
    unsigned bits = 0;
    for (int i = 0; i < kCount; ++i) {
        zend_class_entry **cls = g_protocols[i].server_class;
        if (cls && *cls && instanceof_function(ce, *cls)) bits |= 1u << i;
    }
    return bits;
}

}  // namespace gust::php::srv
