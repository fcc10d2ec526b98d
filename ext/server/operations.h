// Running a server in production and development (docs/operations.md): the coroutine dump signal
// passed from master to manager to workers, and hot reload (hot_reload.cc).
#pragma once

#include <signal.h>

#include "server/server.h"

namespace gust::php::srv {

// Server::set(): coroutine_dump_signal and hot_reload (warns and returns false on bad values).
bool load_operations_settings(Server *s, HashTable *ht);

// The dump signal (0: off) into `set`: the PROCESS master and the manager read it with their others.
void add_dump_signal(const Server *s, sigset_t *set);
bool is_dump_signal(const Server *s, int sig);
// A worker writes its coroutine dump to the log on the dump signal.
void watch_dump_signal(Server *s, LoopState *rt);
void unwatch_dump_signal(Server *s, LoopState *rt);
// The manager passes the dump signal to its event and task workers (not to addProcess() processes,
// which may not expect it).
void forward_dump_signal(Server *s);

// hot_reload: the manager (BASE with a manager, PROCESS) watches the paths with inotify on its loop
// and reloads the workers, debounced, when a file with a watched extension changes.
void hot_reload_start(Server *s, LoopState *rt);
void hot_reload_stop(Server *s, LoopState *rt);
// In a worker just forked from the manager: frees its copy of the watch (the manager's loop copy
// is ended separately, without running anything of it).
void hot_reload_forget_inherited(Server *s);

}  // namespace gust::php::srv
