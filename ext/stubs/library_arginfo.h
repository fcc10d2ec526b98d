/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: a70771aa5eb102e3a534fbdd47aa81729eafc391 */

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_swoole_string, 0, 0, Swoole\\StringObject, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, string, IS_STRING, 0, "\'\'")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_swoole_mbstring, 0, 0, Swoole\\MultibyteStringObject, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, string, IS_STRING, 0, "\'\'")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_swoole_array, 0, 0, Swoole\\ArrayObject, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, array, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_swoole_array_list, 0, 0, Swoole\\ArrayObject, 0)
	ZEND_ARG_VARIADIC_TYPE_INFO(0, array, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_array_default_value, 0, 2, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, array, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, default_value, IS_MIXED, 0, "null")
ZEND_END_ARG_INFO()


ZEND_FUNCTION(swoole_string);
ZEND_FUNCTION(swoole_mbstring);
ZEND_FUNCTION(swoole_array);
ZEND_FUNCTION(swoole_array_list);
ZEND_FUNCTION(swoole_array_default_value);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(swoole_string, arginfo_swoole_string)
	ZEND_FE(swoole_mbstring, arginfo_swoole_mbstring)
	ZEND_FE(swoole_array, arginfo_swoole_array)
	ZEND_FE(swoole_array_list, arginfo_swoole_array_list)
	ZEND_FE(swoole_array_default_value, arginfo_swoole_array_default_value)
	ZEND_FE_END
};
