/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 37c8c2c76a7517020d797f21eece1d17828eddd6 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_timer_set, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, settings, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_swoole_timer_tick, 0, 2, MAY_BE_FALSE|MAY_BE_LONG)
	ZEND_ARG_TYPE_INFO(0, ms, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, callback, IS_CALLABLE, 0)
	ZEND_ARG_VARIADIC_TYPE_INFO(0, params, IS_MIXED, 0)
ZEND_END_ARG_INFO()

#define arginfo_swoole_timer_after arginfo_swoole_timer_tick

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_timer_exists, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, timer_id, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_timer_info, 0, 1, IS_ARRAY, 1)
	ZEND_ARG_TYPE_INFO(0, timer_id, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_timer_stats, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_swoole_timer_list, 0, 0, Swoole\\Timer\\Iterator, 0)
ZEND_END_ARG_INFO()

#define arginfo_swoole_timer_clear arginfo_swoole_timer_exists

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_timer_clear_all, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Timer_set arginfo_swoole_timer_set

#define arginfo_class_Swoole_Timer_tick arginfo_swoole_timer_tick

#define arginfo_class_Swoole_Timer_after arginfo_swoole_timer_tick

#define arginfo_class_Swoole_Timer_exists arginfo_swoole_timer_exists

#define arginfo_class_Swoole_Timer_info arginfo_swoole_timer_info

#define arginfo_class_Swoole_Timer_stats arginfo_swoole_timer_stats

#define arginfo_class_Swoole_Timer_list arginfo_swoole_timer_list

#define arginfo_class_Swoole_Timer_clear arginfo_swoole_timer_exists

#define arginfo_class_Swoole_Timer_clearAll arginfo_swoole_timer_clear_all


ZEND_FUNCTION(swoole_timer_set);
ZEND_FUNCTION(swoole_timer_tick);
ZEND_FUNCTION(swoole_timer_after);
ZEND_FUNCTION(swoole_timer_exists);
ZEND_FUNCTION(swoole_timer_info);
ZEND_FUNCTION(swoole_timer_stats);
ZEND_FUNCTION(swoole_timer_list);
ZEND_FUNCTION(swoole_timer_clear);
ZEND_FUNCTION(swoole_timer_clear_all);
ZEND_METHOD(Swoole_Timer, set);
ZEND_METHOD(Swoole_Timer, tick);
ZEND_METHOD(Swoole_Timer, after);
ZEND_METHOD(Swoole_Timer, exists);
ZEND_METHOD(Swoole_Timer, info);
ZEND_METHOD(Swoole_Timer, stats);
ZEND_METHOD(Swoole_Timer, list);
ZEND_METHOD(Swoole_Timer, clear);
ZEND_METHOD(Swoole_Timer, clearAll);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(swoole_timer_set, arginfo_swoole_timer_set)
	ZEND_FE(swoole_timer_tick, arginfo_swoole_timer_tick)
	ZEND_FE(swoole_timer_after, arginfo_swoole_timer_after)
	ZEND_FE(swoole_timer_exists, arginfo_swoole_timer_exists)
	ZEND_FE(swoole_timer_info, arginfo_swoole_timer_info)
	ZEND_FE(swoole_timer_stats, arginfo_swoole_timer_stats)
	ZEND_FE(swoole_timer_list, arginfo_swoole_timer_list)
	ZEND_FE(swoole_timer_clear, arginfo_swoole_timer_clear)
	ZEND_FE(swoole_timer_clear_all, arginfo_swoole_timer_clear_all)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Timer_methods[] = {
	ZEND_ME(Swoole_Timer, set, arginfo_class_Swoole_Timer_set, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Timer, tick, arginfo_class_Swoole_Timer_tick, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Timer, after, arginfo_class_Swoole_Timer_after, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Timer, exists, arginfo_class_Swoole_Timer_exists, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Timer, info, arginfo_class_Swoole_Timer_info, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Timer, stats, arginfo_class_Swoole_Timer_stats, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Timer, list, arginfo_class_Swoole_Timer_list, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Timer, clear, arginfo_class_Swoole_Timer_clear, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Timer, clearAll, arginfo_class_Swoole_Timer_clearAll, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Timer_Iterator_methods[] = {
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_Timer(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole", "Timer", class_Swoole_Timer_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Timer_Iterator(zend_class_entry *class_entry_ArrayIterator)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Timer", "Iterator", class_Swoole_Timer_Iterator_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_ArrayIterator);

	return class_entry;
}
