/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 4d617278cab6b322a11603674a7daca0ad47c09b */

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Table___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, table_size, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, conflict_proportion, IS_DOUBLE, 0, "0.2")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Table_column, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, type, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, size, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Table_create, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Table_destroy arginfo_class_Swoole_Table_create

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Table_set, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Table_get, 0, 1, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, field, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Table_count, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Table_del, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_STRING, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Table_exists arginfo_class_Swoole_Table_del

#define arginfo_class_Swoole_Table_exist arginfo_class_Swoole_Table_del

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Table_incr, 0, 2, MAY_BE_DOUBLE|MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, key, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, column, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, incrby, IS_MIXED, 0, "1")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Table_decr arginfo_class_Swoole_Table_incr

#define arginfo_class_Swoole_Table_getSize arginfo_class_Swoole_Table_count

#define arginfo_class_Swoole_Table_getMemorySize arginfo_class_Swoole_Table_count

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Table_stats, 0, 0, MAY_BE_FALSE|MAY_BE_ARRAY)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Table_rewind, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Table_valid arginfo_class_Swoole_Table_create

#define arginfo_class_Swoole_Table_next arginfo_class_Swoole_Table_rewind

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Table_current, 0, 0, IS_MIXED, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Table_key arginfo_class_Swoole_Table_current


ZEND_METHOD(Swoole_Table, __construct);
ZEND_METHOD(Swoole_Table, column);
ZEND_METHOD(Swoole_Table, create);
ZEND_METHOD(Swoole_Table, destroy);
ZEND_METHOD(Swoole_Table, set);
ZEND_METHOD(Swoole_Table, get);
ZEND_METHOD(Swoole_Table, count);
ZEND_METHOD(Swoole_Table, del);
ZEND_METHOD(Swoole_Table, exists);
ZEND_METHOD(Swoole_Table, incr);
ZEND_METHOD(Swoole_Table, decr);
ZEND_METHOD(Swoole_Table, getSize);
ZEND_METHOD(Swoole_Table, getMemorySize);
ZEND_METHOD(Swoole_Table, stats);
ZEND_METHOD(Swoole_Table, rewind);
ZEND_METHOD(Swoole_Table, valid);
ZEND_METHOD(Swoole_Table, next);
ZEND_METHOD(Swoole_Table, current);
ZEND_METHOD(Swoole_Table, key);


static const zend_function_entry class_Swoole_Table_methods[] = {
	ZEND_ME(Swoole_Table, __construct, arginfo_class_Swoole_Table___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Table, column, arginfo_class_Swoole_Table_column, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Table, create, arginfo_class_Swoole_Table_create, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Table, destroy, arginfo_class_Swoole_Table_destroy, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Table, set, arginfo_class_Swoole_Table_set, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Table, get, arginfo_class_Swoole_Table_get, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Table, count, arginfo_class_Swoole_Table_count, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Table, del, arginfo_class_Swoole_Table_del, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Table, exists, arginfo_class_Swoole_Table_exists, ZEND_ACC_PUBLIC)
	ZEND_MALIAS(Swoole_Table, exist, exists, arginfo_class_Swoole_Table_exist, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Table, incr, arginfo_class_Swoole_Table_incr, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Table, decr, arginfo_class_Swoole_Table_decr, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Table, getSize, arginfo_class_Swoole_Table_getSize, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Table, getMemorySize, arginfo_class_Swoole_Table_getMemorySize, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Table, stats, arginfo_class_Swoole_Table_stats, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Table, rewind, arginfo_class_Swoole_Table_rewind, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Table, valid, arginfo_class_Swoole_Table_valid, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Table, next, arginfo_class_Swoole_Table_next, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Table, current, arginfo_class_Swoole_Table_current, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Table, key, arginfo_class_Swoole_Table_key, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_Table(zend_class_entry *class_entry_Iterator, zend_class_entry *class_entry_Countable)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole", "Table", class_Swoole_Table_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;
	zend_class_implements(class_entry, 2, class_entry_Iterator, class_entry_Countable);

	zval const_TYPE_INT_value;
	ZVAL_LONG(&const_TYPE_INT_value, GUST_TABLE_TYPE_INT);
	zend_string *const_TYPE_INT_name = zend_string_init_interned("TYPE_INT", sizeof("TYPE_INT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_TYPE_INT_name, &const_TYPE_INT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_TYPE_INT_name);

	zval const_TYPE_STRING_value;
	ZVAL_LONG(&const_TYPE_STRING_value, GUST_TABLE_TYPE_STRING);
	zend_string *const_TYPE_STRING_name = zend_string_init_interned("TYPE_STRING", sizeof("TYPE_STRING") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_TYPE_STRING_name, &const_TYPE_STRING_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_TYPE_STRING_name);

	zval const_TYPE_FLOAT_value;
	ZVAL_LONG(&const_TYPE_FLOAT_value, GUST_TABLE_TYPE_FLOAT);
	zend_string *const_TYPE_FLOAT_name = zend_string_init_interned("TYPE_FLOAT", sizeof("TYPE_FLOAT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_TYPE_FLOAT_name, &const_TYPE_FLOAT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_TYPE_FLOAT_name);

	zval property_size_default_value;
	ZVAL_NULL(&property_size_default_value);
	zend_string *property_size_name = zend_string_init("size", sizeof("size") - 1, 1);
	zend_declare_typed_property(class_entry, property_size_name, &property_size_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG|MAY_BE_NULL));
	zend_string_release(property_size_name);

	zval property_memorySize_default_value;
	ZVAL_NULL(&property_memorySize_default_value);
	zend_string *property_memorySize_name = zend_string_init("memorySize", sizeof("memorySize") - 1, 1);
	zend_declare_typed_property(class_entry, property_memorySize_name, &property_memorySize_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG|MAY_BE_NULL));
	zend_string_release(property_memorySize_name);

	return class_entry;
}
