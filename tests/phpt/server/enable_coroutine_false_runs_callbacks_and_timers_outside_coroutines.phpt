--TEST--
enable_coroutine => false (Swoole's setting): the event worker's callbacks and its timers run outside every coroutine (Co::getCid() is -1), replies still go out; the HTTP server's onRequest the same
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
// The client is a process of its own: this worker's callbacks may not park.
function client(int $port, string $request): array {
    $code = sprintf('$c = stream_socket_client("tcp://127.0.0.1:%d", $e, $m, 5); fwrite($c, %s); stream_socket_shutdown($c, STREAM_SHUT_WR); echo stream_get_contents($c);',
        $port, var_export($request, true));
    $proc = proc_open([PHP_BINARY, '-n', '-r', $code], [1 => ['pipe', 'w']], $pipes);
    return [$proc, $pipes[1]];
}

$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'enable_coroutine' => false]);
$server->on('workerStart', function (Swoole\Server $s, int $id) {
    echo "workerStart cid: ", Co::getCid(), "\n";
    Swoole\Timer::after(1, function () use ($s) {
        echo "timer cid: ", Co::getCid(), "\n";
        $GLOBALS['client'] = client($s->port, "hello");
    });
});
$server->on('receive', function ($s, $fd, $rid, $data) {
    echo "receive cid: ", Co::getCid(), "\n";
    var_dump($s->send($fd, "echo:$data"));
    $s->close($fd);
});
$server->on('close', function ($s, $fd) {
    echo "close cid: ", Co::getCid(), "\n";
    $s->shutdown();
});
$server->start();
[$proc, $out] = $GLOBALS['client'];
echo "client got: ", stream_get_contents($out), "\n";
proc_close($proc);

$http = new Swoole\Http\Server('127.0.0.1', 0, SWOOLE_BASE);
$http->set(['worker_num' => 1, 'enable_coroutine' => false]);
$http->on('workerStart', function ($s) {
    $GLOBALS['client'] = client($s->port, "GET /x HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n");
});
$http->on('request', function ($req, $resp) use ($http) {
    $resp->end("cid " . Co::getCid() . " for " . $req->server['request_uri']);
    $http->shutdown();
});
$http->start();
[$proc, $out] = $GLOBALS['client'];
$answer = stream_get_contents($out);
proc_close($proc);
echo substr($answer, 0, strpos($answer, "\r\n")), " / ", substr($answer, strpos($answer, "\r\n\r\n") + 4), "\n";
?>
--EXPECT--
workerStart cid: -1
timer cid: -1
receive cid: -1
bool(true)
close cid: -1
client got: echo:hello
HTTP/1.1 200 OK / cid -1 for /x
