// Swoole\Coroutine\Client (Co\Client): a TCP/UDP/unix client over a Coroutine\Socket made at
// connect(). Each call runs the socket's own operation (socket_internal.h's op_*) on that object,
// then copies its errCode/errMsg onto the client. See docs/php-client.md.
#include "socket/client.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include <cstring>

#include "common/errors.h"
#include "zend/options.h"
#include "gust/net/socket.h"
#include "socket/socket_internal.h"
#include "zend/object.h"

namespace gust::php::sock {

zend_class_entry *ce_co_client = nullptr;

namespace {

// The client's declared properties, in the stub's order.
enum Prop : uint32_t { kErrCode, kErrMsg, kFd, kSocketProp, kType, kSetting, kConnected };
// Co\Socket's errCode/errMsg (its stub declares fd, domain, type, protocol first).
enum SocketProp : uint32_t { kSockErrCode = 4, kSockErrMsg = 5 };

struct ClientState {
    zend_object *socket = nullptr;  // the Co\Socket, from connect() until the object goes (or reconnects)
    int domain = AF_INET, type = SOCK_STREAM;
    bool ssl = false;  // SWOOLE_SSL: the handshake is part of connect()
    std::string host;  // connected to: the name TLS checks
    // close() found other coroutines using the connection and woke them: the first of them to call
    // close() in turn is its last user, and that close() succeeds.
    bool close_wait = false;
    ~ClientState() {
        if (socket) OBJ_RELEASE(socket);
    }
    void gc(zend_get_gc_buffer *buf) {
        if (socket) zend_get_gc_buffer_add_obj(buf, socket);
    }
};

using ClientClass = zobj::Class<ClientState>;

zval *prop(zval *self, Prop p) { return OBJ_PROP_NUM(Z_OBJ_P(self), p); }

void set_long(zval *self, Prop p, zend_long v) {
    zval *z = prop(self, p);
    zval_ptr_dtor(z);
    ZVAL_LONG(z, v);
}

void set_bool(zval *self, Prop p, bool v) {
    zval *z = prop(self, p);
    zval_ptr_dtor(z);
    ZVAL_BOOL(z, v);
}

// errCode/errMsg on the client (and swoole_last_error()).
void client_error(zval *self, int code, const char *msg = nullptr) {
    set_long(self, kErrCode, set_last_error(code));
    zval *z = prop(self, kErrMsg);
    zval_ptr_dtor(z);
    ZVAL_STRING(z, msg ? msg : strerror_of(code));
}

// The socket's errCode/errMsg after one of its operations, onto the client.
void copy_error(zval *self, zend_object *socket) {
    zval *code = OBJ_PROP_NUM(socket, kSockErrCode), *msg = OBJ_PROP_NUM(socket, kSockErrMsg);
    zval *my_code = prop(self, kErrCode), *my_msg = prop(self, kErrMsg);
    if (Z_TYPE_P(code) == IS_LONG && Z_TYPE_P(my_code) == IS_LONG && Z_LVAL_P(code) == Z_LVAL_P(my_code) &&
        Z_TYPE_P(msg) == IS_STRING && Z_TYPE_P(my_msg) == IS_STRING && Z_STRLEN_P(msg) == 0 &&
        Z_STRLEN_P(my_msg) == 0) {
        return;  // both clear: the common case costs nothing
    }
    zval_ptr_dtor(my_code);
    ZVAL_COPY(my_code, code);
    zval_ptr_dtor(my_msg);
    ZVAL_COPY(my_msg, msg);
}

ClientState *client_of(zval *self) { return ClientClass::from(self); }

// The client's socket (null: none), also its $socket property.
void attach(zval *self, ClientState *c, zend_object *socket) {
    if (c->socket) OBJ_RELEASE(c->socket);
    c->socket = socket;
    zval *z = prop(self, kSocketProp);
    zval_ptr_dtor(z);
    if (socket) {
        GC_ADDREF(socket);
        ZVAL_OBJ(z, socket);
    } else {
        ZVAL_NULL(z);
    }
}

// The client's socket while connected, or null with errCode CLIENT_NO_CONNECTION.
zend_object *connected_socket(zval *self, ClientState *c) {
    zval *conn = prop(self, kConnected);
    if (c->socket && Z_TYPE_P(conn) == IS_TRUE && !SocketClass::from(c->socket)->sock->is_open()) {
        // Closed through $socket or an exported socket: the client is no longer connected.
        set_bool(self, kConnected, false);
        set_long(self, kFd, -1);
        attach(self, c, nullptr);
    }
    if (!c->socket || Z_TYPE_P(prop(self, kConnected)) != IS_TRUE) {
        client_error(self, code(SwooleError::kClientNoConnection));
        return nullptr;
    }
    return c->socket;
}

// A fresh socket of the client's type with its settings, replacing any old one. False (errCode set)
// when the system refuses a socket.
bool new_socket(zval *self, ClientState *c) {
    int fd = net::sys::open_socket(c->domain, c->type, 0);
    if (fd < 0) {
        client_error(self, -fd);
        return false;
    }
    attach(self, c, make_socket(new net::CoSocket(fd), c->domain, c->type, 0));
    SocketState *s = SocketClass::from(c->socket);
    zval *setting = prop(self, kSetting);
    if (Z_TYPE_P(setting) == IS_ARRAY) (void)apply_protocol(s, Z_ARRVAL_P(setting));
    if (c->ssl) s->open_ssl = true;
    return true;
}

// Runs one socket operation with the socket object held: a close() and reconnect from another
// coroutine while this one waits must not free the socket under it.
template <typename Op>
void with_socket(zval *self, zend_object *socket, Op op) {
    GC_ADDREF(socket);
    zval zs;
    ZVAL_OBJ(&zs, socket);
    op(&zs);
    copy_error(self, socket);
    OBJ_RELEASE(socket);
}

// Swoole's type: the SOCK_* part without the flags (SWOOLE_SSL, SWOOLE_SOCK_SYNC/ASYNC, SWOOLE_KEEP).
bool socket_kind(zend_long type, int *domain, int *socktype) {
    switch (type & 0xff) {
        case 1: *domain = AF_INET, *socktype = SOCK_STREAM; return true;  // SWOOLE_SOCK_TCP
        case 2: *domain = AF_INET, *socktype = SOCK_DGRAM; return true;   // SWOOLE_SOCK_UDP
        case 3: *domain = AF_INET6, *socktype = SOCK_STREAM; return true;
        case 4: *domain = AF_INET6, *socktype = SOCK_DGRAM; return true;
        case 5: *domain = AF_UNIX, *socktype = SOCK_STREAM; return true;  // SWOOLE_SOCK_UNIX_STREAM
        case 6: *domain = AF_UNIX, *socktype = SOCK_DGRAM; return true;   // SWOOLE_SOCK_UNIX_DGRAM
        default: return false;
    }
}

}  // namespace

bool parse_client_type(zend_long type, int *domain, int *socktype, bool *ssl) {
    *ssl = (type & kClientSsl) != 0;
    return socket_kind(type, domain, socktype);
}

}  // namespace gust::php::sock

using namespace gust;
using namespace gust::php;
using namespace gust::php::sock;

ZEND_METHOD(Swoole_Coroutine_Client, __construct) {
    zend_long type;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(type)
    ZEND_PARSE_PARAMETERS_END();
    ClientState *c = client_of(ZEND_THIS);
    if (!parse_client_type(type, &c->domain, &c->type, &c->ssl)) {
        zend_throw_exception_ex(swoole_exception_ce(), EINVAL, "Unknown client type '" ZEND_LONG_FMT "'", type);
        RETURN_THROWS();
    }
    if (c->ssl && c->type != SOCK_STREAM && c->domain == AF_UNIX) {  // UDP: DTLS
        zend_throw_exception(swoole_exception_ce(), "SWOOLE_SSL needs a TCP, UDP (DTLS) or unix stream socket", EINVAL);
        RETURN_THROWS();
    }
    set_long(ZEND_THIS, kType, type);
}

ZEND_METHOD(Swoole_Coroutine_Client, __destruct) { ZEND_PARSE_PARAMETERS_NONE(); }

ZEND_METHOD(Swoole_Coroutine_Client, set) {
    HashTable *settings;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ARRAY_HT(settings)
    ZEND_PARSE_PARAMETERS_END();
    opt::refuse_empty_package_eof(settings);
    // Merged into $setting: a later set() adds to the earlier ones, as in Swoole.
    zval *setting = prop(ZEND_THIS, kSetting);
    if (Z_TYPE_P(setting) != IS_ARRAY) {
        zval_ptr_dtor(setting);
        array_init(setting);
    }
    SEPARATE_ARRAY(setting);
    zend_hash_merge(Z_ARRVAL_P(setting), settings, zval_add_ref, 1);
    ClientState *c = client_of(ZEND_THIS);
    if (c->socket) RETURN_BOOL(apply_protocol(SocketClass::from(c->socket), Z_ARRVAL_P(setting)));
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Client, connect) {
    zend_string *host;
    zend_long port = 0, sock_flag = 0;
    double timeout = 0;
    ZEND_PARSE_PARAMETERS_START(1, 4)
        Z_PARAM_STR(host)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(port)
        Z_PARAM_DOUBLE(timeout)
        Z_PARAM_LONG(sock_flag)
    ZEND_PARSE_PARAMETERS_END();
    (void)sock_flag;
    ClientState *c = client_of(ZEND_THIS);
    if (ZSTR_LEN(host) == 0) {
        php_error_docref(nullptr, E_WARNING, "The host is empty");
        RETURN_FALSE;
    }
    if (Z_TYPE_P(prop(ZEND_THIS, kConnected)) == IS_TRUE && c->socket &&
        SocketClass::from(c->socket)->sock->is_open()) {
        // As Swoole: close() first to reconnect.
        client_error(ZEND_THIS, EISCONN);
        RETURN_FALSE;
    }
    if (c->domain != AF_UNIX && (port <= 0 || port > 65535)) {
        php_error_docref(nullptr, E_WARNING, "The port is invalid");
        client_error(ZEND_THIS, EINVAL);
        RETURN_FALSE;
    }
    (void)require_coroutine();  // outside a coroutine: a fatal error, no return
    // A socket exported before connecting is the one that connects; otherwise a fresh one.
    bool reuse = c->socket && SocketClass::from(c->socket)->sock->is_open();
    if (!reuse && !new_socket(ZEND_THIS, c)) RETURN_FALSE;
    SocketState *s = SocketClass::from(c->socket);
    if (!reuse) {
        zval *setting = prop(ZEND_THIS, kSetting);
        const int err = bind_client_socket(s->sock->fd(), c->domain, c->type,
                                           Z_TYPE_P(setting) == IS_ARRAY ? Z_ARRVAL_P(setting) : nullptr);
        if (err) {
            s->sock->close();
            client_error(ZEND_THIS, err);
            RETURN_FALSE;
        }
    }
    // connect()'s timeout bounds connecting, and reads and writes the settings leave open.
    if (timeout != 0) {
        s->connect_timeout = timeout;
        zval *setting = prop(ZEND_THIS, kSetting);
        HashTable *ht = Z_TYPE_P(setting) == IS_ARRAY ? Z_ARRVAL_P(setting) : nullptr;
        bool any = ht && zend_hash_str_exists(ht, ZEND_STRL("timeout"));
        if (!any && !(ht && zend_hash_str_exists(ht, ZEND_STRL("read_timeout")))) s->read_timeout = timeout;
        if (!any && !(ht && zend_hash_str_exists(ht, ZEND_STRL("write_timeout")))) s->write_timeout = timeout;
    }
    c->host.assign(ZSTR_VAL(host), ZSTR_LEN(host));
    std::string_view target(ZSTR_VAL(host), ZSTR_LEN(host));
    if (c->domain == AF_UNIX && target.rfind("unix:", 0) == 0) target.remove_prefix(5);
    with_socket(ZEND_THIS, c->socket, [&](zval *zs) { op_connect(zs, target, port, timeout, return_value); });
    if (Z_TYPE_P(return_value) != IS_TRUE) {
        if (c->socket) {
            SocketState *failed = SocketClass::from(c->socket);
            if (failed->sock->is_open()) failed->sock->close();
        }
        set_long(ZEND_THIS, kFd, -1);
        return;
    }
    set_bool(ZEND_THIS, kConnected, true);
    set_long(ZEND_THIS, kFd, s->sock->fd());
}

ZEND_METHOD(Swoole_Coroutine_Client, recv) {
    double timeout = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    ClientState *c = client_of(ZEND_THIS);
    zend_object *so = connected_socket(ZEND_THIS, c);
    if (!so) RETURN_FALSE;
    bool framed = SocketClass::from(so)->splitter != nullptr;
    with_socket(ZEND_THIS, so, [&](zval *zs) {
        if (framed) {
            op_recv_packet(zs, timeout, return_value);
        } else {
            op_recv(zs, kClientBufferSize, timeout, false, return_value);
        }
    });
}

ZEND_METHOD(Swoole_Coroutine_Client, peek) {
    zend_long length = 65535;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(length)
    ZEND_PARSE_PARAMETERS_END();
    zend_object *so = connected_socket(ZEND_THIS, client_of(ZEND_THIS));
    if (!so) RETURN_FALSE;
    with_socket(ZEND_THIS, so, [&](zval *zs) { op_peek(zs, length, return_value); });
}

ZEND_METHOD(Swoole_Coroutine_Client, send) {
    zend_string *data;
    double timeout = 0;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_STR(data)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    if (ZSTR_LEN(data) == 0) {
        php_error_docref(nullptr, E_WARNING, "data to send is empty");
        RETURN_FALSE;
    }
    zend_object *so = connected_socket(ZEND_THIS, client_of(ZEND_THIS));
    if (!so) RETURN_FALSE;
    // The string stays alive for the call: the caller's frame holds it.
    with_socket(ZEND_THIS, so,
                [&](zval *zs) { op_send(zs, ZSTR_VAL(data), ZSTR_LEN(data), timeout, true, return_value); });
}

ZEND_METHOD(Swoole_Coroutine_Client, sendfile) {
    zend_string *file;
    zend_long offset = 0, length = 0;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_PATH_STR(file)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(offset)
        Z_PARAM_LONG(length)
    ZEND_PARSE_PARAMETERS_END();
    ClientState *c = client_of(ZEND_THIS);
    if (c->type != SOCK_STREAM) {
        php_error_docref(nullptr, E_WARNING, "dgram socket cannot use sendfile");
        RETURN_FALSE;
    }
    zend_object *so = connected_socket(ZEND_THIS, c);
    if (!so) RETURN_FALSE;
    with_socket(ZEND_THIS, so, [&](zval *zs) { op_send_file(zs, ZSTR_VAL(file), offset, length, return_value); });
}

ZEND_METHOD(Swoole_Coroutine_Client, sendto) {
    zend_string *addr, *data;
    zend_long port;
    ZEND_PARSE_PARAMETERS_START(3, 3)
        Z_PARAM_STR(addr)
        Z_PARAM_LONG(port)
        Z_PARAM_STR(data)
    ZEND_PARSE_PARAMETERS_END();
    ClientState *c = client_of(ZEND_THIS);
    if (ZSTR_LEN(data) == 0) RETURN_FALSE;
    if (c->type != SOCK_DGRAM) {
        php_error_docref(nullptr, E_WARNING, "only a dgram socket can use sendto");
        RETURN_FALSE;
    }
    // An unconnected datagram client gets its socket here, as in Swoole.
    if (!c->socket && !new_socket(ZEND_THIS, c)) RETURN_FALSE;
    zval rv;
    ZVAL_UNDEF(&rv);
    std::string_view target(ZSTR_VAL(addr), ZSTR_LEN(addr));
    with_socket(ZEND_THIS, c->socket,
                [&](zval *zs) { op_sendto(zs, target, port, ZSTR_VAL(data), ZSTR_LEN(data), &rv); });
    if (EG(exception)) {
        zval_ptr_dtor(&rv);
        return;
    }
    RETVAL_BOOL(Z_TYPE(rv) == IS_LONG);
}

ZEND_METHOD(Swoole_Coroutine_Client, recvfrom) {
    zend_long length;
    zval *address, *port = nullptr;
    ZEND_PARSE_PARAMETERS_START(2, 3)
        Z_PARAM_LONG(length)
        Z_PARAM_ZVAL(address)
        Z_PARAM_OPTIONAL
        Z_PARAM_ZVAL(port)
    ZEND_PARSE_PARAMETERS_END();
    ClientState *c = client_of(ZEND_THIS);
    if (length <= 0) {
        php_error_docref(nullptr, E_WARNING, "invalid length");
        RETURN_FALSE;
    }
    if (c->type != SOCK_DGRAM) {
        php_error_docref(nullptr, E_WARNING, "only a dgram socket can use recvfrom");
        RETURN_FALSE;
    }
    if (!c->socket && !new_socket(ZEND_THIS, c)) RETURN_FALSE;
    net::Address from;
    with_socket(ZEND_THIS, c->socket, [&](zval *zs) { op_recvfrom(zs, length, 0, &from, return_value); });
    if (Z_TYPE_P(return_value) != IS_STRING) return;
    std::string host = from.host();
    ZEND_TRY_ASSIGN_REF_STRINGL(address, host.data(), host.size());
    if (port) ZEND_TRY_ASSIGN_REF_LONG(port, from.is_ip() ? from.port() : 0);
}

ZEND_METHOD(Swoole_Coroutine_Client, enableSSL) {
    ZEND_PARSE_PARAMETERS_NONE();
    ClientState *c = client_of(ZEND_THIS);
    if (c->type != SOCK_STREAM) {
        php_error_docref(nullptr, E_WARNING, "cannot use enableSSL on a dgram socket");
        RETURN_FALSE;
    }
    zend_object *so = connected_socket(ZEND_THIS, c);
    if (!so) RETURN_FALSE;
    if (SocketClass::from(so)->tls) {
        php_error_docref(nullptr, E_WARNING, "SSL has already been enabled");
        RETURN_FALSE;
    }
    c->ssl = true;
    SocketClass::from(so)->open_ssl = true;
    with_socket(ZEND_THIS, so, [&](zval *zs) { op_ssl_handshake(zs, c->host, return_value); });
}

ZEND_METHOD(Swoole_Coroutine_Client, getPeerCert) {
    ZEND_PARSE_PARAMETERS_NONE();
    zend_object *so = connected_socket(ZEND_THIS, client_of(ZEND_THIS));
    if (!so) RETURN_FALSE;
    SocketState *s = SocketClass::from(so);
    std::string pem = s->tls ? s->tls->peer_certificate_pem() : std::string();
    if (pem.empty()) {
        client_error(ZEND_THIS, code(SwooleError::kSslEmptyPeerCertificate));
        RETURN_FALSE;
    }
    RETURN_STRINGL(pem.data(), pem.size());
}

ZEND_METHOD(Swoole_Coroutine_Client, verifyPeerCert) {
    bool allow_self_signed = false;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(allow_self_signed)
    ZEND_PARSE_PARAMETERS_END();
    ClientState *c = client_of(ZEND_THIS);
    zend_object *so = connected_socket(ZEND_THIS, c);
    if (!so) RETURN_FALSE;
    SocketState *s = SocketClass::from(so);
    if (!s->tls) {
        client_error(ZEND_THIS, code(SwooleError::kSslEmptyPeerCertificate));
        RETURN_FALSE;
    }
    std::string why;
    int err = verify_peer_now(s, c->host, allow_self_signed, &why);
    if (err) {
        client_error(ZEND_THIS, err, why.empty() ? nullptr : why.c_str());
        RETURN_FALSE;
    }
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Client, isConnected) {
    ZEND_PARSE_PARAMETERS_NONE();
    ClientState *c = client_of(ZEND_THIS);
    RETURN_BOOL(Z_TYPE_P(prop(ZEND_THIS, kConnected)) == IS_TRUE && c->socket &&
                SocketClass::from(c->socket)->sock->is_open());
}

static void client_name(INTERNAL_FUNCTION_PARAMETERS, bool peer) {
    ZEND_PARSE_PARAMETERS_NONE();
    ClientState *c = client_of(ZEND_THIS);
    zend_object *so = connected_socket(ZEND_THIS, c);
    if (!so) RETURN_FALSE;
    SocketState *s = SocketClass::from(so);
    auto r = peer ? s->sock->peer_address() : s->sock->local_address();
    if (!r.ok()) {
        client_error(ZEND_THIS, code_of(r.code()));
        RETURN_FALSE;
    }
    std::string host = r.value().host();
    array_init(return_value);
    add_assoc_stringl(return_value, "host", host.data(), host.size());
    add_assoc_long(return_value, "port", r.value().is_ip() ? r.value().port() : 0);
}

ZEND_METHOD(Swoole_Coroutine_Client, getsockname) { client_name(INTERNAL_FUNCTION_PARAM_PASSTHRU, false); }
ZEND_METHOD(Swoole_Coroutine_Client, getpeername) { client_name(INTERNAL_FUNCTION_PARAM_PASSTHRU, true); }

ZEND_METHOD(Swoole_Coroutine_Client, close) {
    ZEND_PARSE_PARAMETERS_NONE();
    ClientState *c = client_of(ZEND_THIS);
    if (!connected_socket(ZEND_THIS, c)) {
        // Not connected, closed already, or closed through the exported socket.
        set_bool(ZEND_THIS, kConnected, false);
        attach(ZEND_THIS, c, nullptr);
        if (c->close_wait) {
            c->close_wait = false;
            clear_error(ZEND_THIS);
            RETURN_TRUE;
        }
        RETURN_FALSE;
    }
    zend_object *socket = c->socket;
    SocketState *s = SocketClass::from(socket);
    // DTLS has no FIN: close_notify is how the server learns that the client is gone.
    if (s->tls && s->type == SOCK_DGRAM) s->tls->shutdown();
    // The coroutines waiting on the socket (they hold the socket object) run now with ECANCELED,
    // before this close() returns, as in Swoole; the client is then free to connect again.
    std::vector<coro::CoroutineId> waiting = s->sock->close_keeping_waiters();
    zval zs;
    ZVAL_OBJ(&zs, socket);
    sync_fd(&zs, s);
    set_bool(ZEND_THIS, kConnected, false);
    set_long(ZEND_THIS, kFd, -1);
    if (waiting.empty()) {
        attach(ZEND_THIS, c, nullptr);
        RETURN_TRUE;
    }
    c->close_wait = true;
    wake_closed_now(waiting);
    c = client_of(ZEND_THIS);
    if (c->socket == socket) attach(ZEND_THIS, c, nullptr);  // still ours: no waiter closed it
    c->close_wait = false;
    // Swoole's answer when another coroutine was still using the connection.
    client_error(ZEND_THIS, code(SwooleError::kCoSocketCloseWait));
    RETURN_FALSE;
}

ZEND_METHOD(Swoole_Coroutine_Client, exportSocket) {
    ZEND_PARSE_PARAMETERS_NONE();
    ClientState *c = client_of(ZEND_THIS);
    if (!c->socket || !SocketClass::from(c->socket)->sock->is_open()) {
        // Swoole makes the socket here for a client not yet connected: one to connect() later.
        if (!new_socket(ZEND_THIS, c)) RETURN_FALSE;
    }
    GC_ADDREF(c->socket);
    RETURN_OBJ(c->socket);
}

#include "stubs/coroutine_client_arginfo.h"

void gust::php::sock::register_client_class(int module_number) {
    ce_co_client = register_class_Swoole_Coroutine_Client();
    ClientClass::install(ce_co_client);
    if (GUST_G(use_shortname)) register_co_short_name(ce_co_client);
    register_sync_client_class();
    struct {
        const char *name;
        zend_long value;
    } const flags[] = {
        {"SWOOLE_SOCK_SYNC", 0},   {"SWOOLE_SOCK_ASYNC", 1}, {"SWOOLE_SYNC", 1 << 11},
        {"SWOOLE_ASYNC", 1 << 10}, {"SWOOLE_KEEP", 1 << 12},
    };
    for (const auto &f : flags) {
        if (zend_get_constant_str(f.name, strlen(f.name))) continue;
        zend_register_long_constant(f.name, strlen(f.name), f.value, CONST_CS | CONST_PERSISTENT, module_number);
    }
}
