<?php
// A server with gust_metrics_listen, for tests/conformance/test_metrics_listen.py.
// Usage: php metrics_listen_app.php PORT base|process SETTINGS_JSON
// SETTINGS_JSON holds the server's settings and "kind": "http" (a Swoole\Http\Server answering
// "hello") or "tcp" (a Swoole\Server with one TCP port, no HTTP anywhere, echoing what it receives).
// Prints "listening 127.0.0.1:PORT" once worker 0 serves; exits 0 on SIGTERM.
$port = (int)($argv[1] ?? 0);
$mode = ($argv[2] ?? 'base') === 'process' ? SWOOLE_PROCESS : SWOOLE_BASE;
$settings = json_decode($argv[3] ?? '{}', true, 8, JSON_THROW_ON_ERROR);
$kind = $settings['kind'] ?? 'http';
unset($settings['kind']);

if ($kind === 'http') {
    $server = new Swoole\Http\Server('127.0.0.1', $port, $mode);
    $server->on('request', function ($req, $res) {
        $res->end('hello');
    });
} else {
    $server = new Swoole\Server('127.0.0.1', $port, $mode);
    $server->on('receive', function ($server, $fd, $reactor_id, $data) {
        $server->send($fd, $data);
    });
}
$server->set($settings + ['reactor_num' => 1, 'log_level' => SWOOLE_LOG_WARNING]);
$server->on('workerStart', function ($server, int $id) {
    if ($id === 0) {
        fwrite(STDOUT, "listening 127.0.0.1:{$server->port}\n");
        fflush(STDOUT);
    }
});
$server->start();
