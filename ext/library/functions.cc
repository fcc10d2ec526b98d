// The global functions of Swoole's library that make its PHP objects: swoole_string(),
// swoole_mbstring(), swoole_array(), swoole_array_list(), swoole_array_default_value(), and the
// short names _string(), _mbstring(), _array(). They are C functions (declared at startup, like
// the rest of the API) over PHP classes the library loader compiles on first use, so a request
// that calls none of them compiles nothing.
#include <cstring>

#include "library/library.h"
#include "zend/api.h"

#include "stubs/library_arginfo.h"

namespace {

// new $class_name($arg) into return_value; on failure an exception is pending and return_value is UNDEF.
void new_library_object(const char *class_name, zval *arg, zval *return_value) {
    zend_string *name = zend_string_init(class_name, strlen(class_name), false);
    zend_class_entry *ce = zend_lookup_class(name);
    zend_string_release(name);
    if (!ce) {
        if (!EG(exception)) zend_throw_error(nullptr, "Class \"%s\" not found", class_name);
        ZVAL_UNDEF(return_value);
        return;
    }
    if (object_init_ex(return_value, ce) != SUCCESS) return;
    if (ce->constructor) {
        zend_call_known_instance_method_with_1_params(ce->constructor, Z_OBJ_P(return_value), nullptr, arg);
    }
    if (EG(exception)) {
        zval_ptr_dtor(return_value);
        ZVAL_UNDEF(return_value);
    }
}

void new_string_object(INTERNAL_FUNCTION_PARAMETERS, const char *class_name) {
    zend_string *string = ZSTR_EMPTY_ALLOC();
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_STR(string)
    ZEND_PARSE_PARAMETERS_END();
    zval arg;
    ZVAL_STR(&arg, string);
    new_library_object(class_name, &arg, return_value);
}

}  // namespace

ZEND_FUNCTION(swoole_string) { new_string_object(INTERNAL_FUNCTION_PARAM_PASSTHRU, "Swoole\\StringObject"); }

ZEND_FUNCTION(swoole_mbstring) { new_string_object(INTERNAL_FUNCTION_PARAM_PASSTHRU, "Swoole\\MultibyteStringObject"); }

ZEND_FUNCTION(swoole_array) {
    zval *array = nullptr;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_ARRAY(array)
    ZEND_PARSE_PARAMETERS_END();
    zval empty;
    if (!array) {
        ZVAL_EMPTY_ARRAY(&empty);
        array = &empty;
    }
    new_library_object("Swoole\\ArrayObject", array, return_value);
}

ZEND_FUNCTION(swoole_array_list) {
    zval *values = nullptr;
    uint32_t count = 0;
    ZEND_PARSE_PARAMETERS_START(0, -1)
        Z_PARAM_VARIADIC('*', values, count)
    ZEND_PARSE_PARAMETERS_END();
    zval list;
    array_init_size(&list, count);
    for (uint32_t i = 0; i < count; i++) {
        Z_TRY_ADDREF(values[i]);
        add_next_index_zval(&list, &values[i]);
    }
    new_library_object("Swoole\\ArrayObject", &list, return_value);
    zval_ptr_dtor(&list);
}

// array_key_exists($key, $array) ? $array[$key] : $default_value, with array_key_exists()'s key rules.
ZEND_FUNCTION(swoole_array_default_value) {
    HashTable *array = nullptr;
    zval *key = nullptr;
    zval *default_value = nullptr;
    ZEND_PARSE_PARAMETERS_START(2, 3)
        Z_PARAM_ARRAY_HT(array)
        Z_PARAM_ZVAL(key)
        Z_PARAM_OPTIONAL
        Z_PARAM_ZVAL(default_value)
    ZEND_PARSE_PARAMETERS_END();
    zval *found = nullptr;
    switch (Z_TYPE_P(key)) {
        case IS_STRING: found = zend_symtable_find(array, Z_STR_P(key)); break;
        case IS_LONG: found = zend_hash_index_find(array, Z_LVAL_P(key)); break;
        case IS_NULL: found = zend_hash_find(array, ZSTR_EMPTY_ALLOC()); break;
        case IS_FALSE: found = zend_hash_index_find(array, 0); break;
        case IS_TRUE: found = zend_hash_index_find(array, 1); break;
        case IS_DOUBLE: found = zend_hash_index_find(array, zend_dval_to_lval_safe(Z_DVAL_P(key))); break;
        case IS_RESOURCE: found = zend_hash_index_find(array, Z_RES_HANDLE_P(key)); break;
        default: zend_argument_type_error(2, "must be a valid array offset type"); RETURN_THROWS();
    }
    if (found) {
        RETURN_COPY_DEREF(found);
    }
    if (default_value) {
        RETURN_COPY(default_value);
    }
    RETURN_NULL();
}

void gust::php::library::register_library_functions(bool short_names) {
    zend_register_functions(nullptr, ext_functions, nullptr, MODULE_PERSISTENT);
    if (short_names) register_library_short_names();
}
