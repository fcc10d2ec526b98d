// Redirects what one loaded shared object calls: the hooks for libraries that bypass PHP's
// streams (libcurl under ext/curl, libpq under pdo_pgsql and pgsql, SQLite under pdo_sqlite)
// cannot replace a PHP function, because the blocking call happens inside the library. Instead
// the importing extension's GOT slot for the library function is pointed at a replacement that
// yields inside coroutines and calls the real function everywhere else.
#pragma once

namespace gust::php::hooks {

// In the loaded object whose file name is `object` (a basename such as "curl.so", or "" for the
// main program, where a PHP built with the extension inside it imports the library), makes every
// import of `symbol` call `replacement`. Returns the real function as that object would bind it
// (what the replacement calls outside coroutines), or nullptr when the object is not loaded or
// does not import `symbol`; then nothing is changed. Patching twice is harmless. Not thread-safe:
// call it from the main thread before other threads can call into the object.
void *patch_import(const char *object, const char *symbol, void *replacement);

}  // namespace gust::php::hooks
