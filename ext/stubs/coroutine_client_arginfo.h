/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 55986f8aa329de304cc2db8cb001a350cd4d3078 */

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Coroutine_Client___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, type, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Coroutine_Client___destruct, 0, 0, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Client_set, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, settings, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Client_connect, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, host, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, port, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, sock_flag, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Client_recv, 0, 0, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Client_peek, 0, 0, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, length, IS_LONG, 0, "65535")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Client_send, 0, 1, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Client_sendfile, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, filename, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, offset, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, length, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Client_sendto, 0, 3, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, address, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, port, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Client_recvfrom, 0, 2, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, length, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(1, address, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(1, port, IS_MIXED, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Client_enableSSL, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Client_getPeerCert, 0, 0, MAY_BE_STRING|MAY_BE_FALSE)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Client_verifyPeerCert, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, allow_self_signed, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Client_isConnected arginfo_class_Swoole_Coroutine_Client_enableSSL

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Client_getsockname, 0, 0, MAY_BE_ARRAY|MAY_BE_FALSE)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Client_getpeername arginfo_class_Swoole_Coroutine_Client_getsockname

#define arginfo_class_Swoole_Coroutine_Client_close arginfo_class_Swoole_Coroutine_Client_enableSSL

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Client_exportSocket, 0, 0, Swoole\\Coroutine\\Socket, MAY_BE_FALSE)
ZEND_END_ARG_INFO()


ZEND_METHOD(Swoole_Coroutine_Client, __construct);
ZEND_METHOD(Swoole_Coroutine_Client, __destruct);
ZEND_METHOD(Swoole_Coroutine_Client, set);
ZEND_METHOD(Swoole_Coroutine_Client, connect);
ZEND_METHOD(Swoole_Coroutine_Client, recv);
ZEND_METHOD(Swoole_Coroutine_Client, peek);
ZEND_METHOD(Swoole_Coroutine_Client, send);
ZEND_METHOD(Swoole_Coroutine_Client, sendfile);
ZEND_METHOD(Swoole_Coroutine_Client, sendto);
ZEND_METHOD(Swoole_Coroutine_Client, recvfrom);
ZEND_METHOD(Swoole_Coroutine_Client, enableSSL);
ZEND_METHOD(Swoole_Coroutine_Client, getPeerCert);
ZEND_METHOD(Swoole_Coroutine_Client, verifyPeerCert);
ZEND_METHOD(Swoole_Coroutine_Client, isConnected);
ZEND_METHOD(Swoole_Coroutine_Client, getsockname);
ZEND_METHOD(Swoole_Coroutine_Client, getpeername);
ZEND_METHOD(Swoole_Coroutine_Client, close);
ZEND_METHOD(Swoole_Coroutine_Client, exportSocket);


static const zend_function_entry class_Swoole_Coroutine_Client_methods[] = {
	ZEND_ME(Swoole_Coroutine_Client, __construct, arginfo_class_Swoole_Coroutine_Client___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Client, __destruct, arginfo_class_Swoole_Coroutine_Client___destruct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Client, set, arginfo_class_Swoole_Coroutine_Client_set, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Client, connect, arginfo_class_Swoole_Coroutine_Client_connect, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Client, recv, arginfo_class_Swoole_Coroutine_Client_recv, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Client, peek, arginfo_class_Swoole_Coroutine_Client_peek, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Client, send, arginfo_class_Swoole_Coroutine_Client_send, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Client, sendfile, arginfo_class_Swoole_Coroutine_Client_sendfile, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Client, sendto, arginfo_class_Swoole_Coroutine_Client_sendto, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Client, recvfrom, arginfo_class_Swoole_Coroutine_Client_recvfrom, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Client, enableSSL, arginfo_class_Swoole_Coroutine_Client_enableSSL, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Client, getPeerCert, arginfo_class_Swoole_Coroutine_Client_getPeerCert, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Client, verifyPeerCert, arginfo_class_Swoole_Coroutine_Client_verifyPeerCert, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Client, isConnected, arginfo_class_Swoole_Coroutine_Client_isConnected, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Client, getsockname, arginfo_class_Swoole_Coroutine_Client_getsockname, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Client, getpeername, arginfo_class_Swoole_Coroutine_Client_getpeername, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Client, close, arginfo_class_Swoole_Coroutine_Client_close, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Client, exportSocket, arginfo_class_Swoole_Coroutine_Client_exportSocket, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_Coroutine_Client(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Coroutine", "Client", class_Swoole_Coroutine_Client_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NOT_SERIALIZABLE;

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

	zval property_fd_default_value;
	ZVAL_LONG(&property_fd_default_value, -1);
	zend_string *property_fd_name = zend_string_init("fd", sizeof("fd") - 1, 1);
	zend_declare_typed_property(class_entry, property_fd_name, &property_fd_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_fd_name);

	zend_string *property_socket_class_Swoole_Coroutine_Socket = zend_string_init("Swoole\\Coroutine\\Socket", sizeof("Swoole\\Coroutine\\Socket")-1, 1);
	zval property_socket_default_value;
	ZVAL_NULL(&property_socket_default_value);
	zend_string *property_socket_name = zend_string_init("socket", sizeof("socket") - 1, 1);
	zend_declare_typed_property(class_entry, property_socket_name, &property_socket_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_CLASS(property_socket_class_Swoole_Coroutine_Socket, 0, MAY_BE_NULL));
	zend_string_release(property_socket_name);

	zval property_type_default_value;
	ZVAL_LONG(&property_type_default_value, 1);
	zend_string *property_type_name = zend_string_init("type", sizeof("type") - 1, 1);
	zend_declare_typed_property(class_entry, property_type_name, &property_type_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_type_name);

	zval property_setting_default_value;
	ZVAL_NULL(&property_setting_default_value);
	zend_string *property_setting_name = zend_string_init("setting", sizeof("setting") - 1, 1);
	zend_declare_typed_property(class_entry, property_setting_name, &property_setting_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY|MAY_BE_NULL));
	zend_string_release(property_setting_name);

	zval property_connected_default_value;
	ZVAL_FALSE(&property_connected_default_value);
	zend_string *property_connected_name = zend_string_init("connected", sizeof("connected") - 1, 1);
	zend_declare_typed_property(class_entry, property_connected_name, &property_connected_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_connected_name);

	return class_entry;
}
