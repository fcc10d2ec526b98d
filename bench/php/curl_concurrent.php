<?php
// The native curl hook (SWOOLE_HOOK_NATIVE_CURL), two numbers:
//  1. wall time of 20 concurrent requests in coroutines (curl_exec, curl_multi, Guzzle, Symfony)
//     against a local server answering after 200 ms (a Coroutine\Http\Server in this process):
//     one 200 ms round is ideal, 4 s is serial;
//  2. throughput of a 100 MB download by curl_exec() in a coroutine (the hook) against plain
//     curl_exec() outside coroutines (libcurl alone), same server (a child process), same run,
//     alternating, best of `rounds`.
// Usage: GUST_SO=$PWD/build/release/ext/modules/gust.so php -n -d extension=$GUST_SO -d extension=curl -d memory_limit=1G bench/php/curl_concurrent.php [rounds]
$rounds = (int) ($argv[1] ?? 5);
error_reporting(E_ALL & ~E_DEPRECATED);  // Debian's Guzzle/Symfony and the shutdown-loop notice

// 1. 20 x 200 ms, four ways (curl_exec in 20 coroutines, one curl_multi of 20 handles, Guzzle and
// Symfony CurlHttpClient with 20 requests at once when Debian's packages are installed), each with a
// ticker coroutine sleeping 10 ms whose largest gap shows whether the loop was ever blocked.
const GUZZLE = '/usr/share/php/GuzzleHttp/autoload.php';
const SYMFONY = '/usr/share/php/Symfony/Component/HttpClient/autoload.php';
if (is_file(GUZZLE)) require GUZZLE;
if (is_file(SYMFONY)) require SYMFONY;

$ways = [
    'curl_exec x20' => function (string $url) {
        $wg = new Swoole\Coroutine\WaitGroup();
        for ($i = 0; $i < 20; $i++) {
            $wg->add();
            go(function () use ($url, $wg) {
                $ch = curl_init($url);
                curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
                if (curl_exec($ch) !== 'ok') echo "request failed: ", curl_error($ch), "\n";
                $wg->done();
            });
        }
        $wg->wait();
    },
    'curl_multi 20 handles' => function (string $url) {
        $mh = curl_multi_init();
        $handles = [];
        for ($i = 0; $i < 20; $i++) {
            $handles[] = $ch = curl_init($url);
            curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
            curl_multi_add_handle($mh, $ch);
        }
        do {
            curl_multi_exec($mh, $running);
            if ($running) curl_multi_select($mh, 1.0);
        } while ($running);
        foreach ($handles as $ch) if (curl_multi_getcontent($ch) !== 'ok') echo "multi request failed\n";
    },
];
if (class_exists(GuzzleHttp\Client::class)) {
    $ways['Guzzle (curl-multi handler) x20'] = function (string $url) {
        $client = new GuzzleHttp\Client();
        $promises = [];
        for ($i = 0; $i < 20; $i++) $promises[] = $client->getAsync($url);
        foreach (GuzzleHttp\Promise\Utils::unwrap($promises) as $r) if ((string) $r->getBody() !== 'ok') echo "guzzle failed\n";
    };
}
if (class_exists(Symfony\Component\HttpClient\CurlHttpClient::class)) {
    $ways['Symfony CurlHttpClient x20'] = function (string $url) {
        // Symfony allows 6 connections per host by default (20 requests would take 4 rounds, with
        // the hook or without); its second argument lifts that to 20.
        $client = new Symfony\Component\HttpClient\CurlHttpClient([], 20);
        $responses = [];
        for ($i = 0; $i < 20; $i++) $responses[] = $client->request('GET', $url);
        foreach ($responses as $r) if ($r->getContent() !== 'ok') echo "symfony failed\n";
    };
}
Co\run(function () use ($ways) {
    $server = new Swoole\Coroutine\Http\Server('127.0.0.1', 0);
    $server->handle('/', function ($req, $resp) { Co::sleep(0.2); $resp->end('ok'); });
    go(fn() => $server->start());
    $url = "http://127.0.0.1:{$server->port}/";
    foreach ($ways as $name => $way) {
        $way($url);  // warm-up: the libraries' classes are loaded and compiled on first use
        $done = false;
        $gap = 0.0;
        go(function () use (&$done, &$gap) {
            $last = microtime(true);
            while (!$done) {
                Co::sleep(0.01);
                $now = microtime(true);
                $gap = max($gap, $now - $last);
                $last = $now;
            }
        });
        $t = microtime(true);
        $way($url);
        $wall = microtime(true) - $t;
        $done = true;
        printf("%-32s %.3f s wall (ideal 0.200, serial 4.000), ticker's largest gap %.0f ms\n", $name, $wall, $gap * 1000);
    }
    $server->shutdown();
});

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
