/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: d54748335ecc42104f6585f3731f08e385e8ea99 */

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Coroutine_Channel___construct, 0, 0, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, size, IS_LONG, 0, "1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Channel_push, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "-1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Channel_pop, 0, 0, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "-1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Channel_isEmpty, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Coroutine_Channel_isFull arginfo_class_Swoole_Coroutine_Channel_isEmpty

#define arginfo_class_Swoole_Coroutine_Channel_close arginfo_class_Swoole_Coroutine_Channel_isEmpty

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Channel_stats, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Coroutine_Channel_length, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()


ZEND_METHOD(Swoole_Coroutine_Channel, __construct);
ZEND_METHOD(Swoole_Coroutine_Channel, push);
ZEND_METHOD(Swoole_Coroutine_Channel, pop);
ZEND_METHOD(Swoole_Coroutine_Channel, isEmpty);
ZEND_METHOD(Swoole_Coroutine_Channel, isFull);
ZEND_METHOD(Swoole_Coroutine_Channel, close);
ZEND_METHOD(Swoole_Coroutine_Channel, stats);
ZEND_METHOD(Swoole_Coroutine_Channel, length);


static const zend_function_entry class_Swoole_Coroutine_Channel_methods[] = {
	ZEND_ME(Swoole_Coroutine_Channel, __construct, arginfo_class_Swoole_Coroutine_Channel___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Channel, push, arginfo_class_Swoole_Coroutine_Channel_push, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Channel, pop, arginfo_class_Swoole_Coroutine_Channel_pop, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Channel, isEmpty, arginfo_class_Swoole_Coroutine_Channel_isEmpty, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Channel, isFull, arginfo_class_Swoole_Coroutine_Channel_isFull, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Channel, close, arginfo_class_Swoole_Coroutine_Channel_close, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Channel, stats, arginfo_class_Swoole_Coroutine_Channel_stats, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Coroutine_Channel, length, arginfo_class_Swoole_Coroutine_Channel_length, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_Coroutine_Channel(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Coroutine", "Channel", class_Swoole_Coroutine_Channel_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval property_capacity_default_value;
	ZVAL_LONG(&property_capacity_default_value, 0);
	zend_string *property_capacity_name = zend_string_init("capacity", sizeof("capacity") - 1, 1);
	zend_declare_typed_property(class_entry, property_capacity_name, &property_capacity_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_capacity_name);

	zval property_errCode_default_value;
	ZVAL_LONG(&property_errCode_default_value, 0);
	zend_string *property_errCode_name = zend_string_init("errCode", sizeof("errCode") - 1, 1);
	zend_declare_typed_property(class_entry, property_errCode_name, &property_errCode_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_errCode_name);

	return class_entry;
}
