/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 60d550833a9fc8336e15ab641b965582379259cf */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_WebSocket_Server_push, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, fd, IS_LONG, 0)
	ZEND_ARG_OBJ_TYPE_MASK(0, data, Swoole\\WebSocket\\Frame, MAY_BE_STRING, NULL)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, opcode, IS_LONG, 0, "SWOOLE_WEBSOCKET_OPCODE_TEXT")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "SWOOLE_WEBSOCKET_FLAG_FIN")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_WebSocket_Server_disconnect, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, fd, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, code, IS_LONG, 0, "SWOOLE_WEBSOCKET_CLOSE_NORMAL")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, reason, IS_STRING, 0, "\'\'")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_WebSocket_Server_isEstablished, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, fd, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_WebSocket_Server_ping, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, fd, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, data, IS_STRING, 0, "\'\'")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_WebSocket_Server_pack, 0, 1, IS_STRING, 0)
	ZEND_ARG_OBJ_TYPE_MASK(0, data, Swoole\\WebSocket\\Frame, MAY_BE_STRING, NULL)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, opcode, IS_LONG, 0, "SWOOLE_WEBSOCKET_OPCODE_TEXT")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "SWOOLE_WEBSOCKET_FLAG_FIN")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_Swoole_WebSocket_Server_unpack, 0, 1, Swoole\\WebSocket\\Frame, MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_WebSocket_Frame___toString, 0, 0, IS_STRING, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_WebSocket_Frame_pack arginfo_class_Swoole_WebSocket_Server_pack

#define arginfo_class_Swoole_WebSocket_Frame_unpack arginfo_class_Swoole_WebSocket_Server_unpack


ZEND_METHOD(Swoole_WebSocket_Server, push);
ZEND_METHOD(Swoole_WebSocket_Server, disconnect);
ZEND_METHOD(Swoole_WebSocket_Server, isEstablished);
ZEND_METHOD(Swoole_WebSocket_Server, ping);
ZEND_METHOD(Swoole_WebSocket_Server, pack);
ZEND_METHOD(Swoole_WebSocket_Server, unpack);
ZEND_METHOD(Swoole_WebSocket_Frame, __toString);
ZEND_METHOD(Swoole_WebSocket_Frame, pack);
ZEND_METHOD(Swoole_WebSocket_Frame, unpack);


static const zend_function_entry class_Swoole_WebSocket_Server_methods[] = {
	ZEND_ME(Swoole_WebSocket_Server, push, arginfo_class_Swoole_WebSocket_Server_push, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_WebSocket_Server, disconnect, arginfo_class_Swoole_WebSocket_Server_disconnect, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_WebSocket_Server, isEstablished, arginfo_class_Swoole_WebSocket_Server_isEstablished, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_WebSocket_Server, ping, arginfo_class_Swoole_WebSocket_Server_ping, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_WebSocket_Server, pack, arginfo_class_Swoole_WebSocket_Server_pack, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_WebSocket_Server, unpack, arginfo_class_Swoole_WebSocket_Server_unpack, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_WebSocket_Frame_methods[] = {
	ZEND_ME(Swoole_WebSocket_Frame, __toString, arginfo_class_Swoole_WebSocket_Frame___toString, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_WebSocket_Frame, pack, arginfo_class_Swoole_WebSocket_Frame_pack, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_WebSocket_Frame, unpack, arginfo_class_Swoole_WebSocket_Frame_unpack, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_WebSocket_CloseFrame_methods[] = {
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_WebSocket_Server(zend_class_entry *class_entry_Swoole_Http_Server)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\WebSocket", "Server", class_Swoole_WebSocket_Server_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Swoole_Http_Server);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_WebSocket_Frame(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\WebSocket", "Frame", class_Swoole_WebSocket_Frame_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval property_fd_default_value;
	ZVAL_LONG(&property_fd_default_value, 0);
	zend_string *property_fd_name = zend_string_init("fd", sizeof("fd") - 1, 1);
	zend_declare_typed_property(class_entry, property_fd_name, &property_fd_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_fd_name);

	zval property_data_default_value;
	ZVAL_EMPTY_STRING(&property_data_default_value);
	zend_string *property_data_name = zend_string_init("data", sizeof("data") - 1, 1);
	zend_declare_typed_property(class_entry, property_data_name, &property_data_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_data_name);

	zval property_opcode_default_value;
	ZVAL_LONG(&property_opcode_default_value, 1);
	zend_string *property_opcode_name = zend_string_init("opcode", sizeof("opcode") - 1, 1);
	zend_declare_typed_property(class_entry, property_opcode_name, &property_opcode_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_opcode_name);

	zval property_flags_default_value;
	ZVAL_LONG(&property_flags_default_value, 1);
	zend_string *property_flags_name = zend_string_init("flags", sizeof("flags") - 1, 1);
	zend_declare_typed_property(class_entry, property_flags_name, &property_flags_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_flags_name);

	zval property_finish_default_value;
	ZVAL_TRUE(&property_finish_default_value);
	zend_string *property_finish_name = zend_string_init("finish", sizeof("finish") - 1, 1);
	zend_declare_typed_property(class_entry, property_finish_name, &property_finish_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_finish_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_WebSocket_CloseFrame(zend_class_entry *class_entry_Swoole_WebSocket_Frame)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\WebSocket", "CloseFrame", class_Swoole_WebSocket_CloseFrame_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Swoole_WebSocket_Frame);

	zval property_opcode_default_value;
	ZVAL_LONG(&property_opcode_default_value, 8);
	zend_string *property_opcode_name = zend_string_init("opcode", sizeof("opcode") - 1, 1);
	zend_declare_typed_property(class_entry, property_opcode_name, &property_opcode_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_opcode_name);

	zval property_code_default_value;
	ZVAL_LONG(&property_code_default_value, 1000);
	zend_string *property_code_name = zend_string_init("code", sizeof("code") - 1, 1);
	zend_declare_typed_property(class_entry, property_code_name, &property_code_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_code_name);

	zval property_reason_default_value;
	ZVAL_EMPTY_STRING(&property_reason_default_value);
	zend_string *property_reason_name = zend_string_init("reason", sizeof("reason") - 1, 1);
	zend_declare_typed_property(class_entry, property_reason_name, &property_reason_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_reason_name);

	return class_entry;
}
