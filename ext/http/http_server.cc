// Swoole\Http\Server: class registration, and the worker's side of each HTTP connection — one
// request at a time in onRequest, the pipelined ones behind it queued and started in order when
// the response before them ends (so answers never interleave).
#include <climits>
#include <cstdlib>
#include <ctime>

#include "http/cookie.h"
#include "http/http.h"
#include "http/http2_session.h"
#include "server/process_mode.h"
#include "server/send.h"
#include "server/server_metrics.h"
#include "zend/options.h"
#include "stubs/http_server_arginfo.h"

namespace gust::php::srv {

// The worker's HTTP connections.
struct HttpWorker {
    struct Pending {
        Port *port;
        zend_string *request;  // nullptr: an answer of the reactor's (`status`)
        int status;
    };
    struct Conn {
        bool busy = false;  // a request of it is in onRequest (or its response is being written)
        std::deque<Pending> queue;
    };
    std::unordered_map<server::SessionId, Conn> conns;
    int64_t in_flight = 0;                  // connections busy with a request
    std::deque<server::SessionId> waiting;  // idle connections whose next request waits for a slot
    bool resume_scheduled = false;          // a deferred resume_waiting() is pending

    static void release(Conn &c) {
        for (Pending &p : c.queue) {
            if (p.request) zend_string_release(p.request);
        }
        c.queue.clear();
    }
    ~HttpWorker() {
        for (auto &[id, c] : conns) release(c);
    }
};

}  // namespace gust::php::srv

namespace gust::php::http {
namespace {

using srv::HttpWorker;
using srv::Port;
using srv::Server;

// Pipelined requests queued behind a slow one; a client sending more is closed, so one
// connection cannot make the worker buffer without bound.
constexpr size_t kMaxPipelined = 64;

HttpWorker &worker_of(Server *s) {
    if (!s->http) s->http = new HttpWorker();
    return *s->http;
}

// A request the worker cannot take: its status goes out and the connection closes.
void refuse(Server *s, server::SessionId id, int status) {
    if (s->metrics) srv::metrics_refused(s, status);
    const std::string_view answer = proto::http1::error_response(status);
    (void)srv::send_bytes_to_session(s, id, answer);
    (void)srv::close_session(s, id, false);
    request_done(s, id, true);
}

// gust_metrics_path: the exposition, answered here before any PHP runs (not counted as a request).
void answer_metrics(Server *s, server::SessionId id, const proto::http1::RequestHead &head) {
    const std::string body = srv::metrics_exposition(s);
    std::string out = "HTTP/1.";
    out += head.version_minor == 0 ? '0' : '1';
    out += " 200 OK\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8\r\nContent-Length: ";
    out += std::to_string(body.size());
    out += head.keep_alive ? "\r\n\r\n" : "\r\nConnection: close\r\n\r\n";
    if (head.method != "HEAD") out += body;
    (void)srv::send_bytes_to_session(s, id, out);
    if (!head.keep_alive) (void)srv::close_session(s, id, false);
    request_done(s, id, !head.keep_alive);
}

// worker_max_concurrency: whether a new request must wait for one in progress to end.
bool worker_full(Server *s) {
    const zend_long limit = settings_of(s).worker_max_concurrency;
    return limit > 0 && worker_of(s).in_flight >= limit;
}

// max_concurrency: whether a new request is refused with a 503.
bool over_max_concurrency(Server *s) {
    const zend_long limit = settings_of(s).max_concurrency;
    return limit > 0 && worker_of(s).in_flight >= limit;
}

void start_request(Server *s, Port *port, server::SessionId id, zend_string *data,
                   const srv::ParsedHead *parsed = nullptr) {
    HttpWorker::Conn &conn = worker_of(s).conns[id];
    if (!conn.busy) ++worker_of(s).in_flight;
    conn.busy = true;
    // Reused (constructing a head zeroes 4 KiB); nothing below keeps it past this call.
    static proto::http1::RequestHead head;
    int head_len;
    if (parsed) {
        // The reactor parsed this very request a moment ago (same process): its head, moved onto our copy.
        head.copy_rebased(*parsed->head, parsed->base, ZSTR_VAL(data));
        head_len = static_cast<int>(parsed->head_len);
    } else {
        proto::http1::Limits limits;
        limits.max_head_bytes = static_cast<size_t>(std::max<zend_long>(64, s->settings.http_framing.max_header_size));
        head_len = proto::http1::parse_request_head(ZSTR_VAL(data), ZSTR_LEN(data), &head, limits);
    }
    if (head_len <= 0) {
        // The reactor's framing accepted it, so this only happens for a corrupt message.
        zend_string_release(data);
        refuse(s, id, head.error_status ? head.error_status : 400);
        return;
    }
    if (s->metrics && !s->settings.metrics_path.empty() && srv::metrics_is_scrape(s, head.target)) {
        zend_string_release(data);
        answer_metrics(s, id, head);
        return;
    }
    if (port && port->websocket && upgrade().upgrade &&
        upgrade().upgrade(s, port, id, head, data, static_cast<size_t>(head_len))) {
        zend_string_release(data);
        request_done(s, id, false);
        return;
    }
    const int static_status = serve_static(s, id, head);
    if (static_status != 0) {
        zend_string_release(data);
        if (static_status > 0) {
            request_done(s, id, !head.keep_alive);
        } else {
            refuse(s, id, -static_status);
        }
        return;
    }
    int status = 0;
    zend_object *request = make_request(s, port, id, data, head, static_cast<size_t>(head_len), &status);
    if (!request) {
        zend_string_release(data);
        refuse(s, id, status);
        return;
    }
    zend_object *response = make_response(s, id, head);
    if (s->metrics) measure_request(s, port, response_from(response), head, ZSTR_LEN(data));
    zend_string_release(data);  // the Request holds it now
    zval args[2];
    ZVAL_OBJ(&args[0], request);
    ZVAL_OBJ(&args[1], response);
    FinishHook deadline_hook;
    RequestDeadline *deadline = deadline_prepare(s, response_from(response), &deadline_hook);
    zend_long cid = 0;
    const bool ran = srv::run_callback(s, port, srv::kRequest, args, 2, deadline ? &deadline_hook : nullptr, &cid);
    if (deadline) deadline_start(deadline, ran, cid);
    if (!ran && cid < 0) {
        // onRequest is set but no coroutine could run it (max_coroutine reached): Swoole's warning,
        // and a 503 that ends the connection, so the client is not left waiting.
        php_error_docref(nullptr, E_WARNING, "Swoole\\Http\\Server->onRequest handler error");
        ResponseObject *r = response_from(response);
        r->status = 503;
        r->keep_alive = false;
        (void)end_response_with(r, std::string_view());
    } else if (!ran) {
        // No onRequest (a WebSocket server without one): a plain request is not welcome.
        // A browser opening the address of a WebSocket server sees why nothing is there.
        ResponseObject *r = response_from(response);
        r->status = port && port->websocket ? 400 : 404;
        (void)end_response_with(r, r->status == 400 ? "<html><body><h1>HTTP 400 Bad Request</h1>"
                                                      "<p>This address serves WebSocket connections only.</p>"
                                                      "</body></html>\n"
                                                    : std::string_view());
    }
    // The coroutine holds its own references; a Response it did not end is answered with a 500
    // when the last reference goes.
    zval_ptr_dtor(&args[0]);
    zval_ptr_dtor(&args[1]);
}

// An answer the reactor could not send itself without overtaking earlier responses: 100 Continue,
// or a refusal that ends the connection.
void send_reactor_answer(Server *s, server::SessionId id, int status) {
    if (status != 100) {
        refuse(s, id, status);
        return;
    }
    const std::string_view answer = proto::http1::kContinueResponse;
    (void)srv::send_bytes_to_session(s, id, answer);
}

void start_next(Server *s, server::SessionId id) {
    while (s->http) {
        auto it = s->http->conns.find(id);
        if (it == s->http->conns.end() || it->second.busy || it->second.queue.empty()) return;
        HttpWorker::Pending next = it->second.queue.front();
        if (next.request && worker_full(s)) {
            s->http->waiting.push_back(id);  // its turn comes when a request in progress ends
            return;
        }
        it->second.queue.pop_front();
        if (next.request) {
            start_request(s, next.port, id, next.request);
            return;
        }
        send_reactor_answer(s, id, next.status);
    }
}

// Requests that waited for worker_max_concurrency, started in their order while slots are free.
void resume_waiting(Server *s) {
    if (s->http) s->http->resume_scheduled = false;
    while (s->http && !s->http->waiting.empty() && !worker_full(s)) {
        const server::SessionId id = s->http->waiting.front();
        s->http->waiting.pop_front();
        start_next(s, id);  // nothing when the connection went meanwhile
    }
}

// A slot may be free: the longest-waiting request starts from the loop.
void schedule_resume(Server *s) {
    if (s->http->waiting.empty() || s->http->resume_scheduled) return;
    if (LoopState *rt = loop_state_if_any()) {
        s->http->resume_scheduled = true;
        rt->loop->defer([s] { resume_waiting(s); });
    }
}

}  // namespace

void measure_request(Server *s, Port *port, ResponseObject *r, const proto::http1::RequestHead &head, size_t bytes_in) {
    // The request reached the worker in this turn of the loop: the loop's clock as of its wake-up
    // (read once per turn anyway) says when, without a clock read of our own.
    LoopState *rt = loop_state_if_any();
    r->started = rt ? rt->loop->now() : monotonic_now();
    r->port_index = srv::port_index_of(s, port);
    r->bytes_in = bytes_in;
    srv::metrics_request_start(s);
    if (srv::access_log_on(s)) {
        r->access = std::make_unique<AccessInfo>();
        r->access->method = head.method;
        r->access->target = head.target;
        r->access->version_minor = head.version_minor;
        r->access->referer = head.header("referer");
        r->access->user_agent = head.header("user-agent");
    }
}

void request_done(Server *s, server::SessionId fd, bool close_connection) {
    if (!s->http) return;
    auto it = s->http->conns.find(fd);
    if (it == s->http->conns.end()) return;
    if (it->second.busy) --s->http->in_flight;
    it->second.busy = false;
    schedule_resume(s);
    if (close_connection) {
        HttpWorker::release(it->second);
        s->http->conns.erase(it);
        return;
    }
    if (it->second.queue.empty()) {
        // The entry stays until the connection closes: keep-alive requests reuse it (no node
        // allocated and freed per request).
        srv::handoff_request_done(s, fd);  // PROCESS mode: nothing of it is pending here now
        return;
    }
    // The next request starts from the loop, not from inside the response that just ended.
    if (LoopState *rt = loop_state_if_any()) rt->loop->defer([s, fd] { start_next(s, fd); });
}

std::string_view http_date() {
    // Per thread: a THREAD server's workers answer side by side.
    static thread_local time_t cached_second = 0;
    static thread_local char buf[64];
    static thread_local size_t len = 0;
    const time_t now = time(nullptr);
    if (now != cached_second) {
        tm g;
        gmtime_r(&now, &g);
        len = strftime(buf, sizeof buf, "%a, %d %b %Y %H:%M:%S GMT", &g);
        cached_second = now;
    }
    return std::string_view(buf, len);
}

}  // namespace gust::php::http

namespace gust::php::http {
namespace {

using srv::ParsedHead;

void answer_arrived(Server *s, server::SessionId id, int status) {
    HttpWorker::Conn &c = worker_of(s).conns[id];
    if (!c.busy && c.queue.empty()) {
        send_reactor_answer(s, id, status);
        if (status == 100) request_done(s, id, false);  // forget the idle connection again
        return;
    }
    c.queue.push_back({nullptr, nullptr, status});
}

void request_arrived(Server *s, Port *port, server::SessionId id, zend_string *request, const ParsedHead *parsed) {
    const Upgrade &up = upgrade();
    if (up.is_upgraded && up.is_upgraded(s, id)) {
        up.frame_arrived(s, port, id, request);
        return;
    }
    if (!parsed && http2_package(s, port, id, request)) return;
    if (const int h2c = http2_upgrade(s, port, id, request)) {
        if (h2c == 1) return;
        zend_string_release(request);
        refuse(s, id, h2c);
        return;
    }
    HttpWorker::Conn &c = worker_of(s).conns[id];
    if (!c.busy && c.queue.empty()) {
        if (over_max_concurrency(s)) {
            zend_string_release(request);
            refuse(s, id, 503);
            return;
        }
        if (!worker_full(s)) {
            start_request(s, port, id, request, parsed);
            return;
        }
        worker_of(s).waiting.push_back(id);
    }
    if (c.queue.size() >= kMaxPipelined) {
        php_error_docref(nullptr, E_WARNING, "connection %lld pipelined more than %zu requests; closing it",
                         static_cast<long long>(id), kMaxPipelined);
        zend_string_release(request);
        HttpWorker::release(c);
        (void)srv::close_session(s, id, false);
        return;
    }
    c.queue.push_back({port, request, 0});
}

int session_closed(Server *s, Port *, server::SessionId id) {
    http2_session_closed(id);
    if (!s->http) return srv::kClose;
    auto it = s->http->conns.find(id);
    if (it == s->http->conns.end()) return srv::kClose;
    if (it->second.busy) --s->http->in_flight;  // its handler may still run, but the slot is free
    HttpWorker::release(it->second);
    s->http->conns.erase(it);
    schedule_resume(s);
    return srv::kClose;
}

void worker_end(Server *s) {
    delete s->http;
    s->http = nullptr;
}

bool load_settings(Server *s, HashTable *ht) {
    using namespace opt;
    auto h = std::make_unique<HttpSettings>();
    h->parse_post = bool_of(ht, "http_parse_post", true);
    h->parse_cookie = bool_of(ht, "http_parse_cookie", true);
    h->parse_files = bool_of(ht, "http_parse_files", true);
    h->upload_tmp_dir = string_of(ht, "upload_tmp_dir", "/tmp");
    h->upload_max_filesize = std::max<zend_long>(0, long_of(ht, "upload_max_filesize", 0));
    h->compression = bool_of(ht, "http_compression", true);
    h->compression_level = static_cast<int>(
        std::clamp<zend_long>(long_of(ht, "http_compression_level", long_of(ht, "http_gzip_level", 1)), 1, 9));
    h->compression_min_length = std::max<zend_long>(0, long_of(ht, "compression_min_length", 20));
    h->compression_types = strings_of(ht, "http_compression_types");
    h->static_handler = bool_of(ht, "enable_static_handler", false);
    const std::string root = string_of(ht, "document_root", "");
    if (!root.empty()) {
        char resolved[PATH_MAX];
        if (!realpath(root.c_str(), resolved)) {
            php_error_docref(nullptr, E_WARNING, "document_root [%s] does not exist", root.c_str());
            return false;
        }
        h->document_root = resolved;
    }
    h->static_locations = strings_of(ht, "static_handler_locations");
    h->index_files = strings_of(ht, "http_index_files");
    h->autoindex = bool_of(ht, "http_autoindex", false);
    const double request_timeout = double_of(ht, "request_timeout", 0);
    if (request_timeout < 0) {
        php_error_docref(nullptr, E_WARNING, "request_timeout must be >= 0 (seconds; 0: none), got %g",
                         request_timeout);
        return false;
    }
    h->request_timeout = request_timeout > 0 ? std::max<Nanos>(1, seconds_to_nanos(request_timeout)) : 0;
    h->max_concurrency = std::max<zend_long>(0, long_of(ht, "max_concurrency", 0));
    h->worker_max_concurrency = std::max<zend_long>(0, long_of(ht, "worker_max_concurrency", 0));
    read_http2_settings(h.get(), ht);
    s->protocol_states[static_cast<int>(srv::ProtocolId::kHttp)] = std::move(h);
    return true;
}

Upgrade g_upgrade;  // filled at MINIT by ext/websocket/

}  // namespace

zend_class_entry *ce_http_server = nullptr;

const HttpSettings &settings_of(Server *s) {
    static const HttpSettings defaults;
    srv::ProtocolState *state = s ? s->protocol_states[static_cast<int>(srv::ProtocolId::kHttp)].get() : nullptr;
    return state ? *static_cast<const HttpSettings *>(state) : defaults;
}

void register_upgrade(const Upgrade &u) { g_upgrade = u; }
const Upgrade &upgrade() { return g_upgrade; }

void register_http_area() {
    ce_http_server = register_class_Swoole_Http_Server(srv::ce_server);
    register_cookie_class();
    setup_request_class(register_class_Swoole_Http_Request());
    setup_response_class(register_class_Swoole_Http_Response());
    srv::Protocol p;
    p.server_class = &ce_http_server;
    p.load_settings = load_settings;
    p.package_arrived = request_arrived;
    p.answer_arrived = answer_arrived;
    p.session_closed = session_closed;
    p.worker_end = worker_end;
    srv::register_protocol(srv::ProtocolId::kHttp, p);
    srv::set_worker_stopping_hook(http2_worker_stopping);
    srv::set_counts_own_requests_hook(http2_counts_own_requests);
}

}  // namespace gust::php::http
