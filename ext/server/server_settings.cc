// Swoole\Server::set() and Port::set(): the `setting` array, unknown keys, and reading the options
// a worker needs (process model, limits, framing) when the server starts.
#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>

#include <unistd.h>

#include "server/protocol.h"
#include "server/server.h"
#include "server/settings.h"
#include "server/operations.h"
#include "zend/options.h"
#include "gust/proto/resp.h"
#include "gust/server/access_log.h"

namespace gust::php::srv {
namespace {

using namespace opt;

// Keys Swoole's Server, its ports and the HTTP/WebSocket servers accept. A key in this list that
// Gust does not act on yet is listed in docs/php-server.md.
const char *const kKnownKeys[] = {
    // process model and limits
    "worker_num",
    "reactor_num",
    "task_worker_num",
    "task_enable_coroutine",
    "task_ipc_mode",
    "task_max_request",
    "task_tmpdir",
    "task_use_object",
    "task_object",
    "max_request",
    "max_request_grace",
    "max_conn",
    "max_connection",
    "max_idle_time",
    "start_session_id",
    "max_concurrency",
    "worker_max_concurrency",
    "dispatch_mode",
    "dispatch_func",
    "discard_timeout_request",
    "max_wait_time",
    "reload_async",
    "enable_coroutine",
    "max_coroutine",
    "hook_flags",
    "send_yield",
    "send_timeout",
    "enable_preemptive_scheduler",
    "enable_deadlock_check",
    "c_stack_size",
    "single_thread",
    "daemonize",
    "pid_file",
    "user",
    "group",
    "chroot",
    "log_file",
    "log_level",
    "log_date_format",
    "log_date_with_microseconds",
    "log_rotation",
    "request_slowlog_file",
    "request_slowlog_timeout",
    "trace_event_worker",
    "trace_flags",  // Swoole's debug-build tracing: accepted, no effect (docs/php-server.md)
    "message_queue_key",
    "ipc_mode",
    "enable_unsafe_event",
    "event_object",
    "input_buffer_size",
    "buffer_input_size",
    "output_buffer_size",
    "buffer_output_size",
    "socket_buffer_size",
    "max_queued_bytes",
    "heartbeat_check_interval",
    "heartbeat_idle_time",
    "backlog",
    "open_cpu_affinity",
    "cpu_affinity_ignore",
    "enable_reuse_port",
    "enable_delay_receive",
    "tcp_fastopen",
    "tcp_defer_accept",
    "tcp_keepidle",
    "tcp_keepinterval",
    "tcp_keepcount",
    "tcp_user_timeout",
    "open_tcp_keepalive",
    "open_tcp_nodelay",
    "kernel_socket_recv_buffer_size",
    "kernel_socket_send_buffer_size",
    "socket_dontwait",
    "stats_file",
    "aio_core_worker_num",
    "aio_worker_num",
    "aio_max_wait_time",
    "aio_max_idle_time",
    "dns_server",
    "dns_cache_refresh_time",
    "bootstrap",
    "init_arguments",
    // Gust's own (docs/php-server.md)
    "connection_handoff",
    "gust_metrics_path",  // docs/metrics.md
    "gust_metrics_listen",
    "max_memory",
    "log_format",
    "access_log",
    "access_log_format",
    "coroutine_dump_signal",  // docs/operations.md
    "hot_reload",
    "request_timeout",
    // framing
    "open_eof_check",
    "open_eof_split",
    "package_eof",
    "open_length_check",
    "package_length_type",
    "package_length_offset",
    "package_body_offset",
    "package_length_func",
    "package_max_length",
    "open_mqtt_protocol",
    "open_redis_protocol",
    // TLS
    "ssl_cert_file",
    "ssl_key_file",
    "ssl_method",
    "ssl_protocols",
    "ssl_ciphers",
    "ssl_verify_peer",
    "ssl_allow_self_signed",
    "ssl_client_cert_file",
    "ssl_cafile",
    "ssl_capath",
    "ssl_verify_depth",
    "ssl_prefer_server_ciphers",
    "ssl_sni_certs",
    "ssl_dhparam",
    "ssl_ecdh_curve",
    "ssl_compress",
    "ssl_passphrase",
    "ssl_alpn_protocols",
    // HTTP, WebSocket, HTTP/2
    "open_http_protocol",
    "open_http2_protocol",
    "open_websocket_protocol",
    "http_parse_post",
    "http_parse_cookie",
    "http_parse_files",
    "http_compression",
    "http_compression_level",
    "http_compression_types",
    "http_gzip_level",
    "compression_min_length",
    "upload_tmp_dir",
    "upload_max_filesize",
    "enable_static_handler",
    "document_root",
    "static_handler_locations",
    "http_index_files",
    "http_autoindex",
    "http_headers_timeout",
    "http_body_timeout",
    "http_max_header_size",
    "websocket_compression",
    "websocket_subprotocol",
    "open_websocket_close_frame",
    "open_websocket_ping_frame",
    "open_websocket_pong_frame",
    "websocket_close_timeout",
    "http2_header_table_size",
    "http2_initial_window_size",
    "http2_max_concurrent_streams",
    "http2_max_frame_size",
    "http2_max_header_list_size",
};

bool known_key(const char *key) {
    for (const char *k : kKnownKeys) {
        if (strcmp(k, key) == 0) return true;
    }
    return false;
}

zval *setting_of(zend_object *obj) {
    zval *z = zend_read_property(obj->ce, obj, ZEND_STRL("setting"), 1, nullptr);
    return z && Z_TYPE_P(z) == IS_ARRAY ? z : nullptr;
}

// A Redis port: each package is one RESP command (proto/resp). A command the scan refuses, or one
// longer than package_max_length, is still handed over whole (what arrived of it) so that the
// worker answers redis-server's "-ERR Protocol error: ..." before closing, as redis does.
void load_redis_framing(Port *p, zend_long max_length) {
    namespace fr = proto::framing;
    fr::Options o;
    o.mode = fr::Mode::kLengthFunc;
    o.max_length = static_cast<uint32_t>(std::clamp<zend_long>(max_length, 64, UINT32_MAX / 4));
    const size_t limit = o.max_length;
    o.length_func = [limit](mem::Slice data) -> int64_t {
        const proto::resp::Scan scan = proto::resp::scan_command(data, limit);
        if (scan.status == proto::resp::Scan::kComplete) return static_cast<int64_t>(scan.length);
        if (scan.status == proto::resp::Scan::kError || data.size() >= limit) return static_cast<int64_t>(data.size());
        return 0;
    };
    p->framing = std::make_shared<const fr::Framing>(fr::Framing::create(std::move(o)).value());
}

// The port's framing from its settings; false (with a warning) when the options cannot work.
bool load_framing(Port *p, HashTable *ht, zend_long max_length, const HttpFraming &http) {
    namespace fr = proto::framing;
    p->framing = nullptr;
    if (p->type != SOCK_STREAM && !(p->sock_type & kSockSsl)) return true;  // DTLS ports are framed too
    if (p->http || p->http_to_receive) {
        fr::Options o;
        o.mode = fr::Mode::kHttp;
        o.max_length = static_cast<uint32_t>(
            std::clamp<zend_long>(long_of(ht, "package_max_length", max_length), 1, UINT32_MAX / 4));
        o.http_max_head = static_cast<uint32_t>(std::clamp<zend_long>(http.max_header_size, 64, 64 << 20));
        o.http_max_upload =
            static_cast<uint32_t>(std::clamp<zend_long>(long_of(ht, "upload_max_filesize", 0), 0, UINT32_MAX / 4));
        o.websocket = p->websocket;
        o.websocket_rsv1 = p->websocket && http.websocket_compression;
        o.http2 = p->http2;
        p->framing = std::make_shared<const fr::Framing>(fr::Framing::create(std::move(o)).value());
        return true;
    }
    if (p->redis) {
        load_redis_framing(p, long_of(ht, "package_max_length", max_length));
        return true;
    }
    zval *length_func = find(ht, "package_length_func");
    if (length_func && Z_TYPE_P(length_func) == IS_NULL) length_func = nullptr;
    auto mode = fr::mode_from_flags(bool_of(ht, "open_eof_check", false), bool_of(ht, "open_eof_split", false),
                                    bool_of(ht, "open_length_check", false), length_func != nullptr);
    if (!mode && bool_of(ht, "open_mqtt_protocol", false)) mode = fr::Mode::kMqtt;  // EOF/length framing win
    if (!mode) return true;
    fr::Options o;
    o.mode = *mode;
    if (o.mode == fr::Mode::kLengthFunc && !load_length_func(p, length_func, &o)) return false;
    o.eof = string_of(ht, "package_eof", "\r\n");
    std::string type = string_of(ht, "package_length_type", "N");
    o.length_type = type.size() == 1 ? type[0] : '?';
    o.length_offset = static_cast<uint32_t>(long_of(ht, "package_length_offset", 0));
    o.body_offset = static_cast<uint32_t>(long_of(ht, "package_body_offset", 0));
    o.max_length = static_cast<uint32_t>(long_of(ht, "package_max_length", max_length));
    if (const char *why = fr::Framing::invalid_reason(o)) {
        php_error_docref(nullptr, E_WARNING, "invalid framing options of port %s:%d: %s", p->host.c_str(), p->port,
                         why);
        return false;
    }
    p->framing = std::make_shared<const fr::Framing>(fr::Framing::create(std::move(o)).value());
    return true;
}

// dispatch_func: any callable, resolved now so a bad one stops start() with the reason. Only
// PROCESS mode runs it (in the master's main thread, server_dispatch.cc); BASE mode ignores it, as
// Swoole does.
bool load_dispatch_func(Server *s, zval *v) {
    s->dispatch_func.reset();
    if (!v || Z_TYPE_P(v) == IS_NULL) return true;
    return s->dispatch_func.assign(v, "dispatch_func");
}

// Options Swoole reads as a size, which also take an ini quantity string ("2M").
bool is_size_key(const char *key) {
    for (const char *k : {"buffer_output_size", "output_buffer_size", "socket_buffer_size", "package_max_length",
                          "upload_max_filesize", "max_queued_bytes", "input_buffer_size"}) {
        if (strcmp(key, k) == 0) return true;
    }
    return false;
}

}  // namespace

void merge_settings(zend_object *obj, HashTable *settings, bool port_level) {
    (void)port_level;
    refuse_empty_package_eof(settings);
    zval *current = setting_of(obj);
    zval merged;
    if (current) {
        ZVAL_ARR(&merged, zend_array_dup(Z_ARRVAL_P(current)));
    } else {
        array_init(&merged);
    }
    zend_string *key;
    zval *value;
    ZEND_HASH_FOREACH_STR_KEY_VAL(settings, key, value) {
        if (!key) continue;
        if (!known_key(ZSTR_VAL(key))) php_error_docref(nullptr, E_WARNING, "unsupported option [%s]", ZSTR_VAL(key));
        zval size;
        if (Z_TYPE_P(value) == IS_STRING && is_size_key(ZSTR_VAL(key))) {
            // "2M", "512K": an ini quantity, as Swoole parses its size options; a bad one is fatal.
            zend_string *error = nullptr;
            ZVAL_LONG(&size, zend_ini_parse_quantity(Z_STR_P(value), &error));
            if (error) {
                char why[512];  // on the stack: E_ERROR does not return, so nothing here may need freeing
                snprintf(why, sizeof why, "%s", ZSTR_VAL(error));
                zend_string_release(error);
                zval_ptr_dtor(&merged);
                php_error_docref(nullptr, E_ERROR, "failed to parse '%s' to size, Error: %s", Z_STRVAL_P(value), why);
                return;
            }
            value = &size;
        }
        Z_TRY_ADDREF_P(value);
        zend_hash_update(Z_ARRVAL(merged), key, value);
    }
    ZEND_HASH_FOREACH_END();
    zend_update_property(obj->ce, obj, ZEND_STRL("setting"), &merged);
    zval_ptr_dtor(&merged);
}

// SWOOLE_SSL ports: the server context from the ssl_* settings (the port's own, else the
// server's), loaded now so a missing or mismatched certificate stops start() with its reason.
bool load_tls(Port *p, HashTable *port_ht, HashTable *server_ht) {
    p->tls = nullptr;
    if (!(p->sock_type & kSockSsl)) return true;
    auto pick = [&](const char *key) { return find(port_ht, key) ? port_ht : server_ht; };
    net::TlsConfig c;
    c.datagram = p->type == SOCK_DGRAM;  // SWOOLE_UDP | SWOOLE_SSL: DTLS
    c.cert_file = string_of(pick("ssl_cert_file"), "ssl_cert_file", "");
    c.key_file = string_of(pick("ssl_key_file"), "ssl_key_file", "");
    c.passphrase = string_of(pick("ssl_passphrase"), "ssl_passphrase", "");
    c.ciphers = string_of(pick("ssl_ciphers"), "ssl_ciphers", "");
    c.protocols = static_cast<int>(long_of(pick("ssl_protocols"), "ssl_protocols", 0));
    // A server asks for client certificates only when told to (Swoole's default too).
    c.verify_peer = bool_of(pick("ssl_verify_peer"), "ssl_verify_peer", false);
    c.allow_self_signed = bool_of(pick("ssl_allow_self_signed"), "ssl_allow_self_signed", false);
    c.cafile = string_of(pick("ssl_client_cert_file"), "ssl_client_cert_file", "");
    // Swoole 6 also takes the client CAs as ssl_cafile (and ssl_capath) on a server.
    if (c.cafile.empty()) c.cafile = string_of(pick("ssl_cafile"), "ssl_cafile", "");
    c.capath = string_of(pick("ssl_capath"), "ssl_capath", "");
    c.verify_depth = static_cast<int>(long_of(pick("ssl_verify_depth"), "ssl_verify_depth", 0));
    // ALPN: the user's list when set; else an HTTP/2 port offers h2 first (RFC 9113 §3.2) and an
    // HTTP port http/1.1, so a client that asked for h2 is not left guessing.
    c.alpn = string_of(pick("ssl_alpn_protocols"), "ssl_alpn_protocols", "");
    if (c.alpn.empty()) c.alpn = p->http2 ? "h2,http/1.1" : (p->http ? "http/1.1" : "");
    if (find(pick("ssl_sni_certs"), "ssl_sni_certs")) {
        php_error_docref(nullptr, E_WARNING,
                         "ssl_sni_certs is not supported by Gust yet; every name gets ssl_cert_file");
    }
    if (c.cert_file.empty()) {
        php_error_docref(nullptr, E_WARNING, "port %s:%d is SWOOLE_SSL but ssl_cert_file is not set", p->host.c_str(),
                         p->port);
        return false;
    }
    if (c.verify_peer && c.cafile.empty() && c.capath.empty()) {
        php_error_docref(nullptr, E_WARNING,
                         "ssl_verify_peer on port %s:%d needs ssl_client_cert_file or ssl_cafile (the CAs "
                         "client certificates must come from)",
                         p->host.c_str(), p->port);
        return false;
    }
    std::string error;
    auto ctx = net::TlsContext::create(net::TlsRole::kServer, c, &error);
    if (!ctx.ok()) {
        php_error_docref(nullptr, E_WARNING, "port %s:%d: %s", p->host.c_str(), p->port, error.c_str());
        return false;
    }
    p->tls = std::move(ctx.value());
    return true;
}

// Metrics, max_memory and log formats (docs/metrics.md).
static bool load_operations(Server *s, HashTable *ht) {
    Settings &o = s->settings;
    o.metrics_path = string_of(ht, "gust_metrics_path", "");
    if (!o.metrics_path.empty() && o.metrics_path[0] != '/') {
        php_error_docref(nullptr, E_WARNING, "gust_metrics_path must start with '/', \"%s\" given",
                         o.metrics_path.c_str());
        return false;
    }
    // Checked (and bound) by metrics_server_start(): a bad address fails start() there.
    o.metrics_listen = string_of(ht, "gust_metrics_listen", "");
    o.max_memory = long_of(ht, "max_memory", 0);
    if (o.max_memory < 0) {
        php_error_docref(nullptr, E_WARNING, "max_memory must be a number of bytes >= 0, " ZEND_LONG_FMT " given",
                         o.max_memory);
        return false;
    }
    const std::string log_format = string_of(ht, "log_format", "text");
    if (log_format != "text" && log_format != "json") {
        php_error_docref(nullptr, E_WARNING, "log_format must be 'text' or 'json', \"%s\" given", log_format.c_str());
        return false;
    }
    o.log_json = log_format == "json";
    o.access_log = string_of(ht, "access_log", "");
    const std::string access_format = string_of(ht, "access_log_format", "common");
    server::AccessFormat f;
    if (!server::access_format_from_name(access_format, &f)) {
        php_error_docref(nullptr, E_WARNING, "access_log_format must be 'common', 'combined' or 'json', \"%s\" given",
                         access_format.c_str());
        return false;
    }
    o.access_log_format = static_cast<int>(f);
    return true;
}

bool load_settings(Server *s) {
    zval *z = setting_of(s->self);
    HashTable *ht = z ? Z_ARRVAL_P(z) : nullptr;
    Settings &o = s->settings;
    o.worker_num = long_of(ht, "worker_num", 1);
    if (o.worker_num < 1 || o.worker_num > 1024) {
        php_error_docref(nullptr, E_WARNING, "worker_num must be between 1 and 1024, %ld given",
                         static_cast<long>(o.worker_num));
        return false;
    }
    o.max_connection = long_of(ht, "max_connection", long_of(ht, "max_conn", o.max_connection));
    if (o.max_connection < 1) o.max_connection = 1;
    o.buffer_output_size = long_of(ht, "buffer_output_size", long_of(ht, "output_buffer_size", o.buffer_output_size));
    if (o.buffer_output_size < 1) o.buffer_output_size = 1;
    o.socket_buffer_size = std::max<zend_long>(1, long_of(ht, "socket_buffer_size", o.socket_buffer_size));
    // 64 KiB at least (less would stall a connection on one package); 32 MiB at most, well inside
    // the channel's own 64 MiB bound, past which a package would be lost rather than held back.
    o.max_queued_bytes =
        std::clamp<zend_long>(long_of(ht, "max_queued_bytes", o.max_queued_bytes), 64 * 1024, 32 * 1024 * 1024);
    o.package_max_length = long_of(ht, "package_max_length", o.package_max_length);
    o.max_wait_time = double_of(ht, "max_wait_time", o.max_wait_time);
    o.send_yield = bool_of(ht, "send_yield", o.send_yield);
    o.send_timeout = double_of(ht, "send_timeout", o.send_timeout);
    o.backlog = long_of(ht, "backlog", o.backlog);
    o.enable_reuse_port = bool_of(ht, "enable_reuse_port", false);
    o.heartbeat_check_interval = double_of(ht, "heartbeat_check_interval", 0);
    o.heartbeat_idle_time = double_of(ht, "heartbeat_idle_time", 0);
    if (o.heartbeat_idle_time > 0 && o.heartbeat_check_interval <= 0) {
        o.heartbeat_check_interval = o.heartbeat_idle_time / 2;
    }
    if (o.heartbeat_check_interval > 0 && o.heartbeat_idle_time <= 0) {
        o.heartbeat_idle_time = o.heartbeat_check_interval * 2;
    }
    // max_idle_time: a connection that sent nothing for that long is closed. The heartbeat's check
    // does it, run often enough to close it at most a tenth of the time late (a second at most).
    o.max_idle_time = double_of(ht, "max_idle_time", 0);
    if (o.max_idle_time > 0 && (o.heartbeat_idle_time <= 0 || o.max_idle_time < o.heartbeat_idle_time)) {
        o.heartbeat_idle_time = o.max_idle_time;
        o.heartbeat_check_interval = std::clamp(o.max_idle_time / 10, 0.01, 1.0);
    }
    o.start_session_id = std::clamp<zend_long>(long_of(ht, "start_session_id", 0), 0, ZEND_LONG_MAX / 2);
    o.log_level = long_of(ht, "log_level", o.log_level);
    o.log_file = string_of(ht, "log_file", "");
    o.pid_file = string_of(ht, "pid_file", "");
    o.user = string_of(ht, "user", "");
    o.group = string_of(ht, "group", "");
    o.daemonize = bool_of(ht, "daemonize", false);
    o.hook_flags_set = find(ht, "hook_flags") != nullptr;
    o.hook_flags = long_of(ht, "hook_flags", 0);
    o.task_worker_num = std::clamp<zend_long>(long_of(ht, "task_worker_num", 0), 0, 1024);
    o.task_enable_coroutine = bool_of(ht, "task_enable_coroutine", false);
    o.event_object = bool_of(ht, "event_object", false);
    o.task_object = bool_of(ht, "task_use_object", false) || bool_of(ht, "task_object", false);
    o.enable_coroutine = bool_of(ht, "enable_coroutine", o.enable_coroutine);
    o.max_request = std::max<zend_long>(0, long_of(ht, "max_request", 0));
    o.max_request_grace = long_of(ht, "max_request_grace", -1);
    // Swoole's rule: as many as CPUs by default, never more than workers (a thread per worker at
    // most is all dispatch can use).
    const zend_long cpus = std::max<long>(1, sysconf(_SC_NPROCESSORS_ONLN));
    o.reactor_num = std::clamp<zend_long>(long_of(ht, "reactor_num", cpus), 1, 64);
    o.reactor_num = std::min(o.reactor_num, o.worker_num);
    o.dispatch_mode = long_of(ht, "dispatch_mode", 2);
    o.connection_handoff = bool_of(ht, "connection_handoff", true);
    if (!load_dispatch_func(s, find(ht, "dispatch_func"))) return false;
    if (o.dispatch_mode == kDispatchUserFunc && !s->dispatch_func.is_set()) {
        php_error_docref(nullptr, E_WARNING,
                         "dispatch_mode 6 (SWOOLE_DISPATCH_USERFUNC) needs dispatch_func; "
                         "using 2 (SWOOLE_DISPATCH_FDMOD)");
        o.dispatch_mode = kDispatchFdMod;
    } else if (o.dispatch_mode < kDispatchRound || o.dispatch_mode > kDispatchConcurrentLb) {
        php_error_docref(nullptr, E_WARNING,
                         "dispatch_mode " ZEND_LONG_FMT " is not a dispatch mode (1 to 10); "
                         "using 2 (SWOOLE_DISPATCH_FDMOD)",
                         o.dispatch_mode);
        o.dispatch_mode = kDispatchFdMod;
    }
    if (!load_operations_settings(s, ht)) return false;
    HttpFraming &hf = o.http_framing;
    hf.header_timeout = std::max(0.0, double_of(ht, "http_headers_timeout", 60));
    hf.body_timeout = std::max(0.0, double_of(ht, "http_body_timeout", 60));
    hf.max_header_size = long_of(ht, "http_max_header_size", 16 * 1024);
    hf.websocket_compression = bool_of(ht, "websocket_compression", false);
    if (!load_operations(s, ht)) return false;
    if (!protocols_load_settings(s, ht)) return false;
    for (size_t i = 0; i < s->ports.size(); ++i) {
        Port *p = s->ports[i].get();
        HashTable *port_ht = ht;
        // A port without settings of its own speaks the main port's protocol (as in Swoole).
        bool http = s->http_server, websocket = s->websocket_server, redis = s->redis_server;
        if (i > 0) {
            // A port's `setting` starts as an empty array; only a port set() was called on has its own.
            zval *pz = p->has_own_settings ? setting_of(p->object) : nullptr;
            port_ht = pz ? Z_ARRVAL_P(pz) : nullptr;
            http = port_ht ? false : s->ports[0]->http;
            websocket = port_ht ? false : s->ports[0]->websocket;
            redis = port_ht ? false : s->ports[0]->redis;
        }
        p->websocket = p->type == SOCK_STREAM && bool_of(port_ht, "open_websocket_protocol", websocket);
        p->http = p->type == SOCK_STREAM && (p->websocket || bool_of(port_ht, "open_http_protocol", http));
        // A plain Swoole\Server has no onRequest: its HTTP port frames whole requests for onReceive
        // (Request::parse() and Response::create([$server, $request], $fd) answer them), as in Swoole.
        p->http_to_receive = p->http && !p->websocket && !s->http_server && !s->websocket_server &&
                             !s->callbacks[kRequest].is_set() && !p->callbacks[kRequest].is_set();
        if (p->http_to_receive) p->http = false;
        p->redis = p->type == SOCK_STREAM && !p->http && bool_of(port_ht, "open_redis_protocol", redis);
        p->http2 = p->http && bool_of(port_ht, "open_http2_protocol", i > 0 && !port_ht && s->ports[0]->http2);
        p->tcp_nodelay = bool_of(port_ht, "open_tcp_nodelay", true);
        if (!load_framing(p, port_ht, o.package_max_length, o.http_framing)) return false;
        if (!load_tls(p, port_ht, ht)) return false;
    }
    return true;
}

}  // namespace gust::php::srv
