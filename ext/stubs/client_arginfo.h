/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: eb3cae261a1a2e2a2eb5f325e834ca57c6d290c6 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_swoole_client_select, 0, 3, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(1, read_array, IS_ARRAY, 1)
	ZEND_ARG_TYPE_INFO(1, write_array, IS_ARRAY, 1)
	ZEND_ARG_TYPE_INFO(1, error_array, IS_ARRAY, 1)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0.5")
ZEND_END_ARG_INFO()

#define arginfo_swoole_select arginfo_swoole_client_select

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Client___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, type, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, async, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, id, IS_STRING, 0, "\"\"")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Client___destruct, 0, 0, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Client_set, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, settings, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Client_connect, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, host, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, port, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0.5")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, sock_flag, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Client_recv, 0, 0, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, size, IS_LONG, 0, "65536")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flag, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Client_send, 0, 1, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flag, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Client_sendfile, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, filename, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, offset, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, length, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Client_sendto, 0, 3, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, ip, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, port, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Client_shutdown, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, how, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Client_enableSSL, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, onSslReady, IS_CALLABLE, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Client_getPeerCert, 0, 0, MAY_BE_STRING|MAY_BE_FALSE)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Client_verifyPeerCert, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, allow_self_signed, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Client_isConnected, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Client_getsockname, 0, 0, MAY_BE_ARRAY|MAY_BE_FALSE)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Client_getpeername arginfo_class_Swoole_Client_getsockname

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_Swoole_Client_getSocket, 0, 0, Socket, MAY_BE_FALSE)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Client_close, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, force, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()


ZEND_FUNCTION(swoole_client_select);
ZEND_METHOD(Swoole_Client, __construct);
ZEND_METHOD(Swoole_Client, __destruct);
ZEND_METHOD(Swoole_Client, set);
ZEND_METHOD(Swoole_Client, connect);
ZEND_METHOD(Swoole_Client, recv);
ZEND_METHOD(Swoole_Client, send);
ZEND_METHOD(Swoole_Client, sendfile);
ZEND_METHOD(Swoole_Client, sendto);
ZEND_METHOD(Swoole_Client, shutdown);
ZEND_METHOD(Swoole_Client, enableSSL);
ZEND_METHOD(Swoole_Client, getPeerCert);
ZEND_METHOD(Swoole_Client, verifyPeerCert);
ZEND_METHOD(Swoole_Client, isConnected);
ZEND_METHOD(Swoole_Client, getsockname);
ZEND_METHOD(Swoole_Client, getpeername);
ZEND_METHOD(Swoole_Client, getSocket);
ZEND_METHOD(Swoole_Client, close);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(swoole_client_select, arginfo_swoole_client_select)
	ZEND_FALIAS(swoole_select, swoole_client_select, arginfo_swoole_select)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Client_methods[] = {
	ZEND_ME(Swoole_Client, __construct, arginfo_class_Swoole_Client___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Client, __destruct, arginfo_class_Swoole_Client___destruct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Client, set, arginfo_class_Swoole_Client_set, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Client, connect, arginfo_class_Swoole_Client_connect, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Client, recv, arginfo_class_Swoole_Client_recv, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Client, send, arginfo_class_Swoole_Client_send, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Client, sendfile, arginfo_class_Swoole_Client_sendfile, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Client, sendto, arginfo_class_Swoole_Client_sendto, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Client, shutdown, arginfo_class_Swoole_Client_shutdown, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Client, enableSSL, arginfo_class_Swoole_Client_enableSSL, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Client, getPeerCert, arginfo_class_Swoole_Client_getPeerCert, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Client, verifyPeerCert, arginfo_class_Swoole_Client_verifyPeerCert, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Client, isConnected, arginfo_class_Swoole_Client_isConnected, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Client, getsockname, arginfo_class_Swoole_Client_getsockname, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Client, getpeername, arginfo_class_Swoole_Client_getpeername, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Client, getSocket, arginfo_class_Swoole_Client_getSocket, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Client, close, arginfo_class_Swoole_Client_close, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_Client(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole", "Client", class_Swoole_Client_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	zval const_MSG_OOB_value;
	ZVAL_LONG(&const_MSG_OOB_value, MSG_OOB);
	zend_string *const_MSG_OOB_name = zend_string_init_interned("MSG_OOB", sizeof("MSG_OOB") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MSG_OOB_name, &const_MSG_OOB_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MSG_OOB_name);

	zval const_MSG_PEEK_value;
	ZVAL_LONG(&const_MSG_PEEK_value, MSG_PEEK);
	zend_string *const_MSG_PEEK_name = zend_string_init_interned("MSG_PEEK", sizeof("MSG_PEEK") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MSG_PEEK_name, &const_MSG_PEEK_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MSG_PEEK_name);

	zval const_MSG_DONTWAIT_value;
	ZVAL_LONG(&const_MSG_DONTWAIT_value, MSG_DONTWAIT);
	zend_string *const_MSG_DONTWAIT_name = zend_string_init_interned("MSG_DONTWAIT", sizeof("MSG_DONTWAIT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MSG_DONTWAIT_name, &const_MSG_DONTWAIT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MSG_DONTWAIT_name);

	zval const_MSG_WAITALL_value;
	ZVAL_LONG(&const_MSG_WAITALL_value, MSG_WAITALL);
	zend_string *const_MSG_WAITALL_name = zend_string_init_interned("MSG_WAITALL", sizeof("MSG_WAITALL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MSG_WAITALL_name, &const_MSG_WAITALL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MSG_WAITALL_name);

	zval const_SHUT_RDWR_value;
	ZVAL_LONG(&const_SHUT_RDWR_value, SHUT_RDWR);
	zend_string *const_SHUT_RDWR_name = zend_string_init_interned("SHUT_RDWR", sizeof("SHUT_RDWR") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_SHUT_RDWR_name, &const_SHUT_RDWR_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_SHUT_RDWR_name);

	zval const_SHUT_RD_value;
	ZVAL_LONG(&const_SHUT_RD_value, SHUT_RD);
	zend_string *const_SHUT_RD_name = zend_string_init_interned("SHUT_RD", sizeof("SHUT_RD") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_SHUT_RD_name, &const_SHUT_RD_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_SHUT_RD_name);

	zval const_SHUT_WR_value;
	ZVAL_LONG(&const_SHUT_WR_value, SHUT_WR);
	zend_string *const_SHUT_WR_name = zend_string_init_interned("SHUT_WR", sizeof("SHUT_WR") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_SHUT_WR_name, &const_SHUT_WR_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_SHUT_WR_name);

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

	zval property_sock_default_value;
	ZVAL_LONG(&property_sock_default_value, -1);
	zend_string *property_sock_name = zend_string_init("sock", sizeof("sock") - 1, 1);
	zend_declare_typed_property(class_entry, property_sock_name, &property_sock_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_sock_name);

	zval property_reuse_default_value;
	ZVAL_FALSE(&property_reuse_default_value);
	zend_string *property_reuse_name = zend_string_init("reuse", sizeof("reuse") - 1, 1);
	zend_declare_typed_property(class_entry, property_reuse_name, &property_reuse_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_reuse_name);

	zval property_reuseCount_default_value;
	ZVAL_LONG(&property_reuseCount_default_value, 0);
	zend_string *property_reuseCount_name = zend_string_init("reuseCount", sizeof("reuseCount") - 1, 1);
	zend_declare_typed_property(class_entry, property_reuseCount_name, &property_reuseCount_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_reuseCount_name);

	zval property_type_default_value;
	ZVAL_LONG(&property_type_default_value, 0);
	zend_string *property_type_name = zend_string_init("type", sizeof("type") - 1, 1);
	zend_declare_typed_property(class_entry, property_type_name, &property_type_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_type_name);

	zval property_id_default_value;
	ZVAL_NULL(&property_id_default_value);
	zend_string *property_id_name = zend_string_init("id", sizeof("id") - 1, 1);
	zend_declare_typed_property(class_entry, property_id_name, &property_id_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ANY));
	zend_string_release(property_id_name);

	zval property_setting_default_value;
	ZVAL_NULL(&property_setting_default_value);
	zend_string *property_setting_name = zend_string_init("setting", sizeof("setting") - 1, 1);
	zend_declare_typed_property(class_entry, property_setting_name, &property_setting_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY|MAY_BE_NULL));
	zend_string_release(property_setting_name);

	return class_entry;
}
