/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 04c2c6b4427542135b037dc0bd4d71bb71d03137 */

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Process___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, callback, IS_CALLABLE, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, redirect_stdin_and_stdout, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, pipe_type, IS_LONG, 0, "2")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, enable_coroutine, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Process___destruct, 0, 0, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Process_start, 0, 0, MAY_BE_BOOL|MAY_BE_LONG)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Process_write, 0, 1, MAY_BE_FALSE|MAY_BE_LONG)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Process_read, 0, 0, MAY_BE_FALSE|MAY_BE_STRING)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, size, IS_LONG, 0, "8192")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_close, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, which, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_setTimeout, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, seconds, IS_DOUBLE, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_setBlocking, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, blocking, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_name, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, process_name, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_exit, 0, 0, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, exit_code, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Process_wait, 0, 0, MAY_BE_FALSE|MAY_BE_ARRAY)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, blocking, _IS_BOOL, 0, "true")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_kill, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, pid, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, signal_no, IS_LONG, 0, "15")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_daemon, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, nochdir, _IS_BOOL, 0, "true")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, noclose, _IS_BOOL, 0, "true")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, pipes, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()


ZEND_METHOD(Swoole_Process, __construct);
ZEND_METHOD(Swoole_Process, __destruct);
ZEND_METHOD(Swoole_Process, start);
ZEND_METHOD(Swoole_Process, write);
ZEND_METHOD(Swoole_Process, read);
ZEND_METHOD(Swoole_Process, close);
ZEND_METHOD(Swoole_Process, setTimeout);
ZEND_METHOD(Swoole_Process, setBlocking);
ZEND_METHOD(Swoole_Process, name);
ZEND_METHOD(Swoole_Process, exit);
ZEND_METHOD(Swoole_Process, wait);
ZEND_METHOD(Swoole_Process, kill);
ZEND_METHOD(Swoole_Process, daemon);


static const zend_function_entry class_Swoole_Process_methods[] = {
	ZEND_ME(Swoole_Process, __construct, arginfo_class_Swoole_Process___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, __destruct, arginfo_class_Swoole_Process___destruct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, start, arginfo_class_Swoole_Process_start, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, write, arginfo_class_Swoole_Process_write, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, read, arginfo_class_Swoole_Process_read, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, close, arginfo_class_Swoole_Process_close, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, setTimeout, arginfo_class_Swoole_Process_setTimeout, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, setBlocking, arginfo_class_Swoole_Process_setBlocking, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, name, arginfo_class_Swoole_Process_name, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, exit, arginfo_class_Swoole_Process_exit, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, wait, arginfo_class_Swoole_Process_wait, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Process, kill, arginfo_class_Swoole_Process_kill, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Process, daemon, arginfo_class_Swoole_Process_daemon, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_Process(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole", "Process", class_Swoole_Process_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval property_pipe_default_value;
	ZVAL_LONG(&property_pipe_default_value, -1);
	zend_string *property_pipe_name = zend_string_init("pipe", sizeof("pipe") - 1, 1);
	zend_declare_typed_property(class_entry, property_pipe_name, &property_pipe_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_pipe_name);

	zval property_msgQueueId_default_value;
	ZVAL_NULL(&property_msgQueueId_default_value);
	zend_string *property_msgQueueId_name = zend_string_init("msgQueueId", sizeof("msgQueueId") - 1, 1);
	zend_declare_typed_property(class_entry, property_msgQueueId_name, &property_msgQueueId_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG|MAY_BE_NULL));
	zend_string_release(property_msgQueueId_name);

	zval property_msgQueueKey_default_value;
	ZVAL_NULL(&property_msgQueueKey_default_value);
	zend_string *property_msgQueueKey_name = zend_string_init("msgQueueKey", sizeof("msgQueueKey") - 1, 1);
	zend_declare_typed_property(class_entry, property_msgQueueKey_name, &property_msgQueueKey_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG|MAY_BE_NULL));
	zend_string_release(property_msgQueueKey_name);

	zval property_pid_default_value;
	ZVAL_LONG(&property_pid_default_value, -1);
	zend_string *property_pid_name = zend_string_init("pid", sizeof("pid") - 1, 1);
	zend_declare_typed_property(class_entry, property_pid_name, &property_pid_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_pid_name);

	zval property_id_default_value;
	ZVAL_LONG(&property_id_default_value, -1);
	zend_string *property_id_name = zend_string_init("id", sizeof("id") - 1, 1);
	zend_declare_typed_property(class_entry, property_id_name, &property_id_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_id_name);

	return class_entry;
}
