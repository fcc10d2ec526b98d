--TEST--
listen() adds a port with its own receive callback, length framing and connections iterator; the main port keeps the server's callback
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'hook_flags' => SWOOLE_HOOK_ALL]);
$port = $server->listen('127.0.0.1', 0, SWOOLE_SOCK_TCP);
var_dump($port instanceof Swoole\Server\Port, $port->port > 0, $port->port !== $server->port, count($server->ports));
$port->set(['open_length_check' => true, 'package_length_type' => 'n', 'package_length_offset' => 0,
            'package_body_offset' => 2]);
$port->on('receive', function ($s, $fd, $rid, $data) use ($port) {
    echo "length port: ", bin2hex(substr($data, 0, 2)), " ", substr($data, 2), ", its connections: ",
        count($port->connections), "\n";
    $s->send($fd, "L");
});
$server->on('receive', function ($s, $fd, $rid, $data) { echo "main port: $data\n"; $s->send($fd, "M"); });
$server->on('workerStart', function ($s) use ($port) {
    $main = stream_socket_client("tcp://127.0.0.1:{$s->port}");
    $framed = stream_socket_client("tcp://127.0.0.1:{$port->port}");
    fwrite($main, "plain");
    $m = fread($main, 1);
    $msg = pack('n', 5) . "hello" . pack('n', 3);
    fwrite($framed, $msg);          // one package and the start of the next
    fwrite($framed, "abc");
    $l = fread($framed, 1);
    if (strlen($l) < 2) $l .= fread($framed, 1);
    echo "replies: $m $l, all connections: ", count($s->connections), "\n";
    $s->shutdown();
});
$server->start();
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
int(2)
main port: plain
length port: 0005 hello, its connections: 1
length port: 0003 abc, its connections: 1
replies: M LL, all connections: 2
