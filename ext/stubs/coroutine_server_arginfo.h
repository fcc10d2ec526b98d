/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 6e1dfbe352a5c588a734d28ff38dbeb55381aa39 */

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Coroutine_Server___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, host, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, port, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, ssl, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, reuse_port, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Server_set, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, setting, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Server_handle, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, fn, IS_CALLABLE, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Server_shutdown, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Server_start arginfo_class_Swoole_Coroutine_Server_shutdown

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Coroutine_Server_Connection___construct, 0, 0, 1)
	ZEND_ARG_OBJ_INFO(0, conn, Swoole\\Coroutine\\Socket, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Server_Connection_recv, 0, 0, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Server_Connection_send, 0, 1, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Server_Connection_close arginfo_class_Swoole_Coroutine_Server_shutdown

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_Swoole_Coroutine_Server_Connection_exportSocket, 0, 0, Swoole\\Coroutine\\Socket, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Http_Server___construct arginfo_class_Swoole_Coroutine_Server___construct

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Server_set, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, settings, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Server_handle, 0, 2, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, pattern, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, callback, IS_CALLABLE, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Http_Server_start arginfo_class_Swoole_Coroutine_Server_shutdown

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Http_Server_shutdown, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()


ZEND_METHOD(Swoole_Coroutine_Server, __construct);
ZEND_METHOD(Swoole_Coroutine_Server, set);
ZEND_METHOD(Swoole_Coroutine_Server, handle);
ZEND_METHOD(Swoole_Coroutine_Server, shutdown);
ZEND_METHOD(Swoole_Coroutine_Server, start);
ZEND_METHOD(Swoole_Coroutine_Server_Connection, __construct);
ZEND_METHOD(Swoole_Coroutine_Server_Connection, recv);
ZEND_METHOD(Swoole_Coroutine_Server_Connection, send);
ZEND_METHOD(Swoole_Coroutine_Server_Connection, close);
ZEND_METHOD(Swoole_Coroutine_Server_Connection, exportSocket);
ZEND_METHOD(Swoole_Coroutine_Http_Server, __construct);
ZEND_METHOD(Swoole_Coroutine_Http_Server, set);
ZEND_METHOD(Swoole_Coroutine_Http_Server, handle);
ZEND_METHOD(Swoole_Coroutine_Http_Server, start);
ZEND_METHOD(Swoole_Coroutine_Http_Server, shutdown);


static const zend_function_entry class_Swoole_Coroutine_Server_methods[] = {
	ZEND_ME(Swoole_Coroutine_Server, __construct, arginfo_class_Swoole_Coroutine_Server___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Server, set, arginfo_class_Swoole_Coroutine_Server_set, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Server, handle, arginfo_class_Swoole_Coroutine_Server_handle, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Server, shutdown, arginfo_class_Swoole_Coroutine_Server_shutdown, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Server, start, arginfo_class_Swoole_Coroutine_Server_start, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Coroutine_Server_Connection_methods[] = {
	ZEND_ME(Swoole_Coroutine_Server_Connection, __construct, arginfo_class_Swoole_Coroutine_Server_Connection___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Server_Connection, recv, arginfo_class_Swoole_Coroutine_Server_Connection_recv, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Server_Connection, send, arginfo_class_Swoole_Coroutine_Server_Connection_send, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Server_Connection, close, arginfo_class_Swoole_Coroutine_Server_Connection_close, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Server_Connection, exportSocket, arginfo_class_Swoole_Coroutine_Server_Connection_exportSocket, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Coroutine_Http_Server_methods[] = {
	ZEND_ME(Swoole_Coroutine_Http_Server, __construct, arginfo_class_Swoole_Coroutine_Http_Server___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Server, set, arginfo_class_Swoole_Coroutine_Http_Server_set, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Server, handle, arginfo_class_Swoole_Coroutine_Http_Server_handle, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Server, start, arginfo_class_Swoole_Coroutine_Http_Server_start, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Http_Server, shutdown, arginfo_class_Swoole_Coroutine_Http_Server_shutdown, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_Coroutine_Server(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Coroutine", "Server", class_Swoole_Coroutine_Server_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	zval property_host_default_value;
	ZVAL_EMPTY_STRING(&property_host_default_value);
	zend_string *property_host_name = zend_string_init("host", sizeof("host") - 1, 1);
	zend_declare_typed_property(class_entry, property_host_name, &property_host_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_host_name);

	zval property_port_default_value;
	ZVAL_LONG(&property_port_default_value, 0);
	zend_string *property_port_name = zend_string_init("port", sizeof("port") - 1, 1);
	zend_declare_typed_property(class_entry, property_port_name, &property_port_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_port_name);

	zval property_type_default_value;
	ZVAL_LONG(&property_type_default_value, 2);
	zend_string *property_type_name = zend_string_init("type", sizeof("type") - 1, 1);
	zend_declare_typed_property(class_entry, property_type_name, &property_type_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_type_name);

	zval property_fd_default_value;
	ZVAL_LONG(&property_fd_default_value, -1);
	zend_string *property_fd_name = zend_string_init("fd", sizeof("fd") - 1, 1);
	zend_declare_typed_property(class_entry, property_fd_name, &property_fd_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_fd_name);

	zval property_errCode_default_value;
	ZVAL_LONG(&property_errCode_default_value, 0);
	zend_string *property_errCode_name = zend_string_init("errCode", sizeof("errCode") - 1, 1);
	zend_declare_typed_property(class_entry, property_errCode_name, &property_errCode_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_errCode_name);

	zval property_errMsg_default_value;
	ZVAL_EMPTY_STRING(&property_errMsg_default_value);
	zend_string *property_errMsg_name = zend_string_init("errMsg", sizeof("errMsg") - 1, 1);
	zend_declare_typed_property(class_entry, property_errMsg_name, &property_errMsg_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_errMsg_name);

	zval property_ssl_default_value;
	ZVAL_FALSE(&property_ssl_default_value);
	zend_string *property_ssl_name = zend_string_init("ssl", sizeof("ssl") - 1, 1);
	zend_declare_typed_property(class_entry, property_ssl_name, &property_ssl_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_ssl_name);

	zval property_setting_default_value;
	ZVAL_EMPTY_ARRAY(&property_setting_default_value);
	zend_string *property_setting_name = zend_string_init("setting", sizeof("setting") - 1, 1);
	zend_declare_typed_property(class_entry, property_setting_name, &property_setting_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY));
	zend_string_release(property_setting_name);

	zval property_running_default_value;
	ZVAL_FALSE(&property_running_default_value);
	zend_string *property_running_name = zend_string_init("running", sizeof("running") - 1, 1);
	zend_declare_typed_property(class_entry, property_running_name, &property_running_default_value, ZEND_ACC_PROTECTED, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_running_name);

	zval property_fn_default_value;
	ZVAL_NULL(&property_fn_default_value);
	zend_string *property_fn_name = zend_string_init("fn", sizeof("fn") - 1, 1);
	zend_declare_property_ex(class_entry, property_fn_name, &property_fn_default_value, ZEND_ACC_PROTECTED, NULL);
	zend_string_release(property_fn_name);

	zend_string *property_socket_class_Swoole_Coroutine_Socket = zend_string_init("Swoole\\Coroutine\\Socket", sizeof("Swoole\\Coroutine\\Socket")-1, 1);
	zval property_socket_default_value;
	ZVAL_NULL(&property_socket_default_value);
	zend_string *property_socket_name = zend_string_init("socket", sizeof("socket") - 1, 1);
	zend_declare_typed_property(class_entry, property_socket_name, &property_socket_default_value, ZEND_ACC_PROTECTED, NULL, (zend_type) ZEND_TYPE_INIT_CLASS(property_socket_class_Swoole_Coroutine_Socket, 0, MAY_BE_NULL));
	zend_string_release(property_socket_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Coroutine_Server_Connection(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Coroutine\\Server", "Connection", class_Swoole_Coroutine_Server_Connection_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	zend_string *property_socket_class_Swoole_Coroutine_Socket = zend_string_init("Swoole\\Coroutine\\Socket", sizeof("Swoole\\Coroutine\\Socket")-1, 1);
	zval property_socket_default_value;
	ZVAL_NULL(&property_socket_default_value);
	zend_string *property_socket_name = zend_string_init("socket", sizeof("socket") - 1, 1);
	zend_declare_typed_property(class_entry, property_socket_name, &property_socket_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_CLASS(property_socket_class_Swoole_Coroutine_Socket, 0, MAY_BE_NULL));
	zend_string_release(property_socket_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Coroutine_Http_Server(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Coroutine\\Http", "Server", class_Swoole_Coroutine_Http_Server_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NOT_SERIALIZABLE;

	zval property_fd_default_value;
	ZVAL_LONG(&property_fd_default_value, -1);
	zend_string *property_fd_name = zend_string_init("fd", sizeof("fd") - 1, 1);
	zend_declare_typed_property(class_entry, property_fd_name, &property_fd_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_fd_name);

	zval property_host_default_value;
	ZVAL_EMPTY_STRING(&property_host_default_value);
	zend_string *property_host_name = zend_string_init("host", sizeof("host") - 1, 1);
	zend_declare_typed_property(class_entry, property_host_name, &property_host_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_host_name);

	zval property_port_default_value;
	ZVAL_LONG(&property_port_default_value, -1);
	zend_string *property_port_name = zend_string_init("port", sizeof("port") - 1, 1);
	zend_declare_typed_property(class_entry, property_port_name, &property_port_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_port_name);

	zval property_ssl_default_value;
	ZVAL_FALSE(&property_ssl_default_value);
	zend_string *property_ssl_name = zend_string_init("ssl", sizeof("ssl") - 1, 1);
	zend_declare_typed_property(class_entry, property_ssl_name, &property_ssl_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_ssl_name);

	zval property_settings_default_value;
	ZVAL_EMPTY_ARRAY(&property_settings_default_value);
	zend_string *property_settings_name = zend_string_init("settings", sizeof("settings") - 1, 1);
	zend_declare_typed_property(class_entry, property_settings_name, &property_settings_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY));
	zend_string_release(property_settings_name);

	zval property_errCode_default_value;
	ZVAL_LONG(&property_errCode_default_value, 0);
	zend_string *property_errCode_name = zend_string_init("errCode", sizeof("errCode") - 1, 1);
	zend_declare_typed_property(class_entry, property_errCode_name, &property_errCode_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_errCode_name);

	zval property_errMsg_default_value;
	ZVAL_EMPTY_STRING(&property_errMsg_default_value);
	zend_string *property_errMsg_name = zend_string_init("errMsg", sizeof("errMsg") - 1, 1);
	zend_declare_typed_property(class_entry, property_errMsg_name, &property_errMsg_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_errMsg_name);

	return class_entry;
}
