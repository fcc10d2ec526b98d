/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 9700d56ddfc6c204d3e4a9c2fb04949ea4937041 */

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Thread___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, script_file, IS_STRING, 0)
	ZEND_ARG_VARIADIC_TYPE_INFO(0, args, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_join, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Thread_joinable arginfo_class_Swoole_Thread_join

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_getExitStatus, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Thread_isAlive arginfo_class_Swoole_Thread_join

#define arginfo_class_Swoole_Thread_detach arginfo_class_Swoole_Thread_join

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_getArguments, 0, 0, IS_ARRAY, 1)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Thread_getId arginfo_class_Swoole_Thread_getExitStatus

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_getInfo, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Thread_activeCount arginfo_class_Swoole_Thread_getExitStatus

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_yield, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_setName, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_setAffinity, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, cpu_settings, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Thread_getAffinity arginfo_class_Swoole_Thread_getInfo

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_setPriority, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, priority, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, policy, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Thread_getPriority arginfo_class_Swoole_Thread_getInfo

#define arginfo_class_Swoole_Thread_getNativeId arginfo_class_Swoole_Thread_getExitStatus

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Thread_Map___construct, 0, 0, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, array, IS_ARRAY, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_Map_offsetGet, 0, 1, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_Map_offsetExists, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_Map_offsetSet, 0, 2, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_Map_offsetUnset, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_Map_find, 0, 1, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Thread_Map_count arginfo_class_Swoole_Thread_getExitStatus

#define arginfo_class_Swoole_Thread_Map_keys arginfo_class_Swoole_Thread_getInfo

#define arginfo_class_Swoole_Thread_Map_values arginfo_class_Swoole_Thread_getInfo

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_Map_incr, 0, 1, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, value, IS_MIXED, 0, "1")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Thread_Map_decr arginfo_class_Swoole_Thread_Map_incr

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_Map_add, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, key, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Thread_Map_update arginfo_class_Swoole_Thread_Map_add

#define arginfo_class_Swoole_Thread_Map_clean arginfo_class_Swoole_Thread_yield

#define arginfo_class_Swoole_Thread_Map_toArray arginfo_class_Swoole_Thread_getInfo

#define arginfo_class_Swoole_Thread_Map_sort arginfo_class_Swoole_Thread_yield

#define arginfo_class_Swoole_Thread_ArrayList___construct arginfo_class_Swoole_Thread_Map___construct

#define arginfo_class_Swoole_Thread_ArrayList_offsetGet arginfo_class_Swoole_Thread_Map_offsetGet

#define arginfo_class_Swoole_Thread_ArrayList_offsetExists arginfo_class_Swoole_Thread_Map_offsetExists

#define arginfo_class_Swoole_Thread_ArrayList_offsetSet arginfo_class_Swoole_Thread_Map_offsetSet

#define arginfo_class_Swoole_Thread_ArrayList_offsetUnset arginfo_class_Swoole_Thread_Map_offsetUnset

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_ArrayList_find, 0, 1, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Thread_ArrayList_count arginfo_class_Swoole_Thread_getExitStatus

#define arginfo_class_Swoole_Thread_ArrayList_incr arginfo_class_Swoole_Thread_Map_incr

#define arginfo_class_Swoole_Thread_ArrayList_decr arginfo_class_Swoole_Thread_Map_incr

#define arginfo_class_Swoole_Thread_ArrayList_clean arginfo_class_Swoole_Thread_yield

#define arginfo_class_Swoole_Thread_ArrayList_toArray arginfo_class_Swoole_Thread_getInfo

#define arginfo_class_Swoole_Thread_ArrayList_sort arginfo_class_Swoole_Thread_yield

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Thread_Queue___construct, 0, 0, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_Queue_push, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, notify_which, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_Queue_pop, 0, 0, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, wait, IS_DOUBLE, 0, "0")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Thread_Queue_count arginfo_class_Swoole_Thread_getExitStatus

#define arginfo_class_Swoole_Thread_Queue_clean arginfo_class_Swoole_Thread_yield

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Thread_Lock___construct, 0, 0, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, type, IS_LONG, 0, "SWOOLE_MUTEX")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_Lock_lock, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, operation, IS_LONG, 0, "LOCK_EX")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "-1")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Thread_Lock_unlock arginfo_class_Swoole_Thread_join

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Thread_Atomic___construct, 0, 0, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, value, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_Atomic_add, 0, 0, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, add_value, IS_LONG, 0, "1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_Atomic_sub, 0, 0, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, sub_value, IS_LONG, 0, "1")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Thread_Atomic_get arginfo_class_Swoole_Thread_getExitStatus

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_Atomic_set, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_Atomic_cmpset, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, cmp_value, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, new_value, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_Atomic_wait, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "1.0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Thread_Atomic_wakeup, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, count, IS_LONG, 0, "1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Thread_Barrier___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, count, IS_LONG, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Thread_Barrier_wait arginfo_class_Swoole_Thread_yield

#define arginfo_class_Swoole_Thread_Atomic_Long___construct arginfo_class_Swoole_Thread_Atomic___construct

#define arginfo_class_Swoole_Thread_Atomic_Long_add arginfo_class_Swoole_Thread_Atomic_add

#define arginfo_class_Swoole_Thread_Atomic_Long_sub arginfo_class_Swoole_Thread_Atomic_sub

#define arginfo_class_Swoole_Thread_Atomic_Long_get arginfo_class_Swoole_Thread_getExitStatus

#define arginfo_class_Swoole_Thread_Atomic_Long_set arginfo_class_Swoole_Thread_Atomic_set

#define arginfo_class_Swoole_Thread_Atomic_Long_cmpset arginfo_class_Swoole_Thread_Atomic_cmpset


ZEND_METHOD(Swoole_Thread, __construct);
ZEND_METHOD(Swoole_Thread, join);
ZEND_METHOD(Swoole_Thread, joinable);
ZEND_METHOD(Swoole_Thread, getExitStatus);
ZEND_METHOD(Swoole_Thread, isAlive);
ZEND_METHOD(Swoole_Thread, detach);
ZEND_METHOD(Swoole_Thread, getArguments);
ZEND_METHOD(Swoole_Thread, getId);
ZEND_METHOD(Swoole_Thread, getInfo);
ZEND_METHOD(Swoole_Thread, activeCount);
ZEND_METHOD(Swoole_Thread, yield);
ZEND_METHOD(Swoole_Thread, setName);
ZEND_METHOD(Swoole_Thread, setAffinity);
ZEND_METHOD(Swoole_Thread, getAffinity);
ZEND_METHOD(Swoole_Thread, setPriority);
ZEND_METHOD(Swoole_Thread, getPriority);
ZEND_METHOD(Swoole_Thread, getNativeId);
ZEND_METHOD(Swoole_Thread_Map, __construct);
ZEND_METHOD(Swoole_Thread_Map, offsetGet);
ZEND_METHOD(Swoole_Thread_Map, offsetExists);
ZEND_METHOD(Swoole_Thread_Map, offsetSet);
ZEND_METHOD(Swoole_Thread_Map, offsetUnset);
ZEND_METHOD(Swoole_Thread_Map, find);
ZEND_METHOD(Swoole_Thread_Map, count);
ZEND_METHOD(Swoole_Thread_Map, keys);
ZEND_METHOD(Swoole_Thread_Map, values);
ZEND_METHOD(Swoole_Thread_Map, incr);
ZEND_METHOD(Swoole_Thread_Map, decr);
ZEND_METHOD(Swoole_Thread_Map, add);
ZEND_METHOD(Swoole_Thread_Map, update);
ZEND_METHOD(Swoole_Thread_Map, clean);
ZEND_METHOD(Swoole_Thread_Map, toArray);
ZEND_METHOD(Swoole_Thread_Map, sort);
ZEND_METHOD(Swoole_Thread_ArrayList, __construct);
ZEND_METHOD(Swoole_Thread_ArrayList, offsetGet);
ZEND_METHOD(Swoole_Thread_ArrayList, offsetExists);
ZEND_METHOD(Swoole_Thread_ArrayList, offsetSet);
ZEND_METHOD(Swoole_Thread_ArrayList, offsetUnset);
ZEND_METHOD(Swoole_Thread_ArrayList, find);
ZEND_METHOD(Swoole_Thread_ArrayList, count);
ZEND_METHOD(Swoole_Thread_ArrayList, incr);
ZEND_METHOD(Swoole_Thread_ArrayList, decr);
ZEND_METHOD(Swoole_Thread_ArrayList, clean);
ZEND_METHOD(Swoole_Thread_ArrayList, toArray);
ZEND_METHOD(Swoole_Thread_ArrayList, sort);
ZEND_METHOD(Swoole_Thread_Queue, __construct);
ZEND_METHOD(Swoole_Thread_Queue, push);
ZEND_METHOD(Swoole_Thread_Queue, pop);
ZEND_METHOD(Swoole_Thread_Queue, count);
ZEND_METHOD(Swoole_Thread_Queue, clean);
ZEND_METHOD(Swoole_Thread_Lock, __construct);
ZEND_METHOD(Swoole_Thread_Lock, lock);
ZEND_METHOD(Swoole_Thread_Lock, unlock);
ZEND_METHOD(Swoole_Thread_Atomic, __construct);
ZEND_METHOD(Swoole_Thread_Atomic, add);
ZEND_METHOD(Swoole_Thread_Atomic, sub);
ZEND_METHOD(Swoole_Thread_Atomic, get);
ZEND_METHOD(Swoole_Thread_Atomic, set);
ZEND_METHOD(Swoole_Thread_Atomic, cmpset);
ZEND_METHOD(Swoole_Thread_Atomic, wait);
ZEND_METHOD(Swoole_Thread_Atomic, wakeup);
ZEND_METHOD(Swoole_Thread_Barrier, __construct);
ZEND_METHOD(Swoole_Thread_Barrier, wait);
ZEND_METHOD(Swoole_Thread_Atomic_Long, __construct);
ZEND_METHOD(Swoole_Thread_Atomic_Long, add);
ZEND_METHOD(Swoole_Thread_Atomic_Long, sub);
ZEND_METHOD(Swoole_Thread_Atomic_Long, get);
ZEND_METHOD(Swoole_Thread_Atomic_Long, set);
ZEND_METHOD(Swoole_Thread_Atomic_Long, cmpset);


static const zend_function_entry class_Swoole_Thread_methods[] = {
	ZEND_ME(Swoole_Thread, __construct, arginfo_class_Swoole_Thread___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread, join, arginfo_class_Swoole_Thread_join, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread, joinable, arginfo_class_Swoole_Thread_joinable, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread, getExitStatus, arginfo_class_Swoole_Thread_getExitStatus, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread, isAlive, arginfo_class_Swoole_Thread_isAlive, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread, detach, arginfo_class_Swoole_Thread_detach, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread, getArguments, arginfo_class_Swoole_Thread_getArguments, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Thread, getId, arginfo_class_Swoole_Thread_getId, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Thread, getInfo, arginfo_class_Swoole_Thread_getInfo, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Thread, activeCount, arginfo_class_Swoole_Thread_activeCount, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Thread, yield, arginfo_class_Swoole_Thread_yield, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Thread, setName, arginfo_class_Swoole_Thread_setName, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Thread, setAffinity, arginfo_class_Swoole_Thread_setAffinity, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Thread, getAffinity, arginfo_class_Swoole_Thread_getAffinity, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Thread, setPriority, arginfo_class_Swoole_Thread_setPriority, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Thread, getPriority, arginfo_class_Swoole_Thread_getPriority, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Thread, getNativeId, arginfo_class_Swoole_Thread_getNativeId, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Thread_Map_methods[] = {
	ZEND_ME(Swoole_Thread_Map, __construct, arginfo_class_Swoole_Thread_Map___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Map, offsetGet, arginfo_class_Swoole_Thread_Map_offsetGet, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Map, offsetExists, arginfo_class_Swoole_Thread_Map_offsetExists, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Map, offsetSet, arginfo_class_Swoole_Thread_Map_offsetSet, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Map, offsetUnset, arginfo_class_Swoole_Thread_Map_offsetUnset, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Map, find, arginfo_class_Swoole_Thread_Map_find, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Map, count, arginfo_class_Swoole_Thread_Map_count, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Map, keys, arginfo_class_Swoole_Thread_Map_keys, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Map, values, arginfo_class_Swoole_Thread_Map_values, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Map, incr, arginfo_class_Swoole_Thread_Map_incr, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Map, decr, arginfo_class_Swoole_Thread_Map_decr, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Map, add, arginfo_class_Swoole_Thread_Map_add, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Map, update, arginfo_class_Swoole_Thread_Map_update, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Map, clean, arginfo_class_Swoole_Thread_Map_clean, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Map, toArray, arginfo_class_Swoole_Thread_Map_toArray, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Map, sort, arginfo_class_Swoole_Thread_Map_sort, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Thread_ArrayList_methods[] = {
	ZEND_ME(Swoole_Thread_ArrayList, __construct, arginfo_class_Swoole_Thread_ArrayList___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_ArrayList, offsetGet, arginfo_class_Swoole_Thread_ArrayList_offsetGet, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_ArrayList, offsetExists, arginfo_class_Swoole_Thread_ArrayList_offsetExists, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_ArrayList, offsetSet, arginfo_class_Swoole_Thread_ArrayList_offsetSet, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_ArrayList, offsetUnset, arginfo_class_Swoole_Thread_ArrayList_offsetUnset, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_ArrayList, find, arginfo_class_Swoole_Thread_ArrayList_find, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_ArrayList, count, arginfo_class_Swoole_Thread_ArrayList_count, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_ArrayList, incr, arginfo_class_Swoole_Thread_ArrayList_incr, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_ArrayList, decr, arginfo_class_Swoole_Thread_ArrayList_decr, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_ArrayList, clean, arginfo_class_Swoole_Thread_ArrayList_clean, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_ArrayList, toArray, arginfo_class_Swoole_Thread_ArrayList_toArray, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_ArrayList, sort, arginfo_class_Swoole_Thread_ArrayList_sort, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Thread_Queue_methods[] = {
	ZEND_ME(Swoole_Thread_Queue, __construct, arginfo_class_Swoole_Thread_Queue___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Queue, push, arginfo_class_Swoole_Thread_Queue_push, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Queue, pop, arginfo_class_Swoole_Thread_Queue_pop, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Queue, count, arginfo_class_Swoole_Thread_Queue_count, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Queue, clean, arginfo_class_Swoole_Thread_Queue_clean, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Thread_Lock_methods[] = {
	ZEND_ME(Swoole_Thread_Lock, __construct, arginfo_class_Swoole_Thread_Lock___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Lock, lock, arginfo_class_Swoole_Thread_Lock_lock, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Lock, unlock, arginfo_class_Swoole_Thread_Lock_unlock, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Thread_Atomic_methods[] = {
	ZEND_ME(Swoole_Thread_Atomic, __construct, arginfo_class_Swoole_Thread_Atomic___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Atomic, add, arginfo_class_Swoole_Thread_Atomic_add, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Atomic, sub, arginfo_class_Swoole_Thread_Atomic_sub, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Atomic, get, arginfo_class_Swoole_Thread_Atomic_get, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Atomic, set, arginfo_class_Swoole_Thread_Atomic_set, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Atomic, cmpset, arginfo_class_Swoole_Thread_Atomic_cmpset, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Atomic, wait, arginfo_class_Swoole_Thread_Atomic_wait, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Atomic, wakeup, arginfo_class_Swoole_Thread_Atomic_wakeup, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Thread_Barrier_methods[] = {
	ZEND_ME(Swoole_Thread_Barrier, __construct, arginfo_class_Swoole_Thread_Barrier___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Barrier, wait, arginfo_class_Swoole_Thread_Barrier_wait, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Thread_Atomic_Long_methods[] = {
	ZEND_ME(Swoole_Thread_Atomic_Long, __construct, arginfo_class_Swoole_Thread_Atomic_Long___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Atomic_Long, add, arginfo_class_Swoole_Thread_Atomic_Long_add, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Atomic_Long, sub, arginfo_class_Swoole_Thread_Atomic_Long_sub, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Atomic_Long, get, arginfo_class_Swoole_Thread_Atomic_Long_get, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Atomic_Long, set, arginfo_class_Swoole_Thread_Atomic_Long_set, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Thread_Atomic_Long, cmpset, arginfo_class_Swoole_Thread_Atomic_Long_cmpset, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_Thread(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole", "Thread", class_Swoole_Thread_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	zval const_HARDWARE_CONCURRENCY_value;
	ZVAL_LONG(&const_HARDWARE_CONCURRENCY_value, GUST_THREAD_HARDWARE_CONCURRENCY);
	zend_string *const_HARDWARE_CONCURRENCY_name = zend_string_init_interned("HARDWARE_CONCURRENCY", sizeof("HARDWARE_CONCURRENCY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_HARDWARE_CONCURRENCY_name, &const_HARDWARE_CONCURRENCY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_HARDWARE_CONCURRENCY_name);

	zval const_API_NAME_value;
	zend_string *const_API_NAME_value_str = zend_string_init("POSIX Threads", strlen("POSIX Threads"), 1);
	ZVAL_STR(&const_API_NAME_value, const_API_NAME_value_str);
	zend_string *const_API_NAME_name = zend_string_init_interned("API_NAME", sizeof("API_NAME") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_API_NAME_name, &const_API_NAME_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_API_NAME_name);

	zval const_SCHED_OTHER_value;
	ZVAL_LONG(&const_SCHED_OTHER_value, SCHED_OTHER);
	zend_string *const_SCHED_OTHER_name = zend_string_init_interned("SCHED_OTHER", sizeof("SCHED_OTHER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_SCHED_OTHER_name, &const_SCHED_OTHER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_SCHED_OTHER_name);

	zval const_SCHED_FIFO_value;
	ZVAL_LONG(&const_SCHED_FIFO_value, SCHED_FIFO);
	zend_string *const_SCHED_FIFO_name = zend_string_init_interned("SCHED_FIFO", sizeof("SCHED_FIFO") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_SCHED_FIFO_name, &const_SCHED_FIFO_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_SCHED_FIFO_name);

	zval const_SCHED_RR_value;
	ZVAL_LONG(&const_SCHED_RR_value, SCHED_RR);
	zend_string *const_SCHED_RR_name = zend_string_init_interned("SCHED_RR", sizeof("SCHED_RR") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_SCHED_RR_name, &const_SCHED_RR_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_SCHED_RR_name);

	zval const_SCHED_BATCH_value;
	ZVAL_LONG(&const_SCHED_BATCH_value, SCHED_BATCH);
	zend_string *const_SCHED_BATCH_name = zend_string_init_interned("SCHED_BATCH", sizeof("SCHED_BATCH") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_SCHED_BATCH_name, &const_SCHED_BATCH_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_SCHED_BATCH_name);

	zval const_SCHED_IDLE_value;
	ZVAL_LONG(&const_SCHED_IDLE_value, SCHED_IDLE);
	zend_string *const_SCHED_IDLE_name = zend_string_init_interned("SCHED_IDLE", sizeof("SCHED_IDLE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_SCHED_IDLE_name, &const_SCHED_IDLE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_SCHED_IDLE_name);

	zval property_id_default_value;
	ZVAL_LONG(&property_id_default_value, 0);
	zend_string *property_id_name = zend_string_init("id", sizeof("id") - 1, 1);
	zend_declare_typed_property(class_entry, property_id_name, &property_id_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_id_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Thread_Map(zend_class_entry *class_entry_ArrayAccess, zend_class_entry *class_entry_Countable)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Thread", "Map", class_Swoole_Thread_Map_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;
	zend_class_implements(class_entry, 2, class_entry_ArrayAccess, class_entry_Countable);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Thread_ArrayList(zend_class_entry *class_entry_ArrayAccess, zend_class_entry *class_entry_Countable)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Thread", "ArrayList", class_Swoole_Thread_ArrayList_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;
	zend_class_implements(class_entry, 2, class_entry_ArrayAccess, class_entry_Countable);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Thread_Queue(zend_class_entry *class_entry_Countable)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Thread", "Queue", class_Swoole_Thread_Queue_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;
	zend_class_implements(class_entry, 1, class_entry_Countable);

	zval const_NOTIFY_ONE_value;
	ZVAL_LONG(&const_NOTIFY_ONE_value, 1);
	zend_string *const_NOTIFY_ONE_name = zend_string_init_interned("NOTIFY_ONE", sizeof("NOTIFY_ONE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_NOTIFY_ONE_name, &const_NOTIFY_ONE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_NOTIFY_ONE_name);

	zval const_NOTIFY_ALL_value;
	ZVAL_LONG(&const_NOTIFY_ALL_value, 2);
	zend_string *const_NOTIFY_ALL_name = zend_string_init_interned("NOTIFY_ALL", sizeof("NOTIFY_ALL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_NOTIFY_ALL_name, &const_NOTIFY_ALL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_NOTIFY_ALL_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Thread_Lock(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Thread", "Lock", class_Swoole_Thread_Lock_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Thread_Atomic(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Thread", "Atomic", class_Swoole_Thread_Atomic_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Thread_Barrier(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Thread", "Barrier", class_Swoole_Thread_Barrier_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Thread_Atomic_Long(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Thread\\Atomic", "Long", class_Swoole_Thread_Atomic_Long_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;

	return class_entry;
}
