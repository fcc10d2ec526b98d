<?php
// A Swoole\Redis\Server key-value store for the conformance tests (tests/conformance/test_redis_server.py)
// and the benchmark (bench/redis_server.py). Usage: php redis_app.php PORT base|process [SETTINGS_JSON]
// Binds 127.0.0.1:PORT (0: any free port), prints "listening 127.0.0.1:PORT" once worker 0 serves,
// exits 0 on SIGTERM. Commands: PING, ECHO, SET, GET, DEL, EXISTS, INCR, HSET, HGET, HGETALL, LPUSH,
// LRANGE (enough for redis-cli, redis-benchmark -t get,set,incr,lpush and phpredis); anything else
// gets the server's own "-ERR unknown command" reply.
use Swoole\Redis\Server;

$port = (int)($argv[1] ?? 0);
$mode = ($argv[2] ?? 'base') === 'process' ? SWOOLE_PROCESS : SWOOLE_BASE;
$extra = isset($argv[3]) ? json_decode($argv[3], true, 8, JSON_THROW_ON_ERROR) : [];

$server = new Server('127.0.0.1', $port, $mode);
$server->set($extra + ['worker_num' => 1, 'reactor_num' => 1, 'log_level' => SWOOLE_LOG_ERROR]);

$data = [];
$wrong = 'WRONGTYPE Operation against a key holding the wrong kind of value';
$arity = fn (string $cmd) => Server::format(Server::ERROR, "ERR wrong number of arguments for '$cmd' command");

$server->setHandler('PING', fn ($fd, $args) => $args ? Server::format(Server::STRING, $args[0])
                                                     : Server::format(Server::STATUS, 'PONG'));
$server->setHandler('ECHO', fn ($fd, $args) => count($args) === 1 ? Server::format(Server::STRING, $args[0]) : $arity('echo'));
// redis-benchmark and redis-cli ask for these first; an empty answer is enough for them.
$server->setHandler('CONFIG', fn ($fd, $args) => Server::format(Server::SET, []));
$server->setHandler('COMMAND', fn ($fd, $args) => Server::format(Server::SET, []));
$server->setHandler('SET', function ($fd, $args) use (&$data, $arity) {
    if (count($args) < 2) return $arity('set');
    $data[$args[0]] = $args[1];
    return Server::format(Server::STATUS);
});
$server->setHandler('GET', function ($fd, $args) use (&$data, $arity, $wrong) {
    if (count($args) !== 1) return $arity('get');
    $v = $data[$args[0]] ?? null;
    if ($v === null) return Server::format(Server::NIL);
    return is_string($v) ? Server::format(Server::STRING, $v) : Server::format(Server::ERROR, $wrong);
});
$server->setHandler('DEL', function ($fd, $args) use (&$data) {
    $n = 0;
    foreach ($args as $k) {
        if (array_key_exists($k, $data)) { unset($data[$k]); $n++; }
    }
    return Server::format(Server::INT, $n);
});
$server->setHandler('EXISTS', fn ($fd, $args) => Server::format(Server::INT, count(array_filter($args, fn ($k) => isset($data[$k])))));
$server->setHandler('INCR', function ($fd, $args) use (&$data) {
    $v = $data[$args[0]] ?? '0';
    if (!is_string($v) || !preg_match('/^-?\d+$/', $v)) return Server::format(Server::ERROR, 'ERR value is not an integer or out of range');
    $data[$args[0]] = (string)((int)$v + 1);
    return Server::format(Server::INT, (int)$data[$args[0]]);
});
$server->setHandler('HSET', function ($fd, $args) use (&$data, $arity, $wrong) {
    if (count($args) < 3 || count($args) % 2 === 0) return $arity('hset');
    $key = array_shift($args);
    $h = $data[$key] ?? ['hash' => []];
    if (!is_array($h) || !isset($h['hash'])) return Server::format(Server::ERROR, $wrong);
    $added = 0;
    foreach (array_chunk($args, 2) as [$f, $v]) {
        if (!array_key_exists($f, $h['hash'])) $added++;
        $h['hash'][$f] = $v;
    }
    $data[$key] = $h;
    return Server::format(Server::INT, $added);
});
$server->setHandler('HGET', function ($fd, $args) use (&$data) {
    $v = $data[$args[0]]['hash'][$args[1] ?? ''] ?? null;
    return $v === null ? Server::format(Server::NIL) : Server::format(Server::STRING, $v);
});
$server->setHandler('HGETALL', function ($fd, $args) use (&$data) {
    return Server::format(Server::MAP, $data[$args[0] ?? '']['hash'] ?? []);
});
$server->setHandler('LPUSH', function ($fd, $args) use (&$data) {
    $key = array_shift($args);
    $l = $data[$key] ?? ['list' => []];
    foreach ($args as $v) array_unshift($l['list'], $v);
    $data[$key] = $l;
    return Server::format(Server::INT, count($l['list']));
});
$server->setHandler('LRANGE', function ($fd, $args) use (&$data) {
    $l = $data[$args[0]]['list'] ?? [];
    $start = (int)($args[1] ?? 0);
    $stop = (int)($args[2] ?? -1);
    if ($stop < 0) $stop += count($l);
    return Server::format(Server::SET, array_slice($l, $start, max(0, $stop - $start + 1)));
});

$server->on('workerStart', function ($server, int $id) {
    if ($id === 0) {
        fwrite(STDOUT, "listening 127.0.0.1:{$server->port}\n");
        fflush(STDOUT);
    }
});
$server->start();
