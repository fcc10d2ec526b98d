<?php
// A Swoole\Http\Server with Gust's metrics on, for tests/conformance/test_metrics.py.
// Usage: php metrics_app.php PORT base|process [SETTINGS_JSON]
// Prints "listening 127.0.0.1:PORT" once worker 0 serves; exits 0 on SIGTERM.
// Routes: / answers "hello"; /task sends a task and answers when it is done; anything else is a 404.
$port = (int)($argv[1] ?? 0);
$mode = ($argv[2] ?? 'base') === 'process' ? SWOOLE_PROCESS : SWOOLE_BASE;
$extra = isset($argv[3]) ? json_decode($argv[3], true, 8, JSON_THROW_ON_ERROR) : [];

// With ssl_cert_file among the settings the port is SWOOLE_SSL.
$sock = isset($extra['ssl_cert_file']) ? SWOOLE_SOCK_TCP | SWOOLE_SSL : SWOOLE_SOCK_TCP;
$server = new Swoole\Http\Server('127.0.0.1', $port, $mode, $sock);
$server->set($extra + [
    'worker_num' => 2,
    'reactor_num' => 1,
    'log_level' => SWOOLE_LOG_WARNING,
    'gust_metrics_path' => '/metrics',
    'http_max_header_size' => 4096,
]);

$server->on('workerStart', function ($server, int $id) {
    if ($id === 0) {
        fwrite(STDOUT, "listening 127.0.0.1:{$server->port}\n");
        fflush(STDOUT);
    }
});

$server->on('request', function (Swoole\Http\Request $req, Swoole\Http\Response $res) use ($server) {
    $path = $req->server['request_uri'];
    if ($path === '/') {
        $res->end('hello');
    } elseif ($path === '/task') {
        $result = $server->taskwait('job', 10);
        $res->end((string)$result);
    } else {
        $res->status(404);
        $res->end('not here');
    }
});
$server->on('task', function ($server, $task_id, $src, $data) {
    return "done $data";
});

$server->start();
