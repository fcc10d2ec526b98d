/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 09dd94a9fe9f7ec8c518781bafd3a5ca0726793c */

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Lock___construct, 0, 0, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, type, IS_LONG, 0, "SWOOLE_MUTEX")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Lock_lock, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, operation, IS_LONG, 0, "LOCK_EX")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "-1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Lock_unlock, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Coroutine_Lock___construct, 0, 0, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, shared, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Lock_lock, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, operation, IS_LONG, 0, "LOCK_EX")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Lock_unlock arginfo_class_Swoole_Lock_unlock


ZEND_METHOD(Swoole_Lock, __construct);
ZEND_METHOD(Swoole_Lock, lock);
ZEND_METHOD(Swoole_Lock, unlock);
ZEND_METHOD(Swoole_Coroutine_Lock, __construct);
ZEND_METHOD(Swoole_Coroutine_Lock, lock);
ZEND_METHOD(Swoole_Coroutine_Lock, unlock);


static const zend_function_entry class_Swoole_Lock_methods[] = {
	ZEND_ME(Swoole_Lock, __construct, arginfo_class_Swoole_Lock___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Lock, lock, arginfo_class_Swoole_Lock_lock, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Lock, unlock, arginfo_class_Swoole_Lock_unlock, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Coroutine_Lock_methods[] = {
	ZEND_ME(Swoole_Coroutine_Lock, __construct, arginfo_class_Swoole_Coroutine_Lock___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Lock, lock, arginfo_class_Swoole_Coroutine_Lock_lock, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Lock, unlock, arginfo_class_Swoole_Coroutine_Lock_unlock, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};

static void register_shm_lock_symbols(int module_number)
{
	REGISTER_LONG_CONSTANT("SWOOLE_RWLOCK", GUST_LOCK_RWLOCK, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_MUTEX", GUST_LOCK_MUTEX, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_SPINLOCK", GUST_LOCK_SPINLOCK, CONST_PERSISTENT);
}

static zend_class_entry *register_class_Swoole_Lock(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole", "Lock", class_Swoole_Lock_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	zval const_RWLOCK_value;
	ZVAL_LONG(&const_RWLOCK_value, GUST_LOCK_RWLOCK);
	zend_string *const_RWLOCK_name = zend_string_init_interned("RWLOCK", sizeof("RWLOCK") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_RWLOCK_name, &const_RWLOCK_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_RWLOCK_name);

	zval const_MUTEX_value;
	ZVAL_LONG(&const_MUTEX_value, GUST_LOCK_MUTEX);
	zend_string *const_MUTEX_name = zend_string_init_interned("MUTEX", sizeof("MUTEX") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MUTEX_name, &const_MUTEX_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MUTEX_name);

	zval const_SPINLOCK_value;
	ZVAL_LONG(&const_SPINLOCK_value, GUST_LOCK_SPINLOCK);
	zend_string *const_SPINLOCK_name = zend_string_init_interned("SPINLOCK", sizeof("SPINLOCK") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_SPINLOCK_name, &const_SPINLOCK_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_SPINLOCK_name);

	zval property_errCode_default_value;
	ZVAL_LONG(&property_errCode_default_value, 0);
	zend_string *property_errCode_name = zend_string_init("errCode", sizeof("errCode") - 1, 1);
	zend_declare_typed_property(class_entry, property_errCode_name, &property_errCode_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_errCode_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Coroutine_Lock(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Coroutine", "Lock", class_Swoole_Coroutine_Lock_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	zval property_errCode_default_value;
	ZVAL_LONG(&property_errCode_default_value, 0);
	zend_string *property_errCode_name = zend_string_init("errCode", sizeof("errCode") - 1, 1);
	zend_declare_typed_property(class_entry, property_errCode_name, &property_errCode_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_errCode_name);

	return class_entry;
}
