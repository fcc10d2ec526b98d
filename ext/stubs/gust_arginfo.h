/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 00ff2cf90c1bc299da0407785a97e1aa0905ccd9 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Gust_version, 0, 0, IS_STRING, 0)
ZEND_END_ARG_INFO()

#define arginfo_Gust_build_mode arginfo_Gust_version

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Gust_dump, 0, 0, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, log, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()


ZEND_FUNCTION(Gust_version);
ZEND_FUNCTION(Gust_build_mode);
ZEND_FUNCTION(Gust_dump);


static const zend_function_entry ext_functions[] = {
	ZEND_NS_FALIAS("Gust", version, Gust_version, arginfo_Gust_version)
	ZEND_NS_FALIAS("Gust", build_mode, Gust_build_mode, arginfo_Gust_build_mode)
	ZEND_NS_FALIAS("Gust", dump, Gust_dump, arginfo_Gust_dump)
	ZEND_FE_END
};

static void register_gust_symbols(int module_number)
{
	REGISTER_STRING_CONSTANT("GUST_VERSION", PHP_GUST_VERSION, CONST_PERSISTENT);
}
