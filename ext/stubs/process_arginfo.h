/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 15bb7a717f7f1eb96b5b1f92aafd3a0a39fec618 */

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Process___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, callback, IS_CALLABLE, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, redirect_stdin_and_stdout, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, pipe_type, IS_LONG, 0, "2")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, enable_coroutine, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Process___destruct, 0, 0, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_useQueue, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, key, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, mode, IS_LONG, 0, "2")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, capacity, IS_LONG, 0, "-1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Process_statQueue, 0, 0, MAY_BE_ARRAY|MAY_BE_FALSE)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_freeQueue, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Process_pop, 0, 0, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, size, IS_LONG, 0, "65536")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_push, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_kill, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, pid, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, signal_no, IS_LONG, 0, "15")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_signal, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, signal_no, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, callback, IS_CALLABLE, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_alarm, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, usec, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, type, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Process_wait, 0, 0, MAY_BE_FALSE|MAY_BE_ARRAY)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, blocking, _IS_BOOL, 0, "true")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_daemon, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, nochdir, _IS_BOOL, 0, "true")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, noclose, _IS_BOOL, 0, "true")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, pipes, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_setAffinity, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, cpu_settings, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Process_getAffinity arginfo_class_Swoole_Process_statQueue

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_set, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, settings, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_setTimeout, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, seconds, IS_DOUBLE, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_setBlocking, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, blocking, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_setPriority, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, which, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, priority, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, who, IS_LONG, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Process_getPriority, 0, 1, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, which, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, who, IS_LONG, 1, "null")
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

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_Swoole_Process_exportSocket, 0, 0, Swoole\\Coroutine\\Socket, MAY_BE_FALSE)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_exit, 0, 0, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, exit_code, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_exec, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, exec_file, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, args, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_name, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, process_name, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Process_Pool___construct, 0, 0, 1)
	ZEND_ARG_TYPE_INFO(0, worker_num, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, ipc_type, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, msgqueue_key, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, enable_coroutine, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Process_Pool___destruct arginfo_class_Swoole_Process___destruct

#define arginfo_class_Swoole_Process_Pool_set arginfo_class_Swoole_Process_set

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_Pool_on, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, callback, IS_CALLABLE, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_Swoole_Process_Pool_getProcess, 0, 0, Swoole\\Process, MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, work_id, IS_LONG, 0, "-1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_Pool_listen, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, host, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, port, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, backlog, IS_LONG, 0, "2048")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Process_Pool_write arginfo_class_Swoole_Process_push

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_Pool_sendMessage, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, dst_worker_id, IS_LONG, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Process_Pool_detach arginfo_class_Swoole_Process_freeQueue

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Process_Pool_start, 0, 0, MAY_BE_NULL|MAY_BE_FALSE)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_Pool_stop, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Process_Pool_shutdown arginfo_class_Swoole_Process_freeQueue

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Process_Manager___construct, 0, 0, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, ipcType, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, msgQueueKey, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_Manager_add, 0, 1, IS_STATIC, 0)
	ZEND_ARG_TYPE_INFO(0, func, IS_CALLABLE, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, enableCoroutine, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_Manager_addBatch, 0, 2, IS_STATIC, 0)
	ZEND_ARG_TYPE_INFO(0, workerNum, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, func, IS_CALLABLE, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, enableCoroutine, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Process_Manager_start arginfo_class_Swoole_Process_Pool_stop

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_Manager_setIPCType, 0, 1, IS_STATIC, 0)
	ZEND_ARG_TYPE_INFO(0, ipcType, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_Manager_getIPCType, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Process_Manager_setMsgQueueKey, 0, 1, IS_STATIC, 0)
	ZEND_ARG_TYPE_INFO(0, msgQueueKey, IS_LONG, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Process_Manager_getMsgQueueKey arginfo_class_Swoole_Process_Manager_getIPCType


ZEND_METHOD(Swoole_Process, __construct);
ZEND_METHOD(Swoole_Process, __destruct);
ZEND_METHOD(Swoole_Process, useQueue);
ZEND_METHOD(Swoole_Process, statQueue);
ZEND_METHOD(Swoole_Process, freeQueue);
ZEND_METHOD(Swoole_Process, pop);
ZEND_METHOD(Swoole_Process, push);
ZEND_METHOD(Swoole_Process, kill);
ZEND_METHOD(Swoole_Process, signal);
ZEND_METHOD(Swoole_Process, alarm);
ZEND_METHOD(Swoole_Process, wait);
ZEND_METHOD(Swoole_Process, daemon);
ZEND_METHOD(Swoole_Process, setAffinity);
ZEND_METHOD(Swoole_Process, getAffinity);
ZEND_METHOD(Swoole_Process, set);
ZEND_METHOD(Swoole_Process, setTimeout);
ZEND_METHOD(Swoole_Process, setBlocking);
ZEND_METHOD(Swoole_Process, setPriority);
ZEND_METHOD(Swoole_Process, getPriority);
ZEND_METHOD(Swoole_Process, start);
ZEND_METHOD(Swoole_Process, write);
ZEND_METHOD(Swoole_Process, read);
ZEND_METHOD(Swoole_Process, close);
ZEND_METHOD(Swoole_Process, exportSocket);
ZEND_METHOD(Swoole_Process, exit);
ZEND_METHOD(Swoole_Process, exec);
ZEND_METHOD(Swoole_Process, name);
ZEND_METHOD(Swoole_Process_Pool, __construct);
ZEND_METHOD(Swoole_Process_Pool, __destruct);
ZEND_METHOD(Swoole_Process_Pool, set);
ZEND_METHOD(Swoole_Process_Pool, on);
ZEND_METHOD(Swoole_Process_Pool, getProcess);
ZEND_METHOD(Swoole_Process_Pool, listen);
ZEND_METHOD(Swoole_Process_Pool, write);
ZEND_METHOD(Swoole_Process_Pool, sendMessage);
ZEND_METHOD(Swoole_Process_Pool, detach);
ZEND_METHOD(Swoole_Process_Pool, start);
ZEND_METHOD(Swoole_Process_Pool, stop);
ZEND_METHOD(Swoole_Process_Pool, shutdown);
ZEND_METHOD(Swoole_Process_Manager, __construct);
ZEND_METHOD(Swoole_Process_Manager, add);
ZEND_METHOD(Swoole_Process_Manager, addBatch);
ZEND_METHOD(Swoole_Process_Manager, start);
ZEND_METHOD(Swoole_Process_Manager, setIPCType);
ZEND_METHOD(Swoole_Process_Manager, getIPCType);
ZEND_METHOD(Swoole_Process_Manager, setMsgQueueKey);
ZEND_METHOD(Swoole_Process_Manager, getMsgQueueKey);


static const zend_function_entry class_Swoole_Process_methods[] = {
	ZEND_ME(Swoole_Process, __construct, arginfo_class_Swoole_Process___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, __destruct, arginfo_class_Swoole_Process___destruct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, useQueue, arginfo_class_Swoole_Process_useQueue, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, statQueue, arginfo_class_Swoole_Process_statQueue, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, freeQueue, arginfo_class_Swoole_Process_freeQueue, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, pop, arginfo_class_Swoole_Process_pop, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, push, arginfo_class_Swoole_Process_push, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, kill, arginfo_class_Swoole_Process_kill, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Process, signal, arginfo_class_Swoole_Process_signal, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Process, alarm, arginfo_class_Swoole_Process_alarm, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Process, wait, arginfo_class_Swoole_Process_wait, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Process, daemon, arginfo_class_Swoole_Process_daemon, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Process, setAffinity, arginfo_class_Swoole_Process_setAffinity, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Process, getAffinity, arginfo_class_Swoole_Process_getAffinity, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Process, set, arginfo_class_Swoole_Process_set, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, setTimeout, arginfo_class_Swoole_Process_setTimeout, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, setBlocking, arginfo_class_Swoole_Process_setBlocking, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, setPriority, arginfo_class_Swoole_Process_setPriority, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, getPriority, arginfo_class_Swoole_Process_getPriority, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, start, arginfo_class_Swoole_Process_start, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, write, arginfo_class_Swoole_Process_write, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, read, arginfo_class_Swoole_Process_read, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, close, arginfo_class_Swoole_Process_close, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, exportSocket, arginfo_class_Swoole_Process_exportSocket, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, exit, arginfo_class_Swoole_Process_exit, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, exec, arginfo_class_Swoole_Process_exec, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process, name, arginfo_class_Swoole_Process_name, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Process_Pool_methods[] = {
	ZEND_ME(Swoole_Process_Pool, __construct, arginfo_class_Swoole_Process_Pool___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process_Pool, __destruct, arginfo_class_Swoole_Process_Pool___destruct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process_Pool, set, arginfo_class_Swoole_Process_Pool_set, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process_Pool, on, arginfo_class_Swoole_Process_Pool_on, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process_Pool, getProcess, arginfo_class_Swoole_Process_Pool_getProcess, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process_Pool, listen, arginfo_class_Swoole_Process_Pool_listen, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process_Pool, write, arginfo_class_Swoole_Process_Pool_write, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process_Pool, sendMessage, arginfo_class_Swoole_Process_Pool_sendMessage, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process_Pool, detach, arginfo_class_Swoole_Process_Pool_detach, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process_Pool, start, arginfo_class_Swoole_Process_Pool_start, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process_Pool, stop, arginfo_class_Swoole_Process_Pool_stop, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process_Pool, shutdown, arginfo_class_Swoole_Process_Pool_shutdown, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Process_Manager_methods[] = {
	ZEND_ME(Swoole_Process_Manager, __construct, arginfo_class_Swoole_Process_Manager___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process_Manager, add, arginfo_class_Swoole_Process_Manager_add, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process_Manager, addBatch, arginfo_class_Swoole_Process_Manager_addBatch, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process_Manager, start, arginfo_class_Swoole_Process_Manager_start, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process_Manager, setIPCType, arginfo_class_Swoole_Process_Manager_setIPCType, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process_Manager, getIPCType, arginfo_class_Swoole_Process_Manager_getIPCType, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process_Manager, setMsgQueueKey, arginfo_class_Swoole_Process_Manager_setMsgQueueKey, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Process_Manager, getMsgQueueKey, arginfo_class_Swoole_Process_Manager_getMsgQueueKey, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};

static void register_process_symbols(int module_number)
{
	REGISTER_LONG_CONSTANT("ITIMER_REAL", ITIMER_REAL, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("ITIMER_VIRTUAL", ITIMER_VIRTUAL, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("ITIMER_PROF", ITIMER_PROF, CONST_PERSISTENT);
}

static zend_class_entry *register_class_Swoole_Process(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole", "Process", class_Swoole_Process_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval const_IPC_NOWAIT_value;
	ZVAL_LONG(&const_IPC_NOWAIT_value, IPC_NOWAIT);
	zend_string *const_IPC_NOWAIT_name = zend_string_init_interned("IPC_NOWAIT", sizeof("IPC_NOWAIT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_IPC_NOWAIT_name, &const_IPC_NOWAIT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_IPC_NOWAIT_name);

	zval const_PIPE_MASTER_value;
	ZVAL_LONG(&const_PIPE_MASTER_value, 1);
	zend_string *const_PIPE_MASTER_name = zend_string_init_interned("PIPE_MASTER", sizeof("PIPE_MASTER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_PIPE_MASTER_name, &const_PIPE_MASTER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_PIPE_MASTER_name);

	zval const_PIPE_WORKER_value;
	ZVAL_LONG(&const_PIPE_WORKER_value, 2);
	zend_string *const_PIPE_WORKER_name = zend_string_init_interned("PIPE_WORKER", sizeof("PIPE_WORKER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_PIPE_WORKER_name, &const_PIPE_WORKER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_PIPE_WORKER_name);

	zval const_PIPE_READ_value;
	ZVAL_LONG(&const_PIPE_READ_value, 3);
	zend_string *const_PIPE_READ_name = zend_string_init_interned("PIPE_READ", sizeof("PIPE_READ") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_PIPE_READ_name, &const_PIPE_READ_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_PIPE_READ_name);

	zval const_PIPE_WRITE_value;
	ZVAL_LONG(&const_PIPE_WRITE_value, 4);
	zend_string *const_PIPE_WRITE_name = zend_string_init_interned("PIPE_WRITE", sizeof("PIPE_WRITE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_PIPE_WRITE_name, &const_PIPE_WRITE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_PIPE_WRITE_name);

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

	zval property_callback_default_value;
	ZVAL_NULL(&property_callback_default_value);
	zend_string *property_callback_name = zend_string_init("callback", sizeof("callback") - 1, 1);
	zend_declare_typed_property(class_entry, property_callback_name, &property_callback_default_value, ZEND_ACC_PRIVATE, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ANY));
	zend_string_release(property_callback_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Process_Pool(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Process", "Pool", class_Swoole_Process_Pool_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval property_master_pid_default_value;
	ZVAL_LONG(&property_master_pid_default_value, -1);
	zend_string *property_master_pid_name = zend_string_init("master_pid", sizeof("master_pid") - 1, 1);
	zend_declare_typed_property(class_entry, property_master_pid_name, &property_master_pid_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_master_pid_name);

	zval property_workers_default_value;
	ZVAL_NULL(&property_workers_default_value);
	zend_string *property_workers_name = zend_string_init("workers", sizeof("workers") - 1, 1);
	zend_declare_typed_property(class_entry, property_workers_name, &property_workers_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY|MAY_BE_NULL));
	zend_string_release(property_workers_name);

	zval property_workerId_default_value;
	ZVAL_LONG(&property_workerId_default_value, -1);
	zend_string *property_workerId_name = zend_string_init("workerId", sizeof("workerId") - 1, 1);
	zend_declare_typed_property(class_entry, property_workerId_name, &property_workerId_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_workerId_name);

	zval property_workerPid_default_value;
	ZVAL_LONG(&property_workerPid_default_value, -1);
	zend_string *property_workerPid_name = zend_string_init("workerPid", sizeof("workerPid") - 1, 1);
	zend_declare_typed_property(class_entry, property_workerPid_name, &property_workerPid_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_workerPid_name);

	zval property_workerRunning_default_value;
	ZVAL_FALSE(&property_workerRunning_default_value);
	zend_string *property_workerRunning_name = zend_string_init("workerRunning", sizeof("workerRunning") - 1, 1);
	zend_declare_typed_property(class_entry, property_workerRunning_name, &property_workerRunning_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_workerRunning_name);

	zval property_running_default_value;
	ZVAL_FALSE(&property_running_default_value);
	zend_string *property_running_name = zend_string_init("running", sizeof("running") - 1, 1);
	zend_declare_typed_property(class_entry, property_running_name, &property_running_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_running_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Process_Manager(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Process", "Manager", class_Swoole_Process_Manager_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	return class_entry;
}
