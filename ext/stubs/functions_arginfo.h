/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 7b631676f4378593097b2dd594ffb2325443574c */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_version, 0, 0, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_cpu_num, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

#define arginfo_Gust_version arginfo_swoole_version

#define arginfo_Gust_build_mode arginfo_swoole_version


ZEND_FUNCTION(swoole_version);
ZEND_FUNCTION(swoole_cpu_num);
ZEND_FUNCTION(Gust_version);
ZEND_FUNCTION(Gust_build_mode);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(swoole_version, arginfo_swoole_version)
	ZEND_FE(swoole_cpu_num, arginfo_swoole_cpu_num)
	ZEND_NS_FALIAS("Gust", version, Gust_version, arginfo_Gust_version)
	ZEND_NS_FALIAS("Gust", build_mode, Gust_build_mode, arginfo_Gust_build_mode)
	ZEND_FE_END
};
