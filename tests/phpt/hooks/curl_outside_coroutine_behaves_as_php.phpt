--TEST--
With SWOOLE_HOOK_NATIVE_CURL on, the same curl calls give the same results outside coroutines (plain libcurl) and inside them (the hook): bodies, headers, callbacks, redirects, errors 7/18/28/47, a throwing WRITEFUNCTION, curl_getinfo()
--EXTENSIONS--
gust
curl
--FILE--
<?php
require __DIR__ . '/curl_server.inc';

// PHP's built-in server in its own process: it must answer while this process blocks outside coroutines.
$router = tempnam(sys_get_temp_dir(), 'gust-curl-router');
file_put_contents($router, <<<'PHP'
<?php
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if ($path === '/loop') { header('Location: /loop', true, 302); return; }
if ($path === '/cut') { header('Content-Length: 100000'); echo str_repeat('x', 1000); flush(); exit; }
if ($path === '/post') { echo 'posted ', file_get_contents('php://input'); return; }
header('X-Hello: yes');
echo 'hello ' . ($_GET['i'] ?? '-'); // one write: chunking must not depend on timing
PHP);
[$probe, $port] = curl_silent_listener();
fclose($probe);
$proc = proc_open([PHP_BINARY, '-n', '-S', "127.0.0.1:$port", $router], [1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes);
for ($i = 0; $i < 250 && !($c = @stream_socket_client("tcp://127.0.0.1:$port", $e, $s, 1)); $i++) usleep(20000);
if (!$c) die("server did not start\n");
fclose($c);

function scenario(int $port): array
{
    [$silent, $silentPort] = curl_silent_listener();
    $r = [];
    $headers = [];
    $ch = curl_get("http://127.0.0.1:$port/?i=1", [CURLOPT_HEADERFUNCTION => function ($ch, $h) use (&$headers) {
        if (stripos($h, 'X-Hello') === 0) $headers[] = trim($h);
        return strlen($h);
    }]);
    $r['get'] = [curl_exec($ch), curl_errno($ch), curl_getinfo($ch, CURLINFO_HTTP_CODE), $headers];
    $ch = curl_get("http://127.0.0.1:$port/post", [CURLOPT_POSTFIELDS => 'a=1&b=2']);
    $r['post'] = [curl_exec($ch), curl_errno($ch)];
    $ch = curl_get("http://127.0.0.1:$port/loop", [CURLOPT_FOLLOWLOCATION => true, CURLOPT_MAXREDIRS => 2]);
    $r['loop'] = [curl_exec($ch), curl_errno($ch), curl_getinfo($ch, CURLINFO_REDIRECT_COUNT)];
    $ch = curl_get("http://127.0.0.1:$port/cut");
    $r['cut'] = [curl_exec($ch), curl_errno($ch)];
    $ch = curl_get("http://127.0.0.1:$silentPort/", [CURLOPT_TIMEOUT_MS => 200]);
    $r['timeout'] = [curl_exec($ch), curl_errno($ch)];
    fclose($silent);
    $ch = curl_get("http://127.0.0.1:$silentPort/");
    $r['refused'] = [curl_exec($ch), curl_errno($ch)];
    $ch = curl_get("http://127.0.0.1:$port/?i=2", [CURLOPT_WRITEFUNCTION => function ($ch, $d) { throw new RuntimeException("thrown: $d"); }]);
    try {
        $x = curl_exec($ch);
        $r['throw'] = ['no exception', $x];
    } catch (RuntimeException $e) {
        $r['throw'] = [$e->getMessage(), curl_errno($ch)];
    }
    $chunks = [];
    $ch = curl_get("http://127.0.0.1:$port/?i=3", [CURLOPT_WRITEFUNCTION => function ($ch, $d) use (&$chunks) { $chunks[] = $d; return 1; }]);
    $r['short write'] = [curl_exec($ch), curl_errno($ch), $chunks];
    return $r;
}

Swoole\Runtime::enableCoroutine(SWOOLE_HOOK_ALL);
$outside = scenario($port);
$inside = null;
Co\run(function () use ($port, &$inside) { $inside = scenario($port); });
Swoole\Runtime::enableCoroutine(0);
foreach ($outside as $k => $v) {
    echo $k, ': ', json_encode($v), $inside[$k] === $v ? '' : ' BUT IN A COROUTINE: ' . json_encode($inside[$k]), "\n";
}
proc_terminate($proc);
proc_close($proc);
unlink($router);
?>
--EXPECT--
get: ["hello 1",0,200,["X-Hello: yes"]]
post: ["posted a=1&b=2",0]
loop: [false,47,2]
cut: [false,18]
timeout: [false,28]
refused: [false,7]
throw: ["thrown: hello 2",0]
short write: [false,23,["hello 3"]]
