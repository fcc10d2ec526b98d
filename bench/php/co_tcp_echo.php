<?php
// TCP echo through Swoole\Coroutine\Server: one coroutine per connection, recv() then send().
// Usage: php co_tcp_echo.php PORT   (bench/run.py co-server)
Co\run(function () use ($argv) {
    $server = new Swoole\Coroutine\Server('127.0.0.1', (int)($argv[1] ?? 9701));
    $server->handle(function (Swoole\Coroutine\Server\Connection $conn) {
        while (($data = $conn->recv()) !== '' && $data !== false) {
            $conn->send($data);
        }
        $conn->close();
    });
    $server->start();
});
