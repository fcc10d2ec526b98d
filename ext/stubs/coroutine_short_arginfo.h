/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 6a9891ca076ba15d0c05965a710038a622541a07 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_go, 0, 1, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, func, IS_CALLABLE, 0)
	ZEND_ARG_VARIADIC_TYPE_INFO(0, params, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_defer, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, callback, IS_CALLABLE, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Co_run, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, fn, IS_CALLABLE, 0)
	ZEND_ARG_VARIADIC_TYPE_INFO(0, args, IS_MIXED, 0)
ZEND_END_ARG_INFO()

#define arginfo_Co_go arginfo_go

#define arginfo_Co_defer arginfo_defer


ZEND_FUNCTION(go);
ZEND_FUNCTION(defer);
ZEND_FUNCTION(Co_run);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(go, arginfo_go)
	ZEND_FE(defer, arginfo_defer)
	ZEND_NS_FALIAS("Co", run, Co_run, arginfo_Co_run)
	ZEND_NS_FALIAS("Co", go, go, arginfo_Co_go)
	ZEND_NS_FALIAS("Co", defer, defer, arginfo_Co_defer)
	ZEND_FE_END
};
