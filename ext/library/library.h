// The classes Swoole ships as PHP in its library (Swoole\ConnectionPool, Swoole\Database\*,
// Swoole\NameResolver*), kept as PHP in ext/library/php/ and compiled at their first use.
#pragma once

namespace gust::php::library {

// MINIT: puts the library's class loader in front of the engine's autoloader.
void register_library_area();

// The global functions of ext/library/php/functions/GROUP.php, compiled in this request unless
// `probe` (one of them, lower case) exists already. False when they could not be declared.
bool load_functions(const char *group, const char *probe);

}  // namespace gust::php::library
