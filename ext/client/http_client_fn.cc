// Swoole\Coroutine\Http\ClientProxy and the Swoole\Coroutine\Http\get()/post()/request()
// shortcuts (Swoole's library functions): one client per call, a ClientProxy on success, a
// Swoole\Coroutine\Http\Client\Exception otherwise.
#include <string>

#include "coroutine/coroutine.h"
#include "client/http_client.h"

extern "C" {
#include "ext/standard/url.h"
}

using namespace gust::php::http_client;

#define SELF Z_OBJ_P(ZEND_THIS)

ZEND_METHOD(Swoole_Coroutine_Http_ClientProxy, __construct) {
    zend_string *body;
    zend_long status;
    zval *headers = nullptr, *cookies = nullptr;
    ZEND_PARSE_PARAMETERS_START(4, 4)
        Z_PARAM_STR(body)
        Z_PARAM_LONG(status)
        Z_PARAM_ARRAY_OR_NULL(headers)
        Z_PARAM_ARRAY_OR_NULL(cookies)
    ZEND_PARSE_PARAMETERS_END();
    zend_update_property_str(ce_proxy, SELF, ZEND_STRL("body"), body);
    zend_update_property_long(ce_proxy, SELF, ZEND_STRL("statusCode"), status);
    if (headers) zend_update_property(ce_proxy, SELF, ZEND_STRL("headers"), headers);
    if (cookies) zend_update_property(ce_proxy, SELF, ZEND_STRL("cookies"), cookies);
}

static void proxy_return(zend_object *self, const char *name, size_t len, zval *return_value) {
    zval rv;
    RETURN_COPY_DEREF(zend_read_property(ce_proxy, self, name, len, 1, &rv));
}

ZEND_METHOD(Swoole_Coroutine_Http_ClientProxy, getBody) {
    ZEND_PARSE_PARAMETERS_NONE();
    proxy_return(SELF, ZEND_STRL("body"), return_value);
}
ZEND_METHOD(Swoole_Coroutine_Http_ClientProxy, getStatusCode) {
    ZEND_PARSE_PARAMETERS_NONE();
    proxy_return(SELF, ZEND_STRL("statusCode"), return_value);
}
ZEND_METHOD(Swoole_Coroutine_Http_ClientProxy, getHeaders) {
    ZEND_PARSE_PARAMETERS_NONE();
    proxy_return(SELF, ZEND_STRL("headers"), return_value);
}
ZEND_METHOD(Swoole_Coroutine_Http_ClientProxy, getCookies) {
    ZEND_PARSE_PARAMETERS_NONE();
    proxy_return(SELF, ZEND_STRL("cookies"), return_value);
}

// Swoole's library request(): one client per call, a ClientProxy on success, a
// Swoole\Coroutine\Http\Client\Exception otherwise.
static void http_request(zend_string *url, zend_string *method, zval *data, zval *options, zval *headers, zval *cookies,
                         zval *return_value) {
    php_url *u = php_url_parse_ex(ZSTR_VAL(url), ZSTR_LEN(url));
    if (!u || !u->scheme) {
        if (u) php_url_free(u);
        zend_throw_exception(ce_client_exception, "The URL given is illegal [no scheme]", 0);
        return;
    }
    bool https = zend_string_equals_literal_ci(u->scheme, "https");
    if (!https && !zend_string_equals_literal_ci(u->scheme, "http")) {
        zend_throw_exception_ex(ce_client_exception, 0, "unknown scheme \"%s\"", ZSTR_VAL(u->scheme));
        php_url_free(u);
        return;
    }
    if (!u->host) {
        php_url_free(u);
        zend_throw_exception(ce_client_exception, "The URL given is illegal [no host]", 0);
        return;
    }
    zval client, args[3];
    object_init_ex(&client, ce_client);
    ZVAL_STR_COPY(&args[0], u->host);
    ZVAL_LONG(&args[1], u->port ? u->port : (https ? 443 : 80));
    ZVAL_BOOL(&args[2], https);
    // A zend_string, not a C++ one: a fatal error in the request longjmps through this frame.
    zend_string *path = u->path ? zend_string_copy(u->path) : zend_string_init("/", 1, 0);
    if (u->query) {
        zend_string *with_query =
            zend_string_concat3(ZSTR_VAL(path), ZSTR_LEN(path), "?", 1, ZSTR_VAL(u->query), ZSTR_LEN(u->query));
        zend_string_release(path);
        path = with_query;
    }
    php_url_free(u);
    zend_call_known_instance_method(ce_client->constructor, Z_OBJ(client), nullptr, 3, args);
    zval_ptr_dtor(&args[0]);
    if (EG(exception)) {
        zend_string_release(path);
        zval_ptr_dtor(&client);
        return;
    }
    zend_object *c = Z_OBJ(client);
    zend_update_property_str(ce_client, c, ZEND_STRL("requestMethod"), method);
    if (data && zend_is_true(data)) zend_update_property(ce_client, c, ZEND_STRL("requestBody"), data);
    auto set_if_given = [c](const char *name, size_t len, zval *arr) {
        if (arr && zend_hash_num_elements(Z_ARRVAL_P(arr))) zend_update_property(ce_client, c, name, len, arr);
    };
    set_if_given(ZEND_STRL("setting"), options);
    set_if_given(ZEND_STRL("requestHeaders"), headers);
    set_if_given(ZEND_STRL("cookies"), cookies);
    bool ok = run_request(c, path);
    zend_string_release(path);
    if (EG(exception)) {
        zval_ptr_dtor(&client);
        return;
    }
    if (!ok) {
        zval *msg = prop(c, ZEND_STRL("errMsg"));
        gust::php::throw_error(ce_client_exception, static_cast<int>(zval_get_long(prop(c, ZEND_STRL("errCode")))),
                               "%s", Z_TYPE_P(msg) == IS_STRING ? Z_STRVAL_P(msg) : "request failed");
        zval_ptr_dtor(&client);
        return;
    }
    object_init_ex(return_value, ce_proxy);
    zend_object *px = Z_OBJ_P(return_value);
    zend_update_property(ce_proxy, px, ZEND_STRL("body"), prop(c, ZEND_STRL("body")));
    zend_update_property(ce_proxy, px, ZEND_STRL("statusCode"), prop(c, ZEND_STRL("statusCode")));
    zend_update_property(ce_proxy, px, ZEND_STRL("headers"), prop(c, ZEND_STRL("headers")));
    zend_update_property(ce_proxy, px, ZEND_STRL("cookies"), prop(c, ZEND_STRL("cookies")));
    close_connection(c);
    zval_ptr_dtor(&client);
}

ZEND_FUNCTION(Swoole_Coroutine_Http_request) {
    zend_string *url, *method;
    zval *data = nullptr, *options = nullptr, *headers = nullptr, *cookies = nullptr;
    ZEND_PARSE_PARAMETERS_START(2, 6)
        Z_PARAM_STR(url)
        Z_PARAM_STR(method)
        Z_PARAM_OPTIONAL
        Z_PARAM_ZVAL(data)
        Z_PARAM_ARRAY_OR_NULL(options)
        Z_PARAM_ARRAY_OR_NULL(headers)
        Z_PARAM_ARRAY_OR_NULL(cookies)
    ZEND_PARSE_PARAMETERS_END();
    http_request(url, method, data, options, headers, cookies, return_value);
}

ZEND_FUNCTION(Swoole_Coroutine_Http_get) {
    zend_string *url;
    zval *options = nullptr, *headers = nullptr, *cookies = nullptr;
    ZEND_PARSE_PARAMETERS_START(1, 4)
        Z_PARAM_STR(url)
        Z_PARAM_OPTIONAL
        Z_PARAM_ARRAY_OR_NULL(options)
        Z_PARAM_ARRAY_OR_NULL(headers)
        Z_PARAM_ARRAY_OR_NULL(cookies)
    ZEND_PARSE_PARAMETERS_END();
    zend_string *method = zend_string_init("GET", 3, 0);
    http_request(url, method, nullptr, options, headers, cookies, return_value);
    zend_string_release(method);
}

ZEND_FUNCTION(Swoole_Coroutine_Http_post) {
    zend_string *url;
    zval *data, *options = nullptr, *headers = nullptr, *cookies = nullptr;
    ZEND_PARSE_PARAMETERS_START(2, 5)
        Z_PARAM_STR(url)
        Z_PARAM_ZVAL(data)
        Z_PARAM_OPTIONAL
        Z_PARAM_ARRAY_OR_NULL(options)
        Z_PARAM_ARRAY_OR_NULL(headers)
        Z_PARAM_ARRAY_OR_NULL(cookies)
    ZEND_PARSE_PARAMETERS_END();
    zend_string *method = zend_string_init("POST", 4, 0);
    http_request(url, method, data, options, headers, cookies, return_value);
    zend_string_release(method);
}
