--TEST--
A UDP server gets packet events with the client's address and answers with sendto()
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE, SWOOLE_SOCK_UDP);
$server->set(['worker_num' => 1, 'hook_flags' => SWOOLE_HOOK_ALL]);
$server->on('workerStart', function ($s) {
    $c = stream_socket_client("udp://127.0.0.1:{$s->port}");
    fwrite($c, "ping");
    $got = fread($c, 100);
    echo "client got: $got\n";
    $s->shutdown();
});
$server->on('packet', function ($s, $data, $client) {
    echo "packet: $data from ", $client['address'], ", port given: ", var_export($client['port'] > 0, true), "\n";
    var_dump($s->sendto($client['address'], $client['port'], "pong:$data"));
});
$server->start();
?>
--EXPECT--
packet: ping from 127.0.0.1, port given: true
bool(true)
client got: pong:ping
