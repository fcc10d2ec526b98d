/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 68674a61eb98488f755869fe0edcc5092ea994a8 */

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Atomic___construct, 0, 0, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, value, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Atomic_add, 0, 0, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, add_value, IS_LONG, 0, "1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Atomic_sub, 0, 0, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, sub_value, IS_LONG, 0, "1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Atomic_get, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Atomic_set, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Atomic_cmpset, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, cmp_value, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, new_value, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Atomic_wait, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "1.0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Atomic_wakeup, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, count, IS_LONG, 0, "1")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Atomic_Long___construct arginfo_class_Swoole_Atomic___construct

#define arginfo_class_Swoole_Atomic_Long_add arginfo_class_Swoole_Atomic_add

#define arginfo_class_Swoole_Atomic_Long_sub arginfo_class_Swoole_Atomic_sub

#define arginfo_class_Swoole_Atomic_Long_get arginfo_class_Swoole_Atomic_get

#define arginfo_class_Swoole_Atomic_Long_set arginfo_class_Swoole_Atomic_set

#define arginfo_class_Swoole_Atomic_Long_cmpset arginfo_class_Swoole_Atomic_cmpset


ZEND_METHOD(Swoole_Atomic, __construct);
ZEND_METHOD(Swoole_Atomic, add);
ZEND_METHOD(Swoole_Atomic, sub);
ZEND_METHOD(Swoole_Atomic, get);
ZEND_METHOD(Swoole_Atomic, set);
ZEND_METHOD(Swoole_Atomic, cmpset);
ZEND_METHOD(Swoole_Atomic, wait);
ZEND_METHOD(Swoole_Atomic, wakeup);
ZEND_METHOD(Swoole_Atomic_Long, __construct);
ZEND_METHOD(Swoole_Atomic_Long, add);
ZEND_METHOD(Swoole_Atomic_Long, sub);
ZEND_METHOD(Swoole_Atomic_Long, get);
ZEND_METHOD(Swoole_Atomic_Long, set);
ZEND_METHOD(Swoole_Atomic_Long, cmpset);


static const zend_function_entry class_Swoole_Atomic_methods[] = {
	ZEND_ME(Swoole_Atomic, __construct, arginfo_class_Swoole_Atomic___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Atomic, add, arginfo_class_Swoole_Atomic_add, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Atomic, sub, arginfo_class_Swoole_Atomic_sub, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Atomic, get, arginfo_class_Swoole_Atomic_get, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Atomic, set, arginfo_class_Swoole_Atomic_set, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Atomic, cmpset, arginfo_class_Swoole_Atomic_cmpset, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Atomic, wait, arginfo_class_Swoole_Atomic_wait, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Atomic, wakeup, arginfo_class_Swoole_Atomic_wakeup, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Atomic_Long_methods[] = {
	ZEND_ME(Swoole_Atomic_Long, __construct, arginfo_class_Swoole_Atomic_Long___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Atomic_Long, add, arginfo_class_Swoole_Atomic_Long_add, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Atomic_Long, sub, arginfo_class_Swoole_Atomic_Long_sub, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Atomic_Long, get, arginfo_class_Swoole_Atomic_Long_get, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Atomic_Long, set, arginfo_class_Swoole_Atomic_Long_set, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Atomic_Long, cmpset, arginfo_class_Swoole_Atomic_Long_cmpset, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_Atomic(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole", "Atomic", class_Swoole_Atomic_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Atomic_Long(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Atomic", "Long", class_Swoole_Atomic_Long_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	return class_entry;
}
