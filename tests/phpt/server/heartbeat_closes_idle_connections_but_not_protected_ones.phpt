--TEST--
heartbeat_check_interval/heartbeat_idle_time close idle connections; protect() exempts one; heartbeat(false) lists without closing
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'heartbeat_check_interval' => 0.05, 'heartbeat_idle_time' => 0.2,
              'hook_flags' => SWOOLE_HOOK_ALL]);
$server->on('connect', function ($s, $fd) { if ($fd === 2) var_dump($s->protect($fd)); });
$server->on('receive', function () {});
$server->on('close', function ($s, $fd) { echo "close $fd\n"; });
$server->on('workerStart', function ($s) {
    $idle = stream_socket_client("tcp://127.0.0.1:{$s->port}");
    $kept = stream_socket_client("tcp://127.0.0.1:{$s->port}");
    var_dump($s->heartbeat(false));  // nothing idle yet
    stream_set_timeout($idle, 5);
    var_dump(fread($idle, 10));      // EOF once the heartbeat closed it
    var_dump($s->exists(2), $s->exists(1));
    $s->shutdown();
});
$server->start();
?>
--EXPECT--
bool(true)
array(0) {
}
close 1
string(0) ""
bool(true)
bool(false)
close 2
