<?php
$http = new Swoole\Http\Server('127.0.0.1', (int)($argv[1] ?? 9501), SWOOLE_BASE);
$http->set(['hook_flags' => SWOOLE_HOOK_ALL, 'http_compression' => true]);
$http->on('request', function (Swoole\Http\Request $req, Swoole\Http\Response $resp) {
    sleep(1);  // hooked: this request's coroutine waits, the worker serves others meanwhile
    $resp->header('Content-Type', 'text/plain');
    $resp->end("hello {$req->get['name']}\n");
});
$http->start();
