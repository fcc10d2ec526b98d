/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: b101dfc0622d1ec6fac504d892abd83c1214734b */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_swoole_coroutine_socketpair, 0, 3, MAY_BE_ARRAY|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, domain, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, type, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, protocol, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Coroutine_Socket___construct, 0, 0, 2)
	ZEND_ARG_TYPE_INFO(0, domain, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, type, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, protocol, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Socket_bind, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, address, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, port, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Socket_listen, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, backlog, IS_LONG, 0, "512")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Socket_accept, 0, 0, Swoole\\Coroutine\\Socket, MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Socket_connect, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, host, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, port, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Socket_checkLiveness, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Socket_getBoundCid, 0, 1, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, event, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Socket_peek, 0, 0, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, length, IS_LONG, 0, "65536")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Socket_recv, 0, 0, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, length, IS_LONG, 0, "65536")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Socket_recvAll arginfo_class_Swoole_Coroutine_Socket_recv

#define arginfo_class_Swoole_Coroutine_Socket_recvLine arginfo_class_Swoole_Coroutine_Socket_recv

#define arginfo_class_Swoole_Coroutine_Socket_recvWithBuffer arginfo_class_Swoole_Coroutine_Socket_recv

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Socket_recvPacket, 0, 0, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Socket_send, 0, 1, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Socket_sendAll arginfo_class_Swoole_Coroutine_Socket_send

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Socket_readVector, 0, 1, MAY_BE_ARRAY|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, io_vector, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Socket_readVectorAll arginfo_class_Swoole_Coroutine_Socket_readVector

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Socket_writeVector, 0, 1, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, io_vector, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Socket_writeVectorAll arginfo_class_Swoole_Coroutine_Socket_writeVector

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Socket_sendFile, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, file, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, offset, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, length, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Socket_recvfrom, 0, 1, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(1, peername, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Socket_sendto, 0, 3, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, addr, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, port, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Socket_getOption, 0, 2, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, level, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, opt_name, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Socket_setOption, 0, 3, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, level, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, opt_name, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, opt_value, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Socket_setProtocol, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, settings, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Socket_sslHandshake arginfo_class_Swoole_Coroutine_Socket_checkLiveness

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Socket_shutdown, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, how, IS_LONG, 0, "2")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Socket_cancel, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, event, IS_LONG, 0, "SWOOLE_EVENT_READ")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Socket_close arginfo_class_Swoole_Coroutine_Socket_checkLiveness

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Socket_getpeername, 0, 0, MAY_BE_ARRAY|MAY_BE_FALSE)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Socket_getsockname arginfo_class_Swoole_Coroutine_Socket_getpeername

#define arginfo_class_Swoole_Coroutine_Socket_isClosed arginfo_class_Swoole_Coroutine_Socket_checkLiveness

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_Swoole_Coroutine_Socket_import, 0, 1, Swoole\\Coroutine\\Socket, MAY_BE_FALSE)
	ZEND_ARG_INFO(0, stream)
ZEND_END_ARG_INFO()


ZEND_FUNCTION(swoole_coroutine_socketpair);
ZEND_METHOD(Swoole_Coroutine_Socket, __construct);
ZEND_METHOD(Swoole_Coroutine_Socket, bind);
ZEND_METHOD(Swoole_Coroutine_Socket, listen);
ZEND_METHOD(Swoole_Coroutine_Socket, accept);
ZEND_METHOD(Swoole_Coroutine_Socket, connect);
ZEND_METHOD(Swoole_Coroutine_Socket, checkLiveness);
ZEND_METHOD(Swoole_Coroutine_Socket, getBoundCid);
ZEND_METHOD(Swoole_Coroutine_Socket, peek);
ZEND_METHOD(Swoole_Coroutine_Socket, recv);
ZEND_METHOD(Swoole_Coroutine_Socket, recvAll);
ZEND_METHOD(Swoole_Coroutine_Socket, recvLine);
ZEND_METHOD(Swoole_Coroutine_Socket, recvWithBuffer);
ZEND_METHOD(Swoole_Coroutine_Socket, recvPacket);
ZEND_METHOD(Swoole_Coroutine_Socket, send);
ZEND_METHOD(Swoole_Coroutine_Socket, sendAll);
ZEND_METHOD(Swoole_Coroutine_Socket, readVector);
ZEND_METHOD(Swoole_Coroutine_Socket, readVectorAll);
ZEND_METHOD(Swoole_Coroutine_Socket, writeVector);
ZEND_METHOD(Swoole_Coroutine_Socket, writeVectorAll);
ZEND_METHOD(Swoole_Coroutine_Socket, sendFile);
ZEND_METHOD(Swoole_Coroutine_Socket, recvfrom);
ZEND_METHOD(Swoole_Coroutine_Socket, sendto);
ZEND_METHOD(Swoole_Coroutine_Socket, getOption);
ZEND_METHOD(Swoole_Coroutine_Socket, setOption);
ZEND_METHOD(Swoole_Coroutine_Socket, setProtocol);
ZEND_METHOD(Swoole_Coroutine_Socket, sslHandshake);
ZEND_METHOD(Swoole_Coroutine_Socket, shutdown);
ZEND_METHOD(Swoole_Coroutine_Socket, cancel);
ZEND_METHOD(Swoole_Coroutine_Socket, close);
ZEND_METHOD(Swoole_Coroutine_Socket, getpeername);
ZEND_METHOD(Swoole_Coroutine_Socket, getsockname);
ZEND_METHOD(Swoole_Coroutine_Socket, isClosed);
ZEND_METHOD(Swoole_Coroutine_Socket, import);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(swoole_coroutine_socketpair, arginfo_swoole_coroutine_socketpair)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Coroutine_Socket_methods[] = {
	ZEND_ME(Swoole_Coroutine_Socket, __construct, arginfo_class_Swoole_Coroutine_Socket___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, bind, arginfo_class_Swoole_Coroutine_Socket_bind, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, listen, arginfo_class_Swoole_Coroutine_Socket_listen, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, accept, arginfo_class_Swoole_Coroutine_Socket_accept, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, connect, arginfo_class_Swoole_Coroutine_Socket_connect, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, checkLiveness, arginfo_class_Swoole_Coroutine_Socket_checkLiveness, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, getBoundCid, arginfo_class_Swoole_Coroutine_Socket_getBoundCid, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, peek, arginfo_class_Swoole_Coroutine_Socket_peek, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, recv, arginfo_class_Swoole_Coroutine_Socket_recv, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, recvAll, arginfo_class_Swoole_Coroutine_Socket_recvAll, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, recvLine, arginfo_class_Swoole_Coroutine_Socket_recvLine, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, recvWithBuffer, arginfo_class_Swoole_Coroutine_Socket_recvWithBuffer, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, recvPacket, arginfo_class_Swoole_Coroutine_Socket_recvPacket, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, send, arginfo_class_Swoole_Coroutine_Socket_send, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, sendAll, arginfo_class_Swoole_Coroutine_Socket_sendAll, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, readVector, arginfo_class_Swoole_Coroutine_Socket_readVector, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, readVectorAll, arginfo_class_Swoole_Coroutine_Socket_readVectorAll, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, writeVector, arginfo_class_Swoole_Coroutine_Socket_writeVector, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, writeVectorAll, arginfo_class_Swoole_Coroutine_Socket_writeVectorAll, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, sendFile, arginfo_class_Swoole_Coroutine_Socket_sendFile, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, recvfrom, arginfo_class_Swoole_Coroutine_Socket_recvfrom, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, sendto, arginfo_class_Swoole_Coroutine_Socket_sendto, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, getOption, arginfo_class_Swoole_Coroutine_Socket_getOption, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, setOption, arginfo_class_Swoole_Coroutine_Socket_setOption, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, setProtocol, arginfo_class_Swoole_Coroutine_Socket_setProtocol, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, sslHandshake, arginfo_class_Swoole_Coroutine_Socket_sslHandshake, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, shutdown, arginfo_class_Swoole_Coroutine_Socket_shutdown, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, cancel, arginfo_class_Swoole_Coroutine_Socket_cancel, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, close, arginfo_class_Swoole_Coroutine_Socket_close, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, getpeername, arginfo_class_Swoole_Coroutine_Socket_getpeername, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, getsockname, arginfo_class_Swoole_Coroutine_Socket_getsockname, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, isClosed, arginfo_class_Swoole_Coroutine_Socket_isClosed, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Socket, import, arginfo_class_Swoole_Coroutine_Socket_import, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Coroutine_Socket_Exception_methods[] = {
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_Coroutine_Socket(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Coroutine", "Socket", class_Swoole_Coroutine_Socket_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	zval property_fd_default_value;
	ZVAL_LONG(&property_fd_default_value, -1);
	zend_string *property_fd_name = zend_string_init("fd", sizeof("fd") - 1, 1);
	zend_declare_typed_property(class_entry, property_fd_name, &property_fd_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_fd_name);

	zval property_domain_default_value;
	ZVAL_LONG(&property_domain_default_value, 0);
	zend_string *property_domain_name = zend_string_init("domain", sizeof("domain") - 1, 1);
	zend_declare_typed_property(class_entry, property_domain_name, &property_domain_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_domain_name);

	zval property_type_default_value;
	ZVAL_LONG(&property_type_default_value, 0);
	zend_string *property_type_name = zend_string_init("type", sizeof("type") - 1, 1);
	zend_declare_typed_property(class_entry, property_type_name, &property_type_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_type_name);

	zval property_protocol_default_value;
	ZVAL_LONG(&property_protocol_default_value, 0);
	zend_string *property_protocol_name = zend_string_init("protocol", sizeof("protocol") - 1, 1);
	zend_declare_typed_property(class_entry, property_protocol_name, &property_protocol_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_protocol_name);

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

static zend_class_entry *register_class_Swoole_Coroutine_Socket_Exception(zend_class_entry *class_entry_Swoole_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Coroutine\\Socket", "Exception", class_Swoole_Coroutine_Socket_Exception_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Swoole_Exception);

	return class_entry;
}
