// Swoole\Coroutine\Server and Swoole\Coroutine\Server\Connection: a TCP (or unix) server that runs
// inside a coroutine. start() is an accept loop on a listening Coroutine\Socket; each connection
// gets a coroutine of its own running the handler with a Connection, whose recv() is the socket's
// recvPacket() (the server's framing settings, set()) and send() its sendAll(). The objects are
// thin: their state is their declared properties, as in Swoole, and every I/O call is the
// Coroutine\Socket's own (ext/socket/).
#include <sys/socket.h>

#include "coserver/coserver.h"
#include "gust/base/log.h"
#include "socket/socket_internal.h"
#include "stubs/coroutine_server_arginfo.h"

namespace gust::php::cosrv {

zend_class_entry *ce_co_server = nullptr;
zend_class_entry *ce_co_connection = nullptr;

namespace {

zend_function *socket_method(const char *lc_name) {
    return static_cast<zend_function *>(
        zend_hash_str_find_ptr(&sock::ce_socket->function_table, lc_name, strlen(lc_name)));
}

zval *prop(zval *self, const char *name) {
    zval rv;
    return zend_read_property(Z_OBJCE_P(self), Z_OBJ_P(self), name, strlen(name), 1, &rv);
}

// Calls the Coroutine\Socket method `name` on `sock` (retval must be released by the caller).
void call_socket(zval *sock, const char *name, zval *retval, uint32_t argc = 0, zval *args = nullptr) {
    ZVAL_UNDEF(retval);
    zend_function *fn = socket_method(name);
    if (!fn || Z_TYPE_P(sock) != IS_OBJECT) {
        ZVAL_FALSE(retval);
        return;
    }
    zend_call_known_instance_method(fn, Z_OBJ_P(sock), retval, argc, args);
    if (Z_ISUNDEF_P(retval)) ZVAL_FALSE(retval);
}

// The socket's errCode/errMsg copied onto the server.
zend_long copy_error(zval *self, zval *sock) {
    zend_long code = zval_get_long(prop(sock, "errCode"));
    zend_update_property_long(ce_co_server, Z_OBJ_P(self), ZEND_STRL("errCode"), code);
    zend_string *msg = zval_get_string(prop(sock, "errMsg"));
    zend_update_property_str(ce_co_server, Z_OBJ_P(self), ZEND_STRL("errMsg"), msg);
    zend_string_release(msg);
    return code;
}

bool is_running(zval *self) { return zend_is_true(prop(self, "running")); }

// A connection's coroutine could not be made (max_coroutine): wait a little before accepting more.
void pause_accepting() {
    zval fn, ret, arg;
    ZVAL_STRING(&fn, "Swoole\\Coroutine::sleep");
    ZVAL_DOUBLE(&arg, 0.1);
    (void)call_user_function(nullptr, nullptr, &fn, &ret, 1, &arg);
    zval_ptr_dtor(&fn);
    zval_ptr_dtor(&ret);
}

// What an SSL server's connection coroutine runs first: the server-side handshake on the accepted
// socket (bounded by its connect timeout: `timeout`/`connect_timeout`, else Co::set()'s), then
// the handler. A peer that fails it (plain TCP, bad certificate) or stalls is closed unserved.
zend_internal_function g_ssl_conn_main;

ZEND_NAMED_FUNCTION(ssl_connection_main) {
    zval *fn, *connection;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_ZVAL(fn)
        Z_PARAM_OBJECT(connection)
    ZEND_PARSE_PARAMETERS_END();
    zval *sock = OBJ_PROP_NUM(Z_OBJ_P(connection), 0);
    ZVAL_DEREF(sock);
    if (Z_TYPE_P(sock) != IS_OBJECT) return;
    sock::SocketState *s = sock::SocketClass::from(Z_OBJ_P(sock));
    std::string peer = "?";  // read first: a failed handshake closes the socket
    if (s->sock) {
        if (auto a = s->sock->peer_address(); a.ok()) peer = a.value().to_string();
    }
    zval ok;
    ZVAL_UNDEF(&ok);
    sock::op_ssl_handshake(sock, "", &ok);
    if (EG(exception)) return;
    if (!zend_is_true(&ok)) {
        const zend_long code = zval_get_long(prop(sock, "errCode"));
        if (code == static_cast<zend_long>(gust::php::code(SwooleError::kSslHandshakeFailed))) {
            GUST_LOG_WARN("Socket::ssl_accept(): bad SSL client[%s], reason=%s", peer.c_str(),
                          s->tls_error.empty() ? "handshake failed" : s->tls_error.c_str());
        }
        zval ret;
        call_socket(sock, "close", &ret);
        zval_ptr_dtor(&ret);
        return;
    }
    zval retval;
    ZVAL_UNDEF(&retval);
    (void)call_user_function(nullptr, nullptr, fn, &retval, 1, connection);
    zval_ptr_dtor(&retval);
}

}  // namespace

// Opens the listening socket of a coroutine server: `host` "unix:/path" (AF_UNIX), an IPv6 literal
// (AF_INET6) or an IPv4 one. Throws Swoole\Exception when it cannot bind or listen.
bool open_listener(zval *self, zend_class_entry *ce, zend_string *host, zend_long port, bool reuse_port, zval *sock_out,
                   int *type_out) {
    std::string_view h(ZSTR_VAL(host), ZSTR_LEN(host));
    int type = AF_INET;
    std::string address(h);
    if (h.size() >= 6 && strncasecmp(h.data(), "unix:/", 6) == 0) {
        type = AF_UNIX;
        address = std::string(h.substr(5));
    } else if (h.find(':') != std::string_view::npos) {
        type = AF_INET6;
    }
    *type_out = type;
    zval args[3];
    ZVAL_LONG(&args[0], type);
    ZVAL_LONG(&args[1], SOCK_STREAM);
    ZVAL_LONG(&args[2], 0);
    if (object_init_ex(sock_out, sock::ce_socket) != SUCCESS) return false;
    zend_call_known_instance_method(sock::ce_socket->constructor, Z_OBJ_P(sock_out), nullptr, 3, args);
    if (EG(exception)) return false;
    zval ret;
    if (reuse_port && type != AF_UNIX) {
        zval opt[3];
        ZVAL_LONG(&opt[0], SOL_SOCKET);
        ZVAL_LONG(&opt[1], SO_REUSEPORT);
        ZVAL_TRUE(&opt[2]);
        call_socket(sock_out, "setoption", &ret, 3, opt);
        zval_ptr_dtor(&ret);
    }
    zval bind_args[2];
    ZVAL_STRINGL(&bind_args[0], address.data(), address.size());
    ZVAL_LONG(&bind_args[1], port);
    call_socket(sock_out, "bind", &ret, 2, bind_args);
    zval_ptr_dtor(&bind_args[0]);
    bool ok = zend_is_true(&ret);
    zval_ptr_dtor(&ret);
    if (!ok) {
        zend_long code = copy_error(self, sock_out);
        throw_error(swoole_exception_ce(), static_cast<int>(code), "bind(%s:" ZEND_LONG_FMT ") failed", ZSTR_VAL(host),
                    port);
        return false;
    }
    call_socket(sock_out, "listen", &ret);
    ok = zend_is_true(&ret);
    zval_ptr_dtor(&ret);
    if (!ok) {
        zend_long code = copy_error(self, sock_out);
        throw_error(swoole_exception_ce(), static_cast<int>(code), "listen() failed");
        return false;
    }
    // Port 0 picks a free one: the server tells which.
    call_socket(sock_out, "getsockname", &ret);
    if (Z_TYPE(ret) == IS_ARRAY) {
        if (zval *p = zend_hash_str_find(Z_ARRVAL(ret), ZEND_STRL("port"))) port = zval_get_long(p);
    }
    zval_ptr_dtor(&ret);
    zend_update_property_str(ce, Z_OBJ_P(self), ZEND_STRL("host"), host);
    zend_update_property_long(ce, Z_OBJ_P(self), ZEND_STRL("port"), port);
    zend_update_property_long(ce, Z_OBJ_P(self), ZEND_STRL("fd"), zval_get_long(prop(sock_out, "fd")));
    return true;
}

}  // namespace gust::php::cosrv

using namespace gust;
using namespace gust::php;
using namespace gust::php::cosrv;

ZEND_METHOD(Swoole_Coroutine_Server, __construct) {
    zend_string *host;
    zend_long port = 0;
    bool ssl = false, reuse_port = false;
    ZEND_PARSE_PARAMETERS_START(1, 4)
        Z_PARAM_STR(host)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(port)
        Z_PARAM_BOOL(ssl)
        Z_PARAM_BOOL(reuse_port)
    ZEND_PARSE_PARAMETERS_END();
    zval sock;
    ZVAL_UNDEF(&sock);
    int type = AF_INET;
    if (!open_listener(ZEND_THIS, ce_co_server, host, port, reuse_port, &sock, &type)) {
        zval_ptr_dtor(&sock);
        RETURN_THROWS();
    }
    zend_update_property_long(ce_co_server, Z_OBJ_P(ZEND_THIS), ZEND_STRL("type"), type);
    zend_update_property_bool(ce_co_server, Z_OBJ_P(ZEND_THIS), ZEND_STRL("ssl"), ssl);
    zend_update_property(ce_co_server, Z_OBJ_P(ZEND_THIS), ZEND_STRL("socket"), &sock);
    zval_ptr_dtor(&sock);
}

ZEND_METHOD(Swoole_Coroutine_Server, set) {
    zval *setting;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ARRAY(setting)
    ZEND_PARSE_PARAMETERS_END();
    // Later calls add to (and override) earlier ones, as array_replace() in Swoole.
    zval merged;
    ZVAL_ARR(&merged, zend_array_dup(Z_ARRVAL_P(prop(ZEND_THIS, "setting"))));
    zend_hash_merge(Z_ARRVAL(merged), Z_ARRVAL_P(setting), zval_add_ref, 1);
    zend_update_property(ce_co_server, Z_OBJ_P(ZEND_THIS), ZEND_STRL("setting"), &merged);
    zval_ptr_dtor(&merged);
}

ZEND_METHOD(Swoole_Coroutine_Server, handle) {
    zval *fn;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ZVAL(fn)
    ZEND_PARSE_PARAMETERS_END();
    if (!zend_is_callable(fn, 0, nullptr)) {
        zend_argument_type_error(1, "must be a valid callback");
        RETURN_THROWS();
    }
    zend_update_property(ce_co_server, Z_OBJ_P(ZEND_THIS), ZEND_STRL("fn"), fn);
}

ZEND_METHOD(Swoole_Coroutine_Server, shutdown) {
    ZEND_PARSE_PARAMETERS_NONE();
    zend_update_property_bool(ce_co_server, Z_OBJ_P(ZEND_THIS), ZEND_STRL("running"), false);
    zval *sock = prop(ZEND_THIS, "socket");
    if (Z_TYPE_P(sock) == IS_OBJECT) {
        // Wakes start()'s accept() (ECANCELED); a loop between two accepts sees `running` instead.
        zval ret;
        call_socket(sock, "cancel", &ret);
        zval_ptr_dtor(&ret);
    }
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Server, start) {
    ZEND_PARSE_PARAMETERS_NONE();
    zval *self = ZEND_THIS;
    (void)require_coroutine();  // outside a coroutine: a fatal error, no return
    zend_update_property_bool(ce_co_server, Z_OBJ_P(self), ZEND_STRL("running"), true);
    zval fn, sock;
    ZVAL_COPY(&fn, prop(self, "fn"));
    ZVAL_COPY(&sock, prop(self, "socket"));
    auto fail = [&](zend_long code, const char *msg) {
        zend_update_property_long(ce_co_server, Z_OBJ_P(self), ZEND_STRL("errCode"), code);
        zend_update_property_string(ce_co_server, Z_OBJ_P(self), ZEND_STRL("errMsg"), msg);
        zval_ptr_dtor(&fn);
        zval_ptr_dtor(&sock);
    };
    zend_fcall_info_cache fcc;
    if (Z_TYPE(fn) == IS_NULL || !zend_is_callable_ex(&fn, nullptr, 0, nullptr, &fcc, nullptr)) {
        fail(EINVAL, "no handler: call handle() before start()");
        RETURN_FALSE;
    }
    if (Z_TYPE(sock) != IS_OBJECT) {
        fail(EBADF, "the server has no socket");
        RETURN_FALSE;
    }
    const bool ssl = zend_is_true(prop(self, "ssl"));
    zval setting, ret;
    ZVAL_ARR(&setting, zend_array_dup(Z_ARRVAL_P(prop(self, "setting"))));
    if (ssl) add_assoc_bool(&setting, "open_ssl", true);
    call_socket(&sock, "setprotocol", &ret, 1, &setting);
    zval_ptr_dtor(&setting);
    const bool protocol_ok = zend_is_true(&ret);
    zval_ptr_dtor(&ret);
    if (!protocol_ok || EG(exception)) {
        fail(EINVAL, "invalid settings");
        RETURN_FALSE;
    }
    // SSL: the certificate and key are loaded once, here (a bad one fails start()); the accepted
    // sockets share the context and run the handshake in their own coroutine.
    zval ssl_entry;
    ZVAL_NULL(&ssl_entry);
    zend_fcall_info_cache ssl_fcc{};
    if (ssl) {
        sock::SocketState *ls = sock::SocketClass::from(Z_OBJ(sock));
        if (ls->tls_config.cert_file.empty() || ls->tls_config.key_file.empty()) {
            php_error_docref(nullptr, E_WARNING, "an SSL server needs ssl_cert_file and ssl_key_file");
            fail(EINVAL, "ssl_cert_file and ssl_key_file are required");
            RETURN_FALSE;
        }
        if (sock::ensure_tls_context(ls, true) != 0) {
            php_error_docref(nullptr, E_WARNING, "SSL settings refused: %s", ls->tls_error.c_str());
            fail(static_cast<zend_long>(code(SwooleError::kSslHandshakeFailed)), ls->tls_error.c_str());
            RETURN_FALSE;
        }
        ssl_fcc.function_handler = reinterpret_cast<zend_function *>(&g_ssl_conn_main);
    }
    while (is_running(self)) {
        zval conn;
        call_socket(&sock, "accept", &conn);
        if (EG(exception)) {
            zval_ptr_dtor(&conn);
            break;
        }
        if (Z_TYPE(conn) == IS_OBJECT) {
            zval connection;
            object_init_ex(&connection, ce_co_connection);
            zend_update_property(ce_co_connection, Z_OBJ(connection), ZEND_STRL("socket"), &conn);
            zval_ptr_dtor(&conn);
            zval ssl_args[2];
            ZVAL_COPY_VALUE(&ssl_args[0], &fn);
            ZVAL_COPY_VALUE(&ssl_args[1], &connection);
            const long cid = ssl ? create(&ssl_fcc, &ssl_entry, ssl_args, 2) : create(&fcc, &fn, &connection, 1);
            if (cid < 0) {
                zval_ptr_dtor(&connection);
                if (EG(exception) || check_pending()) break;
                pause_accepting();
                continue;
            }
            zval_ptr_dtor(&connection);
            if (check_pending()) break;
            continue;
        }
        zval_ptr_dtor(&conn);
        const zend_long code = copy_error(self, &sock);
        if (code == ETIMEDOUT) continue;
        if (code == ECANCELED) break;
        if (code == EMFILE || code == ENFILE) {
            pause_accepting();
            continue;
        }
        php_error_docref(nullptr, E_WARNING, "accept failed, Error: %s[" ZEND_LONG_FMT "]",
                         ZSTR_VAL(zval_get_string(prop(self, "errMsg"))), code);
        break;
    }
    zend_update_property_bool(ce_co_server, Z_OBJ_P(self), ZEND_STRL("running"), false);
    zval_ptr_dtor(&fn);
    zval_ptr_dtor(&sock);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Server_Connection, __construct) {
    zval *conn;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_OBJECT_OF_CLASS(conn, sock::ce_socket)
    ZEND_PARSE_PARAMETERS_END();
    zend_update_property(ce_co_connection, Z_OBJ_P(ZEND_THIS), ZEND_STRL("socket"), conn);
}

namespace {

// The connection's socket: its first declared property (subclasses add theirs after it).
zval *connection_socket(zval *self) {
    zval *z = OBJ_PROP_NUM(Z_OBJ_P(self), 0);
    ZVAL_DEREF(z);
    return z;
}

bool has_socket(zval *sock) {
    if (Z_TYPE_P(sock) == IS_OBJECT) return true;
    zend_throw_error(nullptr, "Swoole\\Coroutine\\Server\\Connection has no socket");
    return false;
}

}  // namespace

ZEND_METHOD(Swoole_Coroutine_Server_Connection, recv) {
    double timeout = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    zval *sock = connection_socket(ZEND_THIS);
    if (!has_socket(sock)) RETURN_THROWS();
    // The socket's recvPacket() without a PHP call in between (the echo's hot path).
    sock::op_recv_packet(sock, timeout, return_value);
}

ZEND_METHOD(Swoole_Coroutine_Server_Connection, send) {
    zend_string *data;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(data)
    ZEND_PARSE_PARAMETERS_END();
    zval *sock = connection_socket(ZEND_THIS);
    if (!has_socket(sock)) RETURN_THROWS();
    sock::op_send(sock, ZSTR_VAL(data), ZSTR_LEN(data), 0, true, return_value);  // its sendAll()
}

ZEND_METHOD(Swoole_Coroutine_Server_Connection, close) {
    ZEND_PARSE_PARAMETERS_NONE();
    zval *sock = connection_socket(ZEND_THIS);
    if (!has_socket(sock)) RETURN_THROWS();
    call_socket(sock, "close", return_value);
}

ZEND_METHOD(Swoole_Coroutine_Server_Connection, exportSocket) {
    ZEND_PARSE_PARAMETERS_NONE();
    zval *sock = connection_socket(ZEND_THIS);
    if (!has_socket(sock)) RETURN_THROWS();
    RETURN_COPY(sock);
}

void gust::php::cosrv::register_coserver_area() {
    ce_co_server = register_class_Swoole_Coroutine_Server();
    ce_co_connection = register_class_Swoole_Coroutine_Server_Connection();
    ce_co_http_server = register_class_Swoole_Coroutine_Http_Server();
    setup_http_server_class(ce_co_http_server);
    memset(&g_ssl_conn_main, 0, sizeof g_ssl_conn_main);
    g_ssl_conn_main.type = ZEND_INTERNAL_FUNCTION;
    g_ssl_conn_main.function_name = zend_string_init_interned(ZEND_STRL("Swoole\\Coroutine\\Server::connection"), 1);
    g_ssl_conn_main.handler = ssl_connection_main;
    ZEND_MAP_PTR_INIT(g_ssl_conn_main.run_time_cache, static_cast<void **>(zend_map_ptr_new()));
    if (GUST_G(use_shortname)) {
        register_co_short_name(ce_co_server);
        register_co_short_name(ce_co_connection);
        register_co_short_name(ce_co_http_server);
    }
}
