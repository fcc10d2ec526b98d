// LoopState hooks: blocking PHP functions and stream transports that yield inside coroutines. The
// flags and the registry live below, in runtime/hook_registry.h; this area's files each register
// one hook area (GUST_HOOK_AREA) and Swoole\Runtime (runtime_class.cc) switches them by flag.
#pragma once

#include "coroutine/coroutine.h"
#include "common/hook_registry.h"

namespace gust::php::hooks {

// True inside a PHP coroutine (where hooks take effect).
inline bool in_coroutine() { return current() != nullptr; }

// MINIT / RSHUTDOWN of this area: Swoole\Runtime and its constants; the request's hooks go off.
void register_runtime_class(int module_number);
void rshutdown();
// MINIT: starts watching which SQLite connections get PHP callbacks (hook_pdo_sqlite.cc).
void pdo_sqlite_minit();
// MINIT: registers the async.file:// stream wrapper (hook_file.cc).
void async_file_minit();
// MINIT: registers "process/coroutine", the type of a process opened under SWOOLE_HOOK_PROC (hook_proc.cc).
void proc_minit(int module_number);
// MINIT: pcntl_fork() refuses to run inside a coroutine, whatever the hook flags (hook_proc.cc).
void fork_guard_minit();
// phpinfo() / php --ri gust: one row naming the hook areas compiled in and their flags.
void print_info();

}  // namespace gust::php::hooks
