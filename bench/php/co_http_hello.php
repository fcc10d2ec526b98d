<?php
// HTTP hello world through Swoole\Coroutine\Http\Server, the same answer as
// ../shared/acceptance/seed004_http_hello.php. Usage: php co_http_hello.php PORT   (bench/run.py co-server)
Co\run(function () use ($argv) {
    $server = new Swoole\Coroutine\Http\Server('127.0.0.1', (int)($argv[1] ?? 9501));
    $server->handle('/', function ($req, $resp) {
        $resp->end('<h1>Hello Swoole. #' . rand(1000, 9999) . '</h1>');
    });
    $server->start();
});
