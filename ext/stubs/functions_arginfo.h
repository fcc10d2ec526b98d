/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 4d589b223e807c44a04f2c7075cd218a72613e07 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_version, 0, 0, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_cpu_num, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_async_set, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, settings, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_set_process_name, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, process_name, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_get_local_ip, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

#define arginfo_swoole_get_local_mac arginfo_swoole_get_local_ip

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_swoole_hashcode, 0, 1, MAY_BE_FALSE|MAY_BE_LONG)
	ZEND_ARG_TYPE_INFO(0, data, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, type, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_mime_type_add, 0, 2, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, suffix, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, mime_type, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_mime_type_set, 0, 2, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, suffix, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, mime_type, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_mime_type_delete, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, suffix, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_mime_type_get, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, filename, IS_STRING, 0)
ZEND_END_ARG_INFO()

#define arginfo_swoole_get_mime_type arginfo_swoole_mime_type_get

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_mime_type_exists, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, filename, IS_STRING, 0)
ZEND_END_ARG_INFO()

#define arginfo_swoole_mime_type_list arginfo_swoole_get_local_ip

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_clear_dns_cache, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_substr_unserialize, 0, 2, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, str, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, offset, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, length, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, options, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_substr_json_decode, 0, 2, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, str, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, offset, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, length, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, associative, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, depth, IS_LONG, 0, "512")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_internal_call_user_shutdown_begin, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_swoole_get_objects, 0, 0, MAY_BE_ARRAY|MAY_BE_FALSE)
ZEND_END_ARG_INFO()

#define arginfo_swoole_get_vm_status arginfo_swoole_get_local_ip

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_swoole_get_object_by_handle, 0, 1, MAY_BE_OBJECT|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, handle, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_name_resolver_add, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, ns, IS_OBJECT, 0)
ZEND_END_ARG_INFO()

#define arginfo_swoole_name_resolver_remove arginfo_swoole_name_resolver_add

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_swoole_name_resolver_lookup, 0, 2, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, domain, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, ctx, IS_OBJECT, 0)
ZEND_END_ARG_INFO()


ZEND_FUNCTION(swoole_version);
ZEND_FUNCTION(swoole_cpu_num);
ZEND_FUNCTION(swoole_async_set);
ZEND_FUNCTION(swoole_set_process_name);
ZEND_FUNCTION(swoole_get_local_ip);
ZEND_FUNCTION(swoole_get_local_mac);
ZEND_FUNCTION(swoole_hashcode);
ZEND_FUNCTION(swoole_mime_type_add);
ZEND_FUNCTION(swoole_mime_type_set);
ZEND_FUNCTION(swoole_mime_type_delete);
ZEND_FUNCTION(swoole_mime_type_get);
ZEND_FUNCTION(swoole_mime_type_exists);
ZEND_FUNCTION(swoole_mime_type_list);
ZEND_FUNCTION(swoole_clear_dns_cache);
ZEND_FUNCTION(swoole_substr_unserialize);
ZEND_FUNCTION(swoole_substr_json_decode);
ZEND_FUNCTION(swoole_internal_call_user_shutdown_begin);
ZEND_FUNCTION(swoole_get_objects);
ZEND_FUNCTION(swoole_get_vm_status);
ZEND_FUNCTION(swoole_get_object_by_handle);
ZEND_FUNCTION(swoole_name_resolver_add);
ZEND_FUNCTION(swoole_name_resolver_remove);
ZEND_FUNCTION(swoole_name_resolver_lookup);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(swoole_version, arginfo_swoole_version)
	ZEND_FE(swoole_cpu_num, arginfo_swoole_cpu_num)
	ZEND_FE(swoole_async_set, arginfo_swoole_async_set)
	ZEND_FE(swoole_set_process_name, arginfo_swoole_set_process_name)
	ZEND_FE(swoole_get_local_ip, arginfo_swoole_get_local_ip)
	ZEND_FE(swoole_get_local_mac, arginfo_swoole_get_local_mac)
	ZEND_FE(swoole_hashcode, arginfo_swoole_hashcode)
	ZEND_FE(swoole_mime_type_add, arginfo_swoole_mime_type_add)
	ZEND_FE(swoole_mime_type_set, arginfo_swoole_mime_type_set)
	ZEND_FE(swoole_mime_type_delete, arginfo_swoole_mime_type_delete)
	ZEND_FE(swoole_mime_type_get, arginfo_swoole_mime_type_get)
	ZEND_FALIAS(swoole_get_mime_type, swoole_mime_type_get, arginfo_swoole_get_mime_type)
	ZEND_FE(swoole_mime_type_exists, arginfo_swoole_mime_type_exists)
	ZEND_FE(swoole_mime_type_list, arginfo_swoole_mime_type_list)
	ZEND_FE(swoole_clear_dns_cache, arginfo_swoole_clear_dns_cache)
	ZEND_FE(swoole_substr_unserialize, arginfo_swoole_substr_unserialize)
	ZEND_FE(swoole_substr_json_decode, arginfo_swoole_substr_json_decode)
	ZEND_FE(swoole_internal_call_user_shutdown_begin, arginfo_swoole_internal_call_user_shutdown_begin)
	ZEND_FE(swoole_get_objects, arginfo_swoole_get_objects)
	ZEND_FE(swoole_get_vm_status, arginfo_swoole_get_vm_status)
	ZEND_FE(swoole_get_object_by_handle, arginfo_swoole_get_object_by_handle)
	ZEND_FE(swoole_name_resolver_add, arginfo_swoole_name_resolver_add)
	ZEND_FE(swoole_name_resolver_remove, arginfo_swoole_name_resolver_remove)
	ZEND_FE(swoole_name_resolver_lookup, arginfo_swoole_name_resolver_lookup)
	ZEND_FE_END
};

static void register_functions_symbols(int module_number)
{
	REGISTER_STRING_CONSTANT("SWOOLE_VERSION", PHP_GUST_SWOOLE_API_VERSION, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_VERSION_ID", PHP_GUST_SWOOLE_VERSION_ID, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_MAJOR_VERSION", PHP_GUST_SWOOLE_MAJOR_VERSION, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_MINOR_VERSION", PHP_GUST_SWOOLE_MINOR_VERSION, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_RELEASE_VERSION", PHP_GUST_SWOOLE_RELEASE_VERSION, CONST_PERSISTENT);
	REGISTER_STRING_CONSTANT("SWOOLE_EXTRA_VERSION", PHP_GUST_SWOOLE_EXTRA_VERSION, CONST_PERSISTENT);
	REGISTER_BOOL_CONSTANT("SWOOLE_DEBUG", false, CONST_PERSISTENT);
	REGISTER_BOOL_CONSTANT("SWOOLE_HAVE_COMPRESSION", true, CONST_PERSISTENT);
	REGISTER_BOOL_CONSTANT("SWOOLE_HAVE_ZLIB", true, CONST_PERSISTENT);
	REGISTER_BOOL_CONSTANT("SWOOLE_HAVE_BROTLI", true, CONST_PERSISTENT);
	REGISTER_BOOL_CONSTANT("SWOOLE_USE_HTTP2", true, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_IOV_MAX", IOV_MAX, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_DEFAULT_MAX_CORO_NUM", 100000, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_CORO_MAX_NUM_LIMIT", ZEND_LONG_MAX, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_CORO_INIT", 0, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_CORO_WAITING", 1, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_CORO_RUNNING", 2, CONST_PERSISTENT);
	REGISTER_LONG_CONSTANT("SWOOLE_CORO_END", 3, CONST_PERSISTENT);
}
