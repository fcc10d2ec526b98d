/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 1a13b485d139d01cc97b9f91261283c410066416 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Runtime_enableCoroutine, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_MASK(0, enable, MAY_BE_BOOL|MAY_BE_LONG, "SWOOLE_HOOK_ALL")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "SWOOLE_HOOK_ALL")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Runtime_getHookFlags, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Swoole_Runtime_setHookFlags, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, flags, IS_LONG, 0)
ZEND_END_ARG_INFO()


ZEND_METHOD(Swoole_Runtime, enableCoroutine);
ZEND_METHOD(Swoole_Runtime, getHookFlags);
ZEND_METHOD(Swoole_Runtime, setHookFlags);


static const zend_function_entry class_Swoole_Runtime_methods[] = {
	ZEND_ME(Swoole_Runtime, enableCoroutine, arginfo_class_Swoole_Runtime_enableCoroutine, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Runtime, getHookFlags, arginfo_class_Swoole_Runtime_getHookFlags, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Swoole_Runtime, setHookFlags, arginfo_class_Swoole_Runtime_setHookFlags, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_FE_END
};

static void register_runtime_symbols(int module_number)
{
	REGISTER_LONG_CONSTANT("SWOOLE_HOOK_TCP", gust::php::hooks::kTcp, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HOOK_UDP", gust::php::hooks::kUdp, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HOOK_UNIX", gust::php::hooks::kUnix, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HOOK_UDG", gust::php::hooks::kUdg, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HOOK_SSL", gust::php::hooks::kSsl, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HOOK_TLS", gust::php::hooks::kTls, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HOOK_STREAM_FUNCTION", gust::php::hooks::kStreamFunction, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HOOK_STREAM_SELECT", gust::php::hooks::kStreamFunction, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HOOK_FILE", gust::php::hooks::kFile, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HOOK_STDIO", gust::php::hooks::kStdio, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HOOK_SLEEP", gust::php::hooks::kSleep, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HOOK_PROC", gust::php::hooks::kProc, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HOOK_CURL", gust::php::hooks::kCurl, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HOOK_BLOCKING_FUNCTION", gust::php::hooks::kBlockingFunction, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HOOK_SOCKETS", gust::php::hooks::kSockets, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HOOK_PDO_SQLITE", gust::php::hooks::kPdoSqlite, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HOOK_PDO_PGSQL", gust::php::hooks::kPdoPgsql, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_HOOK_ALL", gust::php::hooks::all_flags(), CONST_PERSISTENT);
}

static zend_class_entry *register_class_Swoole_Runtime(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole", "Runtime", class_Swoole_Runtime_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);

	return class_entry;
}
