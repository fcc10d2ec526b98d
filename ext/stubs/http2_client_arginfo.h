/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: e0b37943eb807502e8e0844ff4bc29f61715b616 */

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Coroutine_Http2_Client___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, host, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, port, IS_LONG, 0, "80")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, open_ssl, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Coroutine_Http2_Client___destruct, 0, 0, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http2_Client_set, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, settings, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http2_Client_connect, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Http2_Client_stats, 0, 0, MAY_BE_ARRAY|MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, key, IS_STRING, 0, "\'\'")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http2_Client_isStreamExist, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, stream_id, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Http2_Client_send, 0, 1, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_OBJ_INFO(0, request, Swoole\\Http2\\Request, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http2_Client_write, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, stream_id, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, end_stream, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Http2_Client_recv, 0, 0, Swoole\\Http2\\Response, MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Http2_Client_read arginfo_class_Swoole_Coroutine_Http2_Client_recv

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http2_Client_goaway, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, error_code, IS_LONG, 0, "SWOOLE_HTTP2_ERROR_NO_ERROR")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, debug_data, IS_STRING, 0, "\'\'")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Http2_Client_ping arginfo_class_Swoole_Coroutine_Http2_Client_connect

#define arginfo_class_Swoole_Coroutine_Http2_Client_close arginfo_class_Swoole_Coroutine_Http2_Client_connect


ZEND_METHOD(Swoole_Coroutine_Http2_Client, __construct);
ZEND_METHOD(Swoole_Coroutine_Http2_Client, __destruct);
ZEND_METHOD(Swoole_Coroutine_Http2_Client, set);
ZEND_METHOD(Swoole_Coroutine_Http2_Client, connect);
ZEND_METHOD(Swoole_Coroutine_Http2_Client, stats);
ZEND_METHOD(Swoole_Coroutine_Http2_Client, isStreamExist);
ZEND_METHOD(Swoole_Coroutine_Http2_Client, send);
ZEND_METHOD(Swoole_Coroutine_Http2_Client, write);
ZEND_METHOD(Swoole_Coroutine_Http2_Client, recv);
ZEND_METHOD(Swoole_Coroutine_Http2_Client, read);
ZEND_METHOD(Swoole_Coroutine_Http2_Client, goaway);
ZEND_METHOD(Swoole_Coroutine_Http2_Client, ping);
ZEND_METHOD(Swoole_Coroutine_Http2_Client, close);


static const zend_function_entry class_Swoole_Coroutine_Http2_Client_methods[] = {
	ZEND_ME(Swoole_Coroutine_Http2_Client, __construct, arginfo_class_Swoole_Coroutine_Http2_Client___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http2_Client, __destruct, arginfo_class_Swoole_Coroutine_Http2_Client___destruct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http2_Client, set, arginfo_class_Swoole_Coroutine_Http2_Client_set, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http2_Client, connect, arginfo_class_Swoole_Coroutine_Http2_Client_connect, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http2_Client, stats, arginfo_class_Swoole_Coroutine_Http2_Client_stats, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http2_Client, isStreamExist, arginfo_class_Swoole_Coroutine_Http2_Client_isStreamExist, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http2_Client, send, arginfo_class_Swoole_Coroutine_Http2_Client_send, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http2_Client, write, arginfo_class_Swoole_Coroutine_Http2_Client_write, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http2_Client, recv, arginfo_class_Swoole_Coroutine_Http2_Client_recv, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http2_Client, read, arginfo_class_Swoole_Coroutine_Http2_Client_read, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http2_Client, goaway, arginfo_class_Swoole_Coroutine_Http2_Client_goaway, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http2_Client, ping, arginfo_class_Swoole_Coroutine_Http2_Client_ping, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http2_Client, close, arginfo_class_Swoole_Coroutine_Http2_Client_close, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Coroutine_Http2_Client_Exception_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Http2_Request_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Http2_Response_methods[] = {
	ZEND_FE_END
};

static void register_http2_client_symbols(int module_number)
{
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_TYPE_DATA", 0, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_TYPE_HEADERS", 1, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_TYPE_PRIORITY", 2, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_TYPE_RST_STREAM", 3, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_TYPE_SETTINGS", 4, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_TYPE_PUSH_PROMISE", 5, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_TYPE_PING", 6, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_TYPE_GOAWAY", 7, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_TYPE_WINDOW_UPDATE", 8, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_TYPE_CONTINUATION", 9, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_ERROR_NO_ERROR", 0, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_ERROR_PROTOCOL_ERROR", 1, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_ERROR_INTERNAL_ERROR", 2, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_ERROR_FLOW_CONTROL_ERROR", 3, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_ERROR_SETTINGS_TIMEOUT", 4, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_ERROR_STREAM_CLOSED", 5, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_ERROR_FRAME_SIZE_ERROR", 6, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_ERROR_REFUSED_STREAM", 7, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_ERROR_CANCEL", 8, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_ERROR_COMPRESSION_ERROR", 9, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_ERROR_CONNECT_ERROR", 10, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_ERROR_ENHANCE_YOUR_CALM", 11, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HTTP2_ERROR_INADEQUATE_SECURITY", 12, CONST_PERSISTENT);
}

static zend_class_entry *register_class_Swoole_Coroutine_Http2_Client(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Coroutine\\Http2", "Client", class_Swoole_Coroutine_Http2_Client_methods);
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

	zval property_sock_default_value;
	ZVAL_LONG(&property_sock_default_value, -1);
	zend_string *property_sock_name = zend_string_init("sock", sizeof("sock") - 1, 1);
	zend_declare_property_ex(class_entry, property_sock_name, &property_sock_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_sock_name);

	zval property_type_default_value;
	ZVAL_LONG(&property_type_default_value, 0);
	zend_string *property_type_name = zend_string_init("type", sizeof("type") - 1, 1);
	zend_declare_property_ex(class_entry, property_type_name, &property_type_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_type_name);

	zval property_setting_default_value;
	ZVAL_NULL(&property_setting_default_value);
	zend_string *property_setting_name = zend_string_init("setting", sizeof("setting") - 1, 1);
	zend_declare_property_ex(class_entry, property_setting_name, &property_setting_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_setting_name);

	zval property_connected_default_value;
	ZVAL_FALSE(&property_connected_default_value);
	zend_string *property_connected_name = zend_string_init("connected", sizeof("connected") - 1, 1);
	zend_declare_property_ex(class_entry, property_connected_name, &property_connected_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_connected_name);

	zval property_host_default_value;
	ZVAL_NULL(&property_host_default_value);
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

	zval property_serverLastStreamId_default_value;
	ZVAL_LONG(&property_serverLastStreamId_default_value, 0);
	zend_string *property_serverLastStreamId_name = zend_string_init("serverLastStreamId", sizeof("serverLastStreamId") - 1, 1);
	zend_declare_property_ex(class_entry, property_serverLastStreamId_name, &property_serverLastStreamId_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_serverLastStreamId_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Coroutine_Http2_Client_Exception(zend_class_entry *class_entry_Swoole_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Coroutine\\Http2\\Client", "Exception", class_Swoole_Coroutine_Http2_Client_Exception_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Swoole_Exception);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Http2_Request(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Http2", "Request", class_Swoole_Http2_Request_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval property_path_default_value;
	zend_string *property_path_default_value_str = zend_string_init("/", strlen("/"), 1);
	ZVAL_STR(&property_path_default_value, property_path_default_value_str);
	zend_string *property_path_name = zend_string_init("path", sizeof("path") - 1, 1);
	zend_declare_property_ex(class_entry, property_path_name, &property_path_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_path_name);

	zval property_method_default_value;
	zend_string *property_method_default_value_str = zend_string_init("GET", strlen("GET"), 1);
	ZVAL_STR(&property_method_default_value, property_method_default_value_str);
	zend_string *property_method_name = zend_string_init("method", sizeof("method") - 1, 1);
	zend_declare_property_ex(class_entry, property_method_name, &property_method_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_method_name);

	zval property_headers_default_value;
	ZVAL_NULL(&property_headers_default_value);
	zend_string *property_headers_name = zend_string_init("headers", sizeof("headers") - 1, 1);
	zend_declare_property_ex(class_entry, property_headers_name, &property_headers_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_headers_name);

	zval property_cookies_default_value;
	ZVAL_NULL(&property_cookies_default_value);
	zend_string *property_cookies_name = zend_string_init("cookies", sizeof("cookies") - 1, 1);
	zend_declare_property_ex(class_entry, property_cookies_name, &property_cookies_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_cookies_name);

	zval property_data_default_value;
	ZVAL_EMPTY_STRING(&property_data_default_value);
	zend_string *property_data_name = zend_string_init("data", sizeof("data") - 1, 1);
	zend_declare_property_ex(class_entry, property_data_name, &property_data_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_data_name);

	zval property_pipeline_default_value;
	ZVAL_FALSE(&property_pipeline_default_value);
	zend_string *property_pipeline_name = zend_string_init("pipeline", sizeof("pipeline") - 1, 1);
	zend_declare_property_ex(class_entry, property_pipeline_name, &property_pipeline_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_pipeline_name);

	zval property_usePipelineRead_default_value;
	ZVAL_FALSE(&property_usePipelineRead_default_value);
	zend_string *property_usePipelineRead_name = zend_string_init("usePipelineRead", sizeof("usePipelineRead") - 1, 1);
	zend_declare_property_ex(class_entry, property_usePipelineRead_name, &property_usePipelineRead_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_usePipelineRead_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Http2_Response(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Http2", "Response", class_Swoole_Http2_Response_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval property_streamId_default_value;
	ZVAL_LONG(&property_streamId_default_value, 0);
	zend_string *property_streamId_name = zend_string_init("streamId", sizeof("streamId") - 1, 1);
	zend_declare_property_ex(class_entry, property_streamId_name, &property_streamId_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_streamId_name);

	zval property_errCode_default_value;
	ZVAL_LONG(&property_errCode_default_value, 0);
	zend_string *property_errCode_name = zend_string_init("errCode", sizeof("errCode") - 1, 1);
	zend_declare_property_ex(class_entry, property_errCode_name, &property_errCode_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_errCode_name);

	zval property_statusCode_default_value;
	ZVAL_LONG(&property_statusCode_default_value, 0);
	zend_string *property_statusCode_name = zend_string_init("statusCode", sizeof("statusCode") - 1, 1);
	zend_declare_property_ex(class_entry, property_statusCode_name, &property_statusCode_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_statusCode_name);

	zval property_pipeline_default_value;
	ZVAL_FALSE(&property_pipeline_default_value);
	zend_string *property_pipeline_name = zend_string_init("pipeline", sizeof("pipeline") - 1, 1);
	zend_declare_property_ex(class_entry, property_pipeline_name, &property_pipeline_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_pipeline_name);

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

	zval property_data_default_value;
	ZVAL_NULL(&property_data_default_value);
	zend_string *property_data_name = zend_string_init("data", sizeof("data") - 1, 1);
	zend_declare_property_ex(class_entry, property_data_name, &property_data_default_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(property_data_name);

	return class_entry;
}
