/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 351cb6835c408ab11d206e301c54f2a37c7db0d4 */

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_Swoole_Coroutine_Http_request, 0, 2, Swoole\\Coroutine\\Http\\ClientProxy, 0)
	ZEND_ARG_TYPE_INFO(0, url, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, method, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, data, IS_MIXED, 0, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, options, IS_ARRAY, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, headers, IS_ARRAY, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, cookies, IS_ARRAY, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_Swoole_Coroutine_Http_get, 0, 1, Swoole\\Coroutine\\Http\\ClientProxy, 0)
	ZEND_ARG_TYPE_INFO(0, url, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, options, IS_ARRAY, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, headers, IS_ARRAY, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, cookies, IS_ARRAY, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_Swoole_Coroutine_Http_post, 0, 2, Swoole\\Coroutine\\Http\\ClientProxy, 0)
	ZEND_ARG_TYPE_INFO(0, url, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, options, IS_ARRAY, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, headers, IS_ARRAY, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, cookies, IS_ARRAY, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, host, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, port, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, ssl, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client___destruct, 0, 0, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client_set, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, settings, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client_setMethod, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, method, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client_setHeaders, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, headers, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client_setBasicAuth, 0, 2, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, username, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, password, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client_setCookies, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, cookies, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client_setData, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_MASK(0, data, MAY_BE_STRING|MAY_BE_ARRAY, NULL)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client_addFile, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, path, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, type, IS_STRING, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, filename, IS_STRING, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, offset, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, length, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client_addData, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, type, IS_STRING, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, filename, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client_execute, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, path, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Http_Client_getpeername, 0, 0, MAY_BE_ARRAY|MAY_BE_FALSE)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Http_Client_getsockname arginfo_class_Swoole_Coroutine_Http_Client_getpeername

#define arginfo_class_Swoole_Coroutine_Http_Client_get arginfo_class_Swoole_Coroutine_Http_Client_execute

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client_post, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, path, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client_download, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, path, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, file, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, offset, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Http_Client_getBody, 0, 0, MAY_BE_STRING|MAY_BE_FALSE)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Http_Client_getHeaders, 0, 0, MAY_BE_ARRAY|MAY_BE_NULL|MAY_BE_FALSE)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Http_Client_getCookies arginfo_class_Swoole_Coroutine_Http_Client_getHeaders

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Http_Client_getStatusCode, 0, 0, MAY_BE_LONG|MAY_BE_FALSE)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Http_Client_getHeaderOut arginfo_class_Swoole_Coroutine_Http_Client_getBody

#define arginfo_class_Swoole_Coroutine_Http_Client_getPeerCert arginfo_class_Swoole_Coroutine_Http_Client_getBody

#define arginfo_class_Swoole_Coroutine_Http_Client_upgrade arginfo_class_Swoole_Coroutine_Http_Client_execute

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client_push, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, opcode, IS_LONG, 0, "1")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client_recv, 0, 0, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client_ping, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, data, IS_STRING, 0, "\'\'")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client_disconnect, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, code, IS_LONG, 0, "1000")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, reason, IS_STRING, 0, "\'\'")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client_setDefer, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, defer, _IS_BOOL, 0, "true")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Client_getDefer, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Http_Client_close arginfo_class_Swoole_Coroutine_Http_Client_getDefer

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Coroutine_Http_ClientProxy___construct, 0, 0, 4)
	ZEND_ARG_TYPE_INFO(0, body, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, statusCode, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, headers, IS_ARRAY, 1)
	ZEND_ARG_TYPE_INFO(0, cookies, IS_ARRAY, 1)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_ClientProxy_getBody, 0, 0, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_ClientProxy_getStatusCode, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_ClientProxy_getHeaders, 0, 0, IS_ARRAY, 1)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Http_ClientProxy_getCookies arginfo_class_Swoole_Coroutine_Http_ClientProxy_getHeaders


ZEND_FUNCTION(Swoole_Coroutine_Http_request);
ZEND_FUNCTION(Swoole_Coroutine_Http_get);
ZEND_FUNCTION(Swoole_Coroutine_Http_post);
ZEND_METHOD(Swoole_Coroutine_Http_Client, __construct);
ZEND_METHOD(Swoole_Coroutine_Http_Client, __destruct);
ZEND_METHOD(Swoole_Coroutine_Http_Client, set);
ZEND_METHOD(Swoole_Coroutine_Http_Client, setMethod);
ZEND_METHOD(Swoole_Coroutine_Http_Client, setHeaders);
ZEND_METHOD(Swoole_Coroutine_Http_Client, setBasicAuth);
ZEND_METHOD(Swoole_Coroutine_Http_Client, setCookies);
ZEND_METHOD(Swoole_Coroutine_Http_Client, setData);
ZEND_METHOD(Swoole_Coroutine_Http_Client, addFile);
ZEND_METHOD(Swoole_Coroutine_Http_Client, addData);
ZEND_METHOD(Swoole_Coroutine_Http_Client, execute);
ZEND_METHOD(Swoole_Coroutine_Http_Client, getpeername);
ZEND_METHOD(Swoole_Coroutine_Http_Client, getsockname);
ZEND_METHOD(Swoole_Coroutine_Http_Client, get);
ZEND_METHOD(Swoole_Coroutine_Http_Client, post);
ZEND_METHOD(Swoole_Coroutine_Http_Client, download);
ZEND_METHOD(Swoole_Coroutine_Http_Client, getBody);
ZEND_METHOD(Swoole_Coroutine_Http_Client, getHeaders);
ZEND_METHOD(Swoole_Coroutine_Http_Client, getCookies);
ZEND_METHOD(Swoole_Coroutine_Http_Client, getStatusCode);
ZEND_METHOD(Swoole_Coroutine_Http_Client, getHeaderOut);
ZEND_METHOD(Swoole_Coroutine_Http_Client, getPeerCert);
ZEND_METHOD(Swoole_Coroutine_Http_Client, upgrade);
ZEND_METHOD(Swoole_Coroutine_Http_Client, push);
ZEND_METHOD(Swoole_Coroutine_Http_Client, recv);
ZEND_METHOD(Swoole_Coroutine_Http_Client, ping);
ZEND_METHOD(Swoole_Coroutine_Http_Client, disconnect);
ZEND_METHOD(Swoole_Coroutine_Http_Client, setDefer);
ZEND_METHOD(Swoole_Coroutine_Http_Client, getDefer);
ZEND_METHOD(Swoole_Coroutine_Http_Client, close);
ZEND_METHOD(Swoole_Coroutine_Http_ClientProxy, __construct);
ZEND_METHOD(Swoole_Coroutine_Http_ClientProxy, getBody);
ZEND_METHOD(Swoole_Coroutine_Http_ClientProxy, getStatusCode);
ZEND_METHOD(Swoole_Coroutine_Http_ClientProxy, getHeaders);
ZEND_METHOD(Swoole_Coroutine_Http_ClientProxy, getCookies);


static const zend_function_entry ext_functions[] = {
	ZEND_NS_FALIAS("Swoole\\Coroutine\\Http", request, Swoole_Coroutine_Http_request, arginfo_Swoole_Coroutine_Http_request)
	ZEND_NS_FALIAS("Swoole\\Coroutine\\Http", get, Swoole_Coroutine_Http_get, arginfo_Swoole_Coroutine_Http_get)
	ZEND_NS_FALIAS("Swoole\\Coroutine\\Http", post, Swoole_Coroutine_Http_post, arginfo_Swoole_Coroutine_Http_post)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Coroutine_Http_Client_methods[] = {
	ZEND_ME(Swoole_Coroutine_Http_Client, __construct, arginfo_class_Swoole_Coroutine_Http_Client___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, __destruct, arginfo_class_Swoole_Coroutine_Http_Client___destruct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, set, arginfo_class_Swoole_Coroutine_Http_Client_set, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, setMethod, arginfo_class_Swoole_Coroutine_Http_Client_setMethod, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, setHeaders, arginfo_class_Swoole_Coroutine_Http_Client_setHeaders, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, setBasicAuth, arginfo_class_Swoole_Coroutine_Http_Client_setBasicAuth, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, setCookies, arginfo_class_Swoole_Coroutine_Http_Client_setCookies, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, setData, arginfo_class_Swoole_Coroutine_Http_Client_setData, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, addFile, arginfo_class_Swoole_Coroutine_Http_Client_addFile, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, addData, arginfo_class_Swoole_Coroutine_Http_Client_addData, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, execute, arginfo_class_Swoole_Coroutine_Http_Client_execute, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, getpeername, arginfo_class_Swoole_Coroutine_Http_Client_getpeername, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, getsockname, arginfo_class_Swoole_Coroutine_Http_Client_getsockname, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, get, arginfo_class_Swoole_Coroutine_Http_Client_get, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, post, arginfo_class_Swoole_Coroutine_Http_Client_post, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, download, arginfo_class_Swoole_Coroutine_Http_Client_download, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, getBody, arginfo_class_Swoole_Coroutine_Http_Client_getBody, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, getHeaders, arginfo_class_Swoole_Coroutine_Http_Client_getHeaders, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, getCookies, arginfo_class_Swoole_Coroutine_Http_Client_getCookies, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, getStatusCode, arginfo_class_Swoole_Coroutine_Http_Client_getStatusCode, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, getHeaderOut, arginfo_class_Swoole_Coroutine_Http_Client_getHeaderOut, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, getPeerCert, arginfo_class_Swoole_Coroutine_Http_Client_getPeerCert, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, upgrade, arginfo_class_Swoole_Coroutine_Http_Client_upgrade, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, push, arginfo_class_Swoole_Coroutine_Http_Client_push, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, recv, arginfo_class_Swoole_Coroutine_Http_Client_recv, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, ping, arginfo_class_Swoole_Coroutine_Http_Client_ping, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, disconnect, arginfo_class_Swoole_Coroutine_Http_Client_disconnect, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, setDefer, arginfo_class_Swoole_Coroutine_Http_Client_setDefer, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, getDefer, arginfo_class_Swoole_Coroutine_Http_Client_getDefer, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Client, close, arginfo_class_Swoole_Coroutine_Http_Client_close, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Coroutine_Http_ClientProxy_methods[] = {
	ZEND_ME(Swoole_Coroutine_Http_ClientProxy, __construct, arginfo_class_Swoole_Coroutine_Http_ClientProxy___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_ClientProxy, getBody, arginfo_class_Swoole_Coroutine_Http_ClientProxy_getBody, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_ClientProxy, getStatusCode, arginfo_class_Swoole_Coroutine_Http_ClientProxy_getStatusCode, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_ClientProxy, getHeaders, arginfo_class_Swoole_Coroutine_Http_ClientProxy_getHeaders, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_ClientProxy, getCookies, arginfo_class_Swoole_Coroutine_Http_ClientProxy_getCookies, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Coroutine_Http_Client_Exception_methods[] = {
	ZEND_FE_END
};

static void register_http_client_symbols(int module_number)
{
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP_CLIENT_ESTATUS_CONNECT_FAILED", gust::php::http_client::kStatusConnectFailed, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP_CLIENT_ESTATUS_REQUEST_TIMEOUT", gust::php::http_client::kStatusRequestTimeout, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP_CLIENT_ESTATUS_SERVER_RESET", gust::php::http_client::kStatusServerReset, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP_CLIENT_ESTATUS_SEND_FAILED", gust::php::http_client::kStatusSendFailed, CONST_PERSISTENT);
}

static zend_class_entry *register_class_Swoole_Coroutine_Http_Client(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Coroutine\\Http", "Client", class_Swoole_Coroutine_Http_Client_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval property_errCode_default_value;
	ZVAL_LONG(&property_errCode_default_value, 0);
	zend_string *property_errCode_name = zend_string_init("errCode", sizeof("errCode") - 1, 1);
	zend_declare_property_ex(class_entry, property_errCode_name, &property_errCode_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_errCode_name);

	zval property_errMsg_default_value;
	ZVAL_EMPTY_STRING(&property_errMsg_default_value);
	zend_string *property_errMsg_name = zend_string_init("errMsg", sizeof("errMsg") - 1, 1);
	zend_declare_property_ex(class_entry, property_errMsg_name, &property_errMsg_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_errMsg_name);

	zval property_connected_default_value;
	ZVAL_FALSE(&property_connected_default_value);
	zend_string *property_connected_name = zend_string_init("connected", sizeof("connected") - 1, 1);
	zend_declare_property_ex(class_entry, property_connected_name, &property_connected_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_connected_name);

	zval property_host_default_value;
	ZVAL_EMPTY_STRING(&property_host_default_value);
	zend_string *property_host_name = zend_string_init("host", sizeof("host") - 1, 1);
	zend_declare_property_ex(class_entry, property_host_name, &property_host_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_host_name);

	zval property_port_default_value;
	ZVAL_LONG(&property_port_default_value, 0);
	zend_string *property_port_name = zend_string_init("port", sizeof("port") - 1, 1);
	zend_declare_property_ex(class_entry, property_port_name, &property_port_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_port_name);

	zval property_ssl_default_value;
	ZVAL_FALSE(&property_ssl_default_value);
	zend_string *property_ssl_name = zend_string_init("ssl", sizeof("ssl") - 1, 1);
	zend_declare_property_ex(class_entry, property_ssl_name, &property_ssl_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_ssl_name);

	zval property_setting_default_value;
	ZVAL_NULL(&property_setting_default_value);
	zend_string *property_setting_name = zend_string_init("setting", sizeof("setting") - 1, 1);
	zend_declare_property_ex(class_entry, property_setting_name, &property_setting_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_setting_name);

	zval property_requestMethod_default_value;
	ZVAL_NULL(&property_requestMethod_default_value);
	zend_string *property_requestMethod_name = zend_string_init("requestMethod", sizeof("requestMethod") - 1, 1);
	zend_declare_property_ex(class_entry, property_requestMethod_name, &property_requestMethod_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_requestMethod_name);

	zval property_requestHeaders_default_value;
	ZVAL_NULL(&property_requestHeaders_default_value);
	zend_string *property_requestHeaders_name = zend_string_init("requestHeaders", sizeof("requestHeaders") - 1, 1);
	zend_declare_property_ex(class_entry, property_requestHeaders_name, &property_requestHeaders_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_requestHeaders_name);

	zval property_requestBody_default_value;
	ZVAL_NULL(&property_requestBody_default_value);
	zend_string *property_requestBody_name = zend_string_init("requestBody", sizeof("requestBody") - 1, 1);
	zend_declare_property_ex(class_entry, property_requestBody_name, &property_requestBody_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_requestBody_name);

	zval property_uploadFiles_default_value;
	ZVAL_NULL(&property_uploadFiles_default_value);
	zend_string *property_uploadFiles_name = zend_string_init("uploadFiles", sizeof("uploadFiles") - 1, 1);
	zend_declare_property_ex(class_entry, property_uploadFiles_name, &property_uploadFiles_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_uploadFiles_name);

	zval property_downloadFile_default_value;
	ZVAL_NULL(&property_downloadFile_default_value);
	zend_string *property_downloadFile_name = zend_string_init("downloadFile", sizeof("downloadFile") - 1, 1);
	zend_declare_property_ex(class_entry, property_downloadFile_name, &property_downloadFile_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_downloadFile_name);

	zval property_downloadOffset_default_value;
	ZVAL_LONG(&property_downloadOffset_default_value, 0);
	zend_string *property_downloadOffset_name = zend_string_init("downloadOffset", sizeof("downloadOffset") - 1, 1);
	zend_declare_property_ex(class_entry, property_downloadOffset_name, &property_downloadOffset_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_downloadOffset_name);

	zval property_statusCode_default_value;
	ZVAL_LONG(&property_statusCode_default_value, 0);
	zend_string *property_statusCode_name = zend_string_init("statusCode", sizeof("statusCode") - 1, 1);
	zend_declare_property_ex(class_entry, property_statusCode_name, &property_statusCode_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_statusCode_name);

	zval property_headers_default_value;
	ZVAL_NULL(&property_headers_default_value);
	zend_string *property_headers_name = zend_string_init("headers", sizeof("headers") - 1, 1);
	zend_declare_property_ex(class_entry, property_headers_name, &property_headers_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_headers_name);

	zval property_set_cookie_headers_default_value;
	ZVAL_NULL(&property_set_cookie_headers_default_value);
	zend_string *property_set_cookie_headers_name = zend_string_init("set_cookie_headers", sizeof("set_cookie_headers") - 1, 1);
	zend_declare_property_ex(class_entry, property_set_cookie_headers_name, &property_set_cookie_headers_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_set_cookie_headers_name);

	zval property_cookies_default_value;
	ZVAL_NULL(&property_cookies_default_value);
	zend_string *property_cookies_name = zend_string_init("cookies", sizeof("cookies") - 1, 1);
	zend_declare_property_ex(class_entry, property_cookies_name, &property_cookies_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_cookies_name);

	zval property_body_default_value;
	ZVAL_EMPTY_STRING(&property_body_default_value);
	zend_string *property_body_name = zend_string_init("body", sizeof("body") - 1, 1);
	zend_declare_property_ex(class_entry, property_body_name, &property_body_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_body_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Coroutine_Http_ClientProxy(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Coroutine\\Http", "ClientProxy", class_Swoole_Coroutine_Http_ClientProxy_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval property_body_default_value;
	ZVAL_NULL(&property_body_default_value);
	zend_string *property_body_name = zend_string_init("body", sizeof("body") - 1, 1);
	zend_declare_property_ex(class_entry, property_body_name, &property_body_default_value, ZEND_ACC_PRIVATE, NULL);
	zend_string_release(property_body_name);

	zval property_statusCode_default_value;
	ZVAL_NULL(&property_statusCode_default_value);
	zend_string *property_statusCode_name = zend_string_init("statusCode", sizeof("statusCode") - 1, 1);
	zend_declare_property_ex(class_entry, property_statusCode_name, &property_statusCode_default_value, ZEND_ACC_PRIVATE, NULL);
	zend_string_release(property_statusCode_name);

	zval property_headers_default_value;
	ZVAL_NULL(&property_headers_default_value);
	zend_string *property_headers_name = zend_string_init("headers", sizeof("headers") - 1, 1);
	zend_declare_property_ex(class_entry, property_headers_name, &property_headers_default_value, ZEND_ACC_PRIVATE, NULL);
	zend_string_release(property_headers_name);

	zval property_cookies_default_value;
	ZVAL_NULL(&property_cookies_default_value);
	zend_string *property_cookies_name = zend_string_init("cookies", sizeof("cookies") - 1, 1);
	zend_declare_property_ex(class_entry, property_cookies_name, &property_cookies_default_value, ZEND_ACC_PRIVATE, NULL);
	zend_string_release(property_cookies_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Coroutine_Http_Client_Exception(zend_class_entry *class_entry_Swoole_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Coroutine\\Http\\Client", "Exception", class_Swoole_Coroutine_Http_Client_Exception_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Swoole_Exception);

	return class_entry;
}
