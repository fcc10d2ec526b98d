--TEST--
Http\Server: a request that finds no coroutine free to run onRequest (max_coroutine reached) gets a 503 that closes the connection, with Swoole's two warnings; the handler never runs
--EXTENSIONS--
gust
--FILE--
<?php
require __DIR__ . '/serve.inc';

Co::set(['max_coroutine' => 1]);  // workerStart's coroutine, which runs the client, is the only one
http_test(function ($req, $resp) {
    echo "never here\n";
    $resp->end('no');
}, function (int $port) {
    $answer = http_raw($port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    echo strtok($answer, "\r\n"), "\n";
    echo "closed by the server: ", var_export(stripos($answer, "connection: close") !== false, true), "\n";
});
?>
--EXPECTF--
Warning: Swoole\Server::start(): exceed max number of coroutine 1 in %s on line %d

Warning: Swoole\Server::start(): Swoole\Http\Server->onRequest handler error in %s on line %d
HTTP/1.1 503 Service Unavailable
closed by the server: true
