// The classes Swoole ships as PHP in its library (Swoole\ConnectionPool, Swoole\Database\*,
// Swoole\NameResolver*, Swoole\StringObject, Swoole\ArrayObject, ...), kept as PHP in
// ext/library/php/ and compiled at their first use.
#pragma once

namespace gust::php::library {

// MINIT: puts the library's class loader in front of the engine's autoloader.
void register_library_area();

// MINIT, with the swoole module current: swoole_string(), swoole_array(), ... (functions.cc), and
// with short_names (swoole.use_shortname) _string(), _mbstring(), _array() too.
void register_library_functions(bool short_names);
void register_library_short_names();

// The global functions of ext/library/php/functions/GROUP.php, compiled in this request unless
// `probe` (one of them, lower case) exists already. False when they could not be declared.
bool load_functions(const char *group, const char *probe);

}  // namespace gust::php::library
