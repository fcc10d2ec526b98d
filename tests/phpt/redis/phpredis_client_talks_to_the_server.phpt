--TEST--
Swoole\Redis\Server answers phpredis (hooked, in the worker's coroutine): SET/GET/HSET/HGETALL/DEL, a pipeline answered in order, null/empty values, an unknown command, handlers by any case, getHandler
--EXTENSIONS--
gust
igbinary
redis
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
use Swoole\Redis\Server;
$server = new Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'hook_flags' => SWOOLE_HOOK_ALL, 'log_level' => SWOOLE_LOG_ERROR]);
$data = [];
$server->setHandler('set', function ($fd, $args) use (&$data) {
    $data[$args[0]] = $args[1];
    return Server::format(Server::STATUS);
});
$server->setHandler('GET', function ($fd, $args) use (&$data) {
    return isset($data[$args[0]]) ? Server::format(Server::STRING, $data[$args[0]]) : Server::format(Server::NIL);
});
$server->setHandler('Del', function ($fd, $args) use (&$data) {
    $n = count(array_intersect_key($data, array_flip($args)));
    foreach ($args as $k) unset($data[$k]);
    return Server::format(Server::INT, $n);
});
$server->setHandler('HSET', function ($fd, $args) use (&$data) {
    $data[$args[0]][$args[1]] = $args[2];
    return Server::format(Server::INT, 1);
});
// A handler may also answer with send() and return nothing.
$server->setHandler('HGETALL', function ($fd, $args) use (&$data, $server) {
    $server->send($fd, Server::format(Server::MAP, $data[$args[0]] ?? []));
});
var_dump($server->getHandler('hgetall') instanceof Closure, $server->getHandler('nope'));
$server->setHandler('strlen_cmd', 'strlen');
var_dump($server->getHandler('STRLEN_CMD') instanceof Closure);
$server->on('workerStart', function ($s) {
    $r = new Redis();
    var_dump($r->connect('127.0.0.1', $s->port, 5));
    var_dump($r->set('k', "v\r\nwith\0bytes"), $r->get('k') === "v\r\nwith\0bytes");
    var_dump($r->set('empty', ''), $r->get('empty'), $r->get('missing'));
    var_dump($r->hSet('h', 'f1', 'a'), $r->hSet('h', 'f2', 'b'), $r->hGetAll('h'));
    $big = str_repeat('x', 300000);
    var_dump($r->set('big', $big), $r->get('big') === $big);
    $p = $r->multi(Redis::PIPELINE);
    for ($i = 0; $i < 50; $i++) $p->set("p$i", "v$i");
    for ($i = 0; $i < 50; $i++) $p->get("p$i");
    $replies = $p->exec();
    $ok = count($replies) === 100;
    for ($i = 0; $i < 50; $i++) $ok = $ok && $replies[$i] === true && $replies[50 + $i] === "v$i";
    echo "pipeline of 100 in order: ", var_export($ok, true), "\n";
    var_dump($r->del('k', 'missing', 'empty'));
    try {
        var_dump($r->rawCommand('FLUSHALL'));
    } catch (RedisException $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
    echo "last error: ", $r->getLastError(), "\n";
    var_dump($r->get('p7'));
    $r->close();
    $s->shutdown();
});
$server->start();
?>
--EXPECT--
bool(true)
NULL
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
string(0) ""
bool(false)
int(1)
int(1)
array(2) {
  ["f1"]=>
  string(1) "a"
  ["f2"]=>
  string(1) "b"
}
bool(true)
bool(true)
pipeline of 100 in order: true
int(2)
bool(false)
last error: ERR unknown command 'FLUSHALL'
string(2) "v7"
