<?php
// The HTTP/2 benchmarks' server (bench/http2_bench.py): h2c and HTTP/1.1 on one port.
// Usage: php h2_server.php PORT base|process BIG_FILE
//   /      "hello\n"
//   /big   BIG_FILE with sendfile() (HTTP/1.1: the kernel's sendfile; HTTP/2: read into DATA frames)
$port = (int)$argv[1];
$mode = ($argv[2] ?? 'base') === 'process' ? SWOOLE_PROCESS : SWOOLE_BASE;
$big = $argv[3] ?? '';
$server = new Swoole\Http\Server('127.0.0.1', $port, $mode);
$server->set(['worker_num' => 1, 'open_http2_protocol' => true, 'http_compression' => false, 'log_level' => 5]);
$server->on('request', function ($req, $resp) use ($big) {
    if (($req->server['request_uri'] ?? '/') === '/big') {
        $resp->sendfile($big);
        return;
    }
    $resp->end("hello\n");
});
$server->start();
