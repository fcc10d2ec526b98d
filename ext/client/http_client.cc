// Swoole\Coroutine\Http\Client: the class, its setters and getters, and the
// Swoole\Coroutine\Http\get()/post()/request() shortcuts with their ClientProxy. The I/O is in
// http_client_execute.cc, http_client_connect.cc and http_client_response.cc, the WebSocket part
// in http_client_ws.cc.
#include "client/http_client.h"
#include "client/client_common.h"
#include "common/mime.h"
#include "socket/socket.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "coroutine/coroutine.h"

extern "C" {
#include "ext/standard/base64.h"
#include "ext/standard/url.h"
}

#include "gust/base/error.h"
#include "gust/proto/mime.h"
#include "gust/proto/websocket.h"
#include "stubs/http_client_arginfo.h"

namespace gust::php::http_client {

using client_common::bool_setting;
using client_common::nanos_setting;

zend_class_entry *ce_client = nullptr;
zend_class_entry *ce_client_exception = nullptr;
zend_class_entry *ce_proxy = nullptr;

namespace {

// A copy of an array argument, or null for an empty/absent one.
void store_array(zend_object *self, const char *name, size_t len, zval *arr) {
    zend_update_property(ce_client, self, name, len, arr);
}

}  // namespace

zval *prop(zend_object *self, const char *name, size_t len) {
    zval rv;
    return zend_read_property(ce_client, self, name, len, 1, &rv);
}

void set_long(zend_object *self, const char *name, size_t len, zend_long v) {
    zend_update_property_long(ce_client, self, name, len, v);
}

void set_error(zend_object *self, int err, const char *msg) {
    if (!msg) msg = strerror_of(err);
    // errCode and swoole_last_error() agree, as in Swoole.
    set_long(self, ZEND_STRL("errCode"), set_last_error(err));
    zend_update_property_string(ce_client, self, ZEND_STRL("errMsg"), msg);
}

void fail(zend_object *self, int err, zend_long status, const char *msg) {
    set_error(self, err, msg);
    set_long(self, ZEND_STRL("statusCode"), status);
    close_connection(self);
}

void reset_socket(State *st) {
    release_socket_object(st, true);
    st->tls.reset();
    st->sock.reset();
}

void release_socket_object(State *st, bool close_it) {
    if (!st->socket_obj) return;
    zend_object *obj = st->socket_obj;
    st->socket_obj = nullptr;
    if (close_it) (void)sock::close_socket_object(obj);
    OBJ_RELEASE(obj);
}

bool closed_through_socket_object(zend_object *self) {
    State *st = client_of(self)->st;
    if (!st->socket_obj || sock::socket_fd_of(st->socket_obj) >= 0) return false;
    close_connection(self);
    set_error(self, code(SwooleError::kClientNoConnection), "client is not connected");
    set_long(self, ZEND_STRL("statusCode"), kStatusServerReset);
    return true;
}

Result<size_t> conn_recv(State *st, void *buf, size_t len, Nanos timeout) {
    if (!st->sock) return Error{-ECONNRESET};
    return st->tls ? st->tls->recv(buf, len, timeout) : st->sock->recv(buf, len, timeout);
}

Result<size_t> conn_send_all(State *st, const void *buf, size_t len, Nanos timeout) {
    if (!st->sock) return Error{-ECONNRESET};
    return st->tls ? st->tls->send_all(buf, len, timeout) : st->sock->send_all(buf, len, timeout);
}

void drop_stale_socket(State *st) {
    if (!st->sock) return;
    LoopState *rt = loop_state_if_any();
    if (rt && rt->generation == st->generation) return;
    release_socket_object(st, false);  // its socket belongs to the ended runtime too
    st->tls.reset();
    st->sock->abandon();
    st->sock.reset();
    st->rbuf.clear();
    st->reused = st->websocket = false;
}

void close_connection(zend_object *self) {
    State *st = client_of(self)->st;
    drop_stale_socket(st);
    release_socket_object(st, true);
    if (st->tls) st->tls->shutdown();
    st->tls.reset();
    if (st->sock) st->sock->close();
    st->sock.reset();
    st->rbuf.clear();
    st->reused = false;
    st->ws_lost = st->websocket;
    st->websocket = false;
    st->ws_compression = false;
    st->ws_partial.clear();
    st->ws_partial_opcode = 0;
    st->deferred.reset();
    st->inflater.reset();
    st->deflater.reset();
    zend_update_property_bool(ce_client, self, ZEND_STRL("connected"), false);
}

Settings read_settings(zend_object *self) {
    Settings s;
    s.ssl = zend_is_true(prop(self, ZEND_STRL("ssl")));
    const Options &o = options();
    s.connect_timeout = option_nanos(o.socket_connect_timeout);
    s.read_timeout = option_nanos(o.socket_read_timeout);
    s.write_timeout = option_nanos(o.socket_write_timeout);
    zval *z = prop(self, ZEND_STRL("setting"));
    if (Z_TYPE_P(z) != IS_ARRAY) return s;
    HashTable *ht = Z_ARRVAL_P(z);
    s.total_timeout = nanos_setting(ht, "timeout", -1);
    s.connect_timeout = nanos_setting(ht, "connect_timeout", s.connect_timeout);
    s.read_timeout = nanos_setting(ht, "read_timeout", s.read_timeout);
    s.write_timeout = nanos_setting(ht, "write_timeout", s.write_timeout);
    s.keep_alive = bool_setting(ht, "keep_alive", s.keep_alive);
    s.websocket_mask = bool_setting(ht, "websocket_mask", s.websocket_mask);
    s.websocket_compression = bool_setting(ht, "websocket_compression", s.websocket_compression);
    s.ws_ping_frame = bool_setting(ht, "open_websocket_ping_frame", s.ws_ping_frame);
    s.ws_pong_frame = bool_setting(ht, "open_websocket_pong_frame", s.ws_pong_frame);
    s.ws_close_frame = bool_setting(ht, "open_websocket_close_frame", s.ws_close_frame);
    s.http_compression = bool_setting(ht, "http_compression", s.http_compression);
    s.lowercase_header = bool_setting(ht, "lowercase_header", s.lowercase_header);
    if (zval *v = zend_hash_str_find(ht, ZEND_STRL("write_func"))) s.write_func = Z_TYPE_P(v) != IS_NULL;
    if (zval *v = zend_hash_str_find(ht, ZEND_STRL("max_retries"))) s.max_retries = static_cast<int>(zval_get_long(v));
    if (s.max_retries < 0) s.max_retries = 0;
    if (s.max_retries > 16) s.max_retries = 16;
    client_common::read_tls_settings(ht, s.tls, s.ssl_host_name);
    if (zval *v = zend_hash_str_find(ht, ZEND_STRL("http_proxy_host")); v && Z_TYPE_P(v) == IS_STRING) {
        s.proxy_host.assign(Z_STRVAL_P(v), Z_STRLEN_P(v));
        zval *port = zend_hash_str_find(ht, ZEND_STRL("http_proxy_port"));
        s.proxy_port = port ? static_cast<int>(zval_get_long(port)) : 80;
        if (zval *u = zend_hash_str_find(ht, ZEND_STRL("http_proxy_username")); u && Z_TYPE_P(u) == IS_STRING)
            s.proxy_user.assign(Z_STRVAL_P(u), Z_STRLEN_P(u));
        if (zval *w = zend_hash_str_find(ht, ZEND_STRL("http_proxy_password")); w && Z_TYPE_P(w) == IS_STRING)
            s.proxy_password.assign(Z_STRVAL_P(w), Z_STRLEN_P(w));
    }
    return s;
}

// What holds for one request only. The body (setData) stays for the next, as in Swoole, whose
// documentation names only the method as cleared once the request is sent.
void reset_request(zend_object *self) {
    zend_update_property_null(ce_client, self, ZEND_STRL("requestMethod"));
    zend_update_property_null(ce_client, self, ZEND_STRL("uploadFiles"));
    zend_update_property_null(ce_client, self, ZEND_STRL("downloadFile"));
    set_long(self, ZEND_STRL("downloadOffset"), 0);
}

// Runs one request from a method: the coroutine check, the one-request-at-a-time check, then
// execute(). RETURN value is set by the caller from the bool.
bool run_request(zend_object *self, zend_string *path) {
    PhpCoroutine *p = require_coroutine();
    State *st = client_of(self)->st;
    if (st->busy) {
        zend_throw_error(nullptr, "Swoole\\Coroutine\\Http\\Client is already in use by another coroutine");
        return false;
    }
    st->busy = true;
    const bool ok = execute(self, std::string(ZSTR_VAL(path), ZSTR_LEN(path)));
    client_of(self)->st->busy = false;
    raise_write_func_bailout(client_of(self)->st);
    return ok;
}

}  // namespace gust::php::http_client

using namespace gust::php::http_client;
using gust::php::PhpCoroutine;

#define SELF Z_OBJ_P(ZEND_THIS)

ZEND_METHOD(Swoole_Coroutine_Http_Client, __construct) {
    zend_string *host;
    zend_long port = 0;
    bool ssl = false;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_STR(host)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(port)
        Z_PARAM_BOOL(ssl)
    ZEND_PARSE_PARAMETERS_END();
    if (ZSTR_LEN(host) == 0) {
        gust::php::throw_error(ce_client_exception, EINVAL, "host is empty");
        return;
    }
    if (port < 0 || port > 65535) {
        gust::php::throw_error(ce_client_exception, EINVAL, "invalid port [" ZEND_LONG_FMT "]", port);
        return;
    }
    bool unix_socket = ZSTR_LEN(host) > 5 && memcmp(ZSTR_VAL(host), "unix:", 5) == 0;
    if (port == 0 && !unix_socket) port = ssl ? 443 : 80;
    zend_update_property_str(ce_client, SELF, ZEND_STRL("host"), host);
    set_long(SELF, ZEND_STRL("port"), port);
    zend_update_property_bool(ce_client, SELF, ZEND_STRL("ssl"), ssl);
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, __destruct) {
    ZEND_PARSE_PARAMETERS_NONE();
    State *st = client_of(SELF)->st;
    if (st && st->sock && !st->busy) close_connection(SELF);
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, set) {
    HashTable *settings;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ARRAY_HT(settings)
    ZEND_PARSE_PARAMETERS_END();
    zval *cur = prop(SELF, ZEND_STRL("setting"));
    zval merged;
    if (Z_TYPE_P(cur) == IS_ARRAY) {
        ZVAL_ARR(&merged, zend_array_dup(Z_ARRVAL_P(cur)));
    } else {
        array_init(&merged);
    }
    zend_hash_merge(Z_ARRVAL(merged), settings, zval_add_ref, 1);
    zend_update_property(ce_client, SELF, ZEND_STRL("setting"), &merged);
    zval_ptr_dtor(&merged);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, setMethod) {
    zend_string *method;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(method)
    ZEND_PARSE_PARAMETERS_END();
    // A method is a token: anything else would break the request line.
    for (size_t i = 0; i < ZSTR_LEN(method); ++i) {
        unsigned char c = ZSTR_VAL(method)[i];
        if (c <= ' ' || c >= 0x7f) {
            zend_argument_value_error(1, "must be an HTTP method token");
            RETURN_THROWS();
        }
    }
    zend_update_property_str(ce_client, SELF, ZEND_STRL("requestMethod"), method);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, setHeaders) {
    zval *headers;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ARRAY(headers)
    ZEND_PARSE_PARAMETERS_END();
    store_array(SELF, ZEND_STRL("requestHeaders"), headers);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, setBasicAuth) {
    zend_string *user, *pass;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_STR(user)
        Z_PARAM_STR(pass)
    ZEND_PARSE_PARAMETERS_END();
    std::string plain = std::string(ZSTR_VAL(user), ZSTR_LEN(user)) + ":" + std::string(ZSTR_VAL(pass), ZSTR_LEN(pass));
    zend_string *b64 = php_base64_encode(reinterpret_cast<const unsigned char *>(plain.data()), plain.size());
    zval *cur = prop(SELF, ZEND_STRL("requestHeaders"));
    zval headers;
    if (Z_TYPE_P(cur) == IS_ARRAY) {
        ZVAL_ARR(&headers, zend_array_dup(Z_ARRVAL_P(cur)));
    } else {
        array_init(&headers);
    }
    zend_string *v = zend_strpprintf(0, "Basic %s", ZSTR_VAL(b64));
    add_assoc_str(&headers, "Authorization", v);
    zend_string_release(b64);
    zend_update_property(ce_client, SELF, ZEND_STRL("requestHeaders"), &headers);
    zval_ptr_dtor(&headers);
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, setCookies) {
    zval *cookies;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ARRAY(cookies)
    ZEND_PARSE_PARAMETERS_END();
    store_array(SELF, ZEND_STRL("cookies"), cookies);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, setData) {
    zval *data;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ZVAL(data)
    ZEND_PARSE_PARAMETERS_END();
    zend_update_property(ce_client, SELF, ZEND_STRL("requestBody"), data);
    RETURN_TRUE;
}

// Appends one entry to uploadFiles.
static void add_upload(zend_object *self, zval *entry) {
    zval *cur = prop(self, ZEND_STRL("uploadFiles"));
    zval files;
    if (Z_TYPE_P(cur) == IS_ARRAY) {
        ZVAL_ARR(&files, zend_array_dup(Z_ARRVAL_P(cur)));
    } else {
        array_init(&files);
    }
    add_next_index_zval(&files, entry);
    zend_update_property(ce_client, self, ZEND_STRL("uploadFiles"), &files);
    zval_ptr_dtor(&files);
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, addFile) {
    zend_string *path, *name, *type = nullptr, *filename = nullptr;
    zend_long offset = 0, length = 0;
    ZEND_PARSE_PARAMETERS_START(2, 6)
        Z_PARAM_STR(path)
        Z_PARAM_STR(name)
        Z_PARAM_OPTIONAL
        Z_PARAM_STR_OR_NULL(type)
        Z_PARAM_STR_OR_NULL(filename)
        Z_PARAM_LONG(offset)
        Z_PARAM_LONG(length)
    ZEND_PARSE_PARAMETERS_END();
    struct stat sb;
    if (stat(ZSTR_VAL(path), &sb) < 0 || !S_ISREG(sb.st_mode) || access(ZSTR_VAL(path), R_OK) < 0) {
        php_error_docref(nullptr, E_WARNING, "file[%s] is empty or not exists", ZSTR_VAL(path));
        RETURN_FALSE;
    }
    if (offset < 0 || offset > sb.st_size || length < 0 || length > sb.st_size - offset) {
        php_error_docref(nullptr, E_WARNING, "offset or length out of the file's range");
        RETURN_FALSE;
    }
    if (length == 0) length = sb.st_size - offset;
    zval entry;
    array_init(&entry);
    add_assoc_str(&entry, "path", zend_string_copy(path));
    add_assoc_str(&entry, "name", zend_string_copy(name));
    if (filename) {
        add_assoc_str(&entry, "filename", zend_string_copy(filename));
    } else {
        const char *slash = strrchr(ZSTR_VAL(path), '/');
        add_assoc_string(&entry, "filename", slash ? slash + 1 : ZSTR_VAL(path));
    }
    if (type) {
        add_assoc_str(&entry, "type", zend_string_copy(type));
    } else {
        std::string_view mt = gust::php::mime_type_of(std::string_view(ZSTR_VAL(path), ZSTR_LEN(path)));
        add_assoc_stringl(&entry, "type", mt.data(), mt.size());
    }
    add_assoc_long(&entry, "size", length);
    add_assoc_long(&entry, "offset", offset);
    add_upload(SELF, &entry);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, addData) {
    zend_string *data, *name, *type = nullptr, *filename = nullptr;
    ZEND_PARSE_PARAMETERS_START(2, 4)
        Z_PARAM_STR(data)
        Z_PARAM_STR(name)
        Z_PARAM_OPTIONAL
        Z_PARAM_STR_OR_NULL(type)
        Z_PARAM_STR_OR_NULL(filename)
    ZEND_PARSE_PARAMETERS_END();
    zval entry;
    array_init(&entry);
    add_assoc_str(&entry, "content", zend_string_copy(data));
    add_assoc_str(&entry, "name", zend_string_copy(name));
    add_assoc_str(&entry, "filename", zend_string_copy(filename ? filename : name));
    if (type) {
        add_assoc_str(&entry, "type", zend_string_copy(type));
    } else {
        add_assoc_string(&entry, "type", "application/octet-stream");
    }
    add_assoc_long(&entry, "size", static_cast<zend_long>(ZSTR_LEN(data)));
    add_upload(SELF, &entry);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, execute) {
    zend_string *path;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(path)
    ZEND_PARSE_PARAMETERS_END();
    RETURN_BOOL(run_request(SELF, path));
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, get) {
    zend_string *path;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(path)
    ZEND_PARSE_PARAMETERS_END();
    zend_update_property_string(ce_client, SELF, ZEND_STRL("requestMethod"), "GET");
    // The body setData()/post() left for the next request is not for a GET.
    zend_update_property_null(ce_client, SELF, ZEND_STRL("requestBody"));
    RETURN_BOOL(run_request(SELF, path));
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, post) {
    zend_string *path;
    zval *data;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_STR(path)
        Z_PARAM_ZVAL(data)
    ZEND_PARSE_PARAMETERS_END();
    zend_update_property_string(ce_client, SELF, ZEND_STRL("requestMethod"), "POST");
    zend_update_property(ce_client, SELF, ZEND_STRL("requestBody"), data);
    RETURN_BOOL(run_request(SELF, path));
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, download) {
    zend_string *path, *file;
    zend_long offset = 0;
    ZEND_PARSE_PARAMETERS_START(2, 3)
        Z_PARAM_STR(path)
        Z_PARAM_STR(file)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(offset)
    ZEND_PARSE_PARAMETERS_END();
    if (offset < 0) {
        zend_argument_value_error(3, "must be greater than or equal to 0");
        RETURN_THROWS();
    }
    zend_update_property_str(ce_client, SELF, ZEND_STRL("downloadFile"), file);
    set_long(SELF, ZEND_STRL("downloadOffset"), offset);
    RETURN_BOOL(run_request(SELF, path));
}

static void return_prop(zend_object *self, const char *name, size_t len, zval *return_value) {
    RETURN_COPY_DEREF(prop(self, name, len));
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, getBody) {
    ZEND_PARSE_PARAMETERS_NONE();
    return_prop(SELF, ZEND_STRL("body"), return_value);
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, getHeaders) {
    ZEND_PARSE_PARAMETERS_NONE();
    return_prop(SELF, ZEND_STRL("headers"), return_value);
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, getCookies) {
    ZEND_PARSE_PARAMETERS_NONE();
    return_prop(SELF, ZEND_STRL("cookies"), return_value);
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, getStatusCode) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_LONG(zval_get_long(prop(SELF, ZEND_STRL("statusCode"))));
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, getHeaderOut) {
    ZEND_PARSE_PARAMETERS_NONE();
    const std::string &h = client_of(SELF)->st->last_head;
    if (h.empty()) RETURN_FALSE;
    RETURN_STRINGL(h.data(), h.size());
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, getPeerCert) {
    ZEND_PARSE_PARAMETERS_NONE();
    State *st = client_of(SELF)->st;
    if (!st->tls) RETURN_FALSE;  // not connected, or not TLS
    std::string pem = st->tls->peer_certificate_pem();
    if (pem.empty()) RETURN_FALSE;
    RETURN_STRINGL(pem.data(), pem.size());
}

static void return_address(zend_object *self, bool peer, zval *return_value) {
    State *st = client_of(self)->st;
    if (!st->sock) RETURN_FALSE;
    auto a = peer ? st->sock->peer_address() : st->sock->local_address();
    if (!a.ok()) RETURN_FALSE;
    std::string host = a.value().host();
    array_init(return_value);
    add_assoc_stringl(return_value, "host", host.data(), host.size());
    add_assoc_long(return_value, "port", a.value().port());
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, getpeername) {
    ZEND_PARSE_PARAMETERS_NONE();
    return_address(SELF, true, return_value);
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, getsockname) {
    ZEND_PARSE_PARAMETERS_NONE();
    return_address(SELF, false, return_value);
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, upgrade) {
    zend_string *path;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(path)
    ZEND_PARSE_PARAMETERS_END();
    ws_upgrade(SELF, path, return_value);
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, push) {
    zval *data;
    zend_long opcode = 1, flags = 1;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_ZVAL(data)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(opcode)
        Z_PARAM_LONG(flags)
    ZEND_PARSE_PARAMETERS_END();
    ws_push(SELF, data, opcode, flags, return_value);
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, recv) {
    double timeout = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    State *st = client_of(SELF)->st;
    if (st->websocket || !st->deferred) {
        ws_recv(SELF, timeout, return_value);
        return;
    }
    PhpCoroutine *p = gust::php::require_coroutine();
    if (st->busy) {
        zend_throw_error(nullptr, "Swoole\\Coroutine\\Http\\Client is already in use by another coroutine");
        return;
    }
    st->busy = true;
    bool ok = deferred_recv(SELF, timeout);
    client_of(SELF)->st->busy = false;
    raise_write_func_bailout(client_of(SELF)->st);
    RETURN_BOOL(ok);
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, ping) {
    zend_string *data = zend_empty_string;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_STR(data)
    ZEND_PARSE_PARAMETERS_END();
    // A control frame carries at most 125 bytes (RFC 6455 5.5).
    if (ZSTR_LEN(data) > 125) {
        zend_argument_value_error(1, "must be at most 125 bytes long (a WebSocket control frame)");
        RETURN_THROWS();
    }
    zval payload;
    ZVAL_STR(&payload, data);
    ws_push(SELF, &payload, 9, 1, return_value);
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, disconnect) {
    zend_long code = 1000;
    zend_string *reason = zend_empty_string;
    ZEND_PARSE_PARAMETERS_START(0, 2)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(code)
        Z_PARAM_STR(reason)
    ZEND_PARSE_PARAMETERS_END();
    const std::string payload = gust::proto::ws::close_payload(static_cast<uint16_t>(code),
                                                               std::string_view(ZSTR_VAL(reason), ZSTR_LEN(reason)));
    zval frame;
    ZVAL_STRINGL(&frame, payload.data(), payload.size());
    ws_push(SELF, &frame, 8, 1, return_value);
    zval_ptr_dtor(&frame);
    if (Z_TYPE_P(return_value) == IS_TRUE) close_connection(SELF);
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, setDefer) {
    bool defer = true;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(defer)
    ZEND_PARSE_PARAMETERS_END();
    client_of(SELF)->st->defer = defer;
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, getDefer) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_BOOL(client_of(SELF)->st->defer);
}

ZEND_METHOD(Swoole_Coroutine_Http_Client, close) {
    ZEND_PARSE_PARAMETERS_NONE();
    State *st = client_of(SELF)->st;
    bool was_open = st->sock != nullptr;
    close_connection(SELF);
    st->ws_lost = false;  // closed on purpose: push() says the handshake is missing
    RETURN_BOOL(was_open);
}

namespace {

using namespace gust::php::http_client;
namespace sock = gust::php::sock;

// `$client->socket`: Swoole exposes the connection as a Coroutine\Socket. Gust makes one, over a copy
// of the descriptor, only when a script reads it; a TLS connection gives null (its bytes on the wire
// are not the script's). A subclass's own `socket` property is left alone.
bool is_socket_property(zend_object *obj, zend_string *name) {
    return zend_string_equals_literal(name, "socket") && !zend_hash_exists(&obj->ce->properties_info, name) &&
           !(obj->properties && zend_hash_exists(obj->properties, name));
}

zval *read_client_property(zend_object *obj, zend_string *name, int type, void **cache_slot, zval *rv) {
    if (!is_socket_property(obj, name)) return zend_std_read_property(obj, name, type, cache_slot, rv);
    State *st = client_of(obj)->st;
    drop_stale_socket(st);
    if (!st->socket_obj && st->sock && !st->tls) {
        st->socket_obj = sock::socket_over_copy_of(st->sock->fd());
        // Bytes read past an HTTP response are the script's to read now; a WebSocket's stay the client's.
        if (st->socket_obj && !st->websocket && !st->rbuf.empty()) {
            sock::give_read_ahead(st->socket_obj, std::move(st->rbuf));
            st->rbuf.clear();
        }
    }
    if (st->socket_obj) {
        ZVAL_OBJ_COPY(rv, st->socket_obj);
    } else {
        ZVAL_NULL(rv);
    }
    return rv;
}

zval *client_property_ptr(zend_object *obj, zend_string *name, int type, void **cache_slot) {
    if (is_socket_property(obj, name)) return nullptr;  // read through read_client_property
    return zend_std_get_property_ptr_ptr(obj, name, type, cache_slot);
}

int has_client_property(zend_object *obj, zend_string *name, int has_set_exists, void **cache_slot) {
    if (!is_socket_property(obj, name)) return zend_std_has_property(obj, name, has_set_exists, cache_slot);
    State *st = client_of(obj)->st;
    return st->socket_obj != nullptr || (st->sock && !st->tls);
}

}  // namespace

void gust::php::http_client::register_client_area(int module_number) {
    register_http_client_symbols(module_number);  // SWOOLE_HTTP_CLIENT_ESTATUS_*
    ce_client = register_class_Swoole_Coroutine_Http_Client();
    ClientClass::install(ce_client, [](zend_object_handlers &h) {
        h.read_property = read_client_property;
        h.get_property_ptr_ptr = client_property_ptr;
        h.has_property = has_client_property;
    });
    ce_proxy = register_class_Swoole_Coroutine_Http_ClientProxy();
    ce_client_exception = register_class_Swoole_Coroutine_Http_Client_Exception(swoole_exception_ce());
    // Swoole's short names (swoole.use_shortname): Co\Http\Client, ...
    for (zend_class_entry *ce : {ce_client, ce_proxy, ce_client_exception}) register_co_short_name(ce);
    zend_register_functions(nullptr, ext_functions, nullptr, MODULE_PERSISTENT);
}
