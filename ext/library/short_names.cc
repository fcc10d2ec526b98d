// _string(), _mbstring(), _array(): Swoole's short names of the library's object makers
// (functions.cc), registered only under swoole.use_shortname. Their own file because each
// generated arginfo header declares the same ext_functions table.
#include "library/library.h"
#include "zend/api.h"

#include "stubs/library_short_arginfo.h"

void gust::php::library::register_library_short_names() {
    zend_register_functions(nullptr, ext_functions, nullptr, MODULE_PERSISTENT);
}
