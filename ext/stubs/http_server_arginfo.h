/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 1192fc82db65f161fb4e6c9e2cfcf04f27fa438f */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Http_Request_getContent, 0, 0, MAY_BE_STRING|MAY_BE_FALSE)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Http_Request_rawContent arginfo_class_Swoole_Http_Request_getContent

#define arginfo_class_Swoole_Http_Request_getData arginfo_class_Swoole_Http_Request_getContent

#define arginfo_class_Swoole_Http_Request_getMethod arginfo_class_Swoole_Http_Request_getContent

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Http_Request_isCompleted, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_Swoole_Http_Request_create, 0, 0, Swoole\\Http\\Request, MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, options, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Http_Request_parse, 0, 1, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Http_Request___destruct, 0, 0, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Http_Response_initHeader arginfo_class_Swoole_Http_Request_isCompleted

#define arginfo_class_Swoole_Http_Response_isWritable arginfo_class_Swoole_Http_Request_isCompleted

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Http_Response_cookie, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_OBJ_TYPE_MASK(0, name_or_object, Swoole\\Http\\Cookie, MAY_BE_STRING, NULL)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, value, IS_STRING, 1, "\'\'")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, expires, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, path, IS_STRING, 0, "\'/\'")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, domain, IS_STRING, 0, "\'\'")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, secure, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, httponly, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, samesite, IS_STRING, 0, "\'\'")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, priority, IS_STRING, 0, "\'\'")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, partitioned, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Http_Response_setCookie arginfo_class_Swoole_Http_Response_cookie

#define arginfo_class_Swoole_Http_Response_rawcookie arginfo_class_Swoole_Http_Response_cookie

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Http_Response_status, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, http_code, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, reason, IS_STRING, 0, "\'\'")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Http_Response_setStatusCode arginfo_class_Swoole_Http_Response_status

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Http_Response_header, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_STRING, 0)
	ZEND_ARG_TYPE_MASK(0, value, MAY_BE_STRING|MAY_BE_ARRAY|MAY_BE_NULL, NULL)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, format, _IS_BOOL, 0, "true")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Http_Response_setHeader arginfo_class_Swoole_Http_Response_header

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Http_Response_trailer, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_STRING, 1)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Http_Response_write, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, content, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Http_Response_end, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, content, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Http_Response_sendfile, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, filename, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, offset, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, length, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Http_Response_redirect, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, location, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, http_code, IS_LONG, 0, "302")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Http_Response_detach arginfo_class_Swoole_Http_Request_isCompleted

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_Swoole_Http_Response_create, 0, 0, Swoole\\Http\\Response, MAY_BE_FALSE)
	ZEND_ARG_TYPE_MASK(0, server, MAY_BE_OBJECT|MAY_BE_ARRAY|MAY_BE_LONG, "-1")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, fd, IS_LONG, 0, "-1")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Http_Response_close arginfo_class_Swoole_Http_Request_isCompleted

#define arginfo_class_Swoole_Http_Response_upgrade arginfo_class_Swoole_Http_Request_isCompleted

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Http_Response_push, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_OBJ_TYPE_MASK(0, data, Swoole\\WebSocket\\Frame, MAY_BE_STRING, NULL)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, opcode, IS_LONG, 0, "1")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_Swoole_Http_Response_recv, 0, 0, Swoole\\WebSocket\\Frame, MAY_BE_FALSE|MAY_BE_STRING)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Http_Response_ping, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, data, IS_STRING, 0, "\'\'")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Http_Response_goaway, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, error_code, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, debug_data, IS_STRING, 0, "\'\'")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Http_Response_disconnect, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, code, IS_LONG, 0, "SWOOLE_WEBSOCKET_CLOSE_NORMAL")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, reason, IS_STRING, 0, "\'\'")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Http_Response___destruct arginfo_class_Swoole_Http_Request___destruct


ZEND_METHOD(Swoole_Http_Request, getContent);
ZEND_METHOD(Swoole_Http_Request, getData);
ZEND_METHOD(Swoole_Http_Request, getMethod);
ZEND_METHOD(Swoole_Http_Request, isCompleted);
ZEND_METHOD(Swoole_Http_Request, create);
ZEND_METHOD(Swoole_Http_Request, parse);
ZEND_METHOD(Swoole_Http_Request, __destruct);
ZEND_METHOD(Swoole_Http_Response, initHeader);
ZEND_METHOD(Swoole_Http_Response, isWritable);
ZEND_METHOD(Swoole_Http_Response, cookie);
ZEND_METHOD(Swoole_Http_Response, rawcookie);
ZEND_METHOD(Swoole_Http_Response, status);
ZEND_METHOD(Swoole_Http_Response, header);
ZEND_METHOD(Swoole_Http_Response, trailer);
ZEND_METHOD(Swoole_Http_Response, write);
ZEND_METHOD(Swoole_Http_Response, end);
ZEND_METHOD(Swoole_Http_Response, sendfile);
ZEND_METHOD(Swoole_Http_Response, redirect);
ZEND_METHOD(Swoole_Http_Response, detach);
ZEND_METHOD(Swoole_Http_Response, create);
ZEND_METHOD(Swoole_Http_Response, close);
ZEND_METHOD(Swoole_Http_Response, upgrade);
ZEND_METHOD(Swoole_Http_Response, push);
ZEND_METHOD(Swoole_Http_Response, recv);
ZEND_METHOD(Swoole_Http_Response, ping);
ZEND_METHOD(Swoole_Http_Response, goaway);
ZEND_METHOD(Swoole_Http_Response, disconnect);
ZEND_METHOD(Swoole_Http_Response, __destruct);


static const zend_function_entry class_Swoole_Http_Server_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Http_Request_methods[] = {
	ZEND_ME(Swoole_Http_Request, getContent, arginfo_class_Swoole_Http_Request_getContent, ZEND_ACC_PUBLIC)
	ZEND_MALIAS(Swoole_Http_Request, rawContent, getContent, arginfo_class_Swoole_Http_Request_rawContent, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Request, getData, arginfo_class_Swoole_Http_Request_getData, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Request, getMethod, arginfo_class_Swoole_Http_Request_getMethod, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Request, isCompleted, arginfo_class_Swoole_Http_Request_isCompleted, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Request, create, arginfo_class_Swoole_Http_Request_create, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Http_Request, parse, arginfo_class_Swoole_Http_Request_parse, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Request, __destruct, arginfo_class_Swoole_Http_Request___destruct, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Http_Response_methods[] = {
	ZEND_ME(Swoole_Http_Response, initHeader, arginfo_class_Swoole_Http_Response_initHeader, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, isWritable, arginfo_class_Swoole_Http_Response_isWritable, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, cookie, arginfo_class_Swoole_Http_Response_cookie, ZEND_ACC_PUBLIC)
	ZEND_MALIAS(Swoole_Http_Response, setCookie, cookie, arginfo_class_Swoole_Http_Response_setCookie, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, rawcookie, arginfo_class_Swoole_Http_Response_rawcookie, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, status, arginfo_class_Swoole_Http_Response_status, ZEND_ACC_PUBLIC)
	ZEND_MALIAS(Swoole_Http_Response, setStatusCode, status, arginfo_class_Swoole_Http_Response_setStatusCode, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, header, arginfo_class_Swoole_Http_Response_header, ZEND_ACC_PUBLIC)
	ZEND_MALIAS(Swoole_Http_Response, setHeader, header, arginfo_class_Swoole_Http_Response_setHeader, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, trailer, arginfo_class_Swoole_Http_Response_trailer, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, write, arginfo_class_Swoole_Http_Response_write, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, end, arginfo_class_Swoole_Http_Response_end, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, sendfile, arginfo_class_Swoole_Http_Response_sendfile, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, redirect, arginfo_class_Swoole_Http_Response_redirect, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, detach, arginfo_class_Swoole_Http_Response_detach, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, create, arginfo_class_Swoole_Http_Response_create, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Http_Response, close, arginfo_class_Swoole_Http_Response_close, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, upgrade, arginfo_class_Swoole_Http_Response_upgrade, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, push, arginfo_class_Swoole_Http_Response_push, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, recv, arginfo_class_Swoole_Http_Response_recv, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, ping, arginfo_class_Swoole_Http_Response_ping, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, goaway, arginfo_class_Swoole_Http_Response_goaway, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, disconnect, arginfo_class_Swoole_Http_Response_disconnect, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Http_Response, __destruct, arginfo_class_Swoole_Http_Response___destruct, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_Http_Server(zend_class_entry *class_entry_Swoole_Server)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Http", "Server", class_Swoole_Http_Server_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Swoole_Server);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Http_Request(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Http", "Request", class_Swoole_Http_Request_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval property_fd_default_value;
	ZVAL_LONG(&property_fd_default_value, 0);
	zend_string *property_fd_name = zend_string_init("fd", sizeof("fd") - 1, 1);
	zend_declare_typed_property(class_entry, property_fd_name, &property_fd_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_fd_name);

	zval property_streamId_default_value;
	ZVAL_LONG(&property_streamId_default_value, 0);
	zend_string *property_streamId_name = zend_string_init("streamId", sizeof("streamId") - 1, 1);
	zend_declare_typed_property(class_entry, property_streamId_name, &property_streamId_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_streamId_name);

	zval property_header_default_value;
	ZVAL_NULL(&property_header_default_value);
	zend_string *property_header_name = zend_string_init("header", sizeof("header") - 1, 1);
	zend_declare_typed_property(class_entry, property_header_name, &property_header_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY|MAY_BE_NULL));
	zend_string_release(property_header_name);

	zval property_server_default_value;
	ZVAL_NULL(&property_server_default_value);
	zend_string *property_server_name = zend_string_init("server", sizeof("server") - 1, 1);
	zend_declare_typed_property(class_entry, property_server_name, &property_server_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY|MAY_BE_NULL));
	zend_string_release(property_server_name);

	zval property_cookie_default_value;
	ZVAL_NULL(&property_cookie_default_value);
	zend_string *property_cookie_name = zend_string_init("cookie", sizeof("cookie") - 1, 1);
	zend_declare_typed_property(class_entry, property_cookie_name, &property_cookie_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY|MAY_BE_NULL));
	zend_string_release(property_cookie_name);

	zval property_get_default_value;
	ZVAL_NULL(&property_get_default_value);
	zend_string *property_get_name = zend_string_init("get", sizeof("get") - 1, 1);
	zend_declare_typed_property(class_entry, property_get_name, &property_get_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY|MAY_BE_NULL));
	zend_string_release(property_get_name);

	zval property_files_default_value;
	ZVAL_NULL(&property_files_default_value);
	zend_string *property_files_name = zend_string_init("files", sizeof("files") - 1, 1);
	zend_declare_typed_property(class_entry, property_files_name, &property_files_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY|MAY_BE_NULL));
	zend_string_release(property_files_name);

	zval property_post_default_value;
	ZVAL_NULL(&property_post_default_value);
	zend_string *property_post_name = zend_string_init("post", sizeof("post") - 1, 1);
	zend_declare_typed_property(class_entry, property_post_name, &property_post_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY|MAY_BE_NULL));
	zend_string_release(property_post_name);

	zval property_tmpfiles_default_value;
	ZVAL_NULL(&property_tmpfiles_default_value);
	zend_string *property_tmpfiles_name = zend_string_init("tmpfiles", sizeof("tmpfiles") - 1, 1);
	zend_declare_typed_property(class_entry, property_tmpfiles_name, &property_tmpfiles_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY|MAY_BE_NULL));
	zend_string_release(property_tmpfiles_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Http_Response(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Http", "Response", class_Swoole_Http_Response_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval property_fd_default_value;
	ZVAL_LONG(&property_fd_default_value, 0);
	zend_string *property_fd_name = zend_string_init("fd", sizeof("fd") - 1, 1);
	zend_declare_typed_property(class_entry, property_fd_name, &property_fd_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_fd_name);

	zval property_socket_default_value;
	ZVAL_NULL(&property_socket_default_value);
	zend_string *property_socket_name = zend_string_init("socket", sizeof("socket") - 1, 1);
	zend_declare_typed_property(class_entry, property_socket_name, &property_socket_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ANY));
	zend_string_release(property_socket_name);

	zval property_header_default_value;
	ZVAL_NULL(&property_header_default_value);
	zend_string *property_header_name = zend_string_init("header", sizeof("header") - 1, 1);
	zend_declare_typed_property(class_entry, property_header_name, &property_header_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY|MAY_BE_NULL));
	zend_string_release(property_header_name);

	zval property_cookie_default_value;
	ZVAL_NULL(&property_cookie_default_value);
	zend_string *property_cookie_name = zend_string_init("cookie", sizeof("cookie") - 1, 1);
	zend_declare_typed_property(class_entry, property_cookie_name, &property_cookie_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY|MAY_BE_NULL));
	zend_string_release(property_cookie_name);

	zval property_trailer_default_value;
	ZVAL_NULL(&property_trailer_default_value);
	zend_string *property_trailer_name = zend_string_init("trailer", sizeof("trailer") - 1, 1);
	zend_declare_typed_property(class_entry, property_trailer_name, &property_trailer_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY|MAY_BE_NULL));
	zend_string_release(property_trailer_name);

	return class_entry;
}
