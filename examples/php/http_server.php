<?php
// A Swoole-style HTTP server on Gust: every request runs in its own coroutine, so a handler that
// sleeps or waits on I/O does not hold up the others.
//   php -d extension=gust.so examples/php/http_server.php [PORT] [base|process]
$port = (int)($argv[1] ?? 9501);
$mode = ($argv[2] ?? 'base') === 'process' ? SWOOLE_PROCESS : SWOOLE_BASE;

$server = new Swoole\Http\Server('127.0.0.1', $port, $mode);
$server->set([
    'worker_num' => 2,
    'hook_flags' => SWOOLE_HOOK_ALL,       // sleep(), file and socket functions yield instead of blocking
    'http_compression' => true,            // gzip / deflate / br, as the client's Accept-Encoding allows
    'enable_static_handler' => true,       // files under public/ are served without PHP
    'document_root' => __DIR__ . '/public',
    'static_handler_locations' => ['/hello.txt'],
    'package_max_length' => 8 * 1024 * 1024,
]);

$server->on('start', function ($server) {
    echo "listening on http://127.0.0.1:{$server->port}/\n";
});

$server->on('request', function (Swoole\Http\Request $req, Swoole\Http\Response $resp) {
    switch ($req->server['request_uri']) {
        case '/':
            $resp->header('Content-Type', 'text/html; charset=utf-8');
            $resp->end(<<<HTML
                <h1>Hello from Gust</h1>
                <ul>
                  <li><a href="/info?name=gust">/info</a>: what the server parsed, as JSON</li>
                  <li><a href="/sleep">/sleep</a>: sleeps 1 s in a coroutine (open it in several tabs: they overlap)</li>
                  <li><a href="/stream">/stream</a>: a chunked response written piece by piece</li>
                  <li><a href="/hello.txt">/hello.txt</a>: a static file</li>
                </ul>
                <form method="post" action="/info" enctype="multipart/form-data">
                  <input name="note" value="a field"> <input type="file" name="upload"> <button>upload</button>
                </form>
                HTML);
            return;
        case '/info':
            $resp->header('Content-Type', 'application/json');
            $files = [];
            foreach ($req->files ?? [] as $name => $f) {
                $files[$name] = ['name' => $f['name'], 'size' => $f['size'], 'md5' => md5_file($f['tmp_name'])];
            }
            $resp->end(json_encode([
                'method' => $req->getMethod(), 'uri' => $req->server['request_uri'], 'get' => $req->get,
                'post' => $req->post, 'cookie' => $req->cookie, 'files' => $files, 'headers' => $req->header,
                'coroutine' => Swoole\Coroutine::getCid(),
            ], JSON_PRETTY_PRINT) . "\n");
            return;
        case '/sleep':
            $t = microtime(true);
            sleep(1);  // hooked: this coroutine waits, the worker goes on serving others
            $resp->end(sprintf("slept %.3f s in coroutine %d\n", microtime(true) - $t, Swoole\Coroutine::getCid()));
            return;
        case '/stream':
            $resp->header('Content-Type', 'text/plain');
            for ($i = 1; $i <= 5; $i++) {
                $resp->write("chunk $i\n");
                Swoole\Coroutine::sleep(0.2);
            }
            $resp->end("done\n");
            return;
    }
    $resp->status(404);
    $resp->end("not found\n");
});

$server->start();
