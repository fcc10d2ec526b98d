--TEST--
Connections past max_connection are accepted and closed at once (the client sees EOF), counted in abort_count; earlier ones keep working
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'max_connection' => 2, 'hook_flags' => SWOOLE_HOOK_ALL]);
$server->on('receive', function ($s, $fd, $rid, $data) { $s->send($fd, $data); });
$server->on('workerStart', function ($s) {
    $c = [];
    for ($i = 0; $i < 4; $i++) {
        $c[$i] = stream_socket_client("tcp://127.0.0.1:{$s->port}");
        stream_set_timeout($c[$i], 5);
    }
    fwrite($c[0], "a");
    fwrite($c[1], "b");
    $a = fread($c[0], 1);
    $b = fread($c[1], 1);
    $e2 = fread($c[2], 1);
    $e3 = fread($c[3], 1);
    var_dump($a . $b, $e2, $e3, $s->stats()['connection_num'], $s->stats()['abort_count']);
    $s->shutdown();
});
$server->start();
?>
--EXPECT--
string(2) "ab"
string(0) ""
string(0) ""
int(2)
int(2)
