<?php
// An HTTPS + WSS server for tests/conformance/test_tls_server.py: Swoole\WebSocket\Server on a
// SWOOLE_SSL port plus a plain TCP echo port that is also SWOOLE_SSL.
// Usage: php tls_app.php PORT base|process SETTINGS_JSON (ssl_* keys, file: a file to serve)
// Prints "listening 127.0.0.1:PORT tcp=PORT" once worker 0 serves; exits 0 on SIGTERM.
$port = (int)($argv[1] ?? 0);
$mode = ($argv[2] ?? 'base') === 'process' ? SWOOLE_PROCESS : SWOOLE_BASE;
$extra = json_decode($argv[3] ?? '{}', true, 8, JSON_THROW_ON_ERROR);
$file = $extra['file'] ?? '';
unset($extra['file']);

$server = new Swoole\WebSocket\Server('127.0.0.1', $port, $mode, SWOOLE_SOCK_TCP | SWOOLE_SSL);
$server->set($extra + ['worker_num' => 1, 'reactor_num' => 1, 'log_level' => SWOOLE_LOG_ERROR]);
$tcp = $server->addListener('127.0.0.1', 0, SWOOLE_SOCK_TCP | SWOOLE_SSL);
$tcp->set([]);  // a plain stream port with the server's ssl_* settings
$tcp->on('receive', function ($server, $fd, $reactor, $data) {
    $server->send($fd, $data);
});

$server->on('workerStart', function ($server, int $id) use ($tcp) {
    if ($id === 0) {
        fwrite(STDOUT, "listening 127.0.0.1:{$server->port} tcp={$tcp->port}\n");
        fflush(STDOUT);
    }
});
$server->on('message', function (Swoole\WebSocket\Server $server, Swoole\WebSocket\Frame $frame) {
    $server->push($frame->fd, $frame->data, $frame->opcode);
});
$server->on('request', function (Swoole\Http\Request $req, Swoole\Http\Response $resp) use ($file) {
    $uri = $req->server['request_uri'] ?? '/';
    if ($uri === '/file') {
        $resp->sendfile($file);
        return;
    }
    if ($uri === '/echo') {
        $resp->end($req->rawContent());
        return;
    }
    $resp->end("hello over https, fd {$req->fd}");
});
$server->on('close', function () {});
if (!$server->start()) exit(1);  // e.g. a missing certificate: the warning names it
