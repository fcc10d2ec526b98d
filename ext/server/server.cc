// Swoole\Server and Swoole\Server\Port objects: construction (the listening socket is bound here, as
// in Swoole, so a port 0 is known before start()), listen(), on(), set() and the object handlers.
#include "server/thread_mode.h"
#include "server/protocol.h"
#include "server/server.h"
#include "server/settings.h"
#include "server/connections.h"
#include "server/tasks.h"
#include "server/commands.h"
#include "server/event_object.h"
#include "socket/socket.h"
#include "zend/object.h"

#include <strings.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

extern "C" {
#include "zend_closures.h"
}

#include "gust/base/error.h"
#include "gust/base/log.h"
#include "gust/net/socket.h"

namespace gust::php::srv {

zend_class_entry *ce_server = nullptr;
zend_class_entry *ce_server_port = nullptr;
zend_class_entry *ce_connection_iterator = nullptr;

thread_local bool t_served_as_worker = false;

namespace {

thread_local std::vector<Server *> g_live_servers;  // every Swoole\Server object of this thread not yet freed

struct ServerObject {
    Server *server;
    explicit ServerObject(zobj::Self self) : server(new Server()) {
        server->self = self.object;
        g_live_servers.push_back(server);
    }
    ~ServerObject();
    // Callbacks often capture the server: the cycle collector must see them.
    void gc(zend_get_gc_buffer *buf);
};
using ServerClass = zobj::Class<ServerObject>;

struct PortObject {
    Port *port = nullptr;  // owned by the server; nullptr once the server is gone
    ~PortObject() {
        if (port) port->object = nullptr;
    }
    void gc(zend_get_gc_buffer *buf);
};
using PortClass = zobj::Class<PortObject>;

const char *const kEventNames[kEventCount] = {
    "start",          "shutdown",
    "beforeShutdown", "workerStart",
    "workerStop",     "workerExit",
    "workerError",    "managerStart",
    "managerStop",    "connect",
    "receive",        "packet",
    "close",          "bufferFull",
    "bufferEmpty",    "task",
    "finish",         "pipeMessage",
    "beforeReload",   "afterReload",
    "request",        "open",
    "message",        "handshake",
    "disconnect",     "beforeHandshakeResponse",
};

void release_callbacks(Callback *callbacks) {
    for (int i = 0; i < kEventCount; ++i) callbacks[i].reset();
}

ServerObject::~ServerObject() {
    Server *s = server;
    commands_release(s);
    release_callbacks(s->callbacks);
    s->dispatch_func.reset();
    for (auto &p : s->ports) {
        release_callbacks(p->callbacks);
        if (p->fd >= 0) net::sys::close(p->fd);
        if (p->object) PortClass::from(p->object)->port = nullptr;
    }
    for (zend_object *it : s->iterators) connection_iterator_detach(it);
    for (zend_object *proc : s->user_processes) OBJ_RELEASE(proc);
    std::erase(g_live_servers, s);
    delete s;
    server = nullptr;
}

void add_callbacks_to_gc(zend_get_gc_buffer *buf, Callback *callbacks) {
    for (int i = 0; i < kEventCount; ++i) callbacks[i].gc(buf);
}

void ServerObject::gc(zend_get_gc_buffer *buf) {
    if (!server) return;
    add_callbacks_to_gc(buf, server->callbacks);
    server->dispatch_func.gc(buf);
    commands_gc(server, buf);
    for (auto &p : server->ports) add_callbacks_to_gc(buf, p->callbacks);
    for (zend_object *proc : server->user_processes) zend_get_gc_buffer_add_obj(buf, proc);
}

void PortObject::gc(zend_get_gc_buffer *buf) {
    if (port) add_callbacks_to_gc(buf, port->callbacks);
}

}  // namespace

void remove_socket_files(Server *s) {
    for (auto &p : s->ports) {
        if (p->unix_ino == 0) continue;
        struct stat st;
        if (lstat(p->host.c_str(), &st) == 0 && st.st_dev == p->unix_dev && st.st_ino == p->unix_ino) {
            (void)unlink(p->host.c_str());
        }
        p->unix_ino = 0;
    }
}

namespace {

// Binds (and listens on) a socket of Swoole type `sock_type` at host:port. Throws
// Swoole\Exception and returns nullptr on failure.
std::unique_ptr<Port> bind_port(Server *s, const char *host, zend_long port, zend_long sock_type) {
    auto p = std::make_unique<Port>();
    p->host = host;
    p->sock_type = sock_type;
    zend_long base = sock_type & ~kSockSsl;
    const bool dtls = base == kSockUdp || base == kSockUdp6;
    if ((sock_type & kSockSsl) && base != kSockTcp && base != kSockTcp6 && base != kSockUnixStream && !dtls) {
        zend_throw_exception(swoole_exception_ce(), "SWOOLE_SSL needs a TCP, UDP (DTLS) or unix stream socket", 0);
        return nullptr;
    }
    if ((sock_type & kSockSsl) && dtls && s->mode != kModeBase) {
        // DTLS sessions live in the process whose socket the client talks to: BASE mode only.
        zend_throw_exception(swoole_exception_ce(), "DTLS (SWOOLE_UDP | SWOOLE_SSL) needs SWOOLE_BASE mode", 0);
        return nullptr;
    }
    Result<net::Address> addr = Error{kErrInvalid};
    switch (base) {
        case kSockTcp:
        case kSockTcp6:
        case kSockUdp:
        case kSockUdp6:
            if (port < 0 || port > 65535) {
                throw_error(swoole_exception_ce(), EINVAL, "invalid port [" ZEND_LONG_FMT "]", port);
                return nullptr;
            }
            addr = net::Address::from_ip(host, static_cast<uint16_t>(port));
            p->type = (base == kSockUdp || base == kSockUdp6) ? SOCK_DGRAM : SOCK_STREAM;
            break;
        case kSockUnixStream:
        case kSockUnixDgram:
            addr = net::Address::from_unix(host);
            p->type = base == kSockUnixDgram ? SOCK_DGRAM : SOCK_STREAM;
            port = 0;
            break;
        default:
            throw_error(swoole_exception_ce(), EINVAL, "unknown socket type [" ZEND_LONG_FMT "]", sock_type);
            return nullptr;
    }
    if (!addr.ok()) {
        throw_error(swoole_exception_ce(), EINVAL, "invalid address [%s]", host);
        return nullptr;
    }
    p->family = addr.value().family();
    int fd = net::sys::open_socket(p->family, p->type);
    int rc = fd;
    if (fd >= 0) {
        if (addr.value().is_ip()) {
            net::sys::set_reuse_addr(fd, true);
            if (s->settings.enable_reuse_port) net::sys::set_reuse_port(fd, true);
        }
        // A unix socket file left by a server that is gone (crashed, killed) is replaced.
        rc = net::sys::bind_replacing_stale(fd, addr.value());
        if (rc == 0 && p->type == SOCK_STREAM) rc = net::sys::listen(fd, static_cast<int>(s->settings.backlog));
    }
    if (rc < 0) {
        if (fd >= 0) net::sys::close(fd);
        throw_error(swoole_exception_ce(), swoole_code_of(rc),
                    "failed to listen server port[%s:" ZEND_LONG_FMT "], Error: %s[%d]", host, port, strerror_of(rc),
                    -rc);
        return nullptr;
    }
    p->fd = fd;
    struct stat st;
    if (p->family == AF_UNIX && host[0] != '@' && lstat(host, &st) == 0 && S_ISSOCK(st.st_mode)) {
        p->unix_dev = st.st_dev;
        p->unix_ino = st.st_ino;
    }
    net::Address bound;
    p->port = net::sys::local_address(fd, &bound) == 0 && bound.is_ip() ? bound.port() : static_cast<int>(port);
    return p;
}

}  // namespace

namespace {

// A socket with SO_REUSEADDR and SO_REUSEPORT bound to `fd`'s address: the fd, or -errno.
int bind_reuse_port_twin(int fd, int family, int type) {
    net::Address addr;
    int rc = net::sys::local_address(fd, &addr);
    if (rc < 0) return rc;
    const int twin = net::sys::open_socket(family, type);
    if (twin < 0) return twin;
    (void)net::sys::set_reuse_addr(twin, true);
    rc = net::sys::set_reuse_port(twin, true);
    if (rc == 0) rc = net::sys::bind(twin, addr);
    if (rc < 0) {
        net::sys::close(twin);
        return rc;
    }
    return twin;
}

}  // namespace

void reserve_ports_for_reuse(Server *s) {
    for (auto &p : s->ports) {
        if (p->fd < 0 || p->type != SOCK_STREAM || p->family == AF_UNIX) continue;
        // The constructor's socket listened before set() asked for SO_REUSEPORT, so it is in no
        // reuse group: it would keep taking a share of the connections that no worker accepts.
        // A bound socket that never listens keeps the address while workers come and go.
        const int holder = bind_reuse_port_twin(p->fd, p->family, p->type);
        if (holder < 0) {
            GUST_LOG_WARN("enable_reuse_port: port %d keeps one shared listening socket: %s", p->port,
                          error_message(holder));
            continue;
        }
        net::sys::close(p->fd);
        p->fd = holder;
        p->listener_per_worker = true;
    }
}

int worker_listener(Server *s, Port *p) {
    const int fd = bind_reuse_port_twin(p->fd, p->family, p->type);
    if (fd < 0) return fd;
    const int rc = net::sys::listen(fd, static_cast<int>(s->settings.backlog));
    if (rc < 0) {
        net::sys::close(fd);
        return rc;
    }
    return fd;
}

namespace {

// Creates the Swoole\Server\Port object of `p` and appends it to the server's `ports` array.
void attach_port_object(Server *s, Port *p, zval *out) {
    object_init_ex(out, ce_server_port);
    zend_object *obj = Z_OBJ_P(out);
    PortClass::from(obj)->port = p;
    p->object = obj;
    zend_update_property_stringl(ce_server_port, obj, ZEND_STRL("host"), p->host.data(), p->host.size());
    zend_update_property_long(ce_server_port, obj, ZEND_STRL("port"), p->port);
    zend_update_property_long(ce_server_port, obj, ZEND_STRL("type"), p->sock_type);
    zval ports;
    zval *current = zend_read_property(ce_server, s->self, ZEND_STRL("ports"), 1, nullptr);
    ZVAL_ARR(&ports, zend_array_dup(Z_ARRVAL_P(current)));
    Z_ADDREF_P(out);
    add_next_index_zval(&ports, out);
    zend_update_property(ce_server, s->self, ZEND_STRL("ports"), &ports);
    zval_ptr_dtor(&ports);
}

bool set_callback(Callback *callbacks, const char *name, size_t len, zend_fcall_info *fci, zend_fcall_info_cache *fcc,
                  bool port_level) {
    int e = event_from_name(name, len);
    if (e < 0 || (port_level && !is_port_event(e))) {
        php_error_docref(nullptr, E_WARNING, "unknown event types[%.*s]", static_cast<int>(len), name);
        return false;
    }
    callbacks[e].assign(fci, fcc);
    return true;
}

// Server::on() and Port::on().
void register_callback(INTERNAL_FUNCTION_PARAMETERS, bool port_level) {
    zend_string *name;
    zval *callback;
    zend_fcall_info fci;
    zend_fcall_info_cache fcc;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_STR(name)
        Z_PARAM_ZVAL(callback)
    ZEND_PARSE_PARAMETERS_END();
    zend_string *callable_name = nullptr;
    char *why = nullptr;
    if (zend_fcall_info_init(callback, 0, &fci, &fcc, &callable_name, &why) != SUCCESS) {
        // A fatal error, as in Swoole (a server whose callback cannot run must not start); the
        // port's on() registers a connection's events, so Swoole names it for them.
        const int e = event_from_name(ZSTR_VAL(name), ZSTR_LEN(name));
        char fn[256];  // not a std::string: the fatal error jumps past destructors
        snprintf(fn, sizeof fn, "%s", callable_name ? ZSTR_VAL(callable_name) : "");
        if (callable_name) zend_string_release(callable_name);
        if (why) efree(why);
        zend_error(E_ERROR, "%s::on(): function '%s' is not callable",
                   port_level || (e >= 0 && is_port_event(e)) ? "Swoole\\Server\\Port" : "Swoole\\Server", fn);
        RETURN_FALSE;
    }
    if (callable_name) zend_string_release(callable_name);
    if (why) efree(why);
    Callback *callbacks = nullptr;
    if (port_level) {
        Port *p = port_from(Z_OBJ_P(ZEND_THIS));
        if (!p) {
            php_error_docref(nullptr, E_WARNING, "the server of this port is gone");
            RETURN_FALSE;
        }
        callbacks = p->callbacks;
    } else {
        Server *s = server_from(Z_OBJ_P(ZEND_THIS));
        if (s->started) {
            php_error_docref(nullptr, E_WARNING, "server is running, unable to register event callback function");
            RETURN_FALSE;
        }
        callbacks = s->callbacks;
    }
    RETURN_BOOL(set_callback(callbacks, ZSTR_VAL(name), ZSTR_LEN(name), &fci, &fcc, port_level));
}

void get_callback(Callback *callbacks, zend_string *name, zval *return_value) {
    int e = event_from_name(ZSTR_VAL(name), ZSTR_LEN(name));
    if (e < 0 || !callbacks[e].is_set()) RETURN_NULL();
    zval *fn = callbacks[e].value();
    const zend_fcall_info_cache *fcc = callbacks[e].cache();
    if (Z_TYPE_P(fn) == IS_OBJECT && Z_OBJCE_P(fn) == zend_ce_closure) RETURN_COPY(fn);
    zend_create_fake_closure(return_value, fcc->function_handler, fcc->called_scope, fcc->called_scope,
                             fcc->object ? fn : nullptr);
}

}  // namespace

int event_from_name(const char *name, size_t len) {
    if (len > 2 && strncasecmp(name, "on", 2) == 0) {
        // "onReceive" is accepted like "receive"; "open"-like names have no such prefix here.
        int e = event_from_name(name + 2, len - 2);
        if (e >= 0) return e;
    }
    for (int i = 0; i < kEventCount; ++i) {
        if (strlen(kEventNames[i]) == len && strncasecmp(kEventNames[i], name, len) == 0) return i;
    }
    return -1;
}

const char *event_name(int event) { return event >= 0 && event < kEventCount ? kEventNames[event] : "?"; }

bool is_port_event(int event) {
    return event == kConnect || event == kReceive || event == kPacket || event == kClose || event == kBufferFull ||
           event == kBufferEmpty || event == kRequest || event == kOpen || event == kMessage || event == kHandshake ||
           event == kDisconnect || event == kBeforeHandshakeResponse;
}

Server *server_from(zend_object *obj) { return ServerClass::from(obj)->server; }
Port *port_from(zend_object *obj) { return PortClass::from(obj)->port; }

}  // namespace gust::php::srv

using namespace gust::php::srv;

ZEND_METHOD(Swoole_Server, __construct) {
    char *host = const_cast<char *>("0.0.0.0");
    size_t host_len = 7;
    zend_long port = 0, mode = kModeBase, sock_type = kSockTcp;  // Swoole 6 defaults to BASE
    ZEND_PARSE_PARAMETERS_START(0, 4)
        Z_PARAM_OPTIONAL
        Z_PARAM_STRING(host, host_len)
        Z_PARAM_LONG(port)
        Z_PARAM_LONG(mode)
        Z_PARAM_LONG(sock_type)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = server_from(Z_OBJ_P(ZEND_THIS));
    if (!s->ports.empty()) {
        zend_throw_error(nullptr, "Constructor of %s can only be called once", ZSTR_VAL(Z_OBJCE_P(ZEND_THIS)->name));
        RETURN_THROWS();
    }
#ifndef ZTS
    if (mode == kModeThread) {
        // Swoole refuses the mode at construction when it lacks thread support; so does Gust, with why.
        gust::php::throw_error(gust::php::swoole_exception_ce(), EINVAL,
                               "invalid server mode [" ZEND_LONG_FMT "]: SWOOLE_THREAD needs a thread-safe (ZTS) "
                               "PHP, and this PHP is not thread-safe",
                               mode);
        RETURN_THROWS();
    }
#endif
    if (mode != kModeBase && mode != kModeProcess && mode != kModeThread) {
        gust::php::throw_error(gust::php::swoole_exception_ce(), EINVAL, "invalid server mode [" ZEND_LONG_FMT "]",
                               mode);
        RETURN_THROWS();
    }
    s->mode = mode;
    const unsigned protocols = protocols_of_class(Z_OBJCE_P(ZEND_THIS));
    s->http_server = protocols & (1u << static_cast<int>(ProtocolId::kHttp));
    s->websocket_server = protocols & (1u << static_cast<int>(ProtocolId::kWebSocket));
    s->redis_server = protocols & (1u << static_cast<int>(ProtocolId::kRedis));
    // A THREAD server's worker thread serves the ports its main thread bound.
    auto p =
        mode == kModeThread && in_server_thread() ? thread_port(0, host, port) : bind_port(s, host, port, sock_type);
    if (!p) RETURN_THROWS();
    Port *raw = p.get();
    s->ports.push_back(std::move(p));
    zend_object *obj = Z_OBJ_P(ZEND_THIS);
    zend_update_property_stringl(ce_server, obj, ZEND_STRL("host"), host, host_len);
    zend_update_property_long(ce_server, obj, ZEND_STRL("port"), raw->port);
    zend_update_property_long(ce_server, obj, ZEND_STRL("type"), sock_type);
    zend_update_property_long(ce_server, obj, ZEND_STRL("mode"), mode);
    zval port_obj;
    attach_port_object(s, raw, &port_obj);
    zval_ptr_dtor(&port_obj);
    zval it;
    ZVAL_OBJ(&it, connection_iterator_new(s, -1));
    zend_update_property(ce_server, obj, ZEND_STRL("connections"), &it);
    zval_ptr_dtor(&it);
}

ZEND_METHOD(Swoole_Server, __destruct) {}

ZEND_METHOD(Swoole_Server, listen) {
    char *host;
    size_t host_len;
    zend_long port, sock_type;
    ZEND_PARSE_PARAMETERS_START(3, 3)
        Z_PARAM_STRING(host, host_len)
        Z_PARAM_LONG(port)
        Z_PARAM_LONG(sock_type)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = server_from(Z_OBJ_P(ZEND_THIS));
    if (s->started) {
        php_error_docref(nullptr, E_WARNING, "server is running, can't add listener");
        RETURN_FALSE;
    }
    auto p = s->mode == kModeThread && in_server_thread() ? thread_port(s->ports.size(), host, port)
                                                          : bind_port(s, host, port, sock_type);
    if (!p) {
        // Swoole warns and returns false here instead of throwing.
        zend_object *ex = EG(exception);
        if (ex) {
            zval rv;
            zval *msg = zend_read_property(ex->ce, ex, ZEND_STRL("message"), 1, &rv);
            php_error_docref(nullptr, E_WARNING, "%s", Z_TYPE_P(msg) == IS_STRING ? Z_STRVAL_P(msg) : "listen failed");
            zend_clear_exception();
        }
        RETURN_FALSE;
    }
    Port *raw = p.get();
    s->ports.push_back(std::move(p));
    attach_port_object(s, raw, return_value);
    zval it;
    ZVAL_OBJ(&it, connection_iterator_new(s, static_cast<int>(s->ports.size()) - 1));
    zend_update_property(ce_server_port, raw->object, ZEND_STRL("connections"), &it);
    zval_ptr_dtor(&it);
}

ZEND_METHOD(Swoole_Server, on) { register_callback(INTERNAL_FUNCTION_PARAM_PASSTHRU, false); }

ZEND_METHOD(Swoole_Server, addProcess) {
    zval *process;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_OBJECT_OF_CLASS(process, gust::php::ce_process)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = server_from(Z_OBJ_P(ZEND_THIS));
    if (s->started) {
        php_error_docref(nullptr, E_WARNING, "server is running, can't add process");
        RETURN_FALSE;
    }
    if (!gust::php::process_is_fresh(Z_OBJ_P(process))) {
        php_error_docref(nullptr, E_WARNING, "the process has no callback");
        RETURN_FALSE;
    }
    GC_ADDREF(Z_OBJ_P(process));
    s->user_processes.push_back(Z_OBJ_P(process));
    RETURN_LONG(static_cast<zend_long>(s->user_processes.size()) - 1);
}

ZEND_METHOD(Swoole_Server, getCallback) {
    zend_string *name;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(name)
    ZEND_PARSE_PARAMETERS_END();
    get_callback(server_from(Z_OBJ_P(ZEND_THIS))->callbacks, name, return_value);
}

ZEND_METHOD(Swoole_Server, set) {
    HashTable *settings;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ARRAY_HT(settings)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = server_from(Z_OBJ_P(ZEND_THIS));
    if (s->started) {
        php_error_docref(nullptr, E_WARNING, "server is running, unable to execute %s->set()",
                         ZSTR_VAL(Z_OBJCE_P(ZEND_THIS)->name));
        RETURN_FALSE;
    }
    merge_settings(Z_OBJ_P(ZEND_THIS), settings, false);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Server_Port, __construct) {}
ZEND_METHOD(Swoole_Server_Port, __destruct) {}

ZEND_METHOD(Swoole_Server_Port, set) {
    HashTable *settings;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ARRAY_HT(settings)
    ZEND_PARSE_PARAMETERS_END();
    merge_settings(Z_OBJ_P(ZEND_THIS), settings, true);
    if (Port *p = port_from(Z_OBJ_P(ZEND_THIS))) p->has_own_settings = true;
}

ZEND_METHOD(Swoole_Server_Port, on) { register_callback(INTERNAL_FUNCTION_PARAM_PASSTHRU, true); }

ZEND_METHOD(Swoole_Server_Port, getCallback) {
    zend_string *name;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(name)
    ZEND_PARSE_PARAMETERS_END();
    Port *p = port_from(Z_OBJ_P(ZEND_THIS));
    if (!p) RETURN_NULL();
    get_callback(p->callbacks, name, return_value);
}

// An ext/sockets Socket on the listening socket of a port (a copy of it, as Swoole's).
ZEND_METHOD(Swoole_Server_Port, getSocket) {
    ZEND_PARSE_PARAMETERS_NONE();
    Port *p = port_from(Z_OBJ_P(ZEND_THIS));
    if (!p || p->fd < 0) RETURN_FALSE;
    gust::php::sock::sockets_ext_socket_of(p->fd, "getSocket()", return_value);
}

// The server's first port (or the port numbered `port`).
ZEND_METHOD(Swoole_Server, getSocket) {
    zend_long number = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(number)
    ZEND_PARSE_PARAMETERS_END();
    Server *s = server_from(Z_OBJ_P(ZEND_THIS));
    for (const auto &p : s->ports) {
        if ((number == 0 || p->port == number) && p->fd >= 0) {
            gust::php::sock::sockets_ext_socket_of(p->fd, "getSocket()", return_value);
            return;
        }
    }
    php_error_docref(nullptr, E_WARNING, "no listening port %ld", static_cast<long>(number));
    RETURN_FALSE;
}

#include "stubs/server_arginfo.h"

void gust::php::srv::server_rshutdown() {
    // A worker whose PHP ended in a fatal error (an uncaught exception too) also says so in the
    // server's log, as Swoole does (with its function's name): display_errors may go nowhere the
    // operator looks.
    // The server object may be gone already (the script's objects are freed before RSHUTDOWN).
    if (t_served_as_worker && fatal_error_reported()) {
        GUST_LOG_ERROR("php_swoole_server_rshutdown() (ERRNO %d): Fatal error: %s in %s on line %d",
                       static_cast<int>(gust::php::SwooleError::kPhpFatalError), ZSTR_VAL(PG(last_error_message)),
                       PG(last_error_file) ? ZSTR_VAL(PG(last_error_file)) : "Unknown",
                       static_cast<int>(PG(last_error_lineno)));
    }
    t_served_as_worker = false;
    for (size_t i = 0; i < g_live_servers.size(); ++i) {
        std::vector<zend_object *> processes;
        processes.swap(g_live_servers[i]->user_processes);
        for (zend_object *proc : processes) OBJ_RELEASE(proc);  // may free servers: index, not iterator
    }
}

void gust::php::srv::register_server_area(int module_number) {
    ce_server = register_class_Swoole_Server();
    ServerClass::install(ce_server);

    ce_server_port = register_class_Swoole_Server_Port();
    PortClass::install(ce_server_port);

    ce_connection_iterator =
        register_class_Swoole_Connection_Iterator(zend_ce_iterator, zend_ce_countable, zend_ce_arrayaccess);
    gust::php::srv::register_connection_iterator();
    ce_server_task = register_class_Swoole_Server_Task();
    gust::php::srv::register_task_class();
    ce_server_event = register_class_Swoole_Server_Event();
    ce_server_packet = register_class_Swoole_Server_Packet();
    ce_server_pipe_message = register_class_Swoole_Server_PipeMessage();
    ce_server_task_result = register_class_Swoole_Server_TaskResult();
    ce_server_status_info = register_class_Swoole_Server_StatusInfo();

    register_server_symbols(module_number);  // SWOOLE_DISPATCH_* (the stub lists them)
    REGISTER_LONG_CONSTANT("SWOOLE_BASE", kModeBase, CONST_CS | CONST_PERSISTENT);
    REGISTER_LONG_CONSTANT("SWOOLE_PROCESS", kModeProcess, CONST_CS | CONST_PERSISTENT);
    // Swoole registers it on ZTS builds only; Gust always does, so code naming it gets the clear
    // error of the constructor rather than an undefined-constant one (docs/DIFFERENCES.md).
    REGISTER_LONG_CONSTANT("SWOOLE_THREAD", kModeThread, CONST_CS | CONST_PERSISTENT);
    struct {
        const char *name;
        zend_long value;
    } const socks[] = {
        {"SWOOLE_SOCK_TCP", kSockTcp},
        {"SWOOLE_SOCK_UDP", kSockUdp},
        {"SWOOLE_SOCK_TCP6", kSockTcp6},
        {"SWOOLE_SOCK_UDP6", kSockUdp6},
        {"SWOOLE_SOCK_UNIX_STREAM", kSockUnixStream},
        {"SWOOLE_SOCK_UNIX_DGRAM", kSockUnixDgram},
        {"SWOOLE_TCP", kSockTcp},
        {"SWOOLE_UDP", kSockUdp},
        {"SWOOLE_TCP6", kSockTcp6},
        {"SWOOLE_UDP6", kSockUdp6},
        {"SWOOLE_UNIX_STREAM", kSockUnixStream},
        {"SWOOLE_UNIX_DGRAM", kSockUnixDgram},
        {"SWOOLE_SSL", kSockSsl},
        {"SWOOLE_WORKER_BUSY", 1},
        {"SWOOLE_WORKER_IDLE", 2},
        {"SWOOLE_WORKER_EXIT", 3},
        // ssl_protocols bits; SSLv2/SSLv3 exist for compatibility and are refused by OpenSSL 3.
        {"SWOOLE_SSL_SSLv2", 1 << 1},
        {"SWOOLE_SSL_SSLv3", 1 << 2},
        {"SWOOLE_SSL_TLSv1", 1 << 3},
        {"SWOOLE_SSL_TLSv1_1", 1 << 4},
        {"SWOOLE_SSL_TLSv1_2", 1 << 5},
        {"SWOOLE_SSL_TLSv1_3", 1 << 6},
        {"SWOOLE_SSL_DTLS", 1 << 7},
    };
    for (const auto &c : socks) {
        zend_register_long_constant(c.name, strlen(c.name), c.value, CONST_CS | CONST_PERSISTENT, module_number);
    }
}
