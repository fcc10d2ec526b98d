/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 890e79b1da8a27432e8f5e8cee62964f91680ca8 */




static const zend_function_entry class_Swoole_Exception_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_Swoole_Error_methods[] = {
	ZEND_FE_END
};

static zend_class_entry *register_class_Swoole_Exception(zend_class_entry *class_entry_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole", "Exception", class_Swoole_Exception_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Exception);

	return class_entry;
}

static zend_class_entry *register_class_Swoole_Error(zend_class_entry *class_entry_Error)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Swoole", "Error", class_Swoole_Error_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_Error);

	return class_entry;
}
