// Swoole\Coroutine\Socket: the object, its properties and errors, and the calls that park the
// calling coroutine (connect/accept/recv*/send*). Each parking call runs in a helper whose C++
// objects are gone before gust::php::resumed(), which may longjmp (a fatal error elsewhere).
#include "socket/socket.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/un.h>

#include <cerrno>
#include <algorithm>
#include <cstring>

#include "common/errors.h"
#include "common/module.h"
#include "socket/client.h"
#include "gust/base/clock.h"
#include "gust/base/error.h"
#include "gust/net/dns.h"
#include "gust/net/socket.h"
#include "socket/socket_internal.h"
#include "zend/fd.h"
#include "zend/object.h"

namespace gust::php::sock {

zend_class_entry *ce_socket = nullptr;
zend_class_entry *ce_socket_exception = nullptr;

SocketState::~SocketState() {
    if (!sock) return;
    // The runtime whose loop the socket joined may be gone (an object freed after RSHUTDOWN).
    LoopState *rt = loop_state_if_any();
    if (!rt || rt->generation != generation) {
        sock->abandon();
    } else {
        sock->close();
    }
}

SocketState *state_of(zval *self) { return SocketClass::from(self); }

void set_error(zval *self, int code, const char *msg) {
    zend_object *obj = Z_OBJ_P(self);
    zend_update_property_long(ce_socket, obj, ZEND_STRL("errCode"), set_last_error(code));
    zend_update_property_string(ce_socket, obj, ZEND_STRL("errMsg"), msg ? msg : strerror_of(code));
}

void clear_error(zval *self) {
    zend_object *obj = Z_OBJ_P(self);
    // Already clear (every successful call of a busy socket): no property writes by name.
    static const zend_property_info *code_info =
        static_cast<zend_property_info *>(zend_hash_str_find_ptr(&ce_socket->properties_info, ZEND_STRL("errCode")));
    static const zend_property_info *msg_info =
        static_cast<zend_property_info *>(zend_hash_str_find_ptr(&ce_socket->properties_info, ZEND_STRL("errMsg")));
    if (code_info && msg_info && !(code_info->flags & ZEND_ACC_STATIC) && !(msg_info->flags & ZEND_ACC_STATIC)) {
        const zval *code = OBJ_PROP(obj, code_info->offset);
        const zval *msg = OBJ_PROP(obj, msg_info->offset);
        if (Z_TYPE_P(code) == IS_LONG && Z_LVAL_P(code) == 0 && Z_TYPE_P(msg) == IS_STRING && Z_STRLEN_P(msg) == 0) {
            return;
        }
    }
    zend_update_property_long(ce_socket, obj, ZEND_STRL("errCode"), 0);
    zend_update_property_string(ce_socket, obj, ZEND_STRL("errMsg"), "");
}

int code_of(int core_code) {
    // A wait ended by close() or cancel() is ECANCELED, as in Swoole.
    if (core_code == kErrClosed || core_code == kErrCanceled) return ECANCELED;
    return swoole_code_of(core_code, Where::kSocket);
}

Nanos timeout_of(const SocketState *s, double call, Kind kind) {
    double t = call;
    if (t == 0)
        t = kind == Kind::kConnect ? s->connect_timeout : kind == Kind::kRead ? s->read_timeout : s->write_timeout;
    if (t == 0) {
        const Options &o = options();
        t = kind == Kind::kConnect ? o.socket_connect_timeout
            : kind == Kind::kRead  ? o.socket_read_timeout
                                   : o.socket_write_timeout;
    }
    return option_nanos(t);
}

bool usable(zval *self, SocketState *s) {
    if (s->sock && s->sock->is_open()) return true;
    if (!s->sock) {  // a subclass whose constructor did not call parent::__construct()
        zend_throw_error(nullptr, "Swoole\\Coroutine\\Socket: you must call constructor first");
        return false;
    }
    set_error(self, EBADF, nullptr);
    return false;
}

PhpCoroutine *begin_io(zval *self, SocketState *s, Kind kind) {
    if (!usable(self, s)) return nullptr;
    PhpCoroutine *p = require_coroutine();
    int64_t &bound = kind == Kind::kWrite ? s->write_cid : s->read_cid;
    if (bound != 0) {
        throw_error(swoole_error_ce(), code(SwooleError::kCoHasBeenBound),
                    "Socket#%d has already been bound to another coroutine#" ZEND_LONG_FMT
                    ", %s of the same socket in coroutine#" ZEND_LONG_FMT " at the same time is not allowed",
                    s->sock->fd(), static_cast<zend_long>(bound), kind == Kind::kWrite ? "writing" : "reading",
                    static_cast<zend_long>(p->co->id()));
        return nullptr;
    }
    bound = p->co->id();
    LoopState *rt = loop_state();
    s->generation = rt->generation;
    // The loop's clock is read once per iteration; a timeout counts from this call, not from the
    // start of an iteration that may have run other coroutines for a while.
    rt->loop->refresh_now();
    return p;
}

void end_io(SocketState *s, Kind kind) { (kind == Kind::kWrite ? s->write_cid : s->read_cid) = 0; }

void sync_fd(zval *self, SocketState *s) {
    zend_update_property_long(ce_socket, Z_OBJ_P(self), ZEND_STRL("fd"),
                              s->sock && s->sock->is_open() ? s->sock->fd() : -1);
}

int parse_address(const SocketState *s, std::string_view host, zend_long port, net::Address *out) {
    if (s->domain == AF_UNIX) {
        auto a = net::Address::from_unix(host);
        if (!a.ok()) return EINVAL;
        *out = a.value();
        return 0;
    }
    if (port < 0 || port > 65535) return EINVAL;
    auto a = net::Address::from_ip(host, static_cast<uint16_t>(port));
    if (!a.ok() || a.value().family() != s->domain) return EINVAL;
    *out = a.value();
    return 0;
}

void address_array(const net::Address &a, zval *out) {
    array_init(out);
    std::string host = a.host();
    add_assoc_stringl(out, "address", host.data(), host.size());
    add_assoc_long(out, "port", a.is_ip() ? a.port() : 0);  // 0 for unix sockets, as Swoole
}

zend_object *make_socket(net::CoSocket *sock, int domain, int type, int protocol) {
    zend_object *obj = SocketClass::make();
    SocketState *s = SocketClass::from(obj);
    s->sock.reset(sock);
    s->domain = domain;
    s->type = type;
    s->protocol = protocol;
    LoopState *rt = loop_state_if_any();
    s->generation = rt ? rt->generation : 0;
    zend_update_property_long(ce_socket, obj, ZEND_STRL("fd"), sock->fd());
    zend_update_property_long(ce_socket, obj, ZEND_STRL("domain"), domain);
    zend_update_property_long(ce_socket, obj, ZEND_STRL("type"), type);
    zend_update_property_long(ce_socket, obj, ZEND_STRL("protocol"), protocol);
    return obj;
}

}  // namespace gust::php::sock

using namespace gust;
using namespace gust::php;
using namespace gust::php::sock;

ZEND_METHOD(Swoole_Coroutine_Socket, __construct) {
    zend_long domain, type, protocol = 0;
    ZEND_PARSE_PARAMETERS_START(2, 3)
        Z_PARAM_LONG(domain)
        Z_PARAM_LONG(type)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(protocol)
    ZEND_PARSE_PARAMETERS_END();
    SocketState *s = state_of(ZEND_THIS);
    if (s->sock) {
        zend_throw_error(nullptr, "Constructor of %s can only be called once", ZSTR_VAL(ce_socket->name));
        RETURN_THROWS();
    }
    int fd = net::sys::open_socket(static_cast<int>(domain), static_cast<int>(type), static_cast<int>(protocol));
    if (fd < 0) {
        throw_error(ce_socket_exception, -fd, "new Socket() failed: %s", strerror(-fd));
        RETURN_THROWS();
    }
    s->sock = std::make_unique<net::CoSocket>(fd);
    s->domain = static_cast<int>(domain);
    s->type = static_cast<int>(type);
    s->protocol = static_cast<int>(protocol);
    LoopState *rt = loop_state_if_any();
    s->generation = rt ? rt->generation : 0;
    zend_object *obj = Z_OBJ_P(ZEND_THIS);
    zend_update_property_long(ce_socket, obj, ZEND_STRL("fd"), fd);
    zend_update_property_long(ce_socket, obj, ZEND_STRL("domain"), domain);
    zend_update_property_long(ce_socket, obj, ZEND_STRL("type"), type);
    zend_update_property_long(ce_socket, obj, ZEND_STRL("protocol"), protocol);
}

ZEND_METHOD(Swoole_Coroutine_Socket, bind) {
    zend_string *address;
    zend_long port = 0;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_STR(address)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(port)
    ZEND_PARSE_PARAMETERS_END();
    SocketState *s = state_of(ZEND_THIS);
    if (!usable(ZEND_THIS, s)) RETURN_FALSE;
    net::Address addr;
    int err = parse_address(s, std::string_view(ZSTR_VAL(address), ZSTR_LEN(address)), port, &addr);
    if (err) {
        set_error(ZEND_THIS, err, nullptr);
        RETURN_FALSE;
    }
    if (s->type == SOCK_STREAM && addr.is_ip()) (void)net::sys::set_reuse_addr(s->sock->fd(), true);
    auto st = s->sock->bind(addr);
    if (!st.ok()) {
        set_error(ZEND_THIS, code_of(st.code()), nullptr);
        RETURN_FALSE;
    }
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Socket, listen) {
    zend_long backlog = 512;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(backlog)
    ZEND_PARSE_PARAMETERS_END();
    SocketState *s = state_of(ZEND_THIS);
    if (!usable(ZEND_THIS, s)) RETURN_FALSE;
    auto st = s->sock->listen(static_cast<int>(backlog));
    if (!st.ok()) {
        set_error(ZEND_THIS, code_of(st.code()), nullptr);
        RETURN_FALSE;
    }
    RETURN_TRUE;
}

int gust::php::sock::resolve_address(const SocketState *s, std::string_view host, zend_long port, Nanos timeout,
                                     net::Address *out) {
    if (s->domain == AF_UNIX) return parse_address(s, host, port, out);
    // A raw socket (ICMP, ...) has no ports: 0 is the only sensible one there.
    if (port < 0 || port > 65535 || (port == 0 && s->type != SOCK_RAW)) return EINVAL;
    auto ip = net::Address::from_ip(host, static_cast<uint16_t>(port));
    if (ip.ok()) {
        *out = ip.value();
        return 0;
    }
    // The name resolvers plugged in (swoole_name_resolver_add(), Coroutine::set()) answer first.
    std::string named;
    if (name_resolver_resolve(host, false, &named)) {
        if (named.empty()) return code(SwooleError::kDnslookupResolveFailed);
        auto a = net::Address::from_ip(named, static_cast<uint16_t>(port));
        if (a.ok()) {
            *out = a.value();
            return 0;
        }
        host = named;  // a resolver may answer with another name: the system resolves that
    } else if (EG(exception)) {
        return code(SwooleError::kDnslookupResolveFailed);
    }
    net::ResolveOptions ro;
    ro.family = s->domain;
    Nanos dns = option_nanos(options().socket_dns_timeout);
    ro.timeout = timeout >= 0 && (dns < 0 || timeout < dns) ? timeout : dns < 0 ? 5 * kNanosPerSecond : dns;
    auto r = net::resolve(host, static_cast<uint16_t>(port), ro);
    if (!r.ok() || r.value().empty()) {
        return r.code() == kErrTimedOut ? code(SwooleError::kDnslookupResolveTimeout)
                                        : code(SwooleError::kDnslookupResolveFailed);
    }
    *out = r.value().front();
    return 0;
}

namespace {

// accept() without PHP: the new socket, or null with *err set.
net::CoSocket *do_accept(SocketState *s, Nanos timeout, int *err) {
    auto r = s->sock->accept(timeout);
    if (!r.ok()) {
        *err = code_of(r.code());
        return nullptr;
    }
    return r.value().release();
}

int do_connect(SocketState *s, std::string_view host, zend_long port, Nanos timeout) {
    net::Address addr;
    int err = resolve_address(s, host, port, timeout, &addr);
    if (err) return err;
    auto st = s->sock->connect(addr, timeout);
    return st.ok() ? 0 : code_of(st.code());
}

}  // namespace

ZEND_METHOD(Swoole_Coroutine_Socket, accept) {
    double timeout = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    SocketState *s = state_of(ZEND_THIS);
    PhpCoroutine *p = begin_io(ZEND_THIS, s, Kind::kRead);
    if (!p) RETURN_FALSE;
    int err = 0;
    net::CoSocket *conn = do_accept(s, timeout_of(s, timeout, Kind::kRead), &err);
    end_io(s, Kind::kRead);
    if (!resumed(p)) {
        delete conn;
        return;
    }
    if (!conn) {
        set_error(ZEND_THIS, err, nullptr);
        RETURN_FALSE;
    }
    clear_error(ZEND_THIS);
    zend_object *obj = make_socket(conn, s->domain, s->type, s->protocol);
    SocketState *c = SocketClass::from(obj);
    c->generation = s->generation;
    c->connect_timeout = s->connect_timeout;
    c->read_timeout = s->read_timeout;
    c->write_timeout = s->write_timeout;
    // The accepted socket frames its stream as the listening one was told to (setProtocol), as in Swoole.
    if (s->framing) {
        c->framing = std::make_unique<proto::framing::Framing>(*s->framing);
        c->splitter = std::make_unique<proto::framing::Splitter>(*c->framing);
    }
    // And its TLS settings: sslHandshake() on it answers as the server.
    c->tls_config = s->tls_config;
    c->ssl_verify_set = s->ssl_verify_set;
    c->open_ssl = s->open_ssl;
    c->tls_ctx = s->tls_ctx;
    c->server_side = true;
    RETURN_OBJ(obj);
}

void gust::php::sock::op_connect(zval *self, std::string_view host, zend_long port, double timeout,
                                 zval *return_value) {
    SocketState *s = state_of(self);
    PhpCoroutine *p = begin_io(self, s, Kind::kWrite);
    if (!p) RETURN_FALSE;
    Nanos t = timeout_of(s, timeout, Kind::kConnect);
    Nanos deadline = t < 0 ? -1 : monotonic_now() + t;
    int err = do_connect(s, host, port, t);
    // open_ssl: the handshake is part of connecting, within the same timeout.
    if (!err && s->open_ssl && (s->type == SOCK_STREAM || s->domain != AF_UNIX)) {  // UDP: DTLS
        Nanos left = deadline < 0 ? -1 : std::max<Nanos>(deadline - monotonic_now(), 0);
        err = tls_handshake(s, host, left);
        if (err) sync_fd(self, s);  // a failed handshake closed the connection
    }
    end_io(s, Kind::kWrite);
    if (!resumed(p)) return;
    if (err) {
        bool tls = !s->tls_error.empty() &&
                   (err == code(SwooleError::kSslHandshakeFailed) || err == code(SwooleError::kSslVerifyFailed));
        set_error(self, err, tls ? s->tls_error.c_str() : nullptr);
        RETURN_FALSE;
    }
    clear_error(self);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Socket, connect) {
    zend_string *host;
    zend_long port = 0;
    double timeout = 0;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_STR(host)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(port)
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    SocketState *s = state_of(ZEND_THIS);
    // A raw socket (ICMP, ...) has no ports: 0 is the one it takes.
    const bool no_port = s->type == SOCK_RAW && port == 0;
    if (s->sock && (s->domain == AF_INET || s->domain == AF_INET6) && !no_port && (port <= 0 || port > 65535)) {
        // Warned as Swoole warns (socket_connect() under SWOOLE_HOOK_SOCKETS shows it too).
        php_error_docref(nullptr, E_WARNING, "Invalid port argument[" ZEND_LONG_FMT "]", port);
        set_error(ZEND_THIS, EINVAL);
        RETURN_FALSE;
    }
    op_connect(ZEND_THIS, std::string_view(ZSTR_VAL(host), ZSTR_LEN(host)), port, timeout, return_value);
}

ZEND_METHOD(Swoole_Coroutine_Socket, getBoundCid) {
    zend_long event;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(event)
    ZEND_PARSE_PARAMETERS_END();
    SocketState *s = state_of(ZEND_THIS);
    if (event == kEventRead) RETURN_LONG(s->read_cid);
    if (event == kEventWrite) RETURN_LONG(s->write_cid);
    RETURN_LONG(0);
}

ZEND_METHOD(Swoole_Coroutine_Socket, cancel) {
    zend_long event = kEventRead;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(event)
    ZEND_PARSE_PARAMETERS_END();
    SocketState *s = state_of(ZEND_THIS);
    if (event != kEventRead && event != kEventWrite) {
        php_error_docref(nullptr, E_WARNING, "Invalid event type " ZEND_LONG_FMT, event);
        RETURN_FALSE;
    }
    int64_t cid = event == kEventRead ? s->read_cid : s->write_cid;
    LoopState *rt = loop_state_if_any();
    if (cid == 0 || !rt) RETURN_FALSE;
    // Only while it waits (a reader already handed its readiness is left alone), as Co::cancel().
    if (!rt->scheduler->interruptible(rt->scheduler->find(cid))) RETURN_FALSE;
    RETURN_BOOL(rt->scheduler->cancel(cid));
}

ZEND_METHOD(Swoole_Coroutine_Socket, shutdown) {
    zend_long how = SHUT_RDWR;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(how)
    ZEND_PARSE_PARAMETERS_END();
    SocketState *s = state_of(ZEND_THIS);
    if (!usable(ZEND_THIS, s)) RETURN_FALSE;
    // As Swoole: shutting a direction down twice is ENOTCONN; the kernel's ENOTCONN (the peer is
    // gone already) still counts as done.
    bool rd = how == SHUT_RD || how == SHUT_RDWR, wr = how == SHUT_WR || how == SHUT_RDWR;
    if ((!rd || s->shut_read) && (!wr || s->shut_write)) {
        set_error(ZEND_THIS, ENOTCONN, nullptr);
        RETURN_FALSE;
    }
    auto st = s->sock->shutdown(static_cast<int>(how));
    if (!st.ok() && st.code() != -ENOTCONN) {
        set_error(ZEND_THIS, code_of(st.code()), nullptr);
        RETURN_FALSE;
    }
    s->shut_read |= rd;
    s->shut_write |= wr;
    clear_error(ZEND_THIS);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Socket, close) {
    ZEND_PARSE_PARAMETERS_NONE();
    SocketState *s = state_of(ZEND_THIS);
    if (!s->sock || !s->sock->is_open()) {
        set_error(ZEND_THIS, EBADF, nullptr);
        RETURN_FALSE;
    }
    // Waiters wake with ECANCELED and run before close() returns, as in Swoole; the CoSocket
    // itself stays until the object goes.
    std::vector<coro::CoroutineId> waiting = s->sock->close_keeping_waiters();
    sync_fd(ZEND_THIS, s);
    clear_error(ZEND_THIS);
    wake_closed_now(waiting);
    RETURN_TRUE;
}

void gust::php::sock::wake_closed_now(const std::vector<coro::CoroutineId> &waiting) {
    coro::Scheduler *sched = coro::Scheduler::current();
    for (coro::CoroutineId id : waiting) {
        // Looked up each time: one that ran may have ended another.
        if (coro::Coroutine *co = sched ? sched->find(id) : nullptr) sched->wake_now(co, kErrClosed);
    }
}

ZEND_METHOD(Swoole_Coroutine_Socket, isClosed) {
    ZEND_PARSE_PARAMETERS_NONE();
    SocketState *s = state_of(ZEND_THIS);
    RETURN_BOOL(!s->sock || !s->sock->is_open());
}

static void name_of(INTERNAL_FUNCTION_PARAMETERS, bool peer) {
    ZEND_PARSE_PARAMETERS_NONE();
    SocketState *s = state_of(ZEND_THIS);
    if (!usable(ZEND_THIS, s)) RETURN_FALSE;
    auto r = peer ? s->sock->peer_address() : s->sock->local_address();
    if (!r.ok()) {
        set_error(ZEND_THIS, code_of(r.code()), nullptr);
        RETURN_FALSE;
    }
    address_array(r.value(), return_value);
}

ZEND_METHOD(Swoole_Coroutine_Socket, getsockname) { name_of(INTERNAL_FUNCTION_PARAM_PASSTHRU, false); }
ZEND_METHOD(Swoole_Coroutine_Socket, getpeername) { name_of(INTERNAL_FUNCTION_PARAM_PASSTHRU, true); }

#include "stubs/coroutine_socket_arginfo.h"

namespace {

// The socket constants Swoole defines itself when ext/sockets does not (absent, or SOCKET_ECANCELED).
void register_socket_constants(int module_number) {
    struct C {
        const char *name;
        zend_long value;
    };
    static const C constants[] = {
        {"AF_UNIX", AF_UNIX},
        {"AF_INET", AF_INET},
        {"AF_INET6", AF_INET6},
        {"SOCK_STREAM", SOCK_STREAM},
        {"SOCK_DGRAM", SOCK_DGRAM},
        {"SOCK_RAW", SOCK_RAW},
        {"SOCK_SEQPACKET", SOCK_SEQPACKET},
        {"SOL_SOCKET", SOL_SOCKET},
        {"SOL_TCP", IPPROTO_TCP},
        {"SOL_UDP", IPPROTO_UDP},
        {"IPPROTO_IP", IPPROTO_IP},
        {"IPPROTO_IPV6", IPPROTO_IPV6},
        {"SO_REUSEADDR", SO_REUSEADDR},
        {"SO_REUSEPORT", SO_REUSEPORT},
        {"SO_KEEPALIVE", SO_KEEPALIVE},
        {"SO_BROADCAST", SO_BROADCAST},
        {"SO_LINGER", SO_LINGER},
        {"SO_SNDBUF", SO_SNDBUF},
        {"SO_RCVBUF", SO_RCVBUF},
        {"SO_SNDTIMEO", SO_SNDTIMEO},
        {"SO_RCVTIMEO", SO_RCVTIMEO},
        {"SO_TYPE", SO_TYPE},
        {"SO_ERROR", SO_ERROR},
        {"TCP_NODELAY", TCP_NODELAY},
        {"SOCKET_EINTR", EINTR},
        {"SOCKET_EAGAIN", EAGAIN},
        {"SOCKET_EWOULDBLOCK", EWOULDBLOCK},
        {"SOCKET_EINVAL", EINVAL},
        {"SOCKET_EBADF", EBADF},
        {"SOCKET_EPIPE", EPIPE},
        {"SOCKET_ECONNRESET", ECONNRESET},
        {"SOCKET_ECONNREFUSED", ECONNREFUSED},
        {"SOCKET_ECONNABORTED", ECONNABORTED},
        {"SOCKET_ETIMEDOUT", ETIMEDOUT},
        {"SOCKET_ECANCELED", ECANCELED},
        {"SOCKET_EADDRINUSE", EADDRINUSE},
        {"SOCKET_EMSGSIZE", EMSGSIZE},
        {"SOCKET_ENOTCONN", ENOTCONN},
        {"SOCKET_EISCONN", EISCONN},
        {"SOCKET_EINPROGRESS", EINPROGRESS},
    };
    for (const C &c : constants) {
        // ext/sockets (loaded first) defines most of them, but not SOCKET_ECANCELED.
        if (zend_get_constant_str(c.name, strlen(c.name))) continue;
        zend_register_long_constant(c.name, strlen(c.name), c.value, CONST_PERSISTENT, module_number);
    }
}

}  // namespace

void gust::php::sock::register_socket_area(int module_number) {
    register_socket_constants(module_number);
    ce_socket = register_class_Swoole_Coroutine_Socket();
    SocketClass::install(ce_socket);
    // Event::add(), swoole_select() and the other fd-taking APIs take one, as Swoole's do.
    register_fd_class(ce_socket, [](zend_object *obj) {
        SocketState *st = SocketClass::from(obj);
        return st->sock && st->sock->is_open() ? st->sock->fd() : -1;
    });
    ce_socket_exception = register_class_Swoole_Coroutine_Socket_Exception(swoole_exception_ce());
    zend_register_functions(nullptr, ext_functions, nullptr, MODULE_PERSISTENT);
    if (GUST_G(use_shortname)) register_co_short_name(ce_socket);
    register_client_class(module_number);
}
