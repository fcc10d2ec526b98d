/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 4651b110dff13a63774e051e69fdbc2ecc69932a */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_swoole_event_add, 0, 1, MAY_BE_FALSE|MAY_BE_LONG)
	ZEND_ARG_TYPE_INFO(0, fd, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, read_callback, IS_CALLABLE, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, write_callback, IS_CALLABLE, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, events, IS_LONG, 0, "SWOOLE_EVENT_READ")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_event_set, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, fd, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, read_callback, IS_CALLABLE, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, write_callback, IS_CALLABLE, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, events, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_event_del, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, fd, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_event_write, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, fd, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_event_wait, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

#define arginfo_swoole_event_exit arginfo_swoole_event_wait

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_event_defer, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, callback, IS_CALLABLE, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_event_cycle, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, callback, IS_CALLABLE, 1)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, before, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_event_dispatch, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_event_isset, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, fd, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, events, IS_LONG, 0, "SWOOLE_EVENT_READ | SWOOLE_EVENT_WRITE")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Event_add arginfo_swoole_event_add

#define arginfo_class_Swoole_Event_del arginfo_swoole_event_del

#define arginfo_class_Swoole_Event_set arginfo_swoole_event_set

#define arginfo_class_Swoole_Event_isset arginfo_swoole_event_isset

#define arginfo_class_Swoole_Event_dispatch arginfo_swoole_event_dispatch

#define arginfo_class_Swoole_Event_defer arginfo_swoole_event_defer

#define arginfo_class_Swoole_Event_cycle arginfo_swoole_event_cycle

#define arginfo_class_Swoole_Event_write arginfo_swoole_event_write

#define arginfo_class_Swoole_Event_wait arginfo_swoole_event_wait

#define arginfo_class_Swoole_Event_exit arginfo_swoole_event_wait

#define arginfo_class_Swoole_Event_rshutdown arginfo_swoole_event_wait


ZEND_FUNCTION(swoole_event_add);
ZEND_FUNCTION(swoole_event_set);
ZEND_FUNCTION(swoole_event_del);
ZEND_FUNCTION(swoole_event_write);
ZEND_FUNCTION(swoole_event_wait);
ZEND_FUNCTION(swoole_event_exit);
ZEND_FUNCTION(swoole_event_defer);
ZEND_FUNCTION(swoole_event_cycle);
ZEND_FUNCTION(swoole_event_dispatch);
ZEND_FUNCTION(swoole_event_isset);
ZEND_METHOD(Swoole_Event, add);
ZEND_METHOD(Swoole_Event, del);
ZEND_METHOD(Swoole_Event, set);
ZEND_METHOD(Swoole_Event, isset);
ZEND_METHOD(Swoole_Event, dispatch);
ZEND_METHOD(Swoole_Event, defer);
ZEND_METHOD(Swoole_Event, cycle);
ZEND_METHOD(Swoole_Event, write);
ZEND_METHOD(Swoole_Event, wait);
ZEND_METHOD(Swoole_Event, exit);
ZEND_METHOD(Swoole_Event, rshutdown);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(swoole_event_add, arginfo_swoole_event_add)
	ZEND_FE(swoole_event_set, arginfo_swoole_event_set)
	ZEND_FE(swoole_event_del, arginfo_swoole_event_del)
	ZEND_FE(swoole_event_write, arginfo_swoole_event_write)
	ZEND_FE(swoole_event_wait, arginfo_swoole_event_wait)
	ZEND_FE(swoole_event_exit, arginfo_swoole_event_exit)
	ZEND_FE(swoole_event_defer, arginfo_swoole_event_defer)
	ZEND_FE(swoole_event_cycle, arginfo_swoole_event_cycle)
	ZEND_FE(swoole_event_dispatch, arginfo_swoole_event_dispatch)
	ZEND_FE(swoole_event_isset, arginfo_swoole_event_isset)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Event_methods[] = {
	ZEND_ME(Swoole_Event, add, arginfo_class_Swoole_Event_add, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Event, del, arginfo_class_Swoole_Event_del, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Event, set, arginfo_class_Swoole_Event_set, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Event, isset, arginfo_class_Swoole_Event_isset, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Event, dispatch, arginfo_class_Swoole_Event_dispatch, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Event, defer, arginfo_class_Swoole_Event_defer, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Event, cycle, arginfo_class_Swoole_Event_cycle, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Event, write, arginfo_class_Swoole_Event_write, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Event, wait, arginfo_class_Swoole_Event_wait, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Event, exit, arginfo_class_Swoole_Event_exit, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Event, rshutdown, arginfo_class_Swoole_Event_rshutdown, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_Event(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole", "Event", class_Swoole_Event_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	return class_entry;
}
