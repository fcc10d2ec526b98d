// Server::addCommand()/command(): named handlers registered before start() that one process of
// the server asks another to run, getting its string reply back. See docs/php-server.md, "Commands".
#pragma once

#include "server/server.h"

namespace gust::php::srv {

// Swoole's SWOOLE_SERVER_COMMAND_* bits.
constexpr zend_long kCommandMaster = 1 << 1;
constexpr zend_long kCommandReactorThread = 1 << 2;
constexpr zend_long kCommandEventWorker = 1 << 3;
constexpr zend_long kCommandTaskWorker = 1 << 4;
constexpr zend_long kCommandManager = 1 << 5;

// server_command.cc. In start(), before the first fork, when commands were added: one inbox per
// process that may run a handler or wait for a reply (false with errno on failure).
bool commands_prepare(Server *s);
// A worker, task worker or the manager: its inbox is read on `rt`'s loop from now on.
void commands_serve(Server *s, LoopState *rt);
void commands_stop_serving(Server *s);
// PROCESS mode's master reads its inbox in master_wait(): the fd to poll (-1: none), and what to do
// once it is readable.
int commands_master_fd(Server *s);
void commands_master_ready(Server *s);
void commands_gc(Server *s, zend_get_gc_buffer *buf);
void commands_release(Server *s);  // the Server object is freed

}  // namespace gust::php::srv
