<?php
// A Swoole\WebSocket\Server echo server for the conformance tests (tests/conformance/test_websocket_*.py).
// Usage: php ws_app.php PORT base|process [SETTINGS_JSON]
// Binds 127.0.0.1:PORT (0: any free port), prints "listening 127.0.0.1:PORT" once worker 0 serves,
// exits 0 on SIGTERM. Every message is pushed back with its opcode and flags (so a message that came
// compressed goes back compressed); plain HTTP requests get "/pid" (the worker's pid, for memory
// checks) or a short text answer.
$port = (int)($argv[1] ?? 0);
$mode = ($argv[2] ?? 'base') === 'process' ? SWOOLE_PROCESS : SWOOLE_BASE;
$extra = isset($argv[3]) ? json_decode($argv[3], true, 8, JSON_THROW_ON_ERROR) : [];

$server = new Swoole\WebSocket\Server('127.0.0.1', $port, $mode);
$server->set($extra + [
    'worker_num' => 1,
    'reactor_num' => 1,
    'log_level' => SWOOLE_LOG_ERROR,
    'package_max_length' => 2 * 1024 * 1024,
    'websocket_compression' => true,
    'send_yield' => true,  // echoes wait for a busy connection instead of being dropped
]);

$server->on('workerStart', function ($server, int $id) {
    if ($id === 0) {
        fwrite(STDOUT, "listening 127.0.0.1:{$server->port}\n");
        fflush(STDOUT);
    }
});

$server->on('message', function (Swoole\WebSocket\Server $server, Swoole\WebSocket\Frame $frame) {
    $server->push($frame->fd, $frame->data, $frame->opcode, $frame->flags);
});

$server->on('request', function (Swoole\Http\Request $req, Swoole\Http\Response $resp) {
    $resp->header('Content-Type', 'text/plain');
    if (($req->server['request_uri'] ?? '/') === '/pid') {
        $resp->end((string)getmypid());
        return;
    }
    $resp->end('plain http');
});

$server->start();
exit(0);
