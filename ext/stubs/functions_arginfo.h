/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 5634380dd89ce1d22c5a50bbbbec21594003beed */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_version, 0, 0, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_strerror, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, errno, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, error_type, IS_LONG, 0, "1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_last_error, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_clear_error, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

#define arginfo_swoole_cpu_num arginfo_swoole_last_error

#define arginfo_Gust_version arginfo_swoole_version

#define arginfo_Gust_build_mode arginfo_swoole_version


ZEND_FUNCTION(swoole_version);
ZEND_FUNCTION(swoole_strerror);
ZEND_FUNCTION(swoole_last_error);
ZEND_FUNCTION(swoole_clear_error);
ZEND_FUNCTION(swoole_cpu_num);
ZEND_FUNCTION(Gust_version);
ZEND_FUNCTION(Gust_build_mode);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(swoole_version, arginfo_swoole_version)
	ZEND_FE(swoole_strerror, arginfo_swoole_strerror)
	ZEND_FE(swoole_last_error, arginfo_swoole_last_error)
	ZEND_FE(swoole_clear_error, arginfo_swoole_clear_error)
	ZEND_FE(swoole_cpu_num, arginfo_swoole_cpu_num)
	ZEND_NS_FALIAS("Gust", version, Gust_version, arginfo_Gust_version)
	ZEND_NS_FALIAS("Gust", build_mode, Gust_build_mode, arginfo_Gust_build_mode)
	ZEND_FE_END
};
