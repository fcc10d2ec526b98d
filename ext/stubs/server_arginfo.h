/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 57d3a0ac792a88fcff920d9d35412a47e68051a8 */

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Server___construct, 0, 0, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, host, IS_STRING, 0, "\'0.0.0.0\'")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, port, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, mode, IS_LONG, 0, "SWOOLE_BASE")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, sock_type, IS_LONG, 0, "SWOOLE_SOCK_TCP")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Swoole_Server___destruct, 0, 0, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_Swoole_Server_listen, 0, 3, Swoole\\Server\\Port, MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, host, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, port, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, sock_type, IS_LONG, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Server_addlistener arginfo_class_Swoole_Server_listen

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_on, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, event_name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, callback, IS_CALLABLE, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_Swoole_Server_getCallback, 0, 1, Closure, 1)
	ZEND_ARG_TYPE_INFO(0, event_name, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_set, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, settings, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_start, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_send, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_MASK(0, fd, MAY_BE_LONG|MAY_BE_STRING, NULL)
	ZEND_ARG_TYPE_INFO(0, send_data, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, serverSocket, IS_LONG, 0, "-1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_sendto, 0, 3, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, ip, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, port, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, send_data, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, server_socket, IS_LONG, 0, "-1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_sendfile, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, conn_fd, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, filename, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, offset, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, length, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_exists, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, fd, IS_LONG, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Server_exist arginfo_class_Swoole_Server_exists

#define arginfo_class_Swoole_Server_isEstablished arginfo_class_Swoole_Server_exists

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_protect, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, fd, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, is_protected, _IS_BOOL, 0, "true")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_close, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, fd, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, reset, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Server_pause arginfo_class_Swoole_Server_exists

#define arginfo_class_Swoole_Server_resume arginfo_class_Swoole_Server_exists

#define arginfo_class_Swoole_Server_shutdown arginfo_class_Swoole_Server_start

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_stop, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, workerId, IS_LONG, 0, "-1")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, waitEvent, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_reload, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, only_reload_taskworker, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_getLastError, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Server_heartbeat, 0, 0, MAY_BE_FALSE|MAY_BE_ARRAY)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, ifCloseConnection, _IS_BOOL, 0, "true")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Server_getClientInfo, 0, 1, MAY_BE_FALSE|MAY_BE_ARRAY)
	ZEND_ARG_TYPE_INFO(0, fd, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, reactor_id, IS_LONG, 0, "-1")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, ignoreError, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_Swoole_Server_getSocket, 0, 0, Socket, MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, port, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Server_connection_info arginfo_class_Swoole_Server_getClientInfo

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Server_getClientList, 0, 0, MAY_BE_FALSE|MAY_BE_ARRAY)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, start_fd, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, find_count, IS_LONG, 0, "10")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Server_connection_list arginfo_class_Swoole_Server_getClientList

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Server_getWorkerId, 0, 0, MAY_BE_LONG|MAY_BE_FALSE)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Server_getWorkerPid, 0, 0, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, worker_id, IS_LONG, 0, "-1")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Server_getWorkerStatus arginfo_class_Swoole_Server_getWorkerPid

#define arginfo_class_Swoole_Server_getManagerPid arginfo_class_Swoole_Server_getLastError

#define arginfo_class_Swoole_Server_getMasterPid arginfo_class_Swoole_Server_getLastError

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_stats, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_bind, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, fd, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, uid, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Server_task, 0, 1, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, data, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, taskWorkerIndex, IS_LONG, 0, "-1")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, finishCallback, IS_CALLABLE, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_taskwait, 0, 1, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0.5")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, taskWorkerIndex, IS_LONG, 0, "-1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Server_taskWaitMulti, 0, 1, MAY_BE_FALSE|MAY_BE_ARRAY)
	ZEND_ARG_TYPE_INFO(0, tasks, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeout, IS_DOUBLE, 0, "0.5")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Server_taskCo arginfo_class_Swoole_Server_taskWaitMulti

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_finish, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_sendMessage, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, message, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, dst_worker_id, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Server_addProcess, 0, 1, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_OBJ_INFO(0, process, Swoole\\Process, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Server_after, 0, 2, MAY_BE_LONG|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, ms, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, callback, IS_CALLABLE, 0)
	ZEND_ARG_VARIADIC_TYPE_INFO(0, params, IS_MIXED, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Server_tick arginfo_class_Swoole_Server_after

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_clearTimer, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, timer_id, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_defer, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, callback, IS_CALLABLE, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_addCommand, 0, 3, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, accepted_process_types, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, callback, IS_CALLABLE, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Server_command, 0, 4, MAY_BE_STRING|MAY_BE_ARRAY|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, process_id, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, process_type, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, json_decode, _IS_BOOL, 0, "true")
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Server_Task_finish arginfo_class_Swoole_Server_finish

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_Swoole_Server_Task_pack, 0, 1, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, data, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_Task_unpack, 0, 1, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Server_Port___construct arginfo_class_Swoole_Server___destruct

#define arginfo_class_Swoole_Server_Port___destruct arginfo_class_Swoole_Server___destruct

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Server_Port_set, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, settings, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Server_Port_on arginfo_class_Swoole_Server_on

#define arginfo_class_Swoole_Server_Port_getCallback arginfo_class_Swoole_Server_getCallback

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_TYPE_MASK_EX(arginfo_class_Swoole_Server_Port_getSocket, 0, 0, Socket, MAY_BE_FALSE)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Connection_Iterator___construct arginfo_class_Swoole_Server___destruct

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Connection_Iterator_rewind, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Connection_Iterator_next arginfo_class_Swoole_Connection_Iterator_rewind

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Connection_Iterator_current, 0, 0, IS_MIXED, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Swoole_Connection_Iterator_key arginfo_class_Swoole_Connection_Iterator_current

#define arginfo_class_Swoole_Connection_Iterator_valid arginfo_class_Swoole_Server_start

#define arginfo_class_Swoole_Connection_Iterator_count arginfo_class_Swoole_Server_getLastError

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Connection_Iterator_offsetExists, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, fd, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Connection_Iterator_offsetGet, 0, 1, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, fd, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Connection_Iterator_offsetSet, 0, 2, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, fd, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Connection_Iterator_offsetUnset, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, fd, IS_MIXED, 0)
ZEND_END_ARG_INFO()


ZEND_METHOD(Swoole_Server, __construct);
ZEND_METHOD(Swoole_Server, __destruct);
ZEND_METHOD(Swoole_Server, listen);
ZEND_METHOD(Swoole_Server, on);
ZEND_METHOD(Swoole_Server, getCallback);
ZEND_METHOD(Swoole_Server, set);
ZEND_METHOD(Swoole_Server, start);
ZEND_METHOD(Swoole_Server, send);
ZEND_METHOD(Swoole_Server, sendto);
ZEND_METHOD(Swoole_Server, sendfile);
ZEND_METHOD(Swoole_Server, exists);
ZEND_METHOD(Swoole_Server, protect);
ZEND_METHOD(Swoole_Server, close);
ZEND_METHOD(Swoole_Server, pause);
ZEND_METHOD(Swoole_Server, resume);
ZEND_METHOD(Swoole_Server, shutdown);
ZEND_METHOD(Swoole_Server, stop);
ZEND_METHOD(Swoole_Server, reload);
ZEND_METHOD(Swoole_Server, getLastError);
ZEND_METHOD(Swoole_Server, heartbeat);
ZEND_METHOD(Swoole_Server, getClientInfo);
ZEND_METHOD(Swoole_Server, getSocket);
ZEND_METHOD(Swoole_Server, getClientList);
ZEND_METHOD(Swoole_Server, getWorkerId);
ZEND_METHOD(Swoole_Server, getWorkerPid);
ZEND_METHOD(Swoole_Server, getWorkerStatus);
ZEND_METHOD(Swoole_Server, getManagerPid);
ZEND_METHOD(Swoole_Server, getMasterPid);
ZEND_METHOD(Swoole_Server, stats);
ZEND_METHOD(Swoole_Server, bind);
ZEND_METHOD(Swoole_Server, task);
ZEND_METHOD(Swoole_Server, taskwait);
ZEND_METHOD(Swoole_Server, taskWaitMulti);
ZEND_METHOD(Swoole_Server, finish);
ZEND_METHOD(Swoole_Server, sendMessage);
ZEND_METHOD(Swoole_Server, addProcess);
ZEND_METHOD(Swoole_Server, after);
ZEND_METHOD(Swoole_Server, tick);
ZEND_METHOD(Swoole_Server, clearTimer);
ZEND_METHOD(Swoole_Server, defer);
ZEND_METHOD(Swoole_Server, addCommand);
ZEND_METHOD(Swoole_Server, command);
ZEND_METHOD(Swoole_Server_Task, finish);
ZEND_METHOD(Swoole_Server_Task, pack);
ZEND_METHOD(Swoole_Server_Task, unpack);
ZEND_METHOD(Swoole_Server_Port, __construct);
ZEND_METHOD(Swoole_Server_Port, __destruct);
ZEND_METHOD(Swoole_Server_Port, set);
ZEND_METHOD(Swoole_Server_Port, on);
ZEND_METHOD(Swoole_Server_Port, getCallback);
ZEND_METHOD(Swoole_Server_Port, getSocket);
ZEND_METHOD(Swoole_Connection_Iterator, __construct);
ZEND_METHOD(Swoole_Connection_Iterator, rewind);
ZEND_METHOD(Swoole_Connection_Iterator, next);
ZEND_METHOD(Swoole_Connection_Iterator, current);
ZEND_METHOD(Swoole_Connection_Iterator, key);
ZEND_METHOD(Swoole_Connection_Iterator, valid);
ZEND_METHOD(Swoole_Connection_Iterator, count);
ZEND_METHOD(Swoole_Connection_Iterator, offsetExists);
ZEND_METHOD(Swoole_Connection_Iterator, offsetGet);
ZEND_METHOD(Swoole_Connection_Iterator, offsetSet);
ZEND_METHOD(Swoole_Connection_Iterator, offsetUnset);


static const zend_function_entry class_Swoole_Server_methods[] = {
	ZEND_ME(Swoole_Server, __construct, arginfo_class_Swoole_Server___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, __destruct, arginfo_class_Swoole_Server___destruct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, listen, arginfo_class_Swoole_Server_listen, ZEND_ACC_PUBLIC)
	ZEND_MALIAS(Swoole_Server, addlistener, listen, arginfo_class_Swoole_Server_addlistener, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, on, arginfo_class_Swoole_Server_on, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, getCallback, arginfo_class_Swoole_Server_getCallback, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, set, arginfo_class_Swoole_Server_set, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, start, arginfo_class_Swoole_Server_start, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, send, arginfo_class_Swoole_Server_send, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, sendto, arginfo_class_Swoole_Server_sendto, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, sendfile, arginfo_class_Swoole_Server_sendfile, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, exists, arginfo_class_Swoole_Server_exists, ZEND_ACC_PUBLIC)
	ZEND_MALIAS(Swoole_Server, exist, exists, arginfo_class_Swoole_Server_exist, ZEND_ACC_PUBLIC)
	ZEND_MALIAS(Swoole_Server, isEstablished, exists, arginfo_class_Swoole_Server_isEstablished, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, protect, arginfo_class_Swoole_Server_protect, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, close, arginfo_class_Swoole_Server_close, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, pause, arginfo_class_Swoole_Server_pause, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, resume, arginfo_class_Swoole_Server_resume, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, shutdown, arginfo_class_Swoole_Server_shutdown, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, stop, arginfo_class_Swoole_Server_stop, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, reload, arginfo_class_Swoole_Server_reload, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, getLastError, arginfo_class_Swoole_Server_getLastError, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, heartbeat, arginfo_class_Swoole_Server_heartbeat, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, getClientInfo, arginfo_class_Swoole_Server_getClientInfo, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, getSocket, arginfo_class_Swoole_Server_getSocket, ZEND_ACC_PUBLIC)
	ZEND_MALIAS(Swoole_Server, connection_info, getClientInfo, arginfo_class_Swoole_Server_connection_info, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, getClientList, arginfo_class_Swoole_Server_getClientList, ZEND_ACC_PUBLIC)
	ZEND_MALIAS(Swoole_Server, connection_list, getClientList, arginfo_class_Swoole_Server_connection_list, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, getWorkerId, arginfo_class_Swoole_Server_getWorkerId, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, getWorkerPid, arginfo_class_Swoole_Server_getWorkerPid, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, getWorkerStatus, arginfo_class_Swoole_Server_getWorkerStatus, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, getManagerPid, arginfo_class_Swoole_Server_getManagerPid, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, getMasterPid, arginfo_class_Swoole_Server_getMasterPid, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, stats, arginfo_class_Swoole_Server_stats, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, bind, arginfo_class_Swoole_Server_bind, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, task, arginfo_class_Swoole_Server_task, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, taskwait, arginfo_class_Swoole_Server_taskwait, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, taskWaitMulti, arginfo_class_Swoole_Server_taskWaitMulti, ZEND_ACC_PUBLIC)
	ZEND_MALIAS(Swoole_Server, taskCo, taskWaitMulti, arginfo_class_Swoole_Server_taskCo, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, finish, arginfo_class_Swoole_Server_finish, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, sendMessage, arginfo_class_Swoole_Server_sendMessage, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, addProcess, arginfo_class_Swoole_Server_addProcess, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, after, arginfo_class_Swoole_Server_after, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, tick, arginfo_class_Swoole_Server_tick, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, clearTimer, arginfo_class_Swoole_Server_clearTimer, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, defer, arginfo_class_Swoole_Server_defer, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, addCommand, arginfo_class_Swoole_Server_addCommand, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server, command, arginfo_class_Swoole_Server_command, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Server_Task_methods[] = {
	ZEND_ME(Swoole_Server_Task, finish, arginfo_class_Swoole_Server_Task_finish, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server_Task, pack, arginfo_class_Swoole_Server_Task_pack, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Server_Task, unpack, arginfo_class_Swoole_Server_Task_unpack, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Server_Event_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Server_Packet_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Server_PipeMessage_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Server_TaskResult_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Server_StatusInfo_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Server_Port_methods[] = {
	ZEND_ME(Swoole_Server_Port, __construct, arginfo_class_Swoole_Server_Port___construct, ZEND_ACC_PRIVATE)
	ZEND_ME(Swoole_Server_Port, __destruct, arginfo_class_Swoole_Server_Port___destruct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server_Port, set, arginfo_class_Swoole_Server_Port_set, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server_Port, on, arginfo_class_Swoole_Server_Port_on, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server_Port, getCallback, arginfo_class_Swoole_Server_Port_getCallback, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Server_Port, getSocket, arginfo_class_Swoole_Server_Port_getSocket, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Connection_Iterator_methods[] = {
	ZEND_ME(Swoole_Connection_Iterator, __construct, arginfo_class_Swoole_Connection_Iterator___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Connection_Iterator, rewind, arginfo_class_Swoole_Connection_Iterator_rewind, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Connection_Iterator, next, arginfo_class_Swoole_Connection_Iterator_next, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Connection_Iterator, current, arginfo_class_Swoole_Connection_Iterator_current, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Connection_Iterator, key, arginfo_class_Swoole_Connection_Iterator_key, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Connection_Iterator, valid, arginfo_class_Swoole_Connection_Iterator_valid, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Connection_Iterator, count, arginfo_class_Swoole_Connection_Iterator_count, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Connection_Iterator, offsetExists, arginfo_class_Swoole_Connection_Iterator_offsetExists, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Connection_Iterator, offsetGet, arginfo_class_Swoole_Connection_Iterator_offsetGet, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Connection_Iterator, offsetSet, arginfo_class_Swoole_Connection_Iterator_offsetSet, ZEND_ACC_PUBLIC)
	ZEND_ME(Swoole_Connection_Iterator, offsetUnset, arginfo_class_Swoole_Connection_Iterator_offsetUnset, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};

static void register_server_symbols(int module_number)
{
	REGISTER_LONG_CONSTANT("SWOOLE_SERVER_COMMAND_MASTER", gust::php::srv::kCommandMaster, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_SERVER_COMMAND_REACTOR_THREAD", gust::php::srv::kCommandReactorThread, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_SERVER_COMMAND_EVENT_WORKER", gust::php::srv::kCommandEventWorker, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_SERVER_COMMAND_WORKER", gust::php::srv::kCommandEventWorker, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_SERVER_COMMAND_TASK_WORKER", gust::php::srv::kCommandTaskWorker, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_SERVER_COMMAND_MANAGER", gust::php::srv::kCommandManager, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_DISPATCH_ROUND", gust::php::srv::kDispatchRound, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_DISPATCH_FDMOD", gust::php::srv::kDispatchFdMod, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_DISPATCH_IDLE_WORKER", gust::php::srv::kDispatchIdleWorker, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_DISPATCH_IPMOD", gust::php::srv::kDispatchIpMod, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_DISPATCH_UIDMOD", gust::php::srv::kDispatchUidMod, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_DISPATCH_USERFUNC", gust::php::srv::kDispatchUserFunc, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_DISPATCH_STREAM", gust::php::srv::kDispatchStream, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_DISPATCH_CO_CONN_LB", gust::php::srv::kDispatchCoConnLb, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_DISPATCH_CO_REQ_LB", gust::php::srv::kDispatchCoReqLb, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_DISPATCH_CONCURRENT_LB", gust::php::srv::kDispatchConcurrentLb, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_DISPATCH_RESULT_DISCARD_PACKET", gust::php::srv::kDispatchResultDiscardPacket, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_DISPATCH_RESULT_CLOSE_CONNECTION", gust::php::srv::kDispatchResultCloseConnection, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_DISPATCH_RESULT_USERFUNC_FALLBACK", gust::php::srv::kDispatchResultUserfuncFallback, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_IPC_NONE", 0, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_IPC_UNIXSOCK", 1, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_IPC_UNSOCK", 1, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_IPC_MSGQUEUE", 2, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_IPC_SOCKET", 3, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_IPC_PREEMPTIVE", 3, CONST_PERSISTENT);
}

static zend_class_entry *register_class_Swoole_Server(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole", "Server", class_Swoole_Server_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval property_setting_default_value;
	ZVAL_EMPTY_ARRAY(&property_setting_default_value);
	zend_string *property_setting_name = zend_string_init("setting", sizeof("setting") - 1, 1);
	zend_declare_typed_property(class_entry, property_setting_name, &property_setting_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY));
	zend_string_release(property_setting_name);

	zend_string *property_connections_class_Swoole_Connection_Iterator = zend_string_init("Swoole\\Connection\\Iterator", sizeof("Swoole\\Connection\\Iterator")-1, 1);
	zval property_connections_default_value;
	ZVAL_NULL(&property_connections_default_value);
	zend_string *property_connections_name = zend_string_init("connections", sizeof("connections") - 1, 1);
	zend_declare_typed_property(class_entry, property_connections_name, &property_connections_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_CLASS(property_connections_class_Swoole_Connection_Iterator, 0, MAY_BE_NULL));
	zend_string_release(property_connections_name);

	zval property_host_default_value;
	ZVAL_EMPTY_STRING(&property_host_default_value);
	zend_string *property_host_name = zend_string_init("host", sizeof("host") - 1, 1);
	zend_declare_typed_property(class_entry, property_host_name, &property_host_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_host_name);

	zval property_port_default_value;
	ZVAL_LONG(&property_port_default_value, 0);
	zend_string *property_port_name = zend_string_init("port", sizeof("port") - 1, 1);
	zend_declare_typed_property(class_entry, property_port_name, &property_port_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_port_name);

	zval property_type_default_value;
	ZVAL_LONG(&property_type_default_value, 0);
	zend_string *property_type_name = zend_string_init("type", sizeof("type") - 1, 1);
	zend_declare_typed_property(class_entry, property_type_name, &property_type_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_type_name);

	zval property_ssl_default_value;
	ZVAL_FALSE(&property_ssl_default_value);
	zend_string *property_ssl_name = zend_string_init("ssl", sizeof("ssl") - 1, 1);
	zend_declare_typed_property(class_entry, property_ssl_name, &property_ssl_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_ssl_name);

	zval property_mode_default_value;
	ZVAL_LONG(&property_mode_default_value, 0);
	zend_string *property_mode_name = zend_string_init("mode", sizeof("mode") - 1, 1);
	zend_declare_typed_property(class_entry, property_mode_name, &property_mode_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_mode_name);

	zval property_ports_default_value;
	ZVAL_EMPTY_ARRAY(&property_ports_default_value);
	zend_string *property_ports_name = zend_string_init("ports", sizeof("ports") - 1, 1);
	zend_declare_typed_property(class_entry, property_ports_name, &property_ports_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY));
	zend_string_release(property_ports_name);

	zval property_master_pid_default_value;
	ZVAL_LONG(&property_master_pid_default_value, 0);
	zend_string *property_master_pid_name = zend_string_init("master_pid", sizeof("master_pid") - 1, 1);
	zend_declare_typed_property(class_entry, property_master_pid_name, &property_master_pid_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_master_pid_name);

	zval property_manager_pid_default_value;
	ZVAL_LONG(&property_manager_pid_default_value, 0);
	zend_string *property_manager_pid_name = zend_string_init("manager_pid", sizeof("manager_pid") - 1, 1);
	zend_declare_typed_property(class_entry, property_manager_pid_name, &property_manager_pid_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_manager_pid_name);

	zval property_worker_id_default_value;
	ZVAL_LONG(&property_worker_id_default_value, -1);
	zend_string *property_worker_id_name = zend_string_init("worker_id", sizeof("worker_id") - 1, 1);
	zend_declare_typed_property(class_entry, property_worker_id_name, &property_worker_id_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_worker_id_name);

	zval property_taskworker_default_value;
	ZVAL_FALSE(&property_taskworker_default_value);
	zend_string *property_taskworker_name = zend_string_init("taskworker", sizeof("taskworker") - 1, 1);
	zend_declare_typed_property(class_entry, property_taskworker_name, &property_taskworker_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_taskworker_name);

	zval property_worker_pid_default_value;
	ZVAL_LONG(&property_worker_pid_default_value, 0);
	zend_string *property_worker_pid_name = zend_string_init("worker_pid", sizeof("worker_pid") - 1, 1);
	zend_declare_typed_property(class_entry, property_worker_pid_name, &property_worker_pid_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_worker_pid_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Server_Task(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Server", "Task", class_Swoole_Server_Task_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL;

	zval property_data_default_value;
	ZVAL_NULL(&property_data_default_value);
	zend_string *property_data_name = zend_string_init("data", sizeof("data") - 1, 1);
	zend_declare_typed_property(class_entry, property_data_name, &property_data_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ANY));
	zend_string_release(property_data_name);

	zval property_dispatch_time_default_value;
	ZVAL_LONG(&property_dispatch_time_default_value, 0);
	zend_string *property_dispatch_time_name = zend_string_init("dispatch_time", sizeof("dispatch_time") - 1, 1);
	zend_declare_typed_property(class_entry, property_dispatch_time_name, &property_dispatch_time_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_DOUBLE));
	zend_string_release(property_dispatch_time_name);

	zval property_id_default_value;
	ZVAL_LONG(&property_id_default_value, -1);
	zend_string *property_id_name = zend_string_init("id", sizeof("id") - 1, 1);
	zend_declare_typed_property(class_entry, property_id_name, &property_id_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_id_name);

	zval property_worker_id_default_value;
	ZVAL_LONG(&property_worker_id_default_value, -1);
	zend_string *property_worker_id_name = zend_string_init("worker_id", sizeof("worker_id") - 1, 1);
	zend_declare_typed_property(class_entry, property_worker_id_name, &property_worker_id_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_worker_id_name);

	zval property_flags_default_value;
	ZVAL_LONG(&property_flags_default_value, 0);
	zend_string *property_flags_name = zend_string_init("flags", sizeof("flags") - 1, 1);
	zend_declare_typed_property(class_entry, property_flags_name, &property_flags_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_flags_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Server_Event(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Server", "Event", class_Swoole_Server_Event_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval property_reactor_id_default_value;
	ZVAL_LONG(&property_reactor_id_default_value, 0);
	zend_string *property_reactor_id_name = zend_string_init("reactor_id", sizeof("reactor_id") - 1, 1);
	zend_declare_typed_property(class_entry, property_reactor_id_name, &property_reactor_id_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_reactor_id_name);

	zval property_fd_default_value;
	ZVAL_LONG(&property_fd_default_value, 0);
	zend_string *property_fd_name = zend_string_init("fd", sizeof("fd") - 1, 1);
	zend_declare_typed_property(class_entry, property_fd_name, &property_fd_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_fd_name);

	zval property_dispatch_time_default_value;
	ZVAL_LONG(&property_dispatch_time_default_value, 0);
	zend_string *property_dispatch_time_name = zend_string_init("dispatch_time", sizeof("dispatch_time") - 1, 1);
	zend_declare_typed_property(class_entry, property_dispatch_time_name, &property_dispatch_time_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_DOUBLE));
	zend_string_release(property_dispatch_time_name);

	zval property_data_default_value;
	ZVAL_NULL(&property_data_default_value);
	zend_string *property_data_name = zend_string_init("data", sizeof("data") - 1, 1);
	zend_declare_typed_property(class_entry, property_data_name, &property_data_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING|MAY_BE_NULL));
	zend_string_release(property_data_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Server_Packet(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Server", "Packet", class_Swoole_Server_Packet_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval property_server_socket_default_value;
	ZVAL_LONG(&property_server_socket_default_value, 0);
	zend_string *property_server_socket_name = zend_string_init("server_socket", sizeof("server_socket") - 1, 1);
	zend_declare_typed_property(class_entry, property_server_socket_name, &property_server_socket_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_server_socket_name);

	zval property_server_port_default_value;
	ZVAL_LONG(&property_server_port_default_value, 0);
	zend_string *property_server_port_name = zend_string_init("server_port", sizeof("server_port") - 1, 1);
	zend_declare_typed_property(class_entry, property_server_port_name, &property_server_port_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_server_port_name);

	zval property_dispatch_time_default_value;
	ZVAL_LONG(&property_dispatch_time_default_value, 0);
	zend_string *property_dispatch_time_name = zend_string_init("dispatch_time", sizeof("dispatch_time") - 1, 1);
	zend_declare_typed_property(class_entry, property_dispatch_time_name, &property_dispatch_time_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_DOUBLE));
	zend_string_release(property_dispatch_time_name);

	zval property_address_default_value;
	ZVAL_NULL(&property_address_default_value);
	zend_string *property_address_name = zend_string_init("address", sizeof("address") - 1, 1);
	zend_declare_typed_property(class_entry, property_address_name, &property_address_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING|MAY_BE_NULL));
	zend_string_release(property_address_name);

	zval property_port_default_value;
	ZVAL_LONG(&property_port_default_value, 0);
	zend_string *property_port_name = zend_string_init("port", sizeof("port") - 1, 1);
	zend_declare_typed_property(class_entry, property_port_name, &property_port_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_port_name);

	zval property_data_default_value;
	ZVAL_NULL(&property_data_default_value);
	zend_string *property_data_name = zend_string_init("data", sizeof("data") - 1, 1);
	zend_declare_typed_property(class_entry, property_data_name, &property_data_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING|MAY_BE_NULL));
	zend_string_release(property_data_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Server_PipeMessage(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Server", "PipeMessage", class_Swoole_Server_PipeMessage_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval property_source_worker_id_default_value;
	ZVAL_LONG(&property_source_worker_id_default_value, 0);
	zend_string *property_source_worker_id_name = zend_string_init("source_worker_id", sizeof("source_worker_id") - 1, 1);
	zend_declare_typed_property(class_entry, property_source_worker_id_name, &property_source_worker_id_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_source_worker_id_name);

	zval property_worker_id_default_value;
	ZVAL_LONG(&property_worker_id_default_value, 0);
	zend_string *property_worker_id_name = zend_string_init("worker_id", sizeof("worker_id") - 1, 1);
	zend_declare_typed_property(class_entry, property_worker_id_name, &property_worker_id_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_worker_id_name);

	zval property_dispatch_time_default_value;
	ZVAL_LONG(&property_dispatch_time_default_value, 0);
	zend_string *property_dispatch_time_name = zend_string_init("dispatch_time", sizeof("dispatch_time") - 1, 1);
	zend_declare_typed_property(class_entry, property_dispatch_time_name, &property_dispatch_time_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_DOUBLE));
	zend_string_release(property_dispatch_time_name);

	zval property_data_default_value;
	ZVAL_NULL(&property_data_default_value);
	zend_string *property_data_name = zend_string_init("data", sizeof("data") - 1, 1);
	zend_declare_typed_property(class_entry, property_data_name, &property_data_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ANY));
	zend_string_release(property_data_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Server_TaskResult(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Server", "TaskResult", class_Swoole_Server_TaskResult_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval property_task_id_default_value;
	ZVAL_LONG(&property_task_id_default_value, 0);
	zend_string *property_task_id_name = zend_string_init("task_id", sizeof("task_id") - 1, 1);
	zend_declare_typed_property(class_entry, property_task_id_name, &property_task_id_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_task_id_name);

	zval property_task_worker_id_default_value;
	ZVAL_LONG(&property_task_worker_id_default_value, 0);
	zend_string *property_task_worker_id_name = zend_string_init("task_worker_id", sizeof("task_worker_id") - 1, 1);
	zend_declare_typed_property(class_entry, property_task_worker_id_name, &property_task_worker_id_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_task_worker_id_name);

	zval property_dispatch_time_default_value;
	ZVAL_LONG(&property_dispatch_time_default_value, 0);
	zend_string *property_dispatch_time_name = zend_string_init("dispatch_time", sizeof("dispatch_time") - 1, 1);
	zend_declare_typed_property(class_entry, property_dispatch_time_name, &property_dispatch_time_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_DOUBLE));
	zend_string_release(property_dispatch_time_name);

	zval property_data_default_value;
	ZVAL_NULL(&property_data_default_value);
	zend_string *property_data_name = zend_string_init("data", sizeof("data") - 1, 1);
	zend_declare_typed_property(class_entry, property_data_name, &property_data_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ANY));
	zend_string_release(property_data_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Server_StatusInfo(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Server", "StatusInfo", class_Swoole_Server_StatusInfo_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval property_worker_id_default_value;
	ZVAL_LONG(&property_worker_id_default_value, 0);
	zend_string *property_worker_id_name = zend_string_init("worker_id", sizeof("worker_id") - 1, 1);
	zend_declare_typed_property(class_entry, property_worker_id_name, &property_worker_id_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_worker_id_name);

	zval property_worker_pid_default_value;
	ZVAL_LONG(&property_worker_pid_default_value, 0);
	zend_string *property_worker_pid_name = zend_string_init("worker_pid", sizeof("worker_pid") - 1, 1);
	zend_declare_typed_property(class_entry, property_worker_pid_name, &property_worker_pid_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_worker_pid_name);

	zval property_status_default_value;
	ZVAL_LONG(&property_status_default_value, 0);
	zend_string *property_status_name = zend_string_init("status", sizeof("status") - 1, 1);
	zend_declare_typed_property(class_entry, property_status_name, &property_status_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_status_name);

	zval property_exit_code_default_value;
	ZVAL_LONG(&property_exit_code_default_value, 0);
	zend_string *property_exit_code_name = zend_string_init("exit_code", sizeof("exit_code") - 1, 1);
	zend_declare_typed_property(class_entry, property_exit_code_name, &property_exit_code_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_exit_code_name);

	zval property_signal_default_value;
	ZVAL_LONG(&property_signal_default_value, 0);
	zend_string *property_signal_name = zend_string_init("signal", sizeof("signal") - 1, 1);
	zend_declare_typed_property(class_entry, property_signal_name, &property_signal_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_signal_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Server_Port(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Server", "Port", class_Swoole_Server_Port_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval property_host_default_value;
	ZVAL_EMPTY_STRING(&property_host_default_value);
	zend_string *property_host_name = zend_string_init("host", sizeof("host") - 1, 1);
	zend_declare_typed_property(class_entry, property_host_name, &property_host_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_host_name);

	zval property_port_default_value;
	ZVAL_LONG(&property_port_default_value, 0);
	zend_string *property_port_name = zend_string_init("port", sizeof("port") - 1, 1);
	zend_declare_typed_property(class_entry, property_port_name, &property_port_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_port_name);

	zval property_type_default_value;
	ZVAL_LONG(&property_type_default_value, 0);
	zend_string *property_type_name = zend_string_init("type", sizeof("type") - 1, 1);
	zend_declare_typed_property(class_entry, property_type_name, &property_type_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_type_name);

	zval property_ssl_default_value;
	ZVAL_FALSE(&property_ssl_default_value);
	zend_string *property_ssl_name = zend_string_init("ssl", sizeof("ssl") - 1, 1);
	zend_declare_typed_property(class_entry, property_ssl_name, &property_ssl_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_ssl_name);

	zval property_setting_default_value;
	ZVAL_EMPTY_ARRAY(&property_setting_default_value);
	zend_string *property_setting_name = zend_string_init("setting", sizeof("setting") - 1, 1);
	zend_declare_typed_property(class_entry, property_setting_name, &property_setting_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY));
	zend_string_release(property_setting_name);

	zend_string *property_connections_class_Swoole_Connection_Iterator = zend_string_init("Swoole\\Connection\\Iterator", sizeof("Swoole\\Connection\\Iterator")-1, 1);
	zval property_connections_default_value;
	ZVAL_NULL(&property_connections_default_value);
	zend_string *property_connections_name = zend_string_init("connections", sizeof("connections") - 1, 1);
	zend_declare_typed_property(class_entry, property_connections_name, &property_connections_default_value, ZEND_ACC_PUBLIC, NULL, (zend_type) ZEND_TYPE_INIT_CLASS(property_connections_class_Swoole_Connection_Iterator, 0, MAY_BE_NULL));
	zend_string_release(property_connections_name);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Connection_Iterator(zend_class_entry *class_entry_Iterator, zend_class_entry *class_entry_Countable, zend_class_entry *class_entry_ArrayAccess)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole\\Connection", "Iterator", class_Swoole_Connection_Iterator_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL;
	zend_class_implements(class_entry, 3, class_entry_Iterator, class_entry_Countable, class_entry_ArrayAccess);

	return class_entry;
}
