--TEST--
A BASE-mode server on port 0 echoes; connect, receive and close run in coroutines; start() returns after shutdown()
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
var_dump($server->port > 0, $server->mode === SWOOLE_BASE, count($server->ports));
$server->set(['worker_num' => 1, 'hook_flags' => SWOOLE_HOOK_ALL]);
$server->on('start', function ($s) { echo "start, in coroutine: ", var_export(Co::getCid() > 0, true), "\n"; });
$server->on('workerStart', function (Swoole\Server $s, int $id) {
    echo "workerStart $id, in coroutine: ", var_export(Co::getCid() > 0, true), "\n";
    $c = stream_socket_client("tcp://127.0.0.1:{$s->port}", $errno, $errstr, 1);
    fwrite($c, "hello");
    $got = fread($c, 100);
    echo "client got: $got\n";
    fclose($c);
});
$server->on('connect', function ($s, $fd, $rid) { echo "connect $fd\n"; });
$server->on('receive', function ($s, $fd, $rid, $data) {
    echo "receive $fd: $data\n";
    var_dump($s->send($fd, "echo:$data"));
});
$server->on('close', function ($s, $fd) {
    echo "close $fd\n";
    $s->shutdown();
});
$server->on('workerStop', function ($s, $id) { echo "workerStop $id\n"; });
$server->on('shutdown', function ($s) { echo "shutdown\n"; });
var_dump($server->start());
echo "after start\n";
?>
--EXPECT--
bool(true)
bool(true)
int(1)
start, in coroutine: false
workerStart 0, in coroutine: true
connect 1
receive 1: hello
bool(true)
client got: echo:hello
close 1
workerStop 0
shutdown
bool(true)
after start
