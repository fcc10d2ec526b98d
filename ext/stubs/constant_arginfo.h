/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 23e30c1977f679bd247c36f75b3499d5e5b6e09c */




static const zend_function_entry class_Swoole_Constant_methods[] = {
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_Constant(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole", "Constant", class_Swoole_Constant_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	zval const_EVENT_START_value;
	zend_string *const_EVENT_START_value_str = zend_string_init("start", strlen("start"), 1);
	ZVAL_STR(&const_EVENT_START_value, const_EVENT_START_value_str);
	zend_string *const_EVENT_START_name = zend_string_init_interned("EVENT_START", sizeof("EVENT_START") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_START_name, &const_EVENT_START_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_START_name);

	zval const_EVENT_BEFORE_SHUTDOWN_value;
	zend_string *const_EVENT_BEFORE_SHUTDOWN_value_str = zend_string_init("beforeShutdown", strlen("beforeShutdown"), 1);
	ZVAL_STR(&const_EVENT_BEFORE_SHUTDOWN_value, const_EVENT_BEFORE_SHUTDOWN_value_str);
	zend_string *const_EVENT_BEFORE_SHUTDOWN_name = zend_string_init_interned("EVENT_BEFORE_SHUTDOWN", sizeof("EVENT_BEFORE_SHUTDOWN") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_BEFORE_SHUTDOWN_name, &const_EVENT_BEFORE_SHUTDOWN_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_BEFORE_SHUTDOWN_name);

	zval const_EVENT_SHUTDOWN_value;
	zend_string *const_EVENT_SHUTDOWN_value_str = zend_string_init("shutdown", strlen("shutdown"), 1);
	ZVAL_STR(&const_EVENT_SHUTDOWN_value, const_EVENT_SHUTDOWN_value_str);
	zend_string *const_EVENT_SHUTDOWN_name = zend_string_init_interned("EVENT_SHUTDOWN", sizeof("EVENT_SHUTDOWN") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_SHUTDOWN_name, &const_EVENT_SHUTDOWN_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_SHUTDOWN_name);

	zval const_EVENT_WORKER_START_value;
	zend_string *const_EVENT_WORKER_START_value_str = zend_string_init("workerStart", strlen("workerStart"), 1);
	ZVAL_STR(&const_EVENT_WORKER_START_value, const_EVENT_WORKER_START_value_str);
	zend_string *const_EVENT_WORKER_START_name = zend_string_init_interned("EVENT_WORKER_START", sizeof("EVENT_WORKER_START") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_WORKER_START_name, &const_EVENT_WORKER_START_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_WORKER_START_name);

	zval const_EVENT_WORKER_STOP_value;
	zend_string *const_EVENT_WORKER_STOP_value_str = zend_string_init("workerStop", strlen("workerStop"), 1);
	ZVAL_STR(&const_EVENT_WORKER_STOP_value, const_EVENT_WORKER_STOP_value_str);
	zend_string *const_EVENT_WORKER_STOP_name = zend_string_init_interned("EVENT_WORKER_STOP", sizeof("EVENT_WORKER_STOP") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_WORKER_STOP_name, &const_EVENT_WORKER_STOP_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_WORKER_STOP_name);

	zval const_EVENT_WORKER_EXIT_value;
	zend_string *const_EVENT_WORKER_EXIT_value_str = zend_string_init("workerExit", strlen("workerExit"), 1);
	ZVAL_STR(&const_EVENT_WORKER_EXIT_value, const_EVENT_WORKER_EXIT_value_str);
	zend_string *const_EVENT_WORKER_EXIT_name = zend_string_init_interned("EVENT_WORKER_EXIT", sizeof("EVENT_WORKER_EXIT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_WORKER_EXIT_name, &const_EVENT_WORKER_EXIT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_WORKER_EXIT_name);

	zval const_EVENT_WORKER_ERROR_value;
	zend_string *const_EVENT_WORKER_ERROR_value_str = zend_string_init("workerError", strlen("workerError"), 1);
	ZVAL_STR(&const_EVENT_WORKER_ERROR_value, const_EVENT_WORKER_ERROR_value_str);
	zend_string *const_EVENT_WORKER_ERROR_name = zend_string_init_interned("EVENT_WORKER_ERROR", sizeof("EVENT_WORKER_ERROR") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_WORKER_ERROR_name, &const_EVENT_WORKER_ERROR_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_WORKER_ERROR_name);

	zval const_EVENT_BEFORE_RELOAD_value;
	zend_string *const_EVENT_BEFORE_RELOAD_value_str = zend_string_init("beforeReload", strlen("beforeReload"), 1);
	ZVAL_STR(&const_EVENT_BEFORE_RELOAD_value, const_EVENT_BEFORE_RELOAD_value_str);
	zend_string *const_EVENT_BEFORE_RELOAD_name = zend_string_init_interned("EVENT_BEFORE_RELOAD", sizeof("EVENT_BEFORE_RELOAD") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_BEFORE_RELOAD_name, &const_EVENT_BEFORE_RELOAD_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_BEFORE_RELOAD_name);

	zval const_EVENT_AFTER_RELOAD_value;
	zend_string *const_EVENT_AFTER_RELOAD_value_str = zend_string_init("afterReload", strlen("afterReload"), 1);
	ZVAL_STR(&const_EVENT_AFTER_RELOAD_value, const_EVENT_AFTER_RELOAD_value_str);
	zend_string *const_EVENT_AFTER_RELOAD_name = zend_string_init_interned("EVENT_AFTER_RELOAD", sizeof("EVENT_AFTER_RELOAD") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_AFTER_RELOAD_name, &const_EVENT_AFTER_RELOAD_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_AFTER_RELOAD_name);

	zval const_EVENT_MANAGER_START_value;
	zend_string *const_EVENT_MANAGER_START_value_str = zend_string_init("managerStart", strlen("managerStart"), 1);
	ZVAL_STR(&const_EVENT_MANAGER_START_value, const_EVENT_MANAGER_START_value_str);
	zend_string *const_EVENT_MANAGER_START_name = zend_string_init_interned("EVENT_MANAGER_START", sizeof("EVENT_MANAGER_START") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_MANAGER_START_name, &const_EVENT_MANAGER_START_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_MANAGER_START_name);

	zval const_EVENT_MANAGER_STOP_value;
	zend_string *const_EVENT_MANAGER_STOP_value_str = zend_string_init("managerStop", strlen("managerStop"), 1);
	ZVAL_STR(&const_EVENT_MANAGER_STOP_value, const_EVENT_MANAGER_STOP_value_str);
	zend_string *const_EVENT_MANAGER_STOP_name = zend_string_init_interned("EVENT_MANAGER_STOP", sizeof("EVENT_MANAGER_STOP") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_MANAGER_STOP_name, &const_EVENT_MANAGER_STOP_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_MANAGER_STOP_name);

	zval const_EVENT_CONNECT_value;
	zend_string *const_EVENT_CONNECT_value_str = zend_string_init("connect", strlen("connect"), 1);
	ZVAL_STR(&const_EVENT_CONNECT_value, const_EVENT_CONNECT_value_str);
	zend_string *const_EVENT_CONNECT_name = zend_string_init_interned("EVENT_CONNECT", sizeof("EVENT_CONNECT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_CONNECT_name, &const_EVENT_CONNECT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_CONNECT_name);

	zval const_EVENT_RECEIVE_value;
	zend_string *const_EVENT_RECEIVE_value_str = zend_string_init("receive", strlen("receive"), 1);
	ZVAL_STR(&const_EVENT_RECEIVE_value, const_EVENT_RECEIVE_value_str);
	zend_string *const_EVENT_RECEIVE_name = zend_string_init_interned("EVENT_RECEIVE", sizeof("EVENT_RECEIVE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_RECEIVE_name, &const_EVENT_RECEIVE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_RECEIVE_name);

	zval const_EVENT_PACKET_value;
	zend_string *const_EVENT_PACKET_value_str = zend_string_init("packet", strlen("packet"), 1);
	ZVAL_STR(&const_EVENT_PACKET_value, const_EVENT_PACKET_value_str);
	zend_string *const_EVENT_PACKET_name = zend_string_init_interned("EVENT_PACKET", sizeof("EVENT_PACKET") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_PACKET_name, &const_EVENT_PACKET_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_PACKET_name);

	zval const_EVENT_CLOSE_value;
	zend_string *const_EVENT_CLOSE_value_str = zend_string_init("close", strlen("close"), 1);
	ZVAL_STR(&const_EVENT_CLOSE_value, const_EVENT_CLOSE_value_str);
	zend_string *const_EVENT_CLOSE_name = zend_string_init_interned("EVENT_CLOSE", sizeof("EVENT_CLOSE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_CLOSE_name, &const_EVENT_CLOSE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_CLOSE_name);

	zval const_EVENT_TASK_value;
	zend_string *const_EVENT_TASK_value_str = zend_string_init("task", strlen("task"), 1);
	ZVAL_STR(&const_EVENT_TASK_value, const_EVENT_TASK_value_str);
	zend_string *const_EVENT_TASK_name = zend_string_init_interned("EVENT_TASK", sizeof("EVENT_TASK") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_TASK_name, &const_EVENT_TASK_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_TASK_name);

	zval const_EVENT_FINISH_value;
	zend_string *const_EVENT_FINISH_value_str = zend_string_init("finish", strlen("finish"), 1);
	ZVAL_STR(&const_EVENT_FINISH_value, const_EVENT_FINISH_value_str);
	zend_string *const_EVENT_FINISH_name = zend_string_init_interned("EVENT_FINISH", sizeof("EVENT_FINISH") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_FINISH_name, &const_EVENT_FINISH_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_FINISH_name);

	zval const_EVENT_PIPE_MESSAGE_value;
	zend_string *const_EVENT_PIPE_MESSAGE_value_str = zend_string_init("pipeMessage", strlen("pipeMessage"), 1);
	ZVAL_STR(&const_EVENT_PIPE_MESSAGE_value, const_EVENT_PIPE_MESSAGE_value_str);
	zend_string *const_EVENT_PIPE_MESSAGE_name = zend_string_init_interned("EVENT_PIPE_MESSAGE", sizeof("EVENT_PIPE_MESSAGE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_PIPE_MESSAGE_name, &const_EVENT_PIPE_MESSAGE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_PIPE_MESSAGE_name);

	zval const_EVENT_REQUEST_value;
	zend_string *const_EVENT_REQUEST_value_str = zend_string_init("request", strlen("request"), 1);
	ZVAL_STR(&const_EVENT_REQUEST_value, const_EVENT_REQUEST_value_str);
	zend_string *const_EVENT_REQUEST_name = zend_string_init_interned("EVENT_REQUEST", sizeof("EVENT_REQUEST") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_REQUEST_name, &const_EVENT_REQUEST_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_REQUEST_name);

	zval const_EVENT_HANDSHAKE_value;
	zend_string *const_EVENT_HANDSHAKE_value_str = zend_string_init("handshake", strlen("handshake"), 1);
	ZVAL_STR(&const_EVENT_HANDSHAKE_value, const_EVENT_HANDSHAKE_value_str);
	zend_string *const_EVENT_HANDSHAKE_name = zend_string_init_interned("EVENT_HANDSHAKE", sizeof("EVENT_HANDSHAKE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_HANDSHAKE_name, &const_EVENT_HANDSHAKE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_HANDSHAKE_name);

	zval const_EVENT_BEFORE_HANDSHAKE_RESPONSE_value;
	zend_string *const_EVENT_BEFORE_HANDSHAKE_RESPONSE_value_str = zend_string_init("beforeHandshakeResponse", strlen("beforeHandshakeResponse"), 1);
	ZVAL_STR(&const_EVENT_BEFORE_HANDSHAKE_RESPONSE_value, const_EVENT_BEFORE_HANDSHAKE_RESPONSE_value_str);
	zend_string *const_EVENT_BEFORE_HANDSHAKE_RESPONSE_name = zend_string_init_interned("EVENT_BEFORE_HANDSHAKE_RESPONSE", sizeof("EVENT_BEFORE_HANDSHAKE_RESPONSE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_BEFORE_HANDSHAKE_RESPONSE_name, &const_EVENT_BEFORE_HANDSHAKE_RESPONSE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_BEFORE_HANDSHAKE_RESPONSE_name);

	zval const_EVENT_OPEN_value;
	zend_string *const_EVENT_OPEN_value_str = zend_string_init("open", strlen("open"), 1);
	ZVAL_STR(&const_EVENT_OPEN_value, const_EVENT_OPEN_value_str);
	zend_string *const_EVENT_OPEN_name = zend_string_init_interned("EVENT_OPEN", sizeof("EVENT_OPEN") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_OPEN_name, &const_EVENT_OPEN_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_OPEN_name);

	zval const_EVENT_MESSAGE_value;
	zend_string *const_EVENT_MESSAGE_value_str = zend_string_init("message", strlen("message"), 1);
	ZVAL_STR(&const_EVENT_MESSAGE_value, const_EVENT_MESSAGE_value_str);
	zend_string *const_EVENT_MESSAGE_name = zend_string_init_interned("EVENT_MESSAGE", sizeof("EVENT_MESSAGE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_MESSAGE_name, &const_EVENT_MESSAGE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_MESSAGE_name);

	zval const_EVENT_DISCONNECT_value;
	zend_string *const_EVENT_DISCONNECT_value_str = zend_string_init("disconnect", strlen("disconnect"), 1);
	ZVAL_STR(&const_EVENT_DISCONNECT_value, const_EVENT_DISCONNECT_value_str);
	zend_string *const_EVENT_DISCONNECT_name = zend_string_init_interned("EVENT_DISCONNECT", sizeof("EVENT_DISCONNECT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EVENT_DISCONNECT_name, &const_EVENT_DISCONNECT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EVENT_DISCONNECT_name);

	zval const_OPTION_DEBUG_MODE_value;
	zend_string *const_OPTION_DEBUG_MODE_value_str = zend_string_init("debug_mode", strlen("debug_mode"), 1);
	ZVAL_STR(&const_OPTION_DEBUG_MODE_value, const_OPTION_DEBUG_MODE_value_str);
	zend_string *const_OPTION_DEBUG_MODE_name = zend_string_init_interned("OPTION_DEBUG_MODE", sizeof("OPTION_DEBUG_MODE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_DEBUG_MODE_name, &const_OPTION_DEBUG_MODE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_DEBUG_MODE_name);

	zval const_OPTION_TRACE_FLAGS_value;
	zend_string *const_OPTION_TRACE_FLAGS_value_str = zend_string_init("trace_flags", strlen("trace_flags"), 1);
	ZVAL_STR(&const_OPTION_TRACE_FLAGS_value, const_OPTION_TRACE_FLAGS_value_str);
	zend_string *const_OPTION_TRACE_FLAGS_name = zend_string_init_interned("OPTION_TRACE_FLAGS", sizeof("OPTION_TRACE_FLAGS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_TRACE_FLAGS_name, &const_OPTION_TRACE_FLAGS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_TRACE_FLAGS_name);

	zval const_OPTION_LOG_FILE_value;
	zend_string *const_OPTION_LOG_FILE_value_str = zend_string_init("log_file", strlen("log_file"), 1);
	ZVAL_STR(&const_OPTION_LOG_FILE_value, const_OPTION_LOG_FILE_value_str);
	zend_string *const_OPTION_LOG_FILE_name = zend_string_init_interned("OPTION_LOG_FILE", sizeof("OPTION_LOG_FILE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_LOG_FILE_name, &const_OPTION_LOG_FILE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_LOG_FILE_name);

	zval const_OPTION_LOG_LEVEL_value;
	zend_string *const_OPTION_LOG_LEVEL_value_str = zend_string_init("log_level", strlen("log_level"), 1);
	ZVAL_STR(&const_OPTION_LOG_LEVEL_value, const_OPTION_LOG_LEVEL_value_str);
	zend_string *const_OPTION_LOG_LEVEL_name = zend_string_init_interned("OPTION_LOG_LEVEL", sizeof("OPTION_LOG_LEVEL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_LOG_LEVEL_name, &const_OPTION_LOG_LEVEL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_LOG_LEVEL_name);

	zval const_OPTION_LOG_DATE_FORMAT_value;
	zend_string *const_OPTION_LOG_DATE_FORMAT_value_str = zend_string_init("log_date_format", strlen("log_date_format"), 1);
	ZVAL_STR(&const_OPTION_LOG_DATE_FORMAT_value, const_OPTION_LOG_DATE_FORMAT_value_str);
	zend_string *const_OPTION_LOG_DATE_FORMAT_name = zend_string_init_interned("OPTION_LOG_DATE_FORMAT", sizeof("OPTION_LOG_DATE_FORMAT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_LOG_DATE_FORMAT_name, &const_OPTION_LOG_DATE_FORMAT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_LOG_DATE_FORMAT_name);

	zval const_OPTION_LOG_DATE_WITH_MICROSECONDS_value;
	zend_string *const_OPTION_LOG_DATE_WITH_MICROSECONDS_value_str = zend_string_init("log_date_with_microseconds", strlen("log_date_with_microseconds"), 1);
	ZVAL_STR(&const_OPTION_LOG_DATE_WITH_MICROSECONDS_value, const_OPTION_LOG_DATE_WITH_MICROSECONDS_value_str);
	zend_string *const_OPTION_LOG_DATE_WITH_MICROSECONDS_name = zend_string_init_interned("OPTION_LOG_DATE_WITH_MICROSECONDS", sizeof("OPTION_LOG_DATE_WITH_MICROSECONDS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_LOG_DATE_WITH_MICROSECONDS_name, &const_OPTION_LOG_DATE_WITH_MICROSECONDS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_LOG_DATE_WITH_MICROSECONDS_name);

	zval const_OPTION_LOG_ROTATION_value;
	zend_string *const_OPTION_LOG_ROTATION_value_str = zend_string_init("log_rotation", strlen("log_rotation"), 1);
	ZVAL_STR(&const_OPTION_LOG_ROTATION_value, const_OPTION_LOG_ROTATION_value_str);
	zend_string *const_OPTION_LOG_ROTATION_name = zend_string_init_interned("OPTION_LOG_ROTATION", sizeof("OPTION_LOG_ROTATION") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_LOG_ROTATION_name, &const_OPTION_LOG_ROTATION_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_LOG_ROTATION_name);

	zval const_OPTION_DISPLAY_ERRORS_value;
	zend_string *const_OPTION_DISPLAY_ERRORS_value_str = zend_string_init("display_errors", strlen("display_errors"), 1);
	ZVAL_STR(&const_OPTION_DISPLAY_ERRORS_value, const_OPTION_DISPLAY_ERRORS_value_str);
	zend_string *const_OPTION_DISPLAY_ERRORS_name = zend_string_init_interned("OPTION_DISPLAY_ERRORS", sizeof("OPTION_DISPLAY_ERRORS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_DISPLAY_ERRORS_name, &const_OPTION_DISPLAY_ERRORS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_DISPLAY_ERRORS_name);

	zval const_OPTION_DNS_SERVER_value;
	zend_string *const_OPTION_DNS_SERVER_value_str = zend_string_init("dns_server", strlen("dns_server"), 1);
	ZVAL_STR(&const_OPTION_DNS_SERVER_value, const_OPTION_DNS_SERVER_value_str);
	zend_string *const_OPTION_DNS_SERVER_name = zend_string_init_interned("OPTION_DNS_SERVER", sizeof("OPTION_DNS_SERVER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_DNS_SERVER_name, &const_OPTION_DNS_SERVER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_DNS_SERVER_name);

	zval const_OPTION_SOCKET_DNS_TIMEOUT_value;
	zend_string *const_OPTION_SOCKET_DNS_TIMEOUT_value_str = zend_string_init("socket_dns_timeout", strlen("socket_dns_timeout"), 1);
	ZVAL_STR(&const_OPTION_SOCKET_DNS_TIMEOUT_value, const_OPTION_SOCKET_DNS_TIMEOUT_value_str);
	zend_string *const_OPTION_SOCKET_DNS_TIMEOUT_name = zend_string_init_interned("OPTION_SOCKET_DNS_TIMEOUT", sizeof("OPTION_SOCKET_DNS_TIMEOUT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SOCKET_DNS_TIMEOUT_name, &const_OPTION_SOCKET_DNS_TIMEOUT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SOCKET_DNS_TIMEOUT_name);

	zval const_OPTION_SOCKET_CONNECT_TIMEOUT_value;
	zend_string *const_OPTION_SOCKET_CONNECT_TIMEOUT_value_str = zend_string_init("socket_connect_timeout", strlen("socket_connect_timeout"), 1);
	ZVAL_STR(&const_OPTION_SOCKET_CONNECT_TIMEOUT_value, const_OPTION_SOCKET_CONNECT_TIMEOUT_value_str);
	zend_string *const_OPTION_SOCKET_CONNECT_TIMEOUT_name = zend_string_init_interned("OPTION_SOCKET_CONNECT_TIMEOUT", sizeof("OPTION_SOCKET_CONNECT_TIMEOUT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SOCKET_CONNECT_TIMEOUT_name, &const_OPTION_SOCKET_CONNECT_TIMEOUT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SOCKET_CONNECT_TIMEOUT_name);

	zval const_OPTION_SOCKET_WRITE_TIMEOUT_value;
	zend_string *const_OPTION_SOCKET_WRITE_TIMEOUT_value_str = zend_string_init("socket_write_timeout", strlen("socket_write_timeout"), 1);
	ZVAL_STR(&const_OPTION_SOCKET_WRITE_TIMEOUT_value, const_OPTION_SOCKET_WRITE_TIMEOUT_value_str);
	zend_string *const_OPTION_SOCKET_WRITE_TIMEOUT_name = zend_string_init_interned("OPTION_SOCKET_WRITE_TIMEOUT", sizeof("OPTION_SOCKET_WRITE_TIMEOUT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SOCKET_WRITE_TIMEOUT_name, &const_OPTION_SOCKET_WRITE_TIMEOUT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SOCKET_WRITE_TIMEOUT_name);

	zval const_OPTION_SOCKET_SEND_TIMEOUT_value;
	zend_string *const_OPTION_SOCKET_SEND_TIMEOUT_value_str = zend_string_init("socket_send_timeout", strlen("socket_send_timeout"), 1);
	ZVAL_STR(&const_OPTION_SOCKET_SEND_TIMEOUT_value, const_OPTION_SOCKET_SEND_TIMEOUT_value_str);
	zend_string *const_OPTION_SOCKET_SEND_TIMEOUT_name = zend_string_init_interned("OPTION_SOCKET_SEND_TIMEOUT", sizeof("OPTION_SOCKET_SEND_TIMEOUT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SOCKET_SEND_TIMEOUT_name, &const_OPTION_SOCKET_SEND_TIMEOUT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SOCKET_SEND_TIMEOUT_name);

	zval const_OPTION_SOCKET_READ_TIMEOUT_value;
	zend_string *const_OPTION_SOCKET_READ_TIMEOUT_value_str = zend_string_init("socket_read_timeout", strlen("socket_read_timeout"), 1);
	ZVAL_STR(&const_OPTION_SOCKET_READ_TIMEOUT_value, const_OPTION_SOCKET_READ_TIMEOUT_value_str);
	zend_string *const_OPTION_SOCKET_READ_TIMEOUT_name = zend_string_init_interned("OPTION_SOCKET_READ_TIMEOUT", sizeof("OPTION_SOCKET_READ_TIMEOUT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SOCKET_READ_TIMEOUT_name, &const_OPTION_SOCKET_READ_TIMEOUT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SOCKET_READ_TIMEOUT_name);

	zval const_OPTION_SOCKET_RECV_TIMEOUT_value;
	zend_string *const_OPTION_SOCKET_RECV_TIMEOUT_value_str = zend_string_init("socket_recv_timeout", strlen("socket_recv_timeout"), 1);
	ZVAL_STR(&const_OPTION_SOCKET_RECV_TIMEOUT_value, const_OPTION_SOCKET_RECV_TIMEOUT_value_str);
	zend_string *const_OPTION_SOCKET_RECV_TIMEOUT_name = zend_string_init_interned("OPTION_SOCKET_RECV_TIMEOUT", sizeof("OPTION_SOCKET_RECV_TIMEOUT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SOCKET_RECV_TIMEOUT_name, &const_OPTION_SOCKET_RECV_TIMEOUT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SOCKET_RECV_TIMEOUT_name);

	zval const_OPTION_SOCKET_BUFFER_SIZE_value;
	zend_string *const_OPTION_SOCKET_BUFFER_SIZE_value_str = zend_string_init("socket_buffer_size", strlen("socket_buffer_size"), 1);
	ZVAL_STR(&const_OPTION_SOCKET_BUFFER_SIZE_value, const_OPTION_SOCKET_BUFFER_SIZE_value_str);
	zend_string *const_OPTION_SOCKET_BUFFER_SIZE_name = zend_string_init_interned("OPTION_SOCKET_BUFFER_SIZE", sizeof("OPTION_SOCKET_BUFFER_SIZE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SOCKET_BUFFER_SIZE_name, &const_OPTION_SOCKET_BUFFER_SIZE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SOCKET_BUFFER_SIZE_name);

	zval const_OPTION_SOCKET_TIMEOUT_value;
	zend_string *const_OPTION_SOCKET_TIMEOUT_value_str = zend_string_init("socket_timeout", strlen("socket_timeout"), 1);
	ZVAL_STR(&const_OPTION_SOCKET_TIMEOUT_value, const_OPTION_SOCKET_TIMEOUT_value_str);
	zend_string *const_OPTION_SOCKET_TIMEOUT_name = zend_string_init_interned("OPTION_SOCKET_TIMEOUT", sizeof("OPTION_SOCKET_TIMEOUT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SOCKET_TIMEOUT_name, &const_OPTION_SOCKET_TIMEOUT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SOCKET_TIMEOUT_name);

	zval const_OPTION_HTTP2_HEADER_TABLE_SIZE_value;
	zend_string *const_OPTION_HTTP2_HEADER_TABLE_SIZE_value_str = zend_string_init("http2_header_table_size", strlen("http2_header_table_size"), 1);
	ZVAL_STR(&const_OPTION_HTTP2_HEADER_TABLE_SIZE_value, const_OPTION_HTTP2_HEADER_TABLE_SIZE_value_str);
	zend_string *const_OPTION_HTTP2_HEADER_TABLE_SIZE_name = zend_string_init_interned("OPTION_HTTP2_HEADER_TABLE_SIZE", sizeof("OPTION_HTTP2_HEADER_TABLE_SIZE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP2_HEADER_TABLE_SIZE_name, &const_OPTION_HTTP2_HEADER_TABLE_SIZE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP2_HEADER_TABLE_SIZE_name);

	zval const_OPTION_HTTP2_ENABLE_PUSH_value;
	zend_string *const_OPTION_HTTP2_ENABLE_PUSH_value_str = zend_string_init("http2_enable_push", strlen("http2_enable_push"), 1);
	ZVAL_STR(&const_OPTION_HTTP2_ENABLE_PUSH_value, const_OPTION_HTTP2_ENABLE_PUSH_value_str);
	zend_string *const_OPTION_HTTP2_ENABLE_PUSH_name = zend_string_init_interned("OPTION_HTTP2_ENABLE_PUSH", sizeof("OPTION_HTTP2_ENABLE_PUSH") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP2_ENABLE_PUSH_name, &const_OPTION_HTTP2_ENABLE_PUSH_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP2_ENABLE_PUSH_name);

	zval const_OPTION_HTTP2_MAX_CONCURRENT_STREAMS_value;
	zend_string *const_OPTION_HTTP2_MAX_CONCURRENT_STREAMS_value_str = zend_string_init("http2_max_concurrent_streams", strlen("http2_max_concurrent_streams"), 1);
	ZVAL_STR(&const_OPTION_HTTP2_MAX_CONCURRENT_STREAMS_value, const_OPTION_HTTP2_MAX_CONCURRENT_STREAMS_value_str);
	zend_string *const_OPTION_HTTP2_MAX_CONCURRENT_STREAMS_name = zend_string_init_interned("OPTION_HTTP2_MAX_CONCURRENT_STREAMS", sizeof("OPTION_HTTP2_MAX_CONCURRENT_STREAMS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP2_MAX_CONCURRENT_STREAMS_name, &const_OPTION_HTTP2_MAX_CONCURRENT_STREAMS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP2_MAX_CONCURRENT_STREAMS_name);

	zval const_OPTION_HTTP2_INIT_WINDOW_SIZE_value;
	zend_string *const_OPTION_HTTP2_INIT_WINDOW_SIZE_value_str = zend_string_init("http2_init_window_size", strlen("http2_init_window_size"), 1);
	ZVAL_STR(&const_OPTION_HTTP2_INIT_WINDOW_SIZE_value, const_OPTION_HTTP2_INIT_WINDOW_SIZE_value_str);
	zend_string *const_OPTION_HTTP2_INIT_WINDOW_SIZE_name = zend_string_init_interned("OPTION_HTTP2_INIT_WINDOW_SIZE", sizeof("OPTION_HTTP2_INIT_WINDOW_SIZE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP2_INIT_WINDOW_SIZE_name, &const_OPTION_HTTP2_INIT_WINDOW_SIZE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP2_INIT_WINDOW_SIZE_name);

	zval const_OPTION_HTTP2_MAX_FRAME_SIZE_value;
	zend_string *const_OPTION_HTTP2_MAX_FRAME_SIZE_value_str = zend_string_init("http2_max_frame_size", strlen("http2_max_frame_size"), 1);
	ZVAL_STR(&const_OPTION_HTTP2_MAX_FRAME_SIZE_value, const_OPTION_HTTP2_MAX_FRAME_SIZE_value_str);
	zend_string *const_OPTION_HTTP2_MAX_FRAME_SIZE_name = zend_string_init_interned("OPTION_HTTP2_MAX_FRAME_SIZE", sizeof("OPTION_HTTP2_MAX_FRAME_SIZE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP2_MAX_FRAME_SIZE_name, &const_OPTION_HTTP2_MAX_FRAME_SIZE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP2_MAX_FRAME_SIZE_name);

	zval const_OPTION_HTTP2_MAX_HEADER_LIST_SIZE_value;
	zend_string *const_OPTION_HTTP2_MAX_HEADER_LIST_SIZE_value_str = zend_string_init("http2_max_header_list_size", strlen("http2_max_header_list_size"), 1);
	ZVAL_STR(&const_OPTION_HTTP2_MAX_HEADER_LIST_SIZE_value, const_OPTION_HTTP2_MAX_HEADER_LIST_SIZE_value_str);
	zend_string *const_OPTION_HTTP2_MAX_HEADER_LIST_SIZE_name = zend_string_init_interned("OPTION_HTTP2_MAX_HEADER_LIST_SIZE", sizeof("OPTION_HTTP2_MAX_HEADER_LIST_SIZE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP2_MAX_HEADER_LIST_SIZE_name, &const_OPTION_HTTP2_MAX_HEADER_LIST_SIZE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP2_MAX_HEADER_LIST_SIZE_name);

	zval const_OPTION_AIO_CORE_WORKER_NUM_value;
	zend_string *const_OPTION_AIO_CORE_WORKER_NUM_value_str = zend_string_init("aio_core_worker_num", strlen("aio_core_worker_num"), 1);
	ZVAL_STR(&const_OPTION_AIO_CORE_WORKER_NUM_value, const_OPTION_AIO_CORE_WORKER_NUM_value_str);
	zend_string *const_OPTION_AIO_CORE_WORKER_NUM_name = zend_string_init_interned("OPTION_AIO_CORE_WORKER_NUM", sizeof("OPTION_AIO_CORE_WORKER_NUM") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_AIO_CORE_WORKER_NUM_name, &const_OPTION_AIO_CORE_WORKER_NUM_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_AIO_CORE_WORKER_NUM_name);

	zval const_OPTION_AIO_WORKER_NUM_value;
	zend_string *const_OPTION_AIO_WORKER_NUM_value_str = zend_string_init("aio_worker_num", strlen("aio_worker_num"), 1);
	ZVAL_STR(&const_OPTION_AIO_WORKER_NUM_value, const_OPTION_AIO_WORKER_NUM_value_str);
	zend_string *const_OPTION_AIO_WORKER_NUM_name = zend_string_init_interned("OPTION_AIO_WORKER_NUM", sizeof("OPTION_AIO_WORKER_NUM") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_AIO_WORKER_NUM_name, &const_OPTION_AIO_WORKER_NUM_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_AIO_WORKER_NUM_name);

	zval const_OPTION_AIO_MAX_WAIT_TIME_value;
	zend_string *const_OPTION_AIO_MAX_WAIT_TIME_value_str = zend_string_init("aio_max_wait_time", strlen("aio_max_wait_time"), 1);
	ZVAL_STR(&const_OPTION_AIO_MAX_WAIT_TIME_value, const_OPTION_AIO_MAX_WAIT_TIME_value_str);
	zend_string *const_OPTION_AIO_MAX_WAIT_TIME_name = zend_string_init_interned("OPTION_AIO_MAX_WAIT_TIME", sizeof("OPTION_AIO_MAX_WAIT_TIME") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_AIO_MAX_WAIT_TIME_name, &const_OPTION_AIO_MAX_WAIT_TIME_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_AIO_MAX_WAIT_TIME_name);

	zval const_OPTION_AIO_MAX_IDLE_TIME_value;
	zend_string *const_OPTION_AIO_MAX_IDLE_TIME_value_str = zend_string_init("aio_max_idle_time", strlen("aio_max_idle_time"), 1);
	ZVAL_STR(&const_OPTION_AIO_MAX_IDLE_TIME_value, const_OPTION_AIO_MAX_IDLE_TIME_value_str);
	zend_string *const_OPTION_AIO_MAX_IDLE_TIME_name = zend_string_init_interned("OPTION_AIO_MAX_IDLE_TIME", sizeof("OPTION_AIO_MAX_IDLE_TIME") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_AIO_MAX_IDLE_TIME_name, &const_OPTION_AIO_MAX_IDLE_TIME_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_AIO_MAX_IDLE_TIME_name);

	zval const_OPTION_ENABLE_SIGNALFD_value;
	zend_string *const_OPTION_ENABLE_SIGNALFD_value_str = zend_string_init("enable_signalfd", strlen("enable_signalfd"), 1);
	ZVAL_STR(&const_OPTION_ENABLE_SIGNALFD_value, const_OPTION_ENABLE_SIGNALFD_value_str);
	zend_string *const_OPTION_ENABLE_SIGNALFD_name = zend_string_init_interned("OPTION_ENABLE_SIGNALFD", sizeof("OPTION_ENABLE_SIGNALFD") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_ENABLE_SIGNALFD_name, &const_OPTION_ENABLE_SIGNALFD_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_ENABLE_SIGNALFD_name);

	zval const_OPTION_WAIT_SIGNAL_value;
	zend_string *const_OPTION_WAIT_SIGNAL_value_str = zend_string_init("wait_signal", strlen("wait_signal"), 1);
	ZVAL_STR(&const_OPTION_WAIT_SIGNAL_value, const_OPTION_WAIT_SIGNAL_value_str);
	zend_string *const_OPTION_WAIT_SIGNAL_name = zend_string_init_interned("OPTION_WAIT_SIGNAL", sizeof("OPTION_WAIT_SIGNAL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_WAIT_SIGNAL_name, &const_OPTION_WAIT_SIGNAL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_WAIT_SIGNAL_name);

	zval const_OPTION_DNS_CACHE_REFRESH_TIME_value;
	zend_string *const_OPTION_DNS_CACHE_REFRESH_TIME_value_str = zend_string_init("dns_cache_refresh_time", strlen("dns_cache_refresh_time"), 1);
	ZVAL_STR(&const_OPTION_DNS_CACHE_REFRESH_TIME_value, const_OPTION_DNS_CACHE_REFRESH_TIME_value_str);
	zend_string *const_OPTION_DNS_CACHE_REFRESH_TIME_name = zend_string_init_interned("OPTION_DNS_CACHE_REFRESH_TIME", sizeof("OPTION_DNS_CACHE_REFRESH_TIME") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_DNS_CACHE_REFRESH_TIME_name, &const_OPTION_DNS_CACHE_REFRESH_TIME_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_DNS_CACHE_REFRESH_TIME_name);

	zval const_OPTION_THREAD_NUM_value;
	zend_string *const_OPTION_THREAD_NUM_value_str = zend_string_init("thread_num", strlen("thread_num"), 1);
	ZVAL_STR(&const_OPTION_THREAD_NUM_value, const_OPTION_THREAD_NUM_value_str);
	zend_string *const_OPTION_THREAD_NUM_name = zend_string_init_interned("OPTION_THREAD_NUM", sizeof("OPTION_THREAD_NUM") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_THREAD_NUM_name, &const_OPTION_THREAD_NUM_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_THREAD_NUM_name);

	zval const_OPTION_MIN_THREAD_NUM_value;
	zend_string *const_OPTION_MIN_THREAD_NUM_value_str = zend_string_init("min_thread_num", strlen("min_thread_num"), 1);
	ZVAL_STR(&const_OPTION_MIN_THREAD_NUM_value, const_OPTION_MIN_THREAD_NUM_value_str);
	zend_string *const_OPTION_MIN_THREAD_NUM_name = zend_string_init_interned("OPTION_MIN_THREAD_NUM", sizeof("OPTION_MIN_THREAD_NUM") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_MIN_THREAD_NUM_name, &const_OPTION_MIN_THREAD_NUM_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_MIN_THREAD_NUM_name);

	zval const_OPTION_MAX_THREAD_NUM_value;
	zend_string *const_OPTION_MAX_THREAD_NUM_value_str = zend_string_init("max_thread_num", strlen("max_thread_num"), 1);
	ZVAL_STR(&const_OPTION_MAX_THREAD_NUM_value, const_OPTION_MAX_THREAD_NUM_value_str);
	zend_string *const_OPTION_MAX_THREAD_NUM_name = zend_string_init_interned("OPTION_MAX_THREAD_NUM", sizeof("OPTION_MAX_THREAD_NUM") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_MAX_THREAD_NUM_name, &const_OPTION_MAX_THREAD_NUM_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_MAX_THREAD_NUM_name);

	zval const_OPTION_SOCKET_DONTWAIT_value;
	zend_string *const_OPTION_SOCKET_DONTWAIT_value_str = zend_string_init("socket_dontwait", strlen("socket_dontwait"), 1);
	ZVAL_STR(&const_OPTION_SOCKET_DONTWAIT_value, const_OPTION_SOCKET_DONTWAIT_value_str);
	zend_string *const_OPTION_SOCKET_DONTWAIT_name = zend_string_init_interned("OPTION_SOCKET_DONTWAIT", sizeof("OPTION_SOCKET_DONTWAIT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SOCKET_DONTWAIT_name, &const_OPTION_SOCKET_DONTWAIT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SOCKET_DONTWAIT_name);

	zval const_OPTION_DNS_LOOKUP_RANDOM_value;
	zend_string *const_OPTION_DNS_LOOKUP_RANDOM_value_str = zend_string_init("dns_lookup_random", strlen("dns_lookup_random"), 1);
	ZVAL_STR(&const_OPTION_DNS_LOOKUP_RANDOM_value, const_OPTION_DNS_LOOKUP_RANDOM_value_str);
	zend_string *const_OPTION_DNS_LOOKUP_RANDOM_name = zend_string_init_interned("OPTION_DNS_LOOKUP_RANDOM", sizeof("OPTION_DNS_LOOKUP_RANDOM") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_DNS_LOOKUP_RANDOM_name, &const_OPTION_DNS_LOOKUP_RANDOM_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_DNS_LOOKUP_RANDOM_name);

	zval const_OPTION_USE_ASYNC_RESOLVER_value;
	zend_string *const_OPTION_USE_ASYNC_RESOLVER_value_str = zend_string_init("use_async_resolver", strlen("use_async_resolver"), 1);
	ZVAL_STR(&const_OPTION_USE_ASYNC_RESOLVER_value, const_OPTION_USE_ASYNC_RESOLVER_value_str);
	zend_string *const_OPTION_USE_ASYNC_RESOLVER_name = zend_string_init_interned("OPTION_USE_ASYNC_RESOLVER", sizeof("OPTION_USE_ASYNC_RESOLVER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_USE_ASYNC_RESOLVER_name, &const_OPTION_USE_ASYNC_RESOLVER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_USE_ASYNC_RESOLVER_name);

	zval const_OPTION_ENABLE_COROUTINE_value;
	zend_string *const_OPTION_ENABLE_COROUTINE_value_str = zend_string_init("enable_coroutine", strlen("enable_coroutine"), 1);
	ZVAL_STR(&const_OPTION_ENABLE_COROUTINE_value, const_OPTION_ENABLE_COROUTINE_value_str);
	zend_string *const_OPTION_ENABLE_COROUTINE_name = zend_string_init_interned("OPTION_ENABLE_COROUTINE", sizeof("OPTION_ENABLE_COROUTINE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_ENABLE_COROUTINE_name, &const_OPTION_ENABLE_COROUTINE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_ENABLE_COROUTINE_name);

	zval const_OPTION_ENABLE_DEADLOCK_CHECK_value;
	zend_string *const_OPTION_ENABLE_DEADLOCK_CHECK_value_str = zend_string_init("enable_deadlock_check", strlen("enable_deadlock_check"), 1);
	ZVAL_STR(&const_OPTION_ENABLE_DEADLOCK_CHECK_value, const_OPTION_ENABLE_DEADLOCK_CHECK_value_str);
	zend_string *const_OPTION_ENABLE_DEADLOCK_CHECK_name = zend_string_init_interned("OPTION_ENABLE_DEADLOCK_CHECK", sizeof("OPTION_ENABLE_DEADLOCK_CHECK") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_ENABLE_DEADLOCK_CHECK_name, &const_OPTION_ENABLE_DEADLOCK_CHECK_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_ENABLE_DEADLOCK_CHECK_name);

	zval const_OPTION_DEADLOCK_CHECK_DISABLE_TRACE_value;
	zend_string *const_OPTION_DEADLOCK_CHECK_DISABLE_TRACE_value_str = zend_string_init("deadlock_check_disable_trace", strlen("deadlock_check_disable_trace"), 1);
	ZVAL_STR(&const_OPTION_DEADLOCK_CHECK_DISABLE_TRACE_value, const_OPTION_DEADLOCK_CHECK_DISABLE_TRACE_value_str);
	zend_string *const_OPTION_DEADLOCK_CHECK_DISABLE_TRACE_name = zend_string_init_interned("OPTION_DEADLOCK_CHECK_DISABLE_TRACE", sizeof("OPTION_DEADLOCK_CHECK_DISABLE_TRACE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_DEADLOCK_CHECK_DISABLE_TRACE_name, &const_OPTION_DEADLOCK_CHECK_DISABLE_TRACE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_DEADLOCK_CHECK_DISABLE_TRACE_name);

	zval const_OPTION_DEADLOCK_CHECK_LIMIT_value;
	zend_string *const_OPTION_DEADLOCK_CHECK_LIMIT_value_str = zend_string_init("deadlock_check_limit", strlen("deadlock_check_limit"), 1);
	ZVAL_STR(&const_OPTION_DEADLOCK_CHECK_LIMIT_value, const_OPTION_DEADLOCK_CHECK_LIMIT_value_str);
	zend_string *const_OPTION_DEADLOCK_CHECK_LIMIT_name = zend_string_init_interned("OPTION_DEADLOCK_CHECK_LIMIT", sizeof("OPTION_DEADLOCK_CHECK_LIMIT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_DEADLOCK_CHECK_LIMIT_name, &const_OPTION_DEADLOCK_CHECK_LIMIT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_DEADLOCK_CHECK_LIMIT_name);

	zval const_OPTION_DEADLOCK_CHECK_DEPTH_value;
	zend_string *const_OPTION_DEADLOCK_CHECK_DEPTH_value_str = zend_string_init("deadlock_check_depth", strlen("deadlock_check_depth"), 1);
	ZVAL_STR(&const_OPTION_DEADLOCK_CHECK_DEPTH_value, const_OPTION_DEADLOCK_CHECK_DEPTH_value_str);
	zend_string *const_OPTION_DEADLOCK_CHECK_DEPTH_name = zend_string_init_interned("OPTION_DEADLOCK_CHECK_DEPTH", sizeof("OPTION_DEADLOCK_CHECK_DEPTH") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_DEADLOCK_CHECK_DEPTH_name, &const_OPTION_DEADLOCK_CHECK_DEPTH_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_DEADLOCK_CHECK_DEPTH_name);

	zval const_OPTION_EXIT_CONDITION_value;
	zend_string *const_OPTION_EXIT_CONDITION_value_str = zend_string_init("exit_condition", strlen("exit_condition"), 1);
	ZVAL_STR(&const_OPTION_EXIT_CONDITION_value, const_OPTION_EXIT_CONDITION_value_str);
	zend_string *const_OPTION_EXIT_CONDITION_name = zend_string_init_interned("OPTION_EXIT_CONDITION", sizeof("OPTION_EXIT_CONDITION") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_EXIT_CONDITION_name, &const_OPTION_EXIT_CONDITION_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_EXIT_CONDITION_name);

	zval const_OPTION_MAX_COROUTINE_value;
	zend_string *const_OPTION_MAX_COROUTINE_value_str = zend_string_init("max_coroutine", strlen("max_coroutine"), 1);
	ZVAL_STR(&const_OPTION_MAX_COROUTINE_value, const_OPTION_MAX_COROUTINE_value_str);
	zend_string *const_OPTION_MAX_COROUTINE_name = zend_string_init_interned("OPTION_MAX_COROUTINE", sizeof("OPTION_MAX_COROUTINE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_MAX_COROUTINE_name, &const_OPTION_MAX_COROUTINE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_MAX_COROUTINE_name);

	zval const_OPTION_C_STACK_SIZE_value;
	zend_string *const_OPTION_C_STACK_SIZE_value_str = zend_string_init("c_stack_size", strlen("c_stack_size"), 1);
	ZVAL_STR(&const_OPTION_C_STACK_SIZE_value, const_OPTION_C_STACK_SIZE_value_str);
	zend_string *const_OPTION_C_STACK_SIZE_name = zend_string_init_interned("OPTION_C_STACK_SIZE", sizeof("OPTION_C_STACK_SIZE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_C_STACK_SIZE_name, &const_OPTION_C_STACK_SIZE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_C_STACK_SIZE_name);

	zval const_OPTION_STACK_SIZE_value;
	zend_string *const_OPTION_STACK_SIZE_value_str = zend_string_init("stack_size", strlen("stack_size"), 1);
	ZVAL_STR(&const_OPTION_STACK_SIZE_value, const_OPTION_STACK_SIZE_value_str);
	zend_string *const_OPTION_STACK_SIZE_name = zend_string_init_interned("OPTION_STACK_SIZE", sizeof("OPTION_STACK_SIZE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_STACK_SIZE_name, &const_OPTION_STACK_SIZE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_STACK_SIZE_name);

	zval const_OPTION_NAME_RESOLVER_value;
	zend_string *const_OPTION_NAME_RESOLVER_value_str = zend_string_init("name_resolver", strlen("name_resolver"), 1);
	ZVAL_STR(&const_OPTION_NAME_RESOLVER_value, const_OPTION_NAME_RESOLVER_value_str);
	zend_string *const_OPTION_NAME_RESOLVER_name = zend_string_init_interned("OPTION_NAME_RESOLVER", sizeof("OPTION_NAME_RESOLVER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_NAME_RESOLVER_name, &const_OPTION_NAME_RESOLVER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_NAME_RESOLVER_name);

	zval const_OPTION_ENABLE_PREEMPTIVE_SCHEDULER_value;
	zend_string *const_OPTION_ENABLE_PREEMPTIVE_SCHEDULER_value_str = zend_string_init("enable_preemptive_scheduler", strlen("enable_preemptive_scheduler"), 1);
	ZVAL_STR(&const_OPTION_ENABLE_PREEMPTIVE_SCHEDULER_value, const_OPTION_ENABLE_PREEMPTIVE_SCHEDULER_value_str);
	zend_string *const_OPTION_ENABLE_PREEMPTIVE_SCHEDULER_name = zend_string_init_interned("OPTION_ENABLE_PREEMPTIVE_SCHEDULER", sizeof("OPTION_ENABLE_PREEMPTIVE_SCHEDULER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_ENABLE_PREEMPTIVE_SCHEDULER_name, &const_OPTION_ENABLE_PREEMPTIVE_SCHEDULER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_ENABLE_PREEMPTIVE_SCHEDULER_name);

	zval const_OPTION_HOOK_FLAGS_value;
	zend_string *const_OPTION_HOOK_FLAGS_value_str = zend_string_init("hook_flags", strlen("hook_flags"), 1);
	ZVAL_STR(&const_OPTION_HOOK_FLAGS_value, const_OPTION_HOOK_FLAGS_value_str);
	zend_string *const_OPTION_HOOK_FLAGS_name = zend_string_init_interned("OPTION_HOOK_FLAGS", sizeof("OPTION_HOOK_FLAGS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HOOK_FLAGS_name, &const_OPTION_HOOK_FLAGS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HOOK_FLAGS_name);

	zval const_OPTION_CONNECT_TIMEOUT_value;
	zend_string *const_OPTION_CONNECT_TIMEOUT_value_str = zend_string_init("connect_timeout", strlen("connect_timeout"), 1);
	ZVAL_STR(&const_OPTION_CONNECT_TIMEOUT_value, const_OPTION_CONNECT_TIMEOUT_value_str);
	zend_string *const_OPTION_CONNECT_TIMEOUT_name = zend_string_init_interned("OPTION_CONNECT_TIMEOUT", sizeof("OPTION_CONNECT_TIMEOUT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_CONNECT_TIMEOUT_name, &const_OPTION_CONNECT_TIMEOUT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_CONNECT_TIMEOUT_name);

	zval const_OPTION_TIMEOUT_value;
	zend_string *const_OPTION_TIMEOUT_value_str = zend_string_init("timeout", strlen("timeout"), 1);
	ZVAL_STR(&const_OPTION_TIMEOUT_value, const_OPTION_TIMEOUT_value_str);
	zend_string *const_OPTION_TIMEOUT_name = zend_string_init_interned("OPTION_TIMEOUT", sizeof("OPTION_TIMEOUT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_TIMEOUT_name, &const_OPTION_TIMEOUT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_TIMEOUT_name);

	zval const_OPTION_WRITE_TIMEOUT_value;
	zend_string *const_OPTION_WRITE_TIMEOUT_value_str = zend_string_init("write_timeout", strlen("write_timeout"), 1);
	ZVAL_STR(&const_OPTION_WRITE_TIMEOUT_value, const_OPTION_WRITE_TIMEOUT_value_str);
	zend_string *const_OPTION_WRITE_TIMEOUT_name = zend_string_init_interned("OPTION_WRITE_TIMEOUT", sizeof("OPTION_WRITE_TIMEOUT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_WRITE_TIMEOUT_name, &const_OPTION_WRITE_TIMEOUT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_WRITE_TIMEOUT_name);

	zval const_OPTION_READ_TIMEOUT_value;
	zend_string *const_OPTION_READ_TIMEOUT_value_str = zend_string_init("read_timeout", strlen("read_timeout"), 1);
	ZVAL_STR(&const_OPTION_READ_TIMEOUT_value, const_OPTION_READ_TIMEOUT_value_str);
	zend_string *const_OPTION_READ_TIMEOUT_name = zend_string_init_interned("OPTION_READ_TIMEOUT", sizeof("OPTION_READ_TIMEOUT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_READ_TIMEOUT_name, &const_OPTION_READ_TIMEOUT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_READ_TIMEOUT_name);

	zval const_OPTION_BIND_ADDRESS_value;
	zend_string *const_OPTION_BIND_ADDRESS_value_str = zend_string_init("bind_address", strlen("bind_address"), 1);
	ZVAL_STR(&const_OPTION_BIND_ADDRESS_value, const_OPTION_BIND_ADDRESS_value_str);
	zend_string *const_OPTION_BIND_ADDRESS_name = zend_string_init_interned("OPTION_BIND_ADDRESS", sizeof("OPTION_BIND_ADDRESS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_BIND_ADDRESS_name, &const_OPTION_BIND_ADDRESS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_BIND_ADDRESS_name);

	zval const_OPTION_BIND_PORT_value;
	zend_string *const_OPTION_BIND_PORT_value_str = zend_string_init("bind_port", strlen("bind_port"), 1);
	ZVAL_STR(&const_OPTION_BIND_PORT_value, const_OPTION_BIND_PORT_value_str);
	zend_string *const_OPTION_BIND_PORT_name = zend_string_init_interned("OPTION_BIND_PORT", sizeof("OPTION_BIND_PORT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_BIND_PORT_name, &const_OPTION_BIND_PORT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_BIND_PORT_name);

	zval const_OPTION_OPEN_EOF_CHECK_value;
	zend_string *const_OPTION_OPEN_EOF_CHECK_value_str = zend_string_init("open_eof_check", strlen("open_eof_check"), 1);
	ZVAL_STR(&const_OPTION_OPEN_EOF_CHECK_value, const_OPTION_OPEN_EOF_CHECK_value_str);
	zend_string *const_OPTION_OPEN_EOF_CHECK_name = zend_string_init_interned("OPTION_OPEN_EOF_CHECK", sizeof("OPTION_OPEN_EOF_CHECK") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_OPEN_EOF_CHECK_name, &const_OPTION_OPEN_EOF_CHECK_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_OPEN_EOF_CHECK_name);

	zval const_OPTION_OPEN_EOF_SPLIT_value;
	zend_string *const_OPTION_OPEN_EOF_SPLIT_value_str = zend_string_init("open_eof_split", strlen("open_eof_split"), 1);
	ZVAL_STR(&const_OPTION_OPEN_EOF_SPLIT_value, const_OPTION_OPEN_EOF_SPLIT_value_str);
	zend_string *const_OPTION_OPEN_EOF_SPLIT_name = zend_string_init_interned("OPTION_OPEN_EOF_SPLIT", sizeof("OPTION_OPEN_EOF_SPLIT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_OPEN_EOF_SPLIT_name, &const_OPTION_OPEN_EOF_SPLIT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_OPEN_EOF_SPLIT_name);

	zval const_OPTION_PACKAGE_EOF_value;
	zend_string *const_OPTION_PACKAGE_EOF_value_str = zend_string_init("package_eof", strlen("package_eof"), 1);
	ZVAL_STR(&const_OPTION_PACKAGE_EOF_value, const_OPTION_PACKAGE_EOF_value_str);
	zend_string *const_OPTION_PACKAGE_EOF_name = zend_string_init_interned("OPTION_PACKAGE_EOF", sizeof("OPTION_PACKAGE_EOF") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_PACKAGE_EOF_name, &const_OPTION_PACKAGE_EOF_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_PACKAGE_EOF_name);

	zval const_OPTION_OPEN_LENGTH_CHECK_value;
	zend_string *const_OPTION_OPEN_LENGTH_CHECK_value_str = zend_string_init("open_length_check", strlen("open_length_check"), 1);
	ZVAL_STR(&const_OPTION_OPEN_LENGTH_CHECK_value, const_OPTION_OPEN_LENGTH_CHECK_value_str);
	zend_string *const_OPTION_OPEN_LENGTH_CHECK_name = zend_string_init_interned("OPTION_OPEN_LENGTH_CHECK", sizeof("OPTION_OPEN_LENGTH_CHECK") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_OPEN_LENGTH_CHECK_name, &const_OPTION_OPEN_LENGTH_CHECK_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_OPEN_LENGTH_CHECK_name);

	zval const_OPTION_PACKAGE_LENGTH_TYPE_value;
	zend_string *const_OPTION_PACKAGE_LENGTH_TYPE_value_str = zend_string_init("package_length_type", strlen("package_length_type"), 1);
	ZVAL_STR(&const_OPTION_PACKAGE_LENGTH_TYPE_value, const_OPTION_PACKAGE_LENGTH_TYPE_value_str);
	zend_string *const_OPTION_PACKAGE_LENGTH_TYPE_name = zend_string_init_interned("OPTION_PACKAGE_LENGTH_TYPE", sizeof("OPTION_PACKAGE_LENGTH_TYPE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_PACKAGE_LENGTH_TYPE_name, &const_OPTION_PACKAGE_LENGTH_TYPE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_PACKAGE_LENGTH_TYPE_name);

	zval const_OPTION_PACKAGE_LENGTH_OFFSET_value;
	zend_string *const_OPTION_PACKAGE_LENGTH_OFFSET_value_str = zend_string_init("package_length_offset", strlen("package_length_offset"), 1);
	ZVAL_STR(&const_OPTION_PACKAGE_LENGTH_OFFSET_value, const_OPTION_PACKAGE_LENGTH_OFFSET_value_str);
	zend_string *const_OPTION_PACKAGE_LENGTH_OFFSET_name = zend_string_init_interned("OPTION_PACKAGE_LENGTH_OFFSET", sizeof("OPTION_PACKAGE_LENGTH_OFFSET") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_PACKAGE_LENGTH_OFFSET_name, &const_OPTION_PACKAGE_LENGTH_OFFSET_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_PACKAGE_LENGTH_OFFSET_name);

	zval const_OPTION_PACKAGE_BODY_OFFSET_value;
	zend_string *const_OPTION_PACKAGE_BODY_OFFSET_value_str = zend_string_init("package_body_offset", strlen("package_body_offset"), 1);
	ZVAL_STR(&const_OPTION_PACKAGE_BODY_OFFSET_value, const_OPTION_PACKAGE_BODY_OFFSET_value_str);
	zend_string *const_OPTION_PACKAGE_BODY_OFFSET_name = zend_string_init_interned("OPTION_PACKAGE_BODY_OFFSET", sizeof("OPTION_PACKAGE_BODY_OFFSET") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_PACKAGE_BODY_OFFSET_name, &const_OPTION_PACKAGE_BODY_OFFSET_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_PACKAGE_BODY_OFFSET_name);

	zval const_OPTION_PACKAGE_LENGTH_FUNC_value;
	zend_string *const_OPTION_PACKAGE_LENGTH_FUNC_value_str = zend_string_init("package_length_func", strlen("package_length_func"), 1);
	ZVAL_STR(&const_OPTION_PACKAGE_LENGTH_FUNC_value, const_OPTION_PACKAGE_LENGTH_FUNC_value_str);
	zend_string *const_OPTION_PACKAGE_LENGTH_FUNC_name = zend_string_init_interned("OPTION_PACKAGE_LENGTH_FUNC", sizeof("OPTION_PACKAGE_LENGTH_FUNC") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_PACKAGE_LENGTH_FUNC_name, &const_OPTION_PACKAGE_LENGTH_FUNC_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_PACKAGE_LENGTH_FUNC_name);

	zval const_OPTION_PACKAGE_MAX_LENGTH_value;
	zend_string *const_OPTION_PACKAGE_MAX_LENGTH_value_str = zend_string_init("package_max_length", strlen("package_max_length"), 1);
	ZVAL_STR(&const_OPTION_PACKAGE_MAX_LENGTH_value, const_OPTION_PACKAGE_MAX_LENGTH_value_str);
	zend_string *const_OPTION_PACKAGE_MAX_LENGTH_name = zend_string_init_interned("OPTION_PACKAGE_MAX_LENGTH", sizeof("OPTION_PACKAGE_MAX_LENGTH") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_PACKAGE_MAX_LENGTH_name, &const_OPTION_PACKAGE_MAX_LENGTH_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_PACKAGE_MAX_LENGTH_name);

	zval const_OPTION_BUFFER_HIGH_WATERMARK_value;
	zend_string *const_OPTION_BUFFER_HIGH_WATERMARK_value_str = zend_string_init("buffer_high_watermark", strlen("buffer_high_watermark"), 1);
	ZVAL_STR(&const_OPTION_BUFFER_HIGH_WATERMARK_value, const_OPTION_BUFFER_HIGH_WATERMARK_value_str);
	zend_string *const_OPTION_BUFFER_HIGH_WATERMARK_name = zend_string_init_interned("OPTION_BUFFER_HIGH_WATERMARK", sizeof("OPTION_BUFFER_HIGH_WATERMARK") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_BUFFER_HIGH_WATERMARK_name, &const_OPTION_BUFFER_HIGH_WATERMARK_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_BUFFER_HIGH_WATERMARK_name);

	zval const_OPTION_BUFFER_LOW_WATERMARK_value;
	zend_string *const_OPTION_BUFFER_LOW_WATERMARK_value_str = zend_string_init("buffer_low_watermark", strlen("buffer_low_watermark"), 1);
	ZVAL_STR(&const_OPTION_BUFFER_LOW_WATERMARK_value, const_OPTION_BUFFER_LOW_WATERMARK_value_str);
	zend_string *const_OPTION_BUFFER_LOW_WATERMARK_name = zend_string_init_interned("OPTION_BUFFER_LOW_WATERMARK", sizeof("OPTION_BUFFER_LOW_WATERMARK") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_BUFFER_LOW_WATERMARK_name, &const_OPTION_BUFFER_LOW_WATERMARK_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_BUFFER_LOW_WATERMARK_name);

	zval const_OPTION_OPEN_TCP_NODELAY_value;
	zend_string *const_OPTION_OPEN_TCP_NODELAY_value_str = zend_string_init("open_tcp_nodelay", strlen("open_tcp_nodelay"), 1);
	ZVAL_STR(&const_OPTION_OPEN_TCP_NODELAY_value, const_OPTION_OPEN_TCP_NODELAY_value_str);
	zend_string *const_OPTION_OPEN_TCP_NODELAY_name = zend_string_init_interned("OPTION_OPEN_TCP_NODELAY", sizeof("OPTION_OPEN_TCP_NODELAY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_OPEN_TCP_NODELAY_name, &const_OPTION_OPEN_TCP_NODELAY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_OPEN_TCP_NODELAY_name);

	zval const_OPTION_OPEN_TCP_KEEPALIVE_value;
	zend_string *const_OPTION_OPEN_TCP_KEEPALIVE_value_str = zend_string_init("open_tcp_keepalive", strlen("open_tcp_keepalive"), 1);
	ZVAL_STR(&const_OPTION_OPEN_TCP_KEEPALIVE_value, const_OPTION_OPEN_TCP_KEEPALIVE_value_str);
	zend_string *const_OPTION_OPEN_TCP_KEEPALIVE_name = zend_string_init_interned("OPTION_OPEN_TCP_KEEPALIVE", sizeof("OPTION_OPEN_TCP_KEEPALIVE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_OPEN_TCP_KEEPALIVE_name, &const_OPTION_OPEN_TCP_KEEPALIVE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_OPEN_TCP_KEEPALIVE_name);

	zval const_OPTION_TCP_KEEPIDLE_value;
	zend_string *const_OPTION_TCP_KEEPIDLE_value_str = zend_string_init("tcp_keepidle", strlen("tcp_keepidle"), 1);
	ZVAL_STR(&const_OPTION_TCP_KEEPIDLE_value, const_OPTION_TCP_KEEPIDLE_value_str);
	zend_string *const_OPTION_TCP_KEEPIDLE_name = zend_string_init_interned("OPTION_TCP_KEEPIDLE", sizeof("OPTION_TCP_KEEPIDLE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_TCP_KEEPIDLE_name, &const_OPTION_TCP_KEEPIDLE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_TCP_KEEPIDLE_name);

	zval const_OPTION_TCP_KEEPINTERVAL_value;
	zend_string *const_OPTION_TCP_KEEPINTERVAL_value_str = zend_string_init("tcp_keepinterval", strlen("tcp_keepinterval"), 1);
	ZVAL_STR(&const_OPTION_TCP_KEEPINTERVAL_value, const_OPTION_TCP_KEEPINTERVAL_value_str);
	zend_string *const_OPTION_TCP_KEEPINTERVAL_name = zend_string_init_interned("OPTION_TCP_KEEPINTERVAL", sizeof("OPTION_TCP_KEEPINTERVAL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_TCP_KEEPINTERVAL_name, &const_OPTION_TCP_KEEPINTERVAL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_TCP_KEEPINTERVAL_name);

	zval const_OPTION_TCP_KEEPCOUNT_value;
	zend_string *const_OPTION_TCP_KEEPCOUNT_value_str = zend_string_init("tcp_keepcount", strlen("tcp_keepcount"), 1);
	ZVAL_STR(&const_OPTION_TCP_KEEPCOUNT_value, const_OPTION_TCP_KEEPCOUNT_value_str);
	zend_string *const_OPTION_TCP_KEEPCOUNT_name = zend_string_init_interned("OPTION_TCP_KEEPCOUNT", sizeof("OPTION_TCP_KEEPCOUNT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_TCP_KEEPCOUNT_name, &const_OPTION_TCP_KEEPCOUNT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_TCP_KEEPCOUNT_name);

	zval const_OPTION_TCP_USER_TIMEOUT_value;
	zend_string *const_OPTION_TCP_USER_TIMEOUT_value_str = zend_string_init("tcp_user_timeout", strlen("tcp_user_timeout"), 1);
	ZVAL_STR(&const_OPTION_TCP_USER_TIMEOUT_value, const_OPTION_TCP_USER_TIMEOUT_value_str);
	zend_string *const_OPTION_TCP_USER_TIMEOUT_name = zend_string_init_interned("OPTION_TCP_USER_TIMEOUT", sizeof("OPTION_TCP_USER_TIMEOUT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_TCP_USER_TIMEOUT_name, &const_OPTION_TCP_USER_TIMEOUT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_TCP_USER_TIMEOUT_name);

	zval const_OPTION_TCP_FASTOPEN_value;
	zend_string *const_OPTION_TCP_FASTOPEN_value_str = zend_string_init("tcp_fastopen", strlen("tcp_fastopen"), 1);
	ZVAL_STR(&const_OPTION_TCP_FASTOPEN_value, const_OPTION_TCP_FASTOPEN_value_str);
	zend_string *const_OPTION_TCP_FASTOPEN_name = zend_string_init_interned("OPTION_TCP_FASTOPEN", sizeof("OPTION_TCP_FASTOPEN") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_TCP_FASTOPEN_name, &const_OPTION_TCP_FASTOPEN_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_TCP_FASTOPEN_name);

	zval const_OPTION_OPEN_FASTCGI_PROTOCOL_value;
	zend_string *const_OPTION_OPEN_FASTCGI_PROTOCOL_value_str = zend_string_init("open_fastcgi_protocol", strlen("open_fastcgi_protocol"), 1);
	ZVAL_STR(&const_OPTION_OPEN_FASTCGI_PROTOCOL_value, const_OPTION_OPEN_FASTCGI_PROTOCOL_value_str);
	zend_string *const_OPTION_OPEN_FASTCGI_PROTOCOL_name = zend_string_init_interned("OPTION_OPEN_FASTCGI_PROTOCOL", sizeof("OPTION_OPEN_FASTCGI_PROTOCOL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_OPEN_FASTCGI_PROTOCOL_name, &const_OPTION_OPEN_FASTCGI_PROTOCOL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_OPEN_FASTCGI_PROTOCOL_name);

	zval const_OPTION_OPEN_HTTP_PROTOCOL_value;
	zend_string *const_OPTION_OPEN_HTTP_PROTOCOL_value_str = zend_string_init("open_http_protocol", strlen("open_http_protocol"), 1);
	ZVAL_STR(&const_OPTION_OPEN_HTTP_PROTOCOL_value, const_OPTION_OPEN_HTTP_PROTOCOL_value_str);
	zend_string *const_OPTION_OPEN_HTTP_PROTOCOL_name = zend_string_init_interned("OPTION_OPEN_HTTP_PROTOCOL", sizeof("OPTION_OPEN_HTTP_PROTOCOL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_OPEN_HTTP_PROTOCOL_name, &const_OPTION_OPEN_HTTP_PROTOCOL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_OPEN_HTTP_PROTOCOL_name);

	zval const_OPTION_OPEN_HTTP2_PROTOCOL_value;
	zend_string *const_OPTION_OPEN_HTTP2_PROTOCOL_value_str = zend_string_init("open_http2_protocol", strlen("open_http2_protocol"), 1);
	ZVAL_STR(&const_OPTION_OPEN_HTTP2_PROTOCOL_value, const_OPTION_OPEN_HTTP2_PROTOCOL_value_str);
	zend_string *const_OPTION_OPEN_HTTP2_PROTOCOL_name = zend_string_init_interned("OPTION_OPEN_HTTP2_PROTOCOL", sizeof("OPTION_OPEN_HTTP2_PROTOCOL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_OPEN_HTTP2_PROTOCOL_name, &const_OPTION_OPEN_HTTP2_PROTOCOL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_OPEN_HTTP2_PROTOCOL_name);

	zval const_OPTION_OPEN_WEBSOCKET_PROTOCOL_value;
	zend_string *const_OPTION_OPEN_WEBSOCKET_PROTOCOL_value_str = zend_string_init("open_websocket_protocol", strlen("open_websocket_protocol"), 1);
	ZVAL_STR(&const_OPTION_OPEN_WEBSOCKET_PROTOCOL_value, const_OPTION_OPEN_WEBSOCKET_PROTOCOL_value_str);
	zend_string *const_OPTION_OPEN_WEBSOCKET_PROTOCOL_name = zend_string_init_interned("OPTION_OPEN_WEBSOCKET_PROTOCOL", sizeof("OPTION_OPEN_WEBSOCKET_PROTOCOL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_OPEN_WEBSOCKET_PROTOCOL_name, &const_OPTION_OPEN_WEBSOCKET_PROTOCOL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_OPEN_WEBSOCKET_PROTOCOL_name);

	zval const_OPTION_OPEN_MQTT_PROTOCOL_value;
	zend_string *const_OPTION_OPEN_MQTT_PROTOCOL_value_str = zend_string_init("open_mqtt_protocol", strlen("open_mqtt_protocol"), 1);
	ZVAL_STR(&const_OPTION_OPEN_MQTT_PROTOCOL_value, const_OPTION_OPEN_MQTT_PROTOCOL_value_str);
	zend_string *const_OPTION_OPEN_MQTT_PROTOCOL_name = zend_string_init_interned("OPTION_OPEN_MQTT_PROTOCOL", sizeof("OPTION_OPEN_MQTT_PROTOCOL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_OPEN_MQTT_PROTOCOL_name, &const_OPTION_OPEN_MQTT_PROTOCOL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_OPEN_MQTT_PROTOCOL_name);

	zval const_OPTION_OPEN_REDIS_PROTOCOL_value;
	zend_string *const_OPTION_OPEN_REDIS_PROTOCOL_value_str = zend_string_init("open_redis_protocol", strlen("open_redis_protocol"), 1);
	ZVAL_STR(&const_OPTION_OPEN_REDIS_PROTOCOL_value, const_OPTION_OPEN_REDIS_PROTOCOL_value_str);
	zend_string *const_OPTION_OPEN_REDIS_PROTOCOL_name = zend_string_init_interned("OPTION_OPEN_REDIS_PROTOCOL", sizeof("OPTION_OPEN_REDIS_PROTOCOL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_OPEN_REDIS_PROTOCOL_name, &const_OPTION_OPEN_REDIS_PROTOCOL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_OPEN_REDIS_PROTOCOL_name);

	zval const_OPTION_OPEN_SSL_value;
	zend_string *const_OPTION_OPEN_SSL_value_str = zend_string_init("open_ssl", strlen("open_ssl"), 1);
	ZVAL_STR(&const_OPTION_OPEN_SSL_value, const_OPTION_OPEN_SSL_value_str);
	zend_string *const_OPTION_OPEN_SSL_name = zend_string_init_interned("OPTION_OPEN_SSL", sizeof("OPTION_OPEN_SSL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_OPEN_SSL_name, &const_OPTION_OPEN_SSL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_OPEN_SSL_name);

	zval const_OPTION_SSL_CERT_FILE_value;
	zend_string *const_OPTION_SSL_CERT_FILE_value_str = zend_string_init("ssl_cert_file", strlen("ssl_cert_file"), 1);
	ZVAL_STR(&const_OPTION_SSL_CERT_FILE_value, const_OPTION_SSL_CERT_FILE_value_str);
	zend_string *const_OPTION_SSL_CERT_FILE_name = zend_string_init_interned("OPTION_SSL_CERT_FILE", sizeof("OPTION_SSL_CERT_FILE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SSL_CERT_FILE_name, &const_OPTION_SSL_CERT_FILE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SSL_CERT_FILE_name);

	zval const_OPTION_SSL_KEY_FILE_value;
	zend_string *const_OPTION_SSL_KEY_FILE_value_str = zend_string_init("ssl_key_file", strlen("ssl_key_file"), 1);
	ZVAL_STR(&const_OPTION_SSL_KEY_FILE_value, const_OPTION_SSL_KEY_FILE_value_str);
	zend_string *const_OPTION_SSL_KEY_FILE_name = zend_string_init_interned("OPTION_SSL_KEY_FILE", sizeof("OPTION_SSL_KEY_FILE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SSL_KEY_FILE_name, &const_OPTION_SSL_KEY_FILE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SSL_KEY_FILE_name);

	zval const_OPTION_SSL_PASSPHRASE_value;
	zend_string *const_OPTION_SSL_PASSPHRASE_value_str = zend_string_init("ssl_passphrase", strlen("ssl_passphrase"), 1);
	ZVAL_STR(&const_OPTION_SSL_PASSPHRASE_value, const_OPTION_SSL_PASSPHRASE_value_str);
	zend_string *const_OPTION_SSL_PASSPHRASE_name = zend_string_init_interned("OPTION_SSL_PASSPHRASE", sizeof("OPTION_SSL_PASSPHRASE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SSL_PASSPHRASE_name, &const_OPTION_SSL_PASSPHRASE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SSL_PASSPHRASE_name);

	zval const_OPTION_SSL_METHOD_value;
	zend_string *const_OPTION_SSL_METHOD_value_str = zend_string_init("ssl_method", strlen("ssl_method"), 1);
	ZVAL_STR(&const_OPTION_SSL_METHOD_value, const_OPTION_SSL_METHOD_value_str);
	zend_string *const_OPTION_SSL_METHOD_name = zend_string_init_interned("OPTION_SSL_METHOD", sizeof("OPTION_SSL_METHOD") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SSL_METHOD_name, &const_OPTION_SSL_METHOD_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SSL_METHOD_name);

	zval const_OPTION_SSL_PROTOCOLS_value;
	zend_string *const_OPTION_SSL_PROTOCOLS_value_str = zend_string_init("ssl_protocols", strlen("ssl_protocols"), 1);
	ZVAL_STR(&const_OPTION_SSL_PROTOCOLS_value, const_OPTION_SSL_PROTOCOLS_value_str);
	zend_string *const_OPTION_SSL_PROTOCOLS_name = zend_string_init_interned("OPTION_SSL_PROTOCOLS", sizeof("OPTION_SSL_PROTOCOLS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SSL_PROTOCOLS_name, &const_OPTION_SSL_PROTOCOLS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SSL_PROTOCOLS_name);

	zval const_OPTION_SSL_CIPHERS_value;
	zend_string *const_OPTION_SSL_CIPHERS_value_str = zend_string_init("ssl_ciphers", strlen("ssl_ciphers"), 1);
	ZVAL_STR(&const_OPTION_SSL_CIPHERS_value, const_OPTION_SSL_CIPHERS_value_str);
	zend_string *const_OPTION_SSL_CIPHERS_name = zend_string_init_interned("OPTION_SSL_CIPHERS", sizeof("OPTION_SSL_CIPHERS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SSL_CIPHERS_name, &const_OPTION_SSL_CIPHERS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SSL_CIPHERS_name);

	zval const_OPTION_SSL_ECDH_CURVE_value;
	zend_string *const_OPTION_SSL_ECDH_CURVE_value_str = zend_string_init("ssl_ecdh_curve", strlen("ssl_ecdh_curve"), 1);
	ZVAL_STR(&const_OPTION_SSL_ECDH_CURVE_value, const_OPTION_SSL_ECDH_CURVE_value_str);
	zend_string *const_OPTION_SSL_ECDH_CURVE_name = zend_string_init_interned("OPTION_SSL_ECDH_CURVE", sizeof("OPTION_SSL_ECDH_CURVE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SSL_ECDH_CURVE_name, &const_OPTION_SSL_ECDH_CURVE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SSL_ECDH_CURVE_name);

	zval const_OPTION_SSL_DHPARAM_value;
	zend_string *const_OPTION_SSL_DHPARAM_value_str = zend_string_init("ssl_dhparam", strlen("ssl_dhparam"), 1);
	ZVAL_STR(&const_OPTION_SSL_DHPARAM_value, const_OPTION_SSL_DHPARAM_value_str);
	zend_string *const_OPTION_SSL_DHPARAM_name = zend_string_init_interned("OPTION_SSL_DHPARAM", sizeof("OPTION_SSL_DHPARAM") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SSL_DHPARAM_name, &const_OPTION_SSL_DHPARAM_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SSL_DHPARAM_name);

	zval const_OPTION_SSL_VERIFY_PEER_value;
	zend_string *const_OPTION_SSL_VERIFY_PEER_value_str = zend_string_init("ssl_verify_peer", strlen("ssl_verify_peer"), 1);
	ZVAL_STR(&const_OPTION_SSL_VERIFY_PEER_value, const_OPTION_SSL_VERIFY_PEER_value_str);
	zend_string *const_OPTION_SSL_VERIFY_PEER_name = zend_string_init_interned("OPTION_SSL_VERIFY_PEER", sizeof("OPTION_SSL_VERIFY_PEER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SSL_VERIFY_PEER_name, &const_OPTION_SSL_VERIFY_PEER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SSL_VERIFY_PEER_name);

	zval const_OPTION_SSL_ALLOW_SELF_SIGNED_value;
	zend_string *const_OPTION_SSL_ALLOW_SELF_SIGNED_value_str = zend_string_init("ssl_allow_self_signed", strlen("ssl_allow_self_signed"), 1);
	ZVAL_STR(&const_OPTION_SSL_ALLOW_SELF_SIGNED_value, const_OPTION_SSL_ALLOW_SELF_SIGNED_value_str);
	zend_string *const_OPTION_SSL_ALLOW_SELF_SIGNED_name = zend_string_init_interned("OPTION_SSL_ALLOW_SELF_SIGNED", sizeof("OPTION_SSL_ALLOW_SELF_SIGNED") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SSL_ALLOW_SELF_SIGNED_name, &const_OPTION_SSL_ALLOW_SELF_SIGNED_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SSL_ALLOW_SELF_SIGNED_name);

	zval const_OPTION_SSL_HOST_NAME_value;
	zend_string *const_OPTION_SSL_HOST_NAME_value_str = zend_string_init("ssl_host_name", strlen("ssl_host_name"), 1);
	ZVAL_STR(&const_OPTION_SSL_HOST_NAME_value, const_OPTION_SSL_HOST_NAME_value_str);
	zend_string *const_OPTION_SSL_HOST_NAME_name = zend_string_init_interned("OPTION_SSL_HOST_NAME", sizeof("OPTION_SSL_HOST_NAME") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SSL_HOST_NAME_name, &const_OPTION_SSL_HOST_NAME_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SSL_HOST_NAME_name);

	zval const_OPTION_SSL_CAFILE_value;
	zend_string *const_OPTION_SSL_CAFILE_value_str = zend_string_init("ssl_cafile", strlen("ssl_cafile"), 1);
	ZVAL_STR(&const_OPTION_SSL_CAFILE_value, const_OPTION_SSL_CAFILE_value_str);
	zend_string *const_OPTION_SSL_CAFILE_name = zend_string_init_interned("OPTION_SSL_CAFILE", sizeof("OPTION_SSL_CAFILE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SSL_CAFILE_name, &const_OPTION_SSL_CAFILE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SSL_CAFILE_name);

	zval const_OPTION_SSL_CAPATH_value;
	zend_string *const_OPTION_SSL_CAPATH_value_str = zend_string_init("ssl_capath", strlen("ssl_capath"), 1);
	ZVAL_STR(&const_OPTION_SSL_CAPATH_value, const_OPTION_SSL_CAPATH_value_str);
	zend_string *const_OPTION_SSL_CAPATH_name = zend_string_init_interned("OPTION_SSL_CAPATH", sizeof("OPTION_SSL_CAPATH") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SSL_CAPATH_name, &const_OPTION_SSL_CAPATH_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SSL_CAPATH_name);

	zval const_OPTION_SSL_VERIFY_DEPTH_value;
	zend_string *const_OPTION_SSL_VERIFY_DEPTH_value_str = zend_string_init("ssl_verify_depth", strlen("ssl_verify_depth"), 1);
	ZVAL_STR(&const_OPTION_SSL_VERIFY_DEPTH_value, const_OPTION_SSL_VERIFY_DEPTH_value_str);
	zend_string *const_OPTION_SSL_VERIFY_DEPTH_name = zend_string_init_interned("OPTION_SSL_VERIFY_DEPTH", sizeof("OPTION_SSL_VERIFY_DEPTH") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SSL_VERIFY_DEPTH_name, &const_OPTION_SSL_VERIFY_DEPTH_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SSL_VERIFY_DEPTH_name);

	zval const_OPTION_SSL_COMPRESS_value;
	zend_string *const_OPTION_SSL_COMPRESS_value_str = zend_string_init("ssl_compress", strlen("ssl_compress"), 1);
	ZVAL_STR(&const_OPTION_SSL_COMPRESS_value, const_OPTION_SSL_COMPRESS_value_str);
	zend_string *const_OPTION_SSL_COMPRESS_name = zend_string_init_interned("OPTION_SSL_COMPRESS", sizeof("OPTION_SSL_COMPRESS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SSL_COMPRESS_name, &const_OPTION_SSL_COMPRESS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SSL_COMPRESS_name);

	zval const_OPTION_SSL_PREFER_SERVER_CIPHERS_value;
	zend_string *const_OPTION_SSL_PREFER_SERVER_CIPHERS_value_str = zend_string_init("ssl_prefer_server_ciphers", strlen("ssl_prefer_server_ciphers"), 1);
	ZVAL_STR(&const_OPTION_SSL_PREFER_SERVER_CIPHERS_value, const_OPTION_SSL_PREFER_SERVER_CIPHERS_value_str);
	zend_string *const_OPTION_SSL_PREFER_SERVER_CIPHERS_name = zend_string_init_interned("OPTION_SSL_PREFER_SERVER_CIPHERS", sizeof("OPTION_SSL_PREFER_SERVER_CIPHERS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SSL_PREFER_SERVER_CIPHERS_name, &const_OPTION_SSL_PREFER_SERVER_CIPHERS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SSL_PREFER_SERVER_CIPHERS_name);

	zval const_OPTION_SSL_CLIENT_CERT_FILE_value;
	zend_string *const_OPTION_SSL_CLIENT_CERT_FILE_value_str = zend_string_init("ssl_client_cert_file", strlen("ssl_client_cert_file"), 1);
	ZVAL_STR(&const_OPTION_SSL_CLIENT_CERT_FILE_value, const_OPTION_SSL_CLIENT_CERT_FILE_value_str);
	zend_string *const_OPTION_SSL_CLIENT_CERT_FILE_name = zend_string_init_interned("OPTION_SSL_CLIENT_CERT_FILE", sizeof("OPTION_SSL_CLIENT_CERT_FILE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SSL_CLIENT_CERT_FILE_name, &const_OPTION_SSL_CLIENT_CERT_FILE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SSL_CLIENT_CERT_FILE_name);

	zval const_OPTION_SSL_SNI_CERTS_value;
	zend_string *const_OPTION_SSL_SNI_CERTS_value_str = zend_string_init("ssl_sni_certs", strlen("ssl_sni_certs"), 1);
	ZVAL_STR(&const_OPTION_SSL_SNI_CERTS_value, const_OPTION_SSL_SNI_CERTS_value_str);
	zend_string *const_OPTION_SSL_SNI_CERTS_name = zend_string_init_interned("OPTION_SSL_SNI_CERTS", sizeof("OPTION_SSL_SNI_CERTS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SSL_SNI_CERTS_name, &const_OPTION_SSL_SNI_CERTS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SSL_SNI_CERTS_name);

	zval const_OPTION_SOCKS5_HOST_value;
	zend_string *const_OPTION_SOCKS5_HOST_value_str = zend_string_init("socks5_host", strlen("socks5_host"), 1);
	ZVAL_STR(&const_OPTION_SOCKS5_HOST_value, const_OPTION_SOCKS5_HOST_value_str);
	zend_string *const_OPTION_SOCKS5_HOST_name = zend_string_init_interned("OPTION_SOCKS5_HOST", sizeof("OPTION_SOCKS5_HOST") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SOCKS5_HOST_name, &const_OPTION_SOCKS5_HOST_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SOCKS5_HOST_name);

	zval const_OPTION_SOCKS5_PORT_value;
	zend_string *const_OPTION_SOCKS5_PORT_value_str = zend_string_init("socks5_port", strlen("socks5_port"), 1);
	ZVAL_STR(&const_OPTION_SOCKS5_PORT_value, const_OPTION_SOCKS5_PORT_value_str);
	zend_string *const_OPTION_SOCKS5_PORT_name = zend_string_init_interned("OPTION_SOCKS5_PORT", sizeof("OPTION_SOCKS5_PORT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SOCKS5_PORT_name, &const_OPTION_SOCKS5_PORT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SOCKS5_PORT_name);

	zval const_OPTION_SOCKS5_USERNAME_value;
	zend_string *const_OPTION_SOCKS5_USERNAME_value_str = zend_string_init("socks5_username", strlen("socks5_username"), 1);
	ZVAL_STR(&const_OPTION_SOCKS5_USERNAME_value, const_OPTION_SOCKS5_USERNAME_value_str);
	zend_string *const_OPTION_SOCKS5_USERNAME_name = zend_string_init_interned("OPTION_SOCKS5_USERNAME", sizeof("OPTION_SOCKS5_USERNAME") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SOCKS5_USERNAME_name, &const_OPTION_SOCKS5_USERNAME_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SOCKS5_USERNAME_name);

	zval const_OPTION_SOCKS5_PASSWORD_value;
	zend_string *const_OPTION_SOCKS5_PASSWORD_value_str = zend_string_init("socks5_password", strlen("socks5_password"), 1);
	ZVAL_STR(&const_OPTION_SOCKS5_PASSWORD_value, const_OPTION_SOCKS5_PASSWORD_value_str);
	zend_string *const_OPTION_SOCKS5_PASSWORD_name = zend_string_init_interned("OPTION_SOCKS5_PASSWORD", sizeof("OPTION_SOCKS5_PASSWORD") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SOCKS5_PASSWORD_name, &const_OPTION_SOCKS5_PASSWORD_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SOCKS5_PASSWORD_name);

	zval const_OPTION_HTTP_PROXY_HOST_value;
	zend_string *const_OPTION_HTTP_PROXY_HOST_value_str = zend_string_init("http_proxy_host", strlen("http_proxy_host"), 1);
	ZVAL_STR(&const_OPTION_HTTP_PROXY_HOST_value, const_OPTION_HTTP_PROXY_HOST_value_str);
	zend_string *const_OPTION_HTTP_PROXY_HOST_name = zend_string_init_interned("OPTION_HTTP_PROXY_HOST", sizeof("OPTION_HTTP_PROXY_HOST") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP_PROXY_HOST_name, &const_OPTION_HTTP_PROXY_HOST_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP_PROXY_HOST_name);

	zval const_OPTION_HTTP_PROXY_PORT_value;
	zend_string *const_OPTION_HTTP_PROXY_PORT_value_str = zend_string_init("http_proxy_port", strlen("http_proxy_port"), 1);
	ZVAL_STR(&const_OPTION_HTTP_PROXY_PORT_value, const_OPTION_HTTP_PROXY_PORT_value_str);
	zend_string *const_OPTION_HTTP_PROXY_PORT_name = zend_string_init_interned("OPTION_HTTP_PROXY_PORT", sizeof("OPTION_HTTP_PROXY_PORT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP_PROXY_PORT_name, &const_OPTION_HTTP_PROXY_PORT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP_PROXY_PORT_name);

	zval const_OPTION_HTTP_PROXY_USERNAME_value;
	zend_string *const_OPTION_HTTP_PROXY_USERNAME_value_str = zend_string_init("http_proxy_username", strlen("http_proxy_username"), 1);
	ZVAL_STR(&const_OPTION_HTTP_PROXY_USERNAME_value, const_OPTION_HTTP_PROXY_USERNAME_value_str);
	zend_string *const_OPTION_HTTP_PROXY_USERNAME_name = zend_string_init_interned("OPTION_HTTP_PROXY_USERNAME", sizeof("OPTION_HTTP_PROXY_USERNAME") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP_PROXY_USERNAME_name, &const_OPTION_HTTP_PROXY_USERNAME_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP_PROXY_USERNAME_name);

	zval const_OPTION_HTTP_PROXY_USER_value;
	zend_string *const_OPTION_HTTP_PROXY_USER_value_str = zend_string_init("http_proxy_user", strlen("http_proxy_user"), 1);
	ZVAL_STR(&const_OPTION_HTTP_PROXY_USER_value, const_OPTION_HTTP_PROXY_USER_value_str);
	zend_string *const_OPTION_HTTP_PROXY_USER_name = zend_string_init_interned("OPTION_HTTP_PROXY_USER", sizeof("OPTION_HTTP_PROXY_USER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP_PROXY_USER_name, &const_OPTION_HTTP_PROXY_USER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP_PROXY_USER_name);

	zval const_OPTION_HTTP_PROXY_PASSWORD_value;
	zend_string *const_OPTION_HTTP_PROXY_PASSWORD_value_str = zend_string_init("http_proxy_password", strlen("http_proxy_password"), 1);
	ZVAL_STR(&const_OPTION_HTTP_PROXY_PASSWORD_value, const_OPTION_HTTP_PROXY_PASSWORD_value_str);
	zend_string *const_OPTION_HTTP_PROXY_PASSWORD_name = zend_string_init_interned("OPTION_HTTP_PROXY_PASSWORD", sizeof("OPTION_HTTP_PROXY_PASSWORD") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP_PROXY_PASSWORD_name, &const_OPTION_HTTP_PROXY_PASSWORD_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP_PROXY_PASSWORD_name);

	zval const_OPTION_RECONNECT_value;
	zend_string *const_OPTION_RECONNECT_value_str = zend_string_init("reconnect", strlen("reconnect"), 1);
	ZVAL_STR(&const_OPTION_RECONNECT_value, const_OPTION_RECONNECT_value_str);
	zend_string *const_OPTION_RECONNECT_name = zend_string_init_interned("OPTION_RECONNECT", sizeof("OPTION_RECONNECT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_RECONNECT_name, &const_OPTION_RECONNECT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_RECONNECT_name);

	zval const_OPTION_DEFER_value;
	zend_string *const_OPTION_DEFER_value_str = zend_string_init("defer", strlen("defer"), 1);
	ZVAL_STR(&const_OPTION_DEFER_value, const_OPTION_DEFER_value_str);
	zend_string *const_OPTION_DEFER_name = zend_string_init_interned("OPTION_DEFER", sizeof("OPTION_DEFER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_DEFER_name, &const_OPTION_DEFER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_DEFER_name);

	zval const_OPTION_KEEP_ALIVE_value;
	zend_string *const_OPTION_KEEP_ALIVE_value_str = zend_string_init("keep_alive", strlen("keep_alive"), 1);
	ZVAL_STR(&const_OPTION_KEEP_ALIVE_value, const_OPTION_KEEP_ALIVE_value_str);
	zend_string *const_OPTION_KEEP_ALIVE_name = zend_string_init_interned("OPTION_KEEP_ALIVE", sizeof("OPTION_KEEP_ALIVE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_KEEP_ALIVE_name, &const_OPTION_KEEP_ALIVE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_KEEP_ALIVE_name);

	zval const_OPTION_WEBSOCKET_MASK_value;
	zend_string *const_OPTION_WEBSOCKET_MASK_value_str = zend_string_init("websocket_mask", strlen("websocket_mask"), 1);
	ZVAL_STR(&const_OPTION_WEBSOCKET_MASK_value, const_OPTION_WEBSOCKET_MASK_value_str);
	zend_string *const_OPTION_WEBSOCKET_MASK_name = zend_string_init_interned("OPTION_WEBSOCKET_MASK", sizeof("OPTION_WEBSOCKET_MASK") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_WEBSOCKET_MASK_name, &const_OPTION_WEBSOCKET_MASK_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_WEBSOCKET_MASK_name);

	zval const_OPTION_WEBSOCKET_COMPRESSION_value;
	zend_string *const_OPTION_WEBSOCKET_COMPRESSION_value_str = zend_string_init("websocket_compression", strlen("websocket_compression"), 1);
	ZVAL_STR(&const_OPTION_WEBSOCKET_COMPRESSION_value, const_OPTION_WEBSOCKET_COMPRESSION_value_str);
	zend_string *const_OPTION_WEBSOCKET_COMPRESSION_name = zend_string_init_interned("OPTION_WEBSOCKET_COMPRESSION", sizeof("OPTION_WEBSOCKET_COMPRESSION") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_WEBSOCKET_COMPRESSION_name, &const_OPTION_WEBSOCKET_COMPRESSION_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_WEBSOCKET_COMPRESSION_name);

	zval const_OPTION_HTTP_COMPRESSION_value;
	zend_string *const_OPTION_HTTP_COMPRESSION_value_str = zend_string_init("http_compression", strlen("http_compression"), 1);
	ZVAL_STR(&const_OPTION_HTTP_COMPRESSION_value, const_OPTION_HTTP_COMPRESSION_value_str);
	zend_string *const_OPTION_HTTP_COMPRESSION_name = zend_string_init_interned("OPTION_HTTP_COMPRESSION", sizeof("OPTION_HTTP_COMPRESSION") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP_COMPRESSION_name, &const_OPTION_HTTP_COMPRESSION_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP_COMPRESSION_name);

	zval const_OPTION_BODY_DECOMPRESSION_value;
	zend_string *const_OPTION_BODY_DECOMPRESSION_value_str = zend_string_init("body_decompression", strlen("body_decompression"), 1);
	ZVAL_STR(&const_OPTION_BODY_DECOMPRESSION_value, const_OPTION_BODY_DECOMPRESSION_value_str);
	zend_string *const_OPTION_BODY_DECOMPRESSION_name = zend_string_init_interned("OPTION_BODY_DECOMPRESSION", sizeof("OPTION_BODY_DECOMPRESSION") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_BODY_DECOMPRESSION_name, &const_OPTION_BODY_DECOMPRESSION_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_BODY_DECOMPRESSION_name);

	zval const_OPTION_WRITE_FUNC_value;
	zend_string *const_OPTION_WRITE_FUNC_value_str = zend_string_init("write_func", strlen("write_func"), 1);
	ZVAL_STR(&const_OPTION_WRITE_FUNC_value, const_OPTION_WRITE_FUNC_value_str);
	zend_string *const_OPTION_WRITE_FUNC_name = zend_string_init_interned("OPTION_WRITE_FUNC", sizeof("OPTION_WRITE_FUNC") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_WRITE_FUNC_name, &const_OPTION_WRITE_FUNC_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_WRITE_FUNC_name);

	zval const_OPTION_LOWERCASE_HEADER_value;
	zend_string *const_OPTION_LOWERCASE_HEADER_value_str = zend_string_init("lowercase_header", strlen("lowercase_header"), 1);
	ZVAL_STR(&const_OPTION_LOWERCASE_HEADER_value, const_OPTION_LOWERCASE_HEADER_value_str);
	zend_string *const_OPTION_LOWERCASE_HEADER_name = zend_string_init_interned("OPTION_LOWERCASE_HEADER", sizeof("OPTION_LOWERCASE_HEADER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_LOWERCASE_HEADER_name, &const_OPTION_LOWERCASE_HEADER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_LOWERCASE_HEADER_name);

	zval const_OPTION_MAX_RETRIES_value;
	zend_string *const_OPTION_MAX_RETRIES_value_str = zend_string_init("max_retries", strlen("max_retries"), 1);
	ZVAL_STR(&const_OPTION_MAX_RETRIES_value, const_OPTION_MAX_RETRIES_value_str);
	zend_string *const_OPTION_MAX_RETRIES_name = zend_string_init_interned("OPTION_MAX_RETRIES", sizeof("OPTION_MAX_RETRIES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_MAX_RETRIES_name, &const_OPTION_MAX_RETRIES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_MAX_RETRIES_name);

	zval const_OPTION_HTTP_PARSE_COOKIE_value;
	zend_string *const_OPTION_HTTP_PARSE_COOKIE_value_str = zend_string_init("http_parse_cookie", strlen("http_parse_cookie"), 1);
	ZVAL_STR(&const_OPTION_HTTP_PARSE_COOKIE_value, const_OPTION_HTTP_PARSE_COOKIE_value_str);
	zend_string *const_OPTION_HTTP_PARSE_COOKIE_name = zend_string_init_interned("OPTION_HTTP_PARSE_COOKIE", sizeof("OPTION_HTTP_PARSE_COOKIE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP_PARSE_COOKIE_name, &const_OPTION_HTTP_PARSE_COOKIE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP_PARSE_COOKIE_name);

	zval const_OPTION_HTTP_PARSE_POST_value;
	zend_string *const_OPTION_HTTP_PARSE_POST_value_str = zend_string_init("http_parse_post", strlen("http_parse_post"), 1);
	ZVAL_STR(&const_OPTION_HTTP_PARSE_POST_value, const_OPTION_HTTP_PARSE_POST_value_str);
	zend_string *const_OPTION_HTTP_PARSE_POST_name = zend_string_init_interned("OPTION_HTTP_PARSE_POST", sizeof("OPTION_HTTP_PARSE_POST") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP_PARSE_POST_name, &const_OPTION_HTTP_PARSE_POST_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP_PARSE_POST_name);

	zval const_OPTION_HTTP_PARSE_FILES_value;
	zend_string *const_OPTION_HTTP_PARSE_FILES_value_str = zend_string_init("http_parse_files", strlen("http_parse_files"), 1);
	ZVAL_STR(&const_OPTION_HTTP_PARSE_FILES_value, const_OPTION_HTTP_PARSE_FILES_value_str);
	zend_string *const_OPTION_HTTP_PARSE_FILES_name = zend_string_init_interned("OPTION_HTTP_PARSE_FILES", sizeof("OPTION_HTTP_PARSE_FILES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP_PARSE_FILES_name, &const_OPTION_HTTP_PARSE_FILES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP_PARSE_FILES_name);

	zval const_OPTION_HTTP_COMPRESSION_LEVEL_value;
	zend_string *const_OPTION_HTTP_COMPRESSION_LEVEL_value_str = zend_string_init("http_compression_level", strlen("http_compression_level"), 1);
	ZVAL_STR(&const_OPTION_HTTP_COMPRESSION_LEVEL_value, const_OPTION_HTTP_COMPRESSION_LEVEL_value_str);
	zend_string *const_OPTION_HTTP_COMPRESSION_LEVEL_name = zend_string_init_interned("OPTION_HTTP_COMPRESSION_LEVEL", sizeof("OPTION_HTTP_COMPRESSION_LEVEL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP_COMPRESSION_LEVEL_name, &const_OPTION_HTTP_COMPRESSION_LEVEL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP_COMPRESSION_LEVEL_name);

	zval const_OPTION_HTTP_GZIP_LEVEL_value;
	zend_string *const_OPTION_HTTP_GZIP_LEVEL_value_str = zend_string_init("http_gzip_level", strlen("http_gzip_level"), 1);
	ZVAL_STR(&const_OPTION_HTTP_GZIP_LEVEL_value, const_OPTION_HTTP_GZIP_LEVEL_value_str);
	zend_string *const_OPTION_HTTP_GZIP_LEVEL_name = zend_string_init_interned("OPTION_HTTP_GZIP_LEVEL", sizeof("OPTION_HTTP_GZIP_LEVEL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP_GZIP_LEVEL_name, &const_OPTION_HTTP_GZIP_LEVEL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP_GZIP_LEVEL_name);

	zval const_OPTION_COMPRESSION_LEVEL_value;
	zend_string *const_OPTION_COMPRESSION_LEVEL_value_str = zend_string_init("compression_level", strlen("compression_level"), 1);
	ZVAL_STR(&const_OPTION_COMPRESSION_LEVEL_value, const_OPTION_COMPRESSION_LEVEL_value_str);
	zend_string *const_OPTION_COMPRESSION_LEVEL_name = zend_string_init_interned("OPTION_COMPRESSION_LEVEL", sizeof("OPTION_COMPRESSION_LEVEL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_COMPRESSION_LEVEL_name, &const_OPTION_COMPRESSION_LEVEL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_COMPRESSION_LEVEL_name);

	zval const_OPTION_COMPRESSION_MIN_LENGTH_value;
	zend_string *const_OPTION_COMPRESSION_MIN_LENGTH_value_str = zend_string_init("compression_min_length", strlen("compression_min_length"), 1);
	ZVAL_STR(&const_OPTION_COMPRESSION_MIN_LENGTH_value, const_OPTION_COMPRESSION_MIN_LENGTH_value_str);
	zend_string *const_OPTION_COMPRESSION_MIN_LENGTH_name = zend_string_init_interned("OPTION_COMPRESSION_MIN_LENGTH", sizeof("OPTION_COMPRESSION_MIN_LENGTH") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_COMPRESSION_MIN_LENGTH_name, &const_OPTION_COMPRESSION_MIN_LENGTH_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_COMPRESSION_MIN_LENGTH_name);

	zval const_OPTION_UPLOAD_TMP_DIR_value;
	zend_string *const_OPTION_UPLOAD_TMP_DIR_value_str = zend_string_init("upload_tmp_dir", strlen("upload_tmp_dir"), 1);
	ZVAL_STR(&const_OPTION_UPLOAD_TMP_DIR_value, const_OPTION_UPLOAD_TMP_DIR_value_str);
	zend_string *const_OPTION_UPLOAD_TMP_DIR_name = zend_string_init_interned("OPTION_UPLOAD_TMP_DIR", sizeof("OPTION_UPLOAD_TMP_DIR") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_UPLOAD_TMP_DIR_name, &const_OPTION_UPLOAD_TMP_DIR_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_UPLOAD_TMP_DIR_name);

	zval const_OPTION_UPLOAD_MAX_FILESIZE_value;
	zend_string *const_OPTION_UPLOAD_MAX_FILESIZE_value_str = zend_string_init("upload_max_filesize", strlen("upload_max_filesize"), 1);
	ZVAL_STR(&const_OPTION_UPLOAD_MAX_FILESIZE_value, const_OPTION_UPLOAD_MAX_FILESIZE_value_str);
	zend_string *const_OPTION_UPLOAD_MAX_FILESIZE_name = zend_string_init_interned("OPTION_UPLOAD_MAX_FILESIZE", sizeof("OPTION_UPLOAD_MAX_FILESIZE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_UPLOAD_MAX_FILESIZE_name, &const_OPTION_UPLOAD_MAX_FILESIZE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_UPLOAD_MAX_FILESIZE_name);

	zval const_OPTION_ENABLE_STATIC_HANDLER_value;
	zend_string *const_OPTION_ENABLE_STATIC_HANDLER_value_str = zend_string_init("enable_static_handler", strlen("enable_static_handler"), 1);
	ZVAL_STR(&const_OPTION_ENABLE_STATIC_HANDLER_value, const_OPTION_ENABLE_STATIC_HANDLER_value_str);
	zend_string *const_OPTION_ENABLE_STATIC_HANDLER_name = zend_string_init_interned("OPTION_ENABLE_STATIC_HANDLER", sizeof("OPTION_ENABLE_STATIC_HANDLER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_ENABLE_STATIC_HANDLER_name, &const_OPTION_ENABLE_STATIC_HANDLER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_ENABLE_STATIC_HANDLER_name);

	zval const_OPTION_DOCUMENT_ROOT_value;
	zend_string *const_OPTION_DOCUMENT_ROOT_value_str = zend_string_init("document_root", strlen("document_root"), 1);
	ZVAL_STR(&const_OPTION_DOCUMENT_ROOT_value, const_OPTION_DOCUMENT_ROOT_value_str);
	zend_string *const_OPTION_DOCUMENT_ROOT_name = zend_string_init_interned("OPTION_DOCUMENT_ROOT", sizeof("OPTION_DOCUMENT_ROOT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_DOCUMENT_ROOT_name, &const_OPTION_DOCUMENT_ROOT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_DOCUMENT_ROOT_name);

	zval const_OPTION_HTTP_AUTOINDEX_value;
	zend_string *const_OPTION_HTTP_AUTOINDEX_value_str = zend_string_init("http_autoindex", strlen("http_autoindex"), 1);
	ZVAL_STR(&const_OPTION_HTTP_AUTOINDEX_value, const_OPTION_HTTP_AUTOINDEX_value_str);
	zend_string *const_OPTION_HTTP_AUTOINDEX_name = zend_string_init_interned("OPTION_HTTP_AUTOINDEX", sizeof("OPTION_HTTP_AUTOINDEX") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP_AUTOINDEX_name, &const_OPTION_HTTP_AUTOINDEX_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP_AUTOINDEX_name);

	zval const_OPTION_HTTP_INDEX_FILES_value;
	zend_string *const_OPTION_HTTP_INDEX_FILES_value_str = zend_string_init("http_index_files", strlen("http_index_files"), 1);
	ZVAL_STR(&const_OPTION_HTTP_INDEX_FILES_value, const_OPTION_HTTP_INDEX_FILES_value_str);
	zend_string *const_OPTION_HTTP_INDEX_FILES_name = zend_string_init_interned("OPTION_HTTP_INDEX_FILES", sizeof("OPTION_HTTP_INDEX_FILES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HTTP_INDEX_FILES_name, &const_OPTION_HTTP_INDEX_FILES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HTTP_INDEX_FILES_name);

	zval const_OPTION_STATIC_HANDLER_LOCATIONS_value;
	zend_string *const_OPTION_STATIC_HANDLER_LOCATIONS_value_str = zend_string_init("static_handler_locations", strlen("static_handler_locations"), 1);
	ZVAL_STR(&const_OPTION_STATIC_HANDLER_LOCATIONS_value, const_OPTION_STATIC_HANDLER_LOCATIONS_value_str);
	zend_string *const_OPTION_STATIC_HANDLER_LOCATIONS_name = zend_string_init_interned("OPTION_STATIC_HANDLER_LOCATIONS", sizeof("OPTION_STATIC_HANDLER_LOCATIONS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_STATIC_HANDLER_LOCATIONS_name, &const_OPTION_STATIC_HANDLER_LOCATIONS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_STATIC_HANDLER_LOCATIONS_name);

	zval const_OPTION_WEBSOCKET_SUBPROTOCOL_value;
	zend_string *const_OPTION_WEBSOCKET_SUBPROTOCOL_value_str = zend_string_init("websocket_subprotocol", strlen("websocket_subprotocol"), 1);
	ZVAL_STR(&const_OPTION_WEBSOCKET_SUBPROTOCOL_value, const_OPTION_WEBSOCKET_SUBPROTOCOL_value_str);
	zend_string *const_OPTION_WEBSOCKET_SUBPROTOCOL_name = zend_string_init_interned("OPTION_WEBSOCKET_SUBPROTOCOL", sizeof("OPTION_WEBSOCKET_SUBPROTOCOL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_WEBSOCKET_SUBPROTOCOL_name, &const_OPTION_WEBSOCKET_SUBPROTOCOL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_WEBSOCKET_SUBPROTOCOL_name);

	zval const_OPTION_OPEN_WEBSOCKET_CLOSE_FRAME_value;
	zend_string *const_OPTION_OPEN_WEBSOCKET_CLOSE_FRAME_value_str = zend_string_init("open_websocket_close_frame", strlen("open_websocket_close_frame"), 1);
	ZVAL_STR(&const_OPTION_OPEN_WEBSOCKET_CLOSE_FRAME_value, const_OPTION_OPEN_WEBSOCKET_CLOSE_FRAME_value_str);
	zend_string *const_OPTION_OPEN_WEBSOCKET_CLOSE_FRAME_name = zend_string_init_interned("OPTION_OPEN_WEBSOCKET_CLOSE_FRAME", sizeof("OPTION_OPEN_WEBSOCKET_CLOSE_FRAME") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_OPEN_WEBSOCKET_CLOSE_FRAME_name, &const_OPTION_OPEN_WEBSOCKET_CLOSE_FRAME_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_OPEN_WEBSOCKET_CLOSE_FRAME_name);

	zval const_OPTION_OPEN_WEBSOCKET_PING_FRAME_value;
	zend_string *const_OPTION_OPEN_WEBSOCKET_PING_FRAME_value_str = zend_string_init("open_websocket_ping_frame", strlen("open_websocket_ping_frame"), 1);
	ZVAL_STR(&const_OPTION_OPEN_WEBSOCKET_PING_FRAME_value, const_OPTION_OPEN_WEBSOCKET_PING_FRAME_value_str);
	zend_string *const_OPTION_OPEN_WEBSOCKET_PING_FRAME_name = zend_string_init_interned("OPTION_OPEN_WEBSOCKET_PING_FRAME", sizeof("OPTION_OPEN_WEBSOCKET_PING_FRAME") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_OPEN_WEBSOCKET_PING_FRAME_name, &const_OPTION_OPEN_WEBSOCKET_PING_FRAME_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_OPEN_WEBSOCKET_PING_FRAME_name);

	zval const_OPTION_OPEN_WEBSOCKET_PONG_FRAME_value;
	zend_string *const_OPTION_OPEN_WEBSOCKET_PONG_FRAME_value_str = zend_string_init("open_websocket_pong_frame", strlen("open_websocket_pong_frame"), 1);
	ZVAL_STR(&const_OPTION_OPEN_WEBSOCKET_PONG_FRAME_value, const_OPTION_OPEN_WEBSOCKET_PONG_FRAME_value_str);
	zend_string *const_OPTION_OPEN_WEBSOCKET_PONG_FRAME_name = zend_string_init_interned("OPTION_OPEN_WEBSOCKET_PONG_FRAME", sizeof("OPTION_OPEN_WEBSOCKET_PONG_FRAME") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_OPEN_WEBSOCKET_PONG_FRAME_name, &const_OPTION_OPEN_WEBSOCKET_PONG_FRAME_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_OPEN_WEBSOCKET_PONG_FRAME_name);

	zval const_OPTION_CHROOT_value;
	zend_string *const_OPTION_CHROOT_value_str = zend_string_init("chroot", strlen("chroot"), 1);
	ZVAL_STR(&const_OPTION_CHROOT_value, const_OPTION_CHROOT_value_str);
	zend_string *const_OPTION_CHROOT_name = zend_string_init_interned("OPTION_CHROOT", sizeof("OPTION_CHROOT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_CHROOT_name, &const_OPTION_CHROOT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_CHROOT_name);

	zval const_OPTION_USER_value;
	zend_string *const_OPTION_USER_value_str = zend_string_init("user", strlen("user"), 1);
	ZVAL_STR(&const_OPTION_USER_value, const_OPTION_USER_value_str);
	zend_string *const_OPTION_USER_name = zend_string_init_interned("OPTION_USER", sizeof("OPTION_USER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_USER_name, &const_OPTION_USER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_USER_name);

	zval const_OPTION_GROUP_value;
	zend_string *const_OPTION_GROUP_value_str = zend_string_init("group", strlen("group"), 1);
	ZVAL_STR(&const_OPTION_GROUP_value, const_OPTION_GROUP_value_str);
	zend_string *const_OPTION_GROUP_name = zend_string_init_interned("OPTION_GROUP", sizeof("OPTION_GROUP") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_GROUP_name, &const_OPTION_GROUP_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_GROUP_name);

	zval const_OPTION_DAEMONIZE_value;
	zend_string *const_OPTION_DAEMONIZE_value_str = zend_string_init("daemonize", strlen("daemonize"), 1);
	ZVAL_STR(&const_OPTION_DAEMONIZE_value, const_OPTION_DAEMONIZE_value_str);
	zend_string *const_OPTION_DAEMONIZE_name = zend_string_init_interned("OPTION_DAEMONIZE", sizeof("OPTION_DAEMONIZE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_DAEMONIZE_name, &const_OPTION_DAEMONIZE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_DAEMONIZE_name);

	zval const_OPTION_PID_FILE_value;
	zend_string *const_OPTION_PID_FILE_value_str = zend_string_init("pid_file", strlen("pid_file"), 1);
	ZVAL_STR(&const_OPTION_PID_FILE_value, const_OPTION_PID_FILE_value_str);
	zend_string *const_OPTION_PID_FILE_name = zend_string_init_interned("OPTION_PID_FILE", sizeof("OPTION_PID_FILE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_PID_FILE_name, &const_OPTION_PID_FILE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_PID_FILE_name);

	zval const_OPTION_REACTOR_NUM_value;
	zend_string *const_OPTION_REACTOR_NUM_value_str = zend_string_init("reactor_num", strlen("reactor_num"), 1);
	ZVAL_STR(&const_OPTION_REACTOR_NUM_value, const_OPTION_REACTOR_NUM_value_str);
	zend_string *const_OPTION_REACTOR_NUM_name = zend_string_init_interned("OPTION_REACTOR_NUM", sizeof("OPTION_REACTOR_NUM") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_REACTOR_NUM_name, &const_OPTION_REACTOR_NUM_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_REACTOR_NUM_name);

	zval const_OPTION_SINGLE_THREAD_value;
	zend_string *const_OPTION_SINGLE_THREAD_value_str = zend_string_init("single_thread", strlen("single_thread"), 1);
	ZVAL_STR(&const_OPTION_SINGLE_THREAD_value, const_OPTION_SINGLE_THREAD_value_str);
	zend_string *const_OPTION_SINGLE_THREAD_name = zend_string_init_interned("OPTION_SINGLE_THREAD", sizeof("OPTION_SINGLE_THREAD") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SINGLE_THREAD_name, &const_OPTION_SINGLE_THREAD_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SINGLE_THREAD_name);

	zval const_OPTION_WORKER_NUM_value;
	zend_string *const_OPTION_WORKER_NUM_value_str = zend_string_init("worker_num", strlen("worker_num"), 1);
	ZVAL_STR(&const_OPTION_WORKER_NUM_value, const_OPTION_WORKER_NUM_value_str);
	zend_string *const_OPTION_WORKER_NUM_name = zend_string_init_interned("OPTION_WORKER_NUM", sizeof("OPTION_WORKER_NUM") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_WORKER_NUM_name, &const_OPTION_WORKER_NUM_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_WORKER_NUM_name);

	zval const_OPTION_MAX_WAIT_TIME_value;
	zend_string *const_OPTION_MAX_WAIT_TIME_value_str = zend_string_init("max_wait_time", strlen("max_wait_time"), 1);
	ZVAL_STR(&const_OPTION_MAX_WAIT_TIME_value, const_OPTION_MAX_WAIT_TIME_value_str);
	zend_string *const_OPTION_MAX_WAIT_TIME_name = zend_string_init_interned("OPTION_MAX_WAIT_TIME", sizeof("OPTION_MAX_WAIT_TIME") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_MAX_WAIT_TIME_name, &const_OPTION_MAX_WAIT_TIME_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_MAX_WAIT_TIME_name);

	zval const_OPTION_MAX_QUEUED_BYTES_value;
	zend_string *const_OPTION_MAX_QUEUED_BYTES_value_str = zend_string_init("max_queued_bytes", strlen("max_queued_bytes"), 1);
	ZVAL_STR(&const_OPTION_MAX_QUEUED_BYTES_value, const_OPTION_MAX_QUEUED_BYTES_value_str);
	zend_string *const_OPTION_MAX_QUEUED_BYTES_name = zend_string_init_interned("OPTION_MAX_QUEUED_BYTES", sizeof("OPTION_MAX_QUEUED_BYTES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_MAX_QUEUED_BYTES_name, &const_OPTION_MAX_QUEUED_BYTES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_MAX_QUEUED_BYTES_name);

	zval const_OPTION_MAX_CONCURRENCY_value;
	zend_string *const_OPTION_MAX_CONCURRENCY_value_str = zend_string_init("max_concurrency", strlen("max_concurrency"), 1);
	ZVAL_STR(&const_OPTION_MAX_CONCURRENCY_value, const_OPTION_MAX_CONCURRENCY_value_str);
	zend_string *const_OPTION_MAX_CONCURRENCY_name = zend_string_init_interned("OPTION_MAX_CONCURRENCY", sizeof("OPTION_MAX_CONCURRENCY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_MAX_CONCURRENCY_name, &const_OPTION_MAX_CONCURRENCY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_MAX_CONCURRENCY_name);

	zval const_OPTION_WORKER_MAX_CONCURRENCY_value;
	zend_string *const_OPTION_WORKER_MAX_CONCURRENCY_value_str = zend_string_init("worker_max_concurrency", strlen("worker_max_concurrency"), 1);
	ZVAL_STR(&const_OPTION_WORKER_MAX_CONCURRENCY_value, const_OPTION_WORKER_MAX_CONCURRENCY_value_str);
	zend_string *const_OPTION_WORKER_MAX_CONCURRENCY_name = zend_string_init_interned("OPTION_WORKER_MAX_CONCURRENCY", sizeof("OPTION_WORKER_MAX_CONCURRENCY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_WORKER_MAX_CONCURRENCY_name, &const_OPTION_WORKER_MAX_CONCURRENCY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_WORKER_MAX_CONCURRENCY_name);

	zval const_OPTION_ENABLE_REUSE_PORT_value;
	zend_string *const_OPTION_ENABLE_REUSE_PORT_value_str = zend_string_init("enable_reuse_port", strlen("enable_reuse_port"), 1);
	ZVAL_STR(&const_OPTION_ENABLE_REUSE_PORT_value, const_OPTION_ENABLE_REUSE_PORT_value_str);
	zend_string *const_OPTION_ENABLE_REUSE_PORT_name = zend_string_init_interned("OPTION_ENABLE_REUSE_PORT", sizeof("OPTION_ENABLE_REUSE_PORT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_ENABLE_REUSE_PORT_name, &const_OPTION_ENABLE_REUSE_PORT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_ENABLE_REUSE_PORT_name);

	zval const_OPTION_ENABLE_DELAY_RECEIVE_value;
	zend_string *const_OPTION_ENABLE_DELAY_RECEIVE_value_str = zend_string_init("enable_delay_receive", strlen("enable_delay_receive"), 1);
	ZVAL_STR(&const_OPTION_ENABLE_DELAY_RECEIVE_value, const_OPTION_ENABLE_DELAY_RECEIVE_value_str);
	zend_string *const_OPTION_ENABLE_DELAY_RECEIVE_name = zend_string_init_interned("OPTION_ENABLE_DELAY_RECEIVE", sizeof("OPTION_ENABLE_DELAY_RECEIVE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_ENABLE_DELAY_RECEIVE_name, &const_OPTION_ENABLE_DELAY_RECEIVE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_ENABLE_DELAY_RECEIVE_name);

	zval const_OPTION_RELOAD_ASYNC_value;
	zend_string *const_OPTION_RELOAD_ASYNC_value_str = zend_string_init("reload_async", strlen("reload_async"), 1);
	ZVAL_STR(&const_OPTION_RELOAD_ASYNC_value, const_OPTION_RELOAD_ASYNC_value_str);
	zend_string *const_OPTION_RELOAD_ASYNC_name = zend_string_init_interned("OPTION_RELOAD_ASYNC", sizeof("OPTION_RELOAD_ASYNC") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_RELOAD_ASYNC_name, &const_OPTION_RELOAD_ASYNC_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_RELOAD_ASYNC_name);

	zval const_OPTION_ENABLE_UNSAFE_EVENT_value;
	zend_string *const_OPTION_ENABLE_UNSAFE_EVENT_value_str = zend_string_init("enable_unsafe_event", strlen("enable_unsafe_event"), 1);
	ZVAL_STR(&const_OPTION_ENABLE_UNSAFE_EVENT_value, const_OPTION_ENABLE_UNSAFE_EVENT_value_str);
	zend_string *const_OPTION_ENABLE_UNSAFE_EVENT_name = zend_string_init_interned("OPTION_ENABLE_UNSAFE_EVENT", sizeof("OPTION_ENABLE_UNSAFE_EVENT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_ENABLE_UNSAFE_EVENT_name, &const_OPTION_ENABLE_UNSAFE_EVENT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_ENABLE_UNSAFE_EVENT_name);

	zval const_OPTION_DISCARD_TIMEOUT_REQUEST_value;
	zend_string *const_OPTION_DISCARD_TIMEOUT_REQUEST_value_str = zend_string_init("discard_timeout_request", strlen("discard_timeout_request"), 1);
	ZVAL_STR(&const_OPTION_DISCARD_TIMEOUT_REQUEST_value, const_OPTION_DISCARD_TIMEOUT_REQUEST_value_str);
	zend_string *const_OPTION_DISCARD_TIMEOUT_REQUEST_name = zend_string_init_interned("OPTION_DISCARD_TIMEOUT_REQUEST", sizeof("OPTION_DISCARD_TIMEOUT_REQUEST") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_DISCARD_TIMEOUT_REQUEST_name, &const_OPTION_DISCARD_TIMEOUT_REQUEST_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_DISCARD_TIMEOUT_REQUEST_name);

	zval const_OPTION_MAX_CONN_value;
	zend_string *const_OPTION_MAX_CONN_value_str = zend_string_init("max_conn", strlen("max_conn"), 1);
	ZVAL_STR(&const_OPTION_MAX_CONN_value, const_OPTION_MAX_CONN_value_str);
	zend_string *const_OPTION_MAX_CONN_name = zend_string_init_interned("OPTION_MAX_CONN", sizeof("OPTION_MAX_CONN") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_MAX_CONN_name, &const_OPTION_MAX_CONN_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_MAX_CONN_name);

	zval const_OPTION_MAX_CONNECTION_value;
	zend_string *const_OPTION_MAX_CONNECTION_value_str = zend_string_init("max_connection", strlen("max_connection"), 1);
	ZVAL_STR(&const_OPTION_MAX_CONNECTION_value, const_OPTION_MAX_CONNECTION_value_str);
	zend_string *const_OPTION_MAX_CONNECTION_name = zend_string_init_interned("OPTION_MAX_CONNECTION", sizeof("OPTION_MAX_CONNECTION") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_MAX_CONNECTION_name, &const_OPTION_MAX_CONNECTION_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_MAX_CONNECTION_name);

	zval const_OPTION_MAX_REQUEST_value;
	zend_string *const_OPTION_MAX_REQUEST_value_str = zend_string_init("max_request", strlen("max_request"), 1);
	ZVAL_STR(&const_OPTION_MAX_REQUEST_value, const_OPTION_MAX_REQUEST_value_str);
	zend_string *const_OPTION_MAX_REQUEST_name = zend_string_init_interned("OPTION_MAX_REQUEST", sizeof("OPTION_MAX_REQUEST") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_MAX_REQUEST_name, &const_OPTION_MAX_REQUEST_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_MAX_REQUEST_name);

	zval const_OPTION_MAX_REQUEST_GRACE_value;
	zend_string *const_OPTION_MAX_REQUEST_GRACE_value_str = zend_string_init("max_request_grace", strlen("max_request_grace"), 1);
	ZVAL_STR(&const_OPTION_MAX_REQUEST_GRACE_value, const_OPTION_MAX_REQUEST_GRACE_value_str);
	zend_string *const_OPTION_MAX_REQUEST_GRACE_name = zend_string_init_interned("OPTION_MAX_REQUEST_GRACE", sizeof("OPTION_MAX_REQUEST_GRACE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_MAX_REQUEST_GRACE_name, &const_OPTION_MAX_REQUEST_GRACE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_MAX_REQUEST_GRACE_name);

	zval const_OPTION_START_SESSION_ID_value;
	zend_string *const_OPTION_START_SESSION_ID_value_str = zend_string_init("start_session_id", strlen("start_session_id"), 1);
	ZVAL_STR(&const_OPTION_START_SESSION_ID_value, const_OPTION_START_SESSION_ID_value_str);
	zend_string *const_OPTION_START_SESSION_ID_name = zend_string_init_interned("OPTION_START_SESSION_ID", sizeof("OPTION_START_SESSION_ID") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_START_SESSION_ID_name, &const_OPTION_START_SESSION_ID_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_START_SESSION_ID_name);

	zval const_OPTION_TASK_WORKER_NUM_value;
	zend_string *const_OPTION_TASK_WORKER_NUM_value_str = zend_string_init("task_worker_num", strlen("task_worker_num"), 1);
	ZVAL_STR(&const_OPTION_TASK_WORKER_NUM_value, const_OPTION_TASK_WORKER_NUM_value_str);
	zend_string *const_OPTION_TASK_WORKER_NUM_name = zend_string_init_interned("OPTION_TASK_WORKER_NUM", sizeof("OPTION_TASK_WORKER_NUM") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_TASK_WORKER_NUM_name, &const_OPTION_TASK_WORKER_NUM_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_TASK_WORKER_NUM_name);

	zval const_OPTION_TASK_IPC_MODE_value;
	zend_string *const_OPTION_TASK_IPC_MODE_value_str = zend_string_init("task_ipc_mode", strlen("task_ipc_mode"), 1);
	ZVAL_STR(&const_OPTION_TASK_IPC_MODE_value, const_OPTION_TASK_IPC_MODE_value_str);
	zend_string *const_OPTION_TASK_IPC_MODE_name = zend_string_init_interned("OPTION_TASK_IPC_MODE", sizeof("OPTION_TASK_IPC_MODE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_TASK_IPC_MODE_name, &const_OPTION_TASK_IPC_MODE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_TASK_IPC_MODE_name);

	zval const_OPTION_TASK_TMPDIR_value;
	zend_string *const_OPTION_TASK_TMPDIR_value_str = zend_string_init("task_tmpdir", strlen("task_tmpdir"), 1);
	ZVAL_STR(&const_OPTION_TASK_TMPDIR_value, const_OPTION_TASK_TMPDIR_value_str);
	zend_string *const_OPTION_TASK_TMPDIR_name = zend_string_init_interned("OPTION_TASK_TMPDIR", sizeof("OPTION_TASK_TMPDIR") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_TASK_TMPDIR_name, &const_OPTION_TASK_TMPDIR_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_TASK_TMPDIR_name);

	zval const_OPTION_TASK_MAX_REQUEST_value;
	zend_string *const_OPTION_TASK_MAX_REQUEST_value_str = zend_string_init("task_max_request", strlen("task_max_request"), 1);
	ZVAL_STR(&const_OPTION_TASK_MAX_REQUEST_value, const_OPTION_TASK_MAX_REQUEST_value_str);
	zend_string *const_OPTION_TASK_MAX_REQUEST_name = zend_string_init_interned("OPTION_TASK_MAX_REQUEST", sizeof("OPTION_TASK_MAX_REQUEST") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_TASK_MAX_REQUEST_name, &const_OPTION_TASK_MAX_REQUEST_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_TASK_MAX_REQUEST_name);

	zval const_OPTION_TASK_ENABLE_COROUTINE_value;
	zend_string *const_OPTION_TASK_ENABLE_COROUTINE_value_str = zend_string_init("task_enable_coroutine", strlen("task_enable_coroutine"), 1);
	ZVAL_STR(&const_OPTION_TASK_ENABLE_COROUTINE_value, const_OPTION_TASK_ENABLE_COROUTINE_value_str);
	zend_string *const_OPTION_TASK_ENABLE_COROUTINE_name = zend_string_init_interned("OPTION_TASK_ENABLE_COROUTINE", sizeof("OPTION_TASK_ENABLE_COROUTINE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_TASK_ENABLE_COROUTINE_name, &const_OPTION_TASK_ENABLE_COROUTINE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_TASK_ENABLE_COROUTINE_name);

	zval const_OPTION_TASK_USE_OBJECT_value;
	zend_string *const_OPTION_TASK_USE_OBJECT_value_str = zend_string_init("task_use_object", strlen("task_use_object"), 1);
	ZVAL_STR(&const_OPTION_TASK_USE_OBJECT_value, const_OPTION_TASK_USE_OBJECT_value_str);
	zend_string *const_OPTION_TASK_USE_OBJECT_name = zend_string_init_interned("OPTION_TASK_USE_OBJECT", sizeof("OPTION_TASK_USE_OBJECT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_TASK_USE_OBJECT_name, &const_OPTION_TASK_USE_OBJECT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_TASK_USE_OBJECT_name);

	zval const_OPTION_TASK_OBJECT_value;
	zend_string *const_OPTION_TASK_OBJECT_value_str = zend_string_init("task_object", strlen("task_object"), 1);
	ZVAL_STR(&const_OPTION_TASK_OBJECT_value, const_OPTION_TASK_OBJECT_value_str);
	zend_string *const_OPTION_TASK_OBJECT_name = zend_string_init_interned("OPTION_TASK_OBJECT", sizeof("OPTION_TASK_OBJECT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_TASK_OBJECT_name, &const_OPTION_TASK_OBJECT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_TASK_OBJECT_name);

	zval const_OPTION_MESSAGE_QUEUE_KEY_value;
	zend_string *const_OPTION_MESSAGE_QUEUE_KEY_value_str = zend_string_init("message_queue_key", strlen("message_queue_key"), 1);
	ZVAL_STR(&const_OPTION_MESSAGE_QUEUE_KEY_value, const_OPTION_MESSAGE_QUEUE_KEY_value_str);
	zend_string *const_OPTION_MESSAGE_QUEUE_KEY_name = zend_string_init_interned("OPTION_MESSAGE_QUEUE_KEY", sizeof("OPTION_MESSAGE_QUEUE_KEY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_MESSAGE_QUEUE_KEY_name, &const_OPTION_MESSAGE_QUEUE_KEY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_MESSAGE_QUEUE_KEY_name);

	zval const_OPTION_DISPATCH_MODE_value;
	zend_string *const_OPTION_DISPATCH_MODE_value_str = zend_string_init("dispatch_mode", strlen("dispatch_mode"), 1);
	ZVAL_STR(&const_OPTION_DISPATCH_MODE_value, const_OPTION_DISPATCH_MODE_value_str);
	zend_string *const_OPTION_DISPATCH_MODE_name = zend_string_init_interned("OPTION_DISPATCH_MODE", sizeof("OPTION_DISPATCH_MODE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_DISPATCH_MODE_name, &const_OPTION_DISPATCH_MODE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_DISPATCH_MODE_name);

	zval const_OPTION_DISPATCH_FUNC_value;
	zend_string *const_OPTION_DISPATCH_FUNC_value_str = zend_string_init("dispatch_func", strlen("dispatch_func"), 1);
	ZVAL_STR(&const_OPTION_DISPATCH_FUNC_value, const_OPTION_DISPATCH_FUNC_value_str);
	zend_string *const_OPTION_DISPATCH_FUNC_name = zend_string_init_interned("OPTION_DISPATCH_FUNC", sizeof("OPTION_DISPATCH_FUNC") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_DISPATCH_FUNC_name, &const_OPTION_DISPATCH_FUNC_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_DISPATCH_FUNC_name);

	zval const_OPTION_OUTPUT_BUFFER_SIZE_value;
	zend_string *const_OPTION_OUTPUT_BUFFER_SIZE_value_str = zend_string_init("output_buffer_size", strlen("output_buffer_size"), 1);
	ZVAL_STR(&const_OPTION_OUTPUT_BUFFER_SIZE_value, const_OPTION_OUTPUT_BUFFER_SIZE_value_str);
	zend_string *const_OPTION_OUTPUT_BUFFER_SIZE_name = zend_string_init_interned("OPTION_OUTPUT_BUFFER_SIZE", sizeof("OPTION_OUTPUT_BUFFER_SIZE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_OUTPUT_BUFFER_SIZE_name, &const_OPTION_OUTPUT_BUFFER_SIZE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_OUTPUT_BUFFER_SIZE_name);

	zval const_OPTION_INPUT_BUFFER_SIZE_value;
	zend_string *const_OPTION_INPUT_BUFFER_SIZE_value_str = zend_string_init("input_buffer_size", strlen("input_buffer_size"), 1);
	ZVAL_STR(&const_OPTION_INPUT_BUFFER_SIZE_value, const_OPTION_INPUT_BUFFER_SIZE_value_str);
	zend_string *const_OPTION_INPUT_BUFFER_SIZE_name = zend_string_init_interned("OPTION_INPUT_BUFFER_SIZE", sizeof("OPTION_INPUT_BUFFER_SIZE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_INPUT_BUFFER_SIZE_name, &const_OPTION_INPUT_BUFFER_SIZE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_INPUT_BUFFER_SIZE_name);

	zval const_OPTION_BUFFER_OUTPUT_SIZE_value;
	zend_string *const_OPTION_BUFFER_OUTPUT_SIZE_value_str = zend_string_init("buffer_output_size", strlen("buffer_output_size"), 1);
	ZVAL_STR(&const_OPTION_BUFFER_OUTPUT_SIZE_value, const_OPTION_BUFFER_OUTPUT_SIZE_value_str);
	zend_string *const_OPTION_BUFFER_OUTPUT_SIZE_name = zend_string_init_interned("OPTION_BUFFER_OUTPUT_SIZE", sizeof("OPTION_BUFFER_OUTPUT_SIZE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_BUFFER_OUTPUT_SIZE_name, &const_OPTION_BUFFER_OUTPUT_SIZE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_BUFFER_OUTPUT_SIZE_name);

	zval const_OPTION_BUFFER_INPUT_SIZE_value;
	zend_string *const_OPTION_BUFFER_INPUT_SIZE_value_str = zend_string_init("buffer_input_size", strlen("buffer_input_size"), 1);
	ZVAL_STR(&const_OPTION_BUFFER_INPUT_SIZE_value, const_OPTION_BUFFER_INPUT_SIZE_value_str);
	zend_string *const_OPTION_BUFFER_INPUT_SIZE_name = zend_string_init_interned("OPTION_BUFFER_INPUT_SIZE", sizeof("OPTION_BUFFER_INPUT_SIZE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_BUFFER_INPUT_SIZE_name, &const_OPTION_BUFFER_INPUT_SIZE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_BUFFER_INPUT_SIZE_name);

	zval const_OPTION_BACKLOG_value;
	zend_string *const_OPTION_BACKLOG_value_str = zend_string_init("backlog", strlen("backlog"), 1);
	ZVAL_STR(&const_OPTION_BACKLOG_value, const_OPTION_BACKLOG_value_str);
	zend_string *const_OPTION_BACKLOG_name = zend_string_init_interned("OPTION_BACKLOG", sizeof("OPTION_BACKLOG") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_BACKLOG_name, &const_OPTION_BACKLOG_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_BACKLOG_name);

	zval const_OPTION_OPEN_CPU_AFFINITY_value;
	zend_string *const_OPTION_OPEN_CPU_AFFINITY_value_str = zend_string_init("open_cpu_affinity", strlen("open_cpu_affinity"), 1);
	ZVAL_STR(&const_OPTION_OPEN_CPU_AFFINITY_value, const_OPTION_OPEN_CPU_AFFINITY_value_str);
	zend_string *const_OPTION_OPEN_CPU_AFFINITY_name = zend_string_init_interned("OPTION_OPEN_CPU_AFFINITY", sizeof("OPTION_OPEN_CPU_AFFINITY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_OPEN_CPU_AFFINITY_name, &const_OPTION_OPEN_CPU_AFFINITY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_OPEN_CPU_AFFINITY_name);

	zval const_OPTION_CPU_AFFINITY_IGNORE_value;
	zend_string *const_OPTION_CPU_AFFINITY_IGNORE_value_str = zend_string_init("cpu_affinity_ignore", strlen("cpu_affinity_ignore"), 1);
	ZVAL_STR(&const_OPTION_CPU_AFFINITY_IGNORE_value, const_OPTION_CPU_AFFINITY_IGNORE_value_str);
	zend_string *const_OPTION_CPU_AFFINITY_IGNORE_name = zend_string_init_interned("OPTION_CPU_AFFINITY_IGNORE", sizeof("OPTION_CPU_AFFINITY_IGNORE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_CPU_AFFINITY_IGNORE_name, &const_OPTION_CPU_AFFINITY_IGNORE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_CPU_AFFINITY_IGNORE_name);

	zval const_OPTION_HEARTBEAT_CHECK_INTERVAL_value;
	zend_string *const_OPTION_HEARTBEAT_CHECK_INTERVAL_value_str = zend_string_init("heartbeat_check_interval", strlen("heartbeat_check_interval"), 1);
	ZVAL_STR(&const_OPTION_HEARTBEAT_CHECK_INTERVAL_value, const_OPTION_HEARTBEAT_CHECK_INTERVAL_value_str);
	zend_string *const_OPTION_HEARTBEAT_CHECK_INTERVAL_name = zend_string_init_interned("OPTION_HEARTBEAT_CHECK_INTERVAL", sizeof("OPTION_HEARTBEAT_CHECK_INTERVAL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HEARTBEAT_CHECK_INTERVAL_name, &const_OPTION_HEARTBEAT_CHECK_INTERVAL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HEARTBEAT_CHECK_INTERVAL_name);

	zval const_OPTION_HEARTBEAT_IDLE_TIME_value;
	zend_string *const_OPTION_HEARTBEAT_IDLE_TIME_value_str = zend_string_init("heartbeat_idle_time", strlen("heartbeat_idle_time"), 1);
	ZVAL_STR(&const_OPTION_HEARTBEAT_IDLE_TIME_value, const_OPTION_HEARTBEAT_IDLE_TIME_value_str);
	zend_string *const_OPTION_HEARTBEAT_IDLE_TIME_name = zend_string_init_interned("OPTION_HEARTBEAT_IDLE_TIME", sizeof("OPTION_HEARTBEAT_IDLE_TIME") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_HEARTBEAT_IDLE_TIME_name, &const_OPTION_HEARTBEAT_IDLE_TIME_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_HEARTBEAT_IDLE_TIME_name);

	zval const_OPTION_SEND_YIELD_value;
	zend_string *const_OPTION_SEND_YIELD_value_str = zend_string_init("send_yield", strlen("send_yield"), 1);
	ZVAL_STR(&const_OPTION_SEND_YIELD_value, const_OPTION_SEND_YIELD_value_str);
	zend_string *const_OPTION_SEND_YIELD_name = zend_string_init_interned("OPTION_SEND_YIELD", sizeof("OPTION_SEND_YIELD") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SEND_YIELD_name, &const_OPTION_SEND_YIELD_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SEND_YIELD_name);

	zval const_OPTION_SEND_TIMEOUT_value;
	zend_string *const_OPTION_SEND_TIMEOUT_value_str = zend_string_init("send_timeout", strlen("send_timeout"), 1);
	ZVAL_STR(&const_OPTION_SEND_TIMEOUT_value, const_OPTION_SEND_TIMEOUT_value_str);
	zend_string *const_OPTION_SEND_TIMEOUT_name = zend_string_init_interned("OPTION_SEND_TIMEOUT", sizeof("OPTION_SEND_TIMEOUT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_SEND_TIMEOUT_name, &const_OPTION_SEND_TIMEOUT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_SEND_TIMEOUT_name);

	zval const_OPTION_EVENT_OBJECT_value;
	zend_string *const_OPTION_EVENT_OBJECT_value_str = zend_string_init("event_object", strlen("event_object"), 1);
	ZVAL_STR(&const_OPTION_EVENT_OBJECT_value, const_OPTION_EVENT_OBJECT_value_str);
	zend_string *const_OPTION_EVENT_OBJECT_name = zend_string_init_interned("OPTION_EVENT_OBJECT", sizeof("OPTION_EVENT_OBJECT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_EVENT_OBJECT_name, &const_OPTION_EVENT_OBJECT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_EVENT_OBJECT_name);

	zval const_OPTION_STATS_FILE_value;
	zend_string *const_OPTION_STATS_FILE_value_str = zend_string_init("stats_file", strlen("stats_file"), 1);
	ZVAL_STR(&const_OPTION_STATS_FILE_value, const_OPTION_STATS_FILE_value_str);
	zend_string *const_OPTION_STATS_FILE_name = zend_string_init_interned("OPTION_STATS_FILE", sizeof("OPTION_STATS_FILE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_STATS_FILE_name, &const_OPTION_STATS_FILE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_STATS_FILE_name);

	zval const_OPTION_ADMIN_SERVER_value;
	zend_string *const_OPTION_ADMIN_SERVER_value_str = zend_string_init("admin_server", strlen("admin_server"), 1);
	ZVAL_STR(&const_OPTION_ADMIN_SERVER_value, const_OPTION_ADMIN_SERVER_value_str);
	zend_string *const_OPTION_ADMIN_SERVER_name = zend_string_init_interned("OPTION_ADMIN_SERVER", sizeof("OPTION_ADMIN_SERVER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_ADMIN_SERVER_name, &const_OPTION_ADMIN_SERVER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_ADMIN_SERVER_name);

	zval const_OPTION_BOOTSTRAP_value;
	zend_string *const_OPTION_BOOTSTRAP_value_str = zend_string_init("bootstrap", strlen("bootstrap"), 1);
	ZVAL_STR(&const_OPTION_BOOTSTRAP_value, const_OPTION_BOOTSTRAP_value_str);
	zend_string *const_OPTION_BOOTSTRAP_name = zend_string_init_interned("OPTION_BOOTSTRAP", sizeof("OPTION_BOOTSTRAP") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_BOOTSTRAP_name, &const_OPTION_BOOTSTRAP_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_BOOTSTRAP_name);

	zval const_OPTION_INIT_ARGUMENTS_value;
	zend_string *const_OPTION_INIT_ARGUMENTS_value_str = zend_string_init("init_arguments", strlen("init_arguments"), 1);
	ZVAL_STR(&const_OPTION_INIT_ARGUMENTS_value, const_OPTION_INIT_ARGUMENTS_value_str);
	zend_string *const_OPTION_INIT_ARGUMENTS_name = zend_string_init_interned("OPTION_INIT_ARGUMENTS", sizeof("OPTION_INIT_ARGUMENTS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_INIT_ARGUMENTS_name, &const_OPTION_INIT_ARGUMENTS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_INIT_ARGUMENTS_name);

	zval const_OPTION_KERNEL_SOCKET_RECV_BUFFER_SIZE_value;
	zend_string *const_OPTION_KERNEL_SOCKET_RECV_BUFFER_SIZE_value_str = zend_string_init("kernel_socket_recv_buffer_size", strlen("kernel_socket_recv_buffer_size"), 1);
	ZVAL_STR(&const_OPTION_KERNEL_SOCKET_RECV_BUFFER_SIZE_value, const_OPTION_KERNEL_SOCKET_RECV_BUFFER_SIZE_value_str);
	zend_string *const_OPTION_KERNEL_SOCKET_RECV_BUFFER_SIZE_name = zend_string_init_interned("OPTION_KERNEL_SOCKET_RECV_BUFFER_SIZE", sizeof("OPTION_KERNEL_SOCKET_RECV_BUFFER_SIZE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_KERNEL_SOCKET_RECV_BUFFER_SIZE_name, &const_OPTION_KERNEL_SOCKET_RECV_BUFFER_SIZE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_KERNEL_SOCKET_RECV_BUFFER_SIZE_name);

	zval const_OPTION_KERNEL_SOCKET_SEND_BUFFER_SIZE_value;
	zend_string *const_OPTION_KERNEL_SOCKET_SEND_BUFFER_SIZE_value_str = zend_string_init("kernel_socket_send_buffer_size", strlen("kernel_socket_send_buffer_size"), 1);
	ZVAL_STR(&const_OPTION_KERNEL_SOCKET_SEND_BUFFER_SIZE_value, const_OPTION_KERNEL_SOCKET_SEND_BUFFER_SIZE_value_str);
	zend_string *const_OPTION_KERNEL_SOCKET_SEND_BUFFER_SIZE_name = zend_string_init_interned("OPTION_KERNEL_SOCKET_SEND_BUFFER_SIZE", sizeof("OPTION_KERNEL_SOCKET_SEND_BUFFER_SIZE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_KERNEL_SOCKET_SEND_BUFFER_SIZE_name, &const_OPTION_KERNEL_SOCKET_SEND_BUFFER_SIZE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_KERNEL_SOCKET_SEND_BUFFER_SIZE_name);

	zval const_OPTION_TCP_DEFER_ACCEPT_value;
	zend_string *const_OPTION_TCP_DEFER_ACCEPT_value_str = zend_string_init("tcp_defer_accept", strlen("tcp_defer_accept"), 1);
	ZVAL_STR(&const_OPTION_TCP_DEFER_ACCEPT_value, const_OPTION_TCP_DEFER_ACCEPT_value_str);
	zend_string *const_OPTION_TCP_DEFER_ACCEPT_name = zend_string_init_interned("OPTION_TCP_DEFER_ACCEPT", sizeof("OPTION_TCP_DEFER_ACCEPT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_TCP_DEFER_ACCEPT_name, &const_OPTION_TCP_DEFER_ACCEPT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_TCP_DEFER_ACCEPT_name);

	zval const_OPTION_REQUEST_SLOWLOG_FILE_value;
	zend_string *const_OPTION_REQUEST_SLOWLOG_FILE_value_str = zend_string_init("request_slowlog_file", strlen("request_slowlog_file"), 1);
	ZVAL_STR(&const_OPTION_REQUEST_SLOWLOG_FILE_value, const_OPTION_REQUEST_SLOWLOG_FILE_value_str);
	zend_string *const_OPTION_REQUEST_SLOWLOG_FILE_name = zend_string_init_interned("OPTION_REQUEST_SLOWLOG_FILE", sizeof("OPTION_REQUEST_SLOWLOG_FILE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_REQUEST_SLOWLOG_FILE_name, &const_OPTION_REQUEST_SLOWLOG_FILE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_REQUEST_SLOWLOG_FILE_name);

	zval const_OPTION_REQUEST_SLOWLOG_TIMEOUT_value;
	zend_string *const_OPTION_REQUEST_SLOWLOG_TIMEOUT_value_str = zend_string_init("request_slowlog_timeout", strlen("request_slowlog_timeout"), 1);
	ZVAL_STR(&const_OPTION_REQUEST_SLOWLOG_TIMEOUT_value, const_OPTION_REQUEST_SLOWLOG_TIMEOUT_value_str);
	zend_string *const_OPTION_REQUEST_SLOWLOG_TIMEOUT_name = zend_string_init_interned("OPTION_REQUEST_SLOWLOG_TIMEOUT", sizeof("OPTION_REQUEST_SLOWLOG_TIMEOUT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_REQUEST_SLOWLOG_TIMEOUT_name, &const_OPTION_REQUEST_SLOWLOG_TIMEOUT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_REQUEST_SLOWLOG_TIMEOUT_name);

	zval const_OPTION_TRACE_EVENT_WORKER_value;
	zend_string *const_OPTION_TRACE_EVENT_WORKER_value_str = zend_string_init("trace_event_worker", strlen("trace_event_worker"), 1);
	ZVAL_STR(&const_OPTION_TRACE_EVENT_WORKER_value, const_OPTION_TRACE_EVENT_WORKER_value_str);
	zend_string *const_OPTION_TRACE_EVENT_WORKER_name = zend_string_init_interned("OPTION_TRACE_EVENT_WORKER", sizeof("OPTION_TRACE_EVENT_WORKER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_TRACE_EVENT_WORKER_name, &const_OPTION_TRACE_EVENT_WORKER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_TRACE_EVENT_WORKER_name);

	zval const_OPTION_ENABLE_OBJECT_value;
	zend_string *const_OPTION_ENABLE_OBJECT_value_str = zend_string_init("enable_object", strlen("enable_object"), 1);
	ZVAL_STR(&const_OPTION_ENABLE_OBJECT_value, const_OPTION_ENABLE_OBJECT_value_str);
	zend_string *const_OPTION_ENABLE_OBJECT_name = zend_string_init_interned("OPTION_ENABLE_OBJECT", sizeof("OPTION_ENABLE_OBJECT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OPTION_ENABLE_OBJECT_name, &const_OPTION_ENABLE_OBJECT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OPTION_ENABLE_OBJECT_name);

	return class_entry;
}
