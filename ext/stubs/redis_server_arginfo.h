/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 142199c7d6ed274a3e69cb96b465eaebc175ea3f */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Redis_Server_setHandler, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, command, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, callback, IS_CALLABLE, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_Swoole_Redis_Server_getHandler, 0, 1, Closure, 1)
	ZEND_ARG_TYPE_INFO(0, command, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Redis_Server_format, 0, 1, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, type, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, value, IS_MIXED, 0, "null")
ZEND_END_ARG_INFO()


ZEND_METHOD(Swoole_Redis_Server, setHandler);
ZEND_METHOD(Swoole_Redis_Server, getHandler);
ZEND_METHOD(Swoole_Redis_Server, format);


static const zend_function_entry class_Swoole_Redis_Server_methods[] = {
	ZEND_ME(Swoole_Redis_Server, setHandler, arginfo_class_Swoole_Redis_Server_setHandler, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Redis_Server, getHandler, arginfo_class_Swoole_Redis_Server_getHandler, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Redis_Server, format, arginfo_class_Swoole_Redis_Server_format, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_Redis_Server(zend_class_entry *class_entry_Swoole_Server)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Redis", "Server", class_Swoole_Redis_Server_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Swoole_Server);

	zval const_NIL_value;
	ZVAL_LONG(&const_NIL_value, 1);
	zend_string *const_NIL_name = zend_string_init_interned("NIL", sizeof("NIL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_NIL_name, &const_NIL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_NIL_name);

	zval const_ERROR_value;
	ZVAL_LONG(&const_ERROR_value, 0);
	zend_string *const_ERROR_name = zend_string_init_interned("ERROR", sizeof("ERROR") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_ERROR_name, &const_ERROR_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_ERROR_name);

	zval const_STATUS_value;
	ZVAL_LONG(&const_STATUS_value, 2);
	zend_string *const_STATUS_name = zend_string_init_interned("STATUS", sizeof("STATUS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_STATUS_name, &const_STATUS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_STATUS_name);

	zval const_INT_value;
	ZVAL_LONG(&const_INT_value, 3);
	zend_string *const_INT_name = zend_string_init_interned("INT", sizeof("INT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_INT_name, &const_INT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_INT_name);

	zval const_STRING_value;
	ZVAL_LONG(&const_STRING_value, 4);
	zend_string *const_STRING_name = zend_string_init_interned("STRING", sizeof("STRING") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_STRING_name, &const_STRING_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_STRING_name);

	zval const_SET_value;
	ZVAL_LONG(&const_SET_value, 5);
	zend_string *const_SET_name = zend_string_init_interned("SET", sizeof("SET") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_SET_name, &const_SET_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_SET_name);

	zval const_MAP_value;
	ZVAL_LONG(&const_MAP_value, 6);
	zend_string *const_MAP_name = zend_string_init_interned("MAP", sizeof("MAP") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAP_name, &const_MAP_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAP_name);

	return class_entry;
}
