<?php
// A Swoole\Http\Server for the conformance tests (tests/conformance/test_http_server.py).
// Usage: php http_app.php PORT base|process|coroutine [SETTINGS_JSON]
// Binds 127.0.0.1:PORT (0: any free port), prints "listening 127.0.0.1:PORT" once worker 0 serves,
// exits 0 on SIGTERM. One worker, so the request counter below counts every request that reached PHP.
$port = (int)($argv[1] ?? 0);
$coroutine = ($argv[2] ?? 'base') === 'coroutine';  // Swoole\Coroutine\Http\Server, same handler
$mode = ($argv[2] ?? 'base') === 'process' ? SWOOLE_PROCESS : SWOOLE_BASE;
$extra = isset($argv[3]) ? json_decode($argv[3], true, 8, JSON_THROW_ON_ERROR) : [];

// Settings naming a certificate make the port SWOOLE_SSL (the HTTP/2-over-TLS tests).
$sock = isset($extra['ssl_cert_file']) ? SWOOLE_SOCK_TCP | SWOOLE_SSL : SWOOLE_SOCK_TCP;
$server = $coroutine ? null : new Swoole\Http\Server('127.0.0.1', $port, $mode, $sock);
$settings = $extra + [
    'worker_num' => 1,
    'reactor_num' => 1,
    'log_level' => SWOOLE_LOG_WARNING,
    'package_max_length' => 1024 * 1024,
    'http_compression' => true,
    'upload_tmp_dir' => sys_get_temp_dir(),
];
$server?->set($settings);

$server?->on('workerStart', function ($server, int $id) {
    if ($id === 0) {
        fwrite(STDOUT, "listening 127.0.0.1:{$server->port}\n");
        fflush(STDOUT);
    }
});

// Requests that reached onRequest in this (only) worker; /count answers it without counting itself.
$requests = 0;

function echo_request(Swoole\Http\Request $req): array
{
    $files = [];
    foreach ($req->files ?? [] as $field => $file) {
        $files[$field] = [
            'name' => $file['name'],
            'type' => $file['type'],
            'size' => $file['size'],
            'error' => $file['error'],
            'md5' => is_file($file['tmp_name']) ? md5_file($file['tmp_name']) : null,
        ];
    }
    $raw = $req->rawContent();
    return [
        'fd' => $req->fd,
        'method' => $req->getMethod(),
        'uri' => $req->server['request_uri'] ?? null,
        'query_string' => $req->server['query_string'] ?? null,
        'protocol' => $req->server['server_protocol'] ?? null,
        'get' => $req->get,
        'post' => $req->post,
        'cookie' => $req->cookie,
        'files' => $files,
        'header' => $req->header,
        'body_length' => $raw === false ? 0 : strlen($raw),
        'body_md5' => md5($raw === false ? '' : $raw),
    ];
}

$handler = function (Swoole\Http\Request $req, Swoole\Http\Response $resp) use (&$requests) {
    $path = $req->server['request_uri'] ?? '/';
    if ($path === '/count') {
        $resp->header('Content-Type', 'text/plain');
        $resp->end((string)$requests);
        return;
    }
    $requests++;
    switch ($path) {
        case '/chunked':
            $resp->header('Content-Type', 'text/plain');
            for ($i = 0; $i < 5; $i++) {
                $resp->write("part $i\n");
            }
            $resp->end();
            return;
        case '/no-content':
            $resp->status(204);
            $resp->end();
            return;
        case '/redirect':
            $resp->redirect('/echo?from=redirect', 302);
            return;
        case '/set-cookie':
            $resp->cookie('session', 'abc 123', 0, '/', '', false, true);
            $resp->cookie('theme', 'dark');
            $resp->end('cookies set');
            return;
        case '/big-text':
            $resp->header('Content-Type', 'text/plain');
            $line = "The quick brown fox jumps over the lazy dog, again and again.\n";
            $resp->end(str_repeat($line, 4096));
            return;
        case '/yield':  // answers after the worker ran other coroutines
            Swoole\Coroutine::sleep(0.05);
            $resp->end('seq ' . ($req->get['n'] ?? '?'));
            return;
        case '/seq':
            $resp->header('Content-Type', 'text/plain');
            $resp->end('seq ' . ($req->get['n'] ?? '?'));
            return;
        default:
            $resp->header('Content-Type', 'application/json');
            $resp->end(json_encode(echo_request($req), JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE));
    }
};

if ($coroutine) {
    Co\run(function () use ($port, $settings, $handler, $sock) {
        $server = new Swoole\Coroutine\Http\Server('127.0.0.1', $port, ($sock & SWOOLE_SSL) !== 0);
        $server->set($settings);
        $server->handle('/', $handler);
        Swoole\Process::signal(SIGTERM, function () use ($server) {
            Swoole\Process::signal(SIGTERM, null);
            $server->shutdown();
        });
        fwrite(STDOUT, "listening 127.0.0.1:{$server->port}\n");
        fflush(STDOUT);
        $server->start();
    });
    exit(0);
}
$server->on('request', $handler);
$server->start();
exit(0);
