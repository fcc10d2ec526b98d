<?php
// The native curl hook (SWOOLE_HOOK_NATIVE_CURL), two numbers:
//  1. wall time of 20 concurrent curl_exec() in coroutines against a local server answering after
//     200 ms (a Coroutine\Http\Server in this process): one 200 ms round is ideal, 4 s is serial;
//  2. throughput of a 100 MB download by curl_exec() in a coroutine (the hook) against plain
//     curl_exec() outside coroutines (libcurl alone), same server (a child process), same run,
//     alternating, best of `rounds`.
// Usage: GUST_SO=$PWD/build/release/ext/modules/gust.so php -n -d extension=$GUST_SO -d extension=curl -d memory_limit=1G bench/php/curl_concurrent.php [rounds]
$rounds = (int) ($argv[1] ?? 5);

// 1. 20 x 200 ms.
$wall = null;
Co\run(function () use (&$wall) {
    $server = new Swoole\Coroutine\Http\Server('127.0.0.1', 0);
    $server->handle('/', function ($req, $resp) { Co::sleep(0.2); $resp->end('ok'); });
    go(fn() => $server->start());
    $port = $server->port;
    $t = microtime(true);
    $wg = new Swoole\Coroutine\WaitGroup();
    for ($i = 0; $i < 20; $i++) {
        $wg->add();
        go(function () use ($port, $wg) {
            $ch = curl_init("http://127.0.0.1:$port/");
            curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
            if (curl_exec($ch) !== 'ok') echo "request failed: ", curl_error($ch), "\n";
            $wg->done();
        });
    }
    $wg->wait();
    $wall = microtime(true) - $t;
    $server->shutdown();
});
printf("curl-20x200ms: %.3f s wall (ideal 0.200, serial 4.000)\n", $wall);

// 2. 100 MB download: the server is a child process (sendfile from a temporary file).
$file = tempnam(sys_get_temp_dir(), 'gust-curl-bench');
$f = fopen($file, 'w');
$block = str_repeat(random_bytes(1024), 1024);
for ($i = 0; $i < 100; $i++) fwrite($f, $block);
fclose($f);
$s = stream_socket_server('tcp://127.0.0.1:0');
$name = stream_socket_get_name($s, false);
$port = (int) substr($name, strrpos($name, ':') + 1);
fclose($s);
$server = sprintf('$s = new Swoole\Coroutine\Http\Server("127.0.0.1", %d); $s->handle("/", function ($q, $r) { $r->sendfile(%s); });'
    . ' Co\run(fn() => $s->start());', $port, var_export($file, true));
$proc = proc_open([PHP_BINARY, '-n', '-d', 'extension=' . getenv('GUST_SO'), '-r', $server], [], $pipes);
for ($i = 0; $i < 250 && !($c = @stream_socket_client("tcp://127.0.0.1:$port", $e, $m, 1)); $i++) usleep(20000);
if (!$c) die("download server did not start (set GUST_SO to gust.so's path)\n");
fclose($c);

function download(int $port): float
{
    $ch = curl_init("http://127.0.0.1:$port/");
    curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
    $t = microtime(true);
    $body = curl_exec($ch);
    $e = microtime(true) - $t;
    if (strlen((string) $body) !== 100 << 20) die("short download: " . strlen((string) $body) . ' ' . curl_error($ch) . "\n");
    return $e;
}
Swoole\Runtime::enableCoroutine(SWOOLE_HOOK_ALL);
$plain = $hooked = INF;
for ($r = 0; $r < $rounds; $r++) {
    $plain = min($plain, download($port));
    Co\run(function () use ($port, &$hooked) { $hooked = min($hooked, download($port)); });
}
proc_terminate($proc);
proc_close($proc);
unlink($file);
printf("curl-100MB plain curl_exec: %.0f MB/s\n", 100 / $plain);
printf("curl-100MB in a coroutine:  %.0f MB/s (%.2fx plain)\n", 100 / $hooked, $plain / $hooked);
