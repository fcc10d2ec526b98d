/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: b48cdaf223435a735e3a2307c3b57886d7360f85 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Scheduler_add, 0, 1, _IS_BOOL, 1)
	ZEND_ARG_TYPE_INFO(0, func, IS_CALLABLE, 0)
	ZEND_ARG_VARIADIC_TYPE_INFO(0, param, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Scheduler_parallel, 0, 2, _IS_BOOL, 1)
	ZEND_ARG_TYPE_INFO(0, n, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, func, IS_CALLABLE, 0)
	ZEND_ARG_VARIADIC_TYPE_INFO(0, param, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Scheduler_set, 0, 1, _IS_BOOL, 1)
	ZEND_ARG_TYPE_INFO(0, settings, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Scheduler_getOptions, 0, 0, IS_ARRAY, 1)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Scheduler_start, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()


ZEND_METHOD(Swoole_Coroutine_Scheduler, add);
ZEND_METHOD(Swoole_Coroutine_Scheduler, parallel);
ZEND_METHOD(Swoole_Coroutine, set);
ZEND_METHOD(Swoole_Coroutine, getOptions);
ZEND_METHOD(Swoole_Coroutine_Scheduler, start);


static const zend_function_entry class_Swoole_Coroutine_Scheduler_methods[] = {
	ZEND_ME(Swoole_Coroutine_Scheduler, add, arginfo_class_Swoole_Coroutine_Scheduler_add, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Scheduler, parallel, arginfo_class_Swoole_Coroutine_Scheduler_parallel, ZEND_ACC_PUBLIC)
	ZEND_MALIAS(Swoole_Coroutine, set, set, arginfo_class_Swoole_Coroutine_Scheduler_set, ZEND_ACC_PUBLIC)
	ZEND_MALIAS(Swoole_Coroutine, getOptions, getOptions, arginfo_class_Swoole_Coroutine_Scheduler_getOptions, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Coroutine_Scheduler, start, arginfo_class_Swoole_Coroutine_Scheduler_start, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_Coroutine_Scheduler(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Coroutine", "Scheduler", class_Swoole_Coroutine_Scheduler_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL;

	return class_entry;
}
