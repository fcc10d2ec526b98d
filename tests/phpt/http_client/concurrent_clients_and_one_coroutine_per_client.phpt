--TEST--
Coroutine HTTP client: many clients in many coroutines at once each get their own answers; a client busy in one coroutine refuses a second one; a 1.5 MiB upload and a 3 MiB response
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
use Swoole\Coroutine\Http\Client;
http_test(function ($req, $resp) {
    $uri = $req->server['request_uri'];
    if ($uri === '/slow') Swoole\Coroutine::sleep(0.2);
    if ($uri === '/big') { $resp->end(str_repeat('0123456789abcdef', 3 << 16)); return; }
    if ($uri === '/upload') { $resp->end(md5_file($req->files['f']['tmp_name']) . ' ' . $req->files['f']['size']); return; }
    $resp->end($uri);
}, function ($port) {
    $wg = new Swoole\Coroutine\WaitGroup();
    $bad = 0;
    for ($i = 0; $i < 10; $i++) {
        $wg->add();
        go(function () use ($i, $port, $wg, &$bad) {
            $c = new Client('127.0.0.1', $port);
            for ($j = 0; $j < 5; $j++) {
                if (!$c->get("/c$i/r$j") || $c->body !== "/c$i/r$j") $bad++;
            }
            $wg->done();
        });
    }
    $wg->wait(10);
    echo "bad answers: $bad\n";

    $c = new Client('127.0.0.1', $port);
    $wg->add();
    go(function () use ($c, $wg) {
        $ok = $c->get('/slow');
        echo 'slow: ', var_export($ok, true), ' ', $c->body, "\n";
        $wg->done();
    });
    try {
        $c->get('/other');
    } catch (Error $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
    $wg->wait(10);

    $file = tempnam(sys_get_temp_dir(), 'gust_hc');
    file_put_contents($file, random_bytes(1536 * 1024));
    $c->addFile($file, 'f');
    $c->post('/upload', []);
    echo 'upload: ', $c->statusCode, ' ', $c->body === md5_file($file) . ' ' . filesize($file) ? 'intact' : $c->body, "\n";
    unlink($file);
    $c->get('/big');
    echo 'big: ', strlen($c->body), ' ', md5($c->body) === md5(str_repeat('0123456789abcdef', 3 << 16)) ? 'intact' : 'broken', "\n";
}, ['package_max_length' => 4 << 20]);
?>
--EXPECT--
bad answers: 0
Error: Swoole\Coroutine\Http\Client is already in use by another coroutine
slow: true /slow
upload: 200 intact
big: 3145728 intact
