/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 9060b54c02a5c323af3e08cd26d881193d8f2c6a */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_strerror, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, errno, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, error_type, IS_LONG, 0, "SWOOLE_STRERROR_SYSTEM")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_last_error, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_clear_error, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

#define arginfo_swoole_errno arginfo_swoole_last_error

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_error_log, 0, 2, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, level, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, msg, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_error_log_ex, 0, 3, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, level, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, error, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, msg, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_ignore_error, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, error, IS_LONG, 0)
ZEND_END_ARG_INFO()


ZEND_FUNCTION(swoole_strerror);
ZEND_FUNCTION(swoole_last_error);
ZEND_FUNCTION(swoole_clear_error);
ZEND_FUNCTION(swoole_errno);
ZEND_FUNCTION(swoole_error_log);
ZEND_FUNCTION(swoole_error_log_ex);
ZEND_FUNCTION(swoole_ignore_error);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(swoole_strerror, arginfo_swoole_strerror)
	ZEND_FE(swoole_last_error, arginfo_swoole_last_error)
	ZEND_FE(swoole_clear_error, arginfo_swoole_clear_error)
	ZEND_FE(swoole_errno, arginfo_swoole_errno)
	ZEND_FE(swoole_error_log, arginfo_swoole_error_log)
	ZEND_FE(swoole_error_log_ex, arginfo_swoole_error_log_ex)
	ZEND_FE(swoole_ignore_error, arginfo_swoole_ignore_error)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Exception_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Error_methods[] = {
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_Exception(zend_class_entry *class_entry_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole", "Exception", class_Swoole_Exception_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Exception);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Error(zend_class_entry *class_entry_Error)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole", "Error", class_Swoole_Error_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Error);

	return class_entry;
}
