// Swoole\Redis\Server in the PHP binding: a Swoole\Server whose ports speak RESP. The reactor cuts
// the stream into whole commands (proto/resp, wired in ext/server's framing); this area parses each
// command, finds the handler set with setHandler() and runs it in a coroutine as
// handler($fd, $args), sending back a string it returns. See docs/php-redis-server.md.
#pragma once

namespace gust::php::redis {

void register_redis_area();  // MINIT, after the server area

}  // namespace gust::php::redis
