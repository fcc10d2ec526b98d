/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: d57aa9b9ec79076725f25e008594719ad42f1626 */

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Coroutine_WaitGroup___construct, 0, 0, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, delta, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_WaitGroup_add, 0, 0, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, delta, IS_LONG, 0, "1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_WaitGroup_done, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_WaitGroup_wait, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "-1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_WaitGroup_count, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_Swoole_Coroutine_Barrier_make, 0, 0, Swoole\\Coroutine\\Barrier, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Barrier_wait, 0, 1, IS_VOID, 0)
	ZEND_ARG_OBJ_INFO(1, barrier, Swoole\\Coroutine\\Barrier, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "-1")
ZEND_END_ARG_INFO()


ZEND_METHOD(Swoole_Coroutine_WaitGroup, __construct);
ZEND_METHOD(Swoole_Coroutine_WaitGroup, add);
ZEND_METHOD(Swoole_Coroutine_WaitGroup, done);
ZEND_METHOD(Swoole_Coroutine_WaitGroup, wait);
ZEND_METHOD(Swoole_Coroutine_WaitGroup, count);
ZEND_METHOD(Swoole_Coroutine_Barrier, make);
ZEND_METHOD(Swoole_Coroutine_Barrier, wait);


static const zend_function_entry class_Swoole_Coroutine_WaitGroup_methods[] = {
	ZEND_ME(Swoole_Coroutine_WaitGroup, __construct, arginfo_class_Swoole_Coroutine_WaitGroup___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_WaitGroup, add, arginfo_class_Swoole_Coroutine_WaitGroup_add, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_WaitGroup, done, arginfo_class_Swoole_Coroutine_WaitGroup_done, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_WaitGroup, wait, arginfo_class_Swoole_Coroutine_WaitGroup_wait, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_WaitGroup, count, arginfo_class_Swoole_Coroutine_WaitGroup_count, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Coroutine_Barrier_methods[] = {
	ZEND_ME(Swoole_Coroutine_Barrier, make, arginfo_class_Swoole_Coroutine_Barrier_make, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Coroutine_Barrier, wait, arginfo_class_Swoole_Coroutine_Barrier_wait, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_Coroutine_WaitGroup(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Coroutine", "WaitGroup", class_Swoole_Coroutine_WaitGroup_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Coroutine_Barrier(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Coroutine", "Barrier", class_Swoole_Coroutine_Barrier_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	return class_entry;
}
