--TEST--
open_redis_protocol on a plain Swoole\Server frames whole RESP commands (split across writes, pipelined in one) for onReceive; a Redis\Server's listen() port with its own settings gets onReceive too
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'hook_flags' => SWOOLE_HOOK_ALL, 'log_level' => SWOOLE_LOG_ERROR,
              'open_redis_protocol' => true]);
$server->on('receive', function ($s, $fd, $rid, $data) { $s->send($fd, '[' . addcslashes($data, "\r\n") . ']'); });
$server->on('workerStart', function ($s) {
    $c = stream_socket_client("tcp://127.0.0.1:{$s->port}");
    fwrite($c, "*2\r\n\$3\r\nGET\r\n\$1");
    fwrite($c, "\r\nk\r\nPING\r\n");
    $got = '';
    while (substr_count($got, ']') < 2) $got .= fread($c, 1000);
    echo $got, "\n";
    $s->shutdown();
});
$server->start();

$server = new Swoole\Redis\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'hook_flags' => SWOOLE_HOOK_ALL, 'log_level' => SWOOLE_LOG_ERROR]);
$plain = $server->listen('127.0.0.1', 0, SWOOLE_SOCK_TCP);
$plain->set(['open_eof_split' => true, 'package_eof' => "\n"]);
$plain->on('receive', function ($s, $fd, $rid, $data) { $s->send($fd, "plain: $data"); });
$server->setHandler('PING', fn () => Swoole\Redis\Server::format(Swoole\Redis\Server::STATUS, 'PONG'));
$server->on('workerStart', function ($s) use ($plain) {
    $r = stream_socket_client("tcp://127.0.0.1:{$s->port}");
    fwrite($r, "PING\r\n");
    echo fread($r, 100);
    $c = stream_socket_client("tcp://127.0.0.1:{$plain->port}");
    fwrite($c, "PING\n");
    echo fread($c, 100);
    $s->shutdown();
});
$server->start();
?>
--EXPECT--
[*2\r\n$3\r\nGET\r\n$1\r\nk\r\n][PING\r\n]
+PONG
plain: PING
