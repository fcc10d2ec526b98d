--TEST--
getClientInfo/getClientList/connections/stats/exists/bind/protect/close while serving; unknown options and events warn; a busy port throws
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'no_such_option' => 1, 'hook_flags' => SWOOLE_HOOK_ALL]);
var_dump($server->setting['worker_num'], $server->on('nonsense', function () {}));
try {
    new Swoole\Server('127.0.0.1', $server->port, SWOOLE_BASE);
} catch (Swoole\Exception $e) {
    echo get_class($e), ": ", str_replace((string)$server->port, 'PORT', $e->getMessage()), "\n";
}
var_dump($server->send(1, "x"));
$server->on('workerStart', function ($s) {
    $a = stream_socket_client("tcp://127.0.0.1:{$s->port}");
    $b = stream_socket_client("tcp://127.0.0.1:{$s->port}");
    fwrite($a, "a");
    fread($a, 10);
    fwrite($b, "b");
    fread($b, 10);
    var_dump($s->getClientList(), $s->getClientList(1), count($s->connections));
    foreach ($s->connections as $key => $fd) echo "iterated $fd (key $key)\n";  // keyed by fd, as Swoole
    $info = $s->getClientInfo(1);
    var_dump($info['remote_ip'], $info['server_port'] === $s->port, $info['connect_time'] > 0, $info['uid']);
    var_dump($s->connections[2]['remote_ip'], isset($s->connections[3]));
    var_dump($s->bind(1, 42), $s->bind(1, 43), $s->getClientInfo(1)['uid'], $s->protect(2));
    $st = $s->stats();
    var_dump($st['connection_num'], $st['accept_count'], $st['request_count'], $st['worker_num']);
    var_dump($s->exists(2), $s->close(2), $s->exists(2), $s->close(2), $s->getLastError() === SWOOLE_ERROR_SESSION_NOT_EXIST);
    var_dump(fread($b, 10));  // closed by the server: EOF
    var_dump($s->send(99, "x"), $s->getLastError(), $s->getClientInfo(99), $s->getWorkerId(), $s->getWorkerPid() === getmypid());
    $s->shutdown();
});
$server->on('receive', function ($s, $fd, $rid, $data) { $s->send($fd, strtoupper($data)); });
$server->on('close', function ($s, $fd) { echo "close $fd\n"; });
var_dump($server->start(), $server->start());
?>
--EXPECTF--
Warning: Swoole\Server::set(): unsupported option [no_such_option] in %s on line %d

Warning: Swoole\Server::on(): unknown event types[nonsense] in %s on line %d
int(1)
bool(false)
Swoole\Exception: failed to listen server port[127.0.0.1:PORT], Error: Address already in use[98]

Warning: Swoole\Server::send(): server is not running in %s on line %d
bool(false)
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(2)
}
array(1) {
  [0]=>
  int(2)
}
int(2)
iterated 1 (key 1)
iterated 2 (key 2)

Warning: Undefined array key "uid" in %s on line %d
string(9) "127.0.0.1"
bool(true)
bool(true)
NULL
string(9) "127.0.0.1"
bool(false)
bool(true)
bool(false)
int(42)
bool(true)
int(2)
int(2)
int(2)
int(1)
close 2
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
string(0) ""
bool(false)
int(1005)
bool(false)
int(0)
bool(true)
close 1

Warning: Swoole\Server::start(): The server have been shutdown, unable to execute Swoole\Server->start() in %s on line %d
bool(true)
bool(false)
