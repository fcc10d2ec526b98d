/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: ad48f1dc10d150e7a996dac24b1755c24cf2c353 */

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo__string, 0, 0, Swoole\\StringObject, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, string, IS_STRING, 0, "\'\'")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo__mbstring, 0, 0, Swoole\\MultibyteStringObject, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, string, IS_STRING, 0, "\'\'")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo__array, 0, 0, Swoole\\ArrayObject, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, array, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()


ZEND_FUNCTION(swoole_string);
ZEND_FUNCTION(swoole_mbstring);
ZEND_FUNCTION(swoole_array);


static const zend_function_entry ext_functions[] = {
	ZEND_FALIAS(_string, swoole_string, arginfo__string)
	ZEND_FALIAS(_mbstring, swoole_mbstring, arginfo__mbstring)
	ZEND_FALIAS(_array, swoole_array, arginfo__array)
	ZEND_FE_END
};
