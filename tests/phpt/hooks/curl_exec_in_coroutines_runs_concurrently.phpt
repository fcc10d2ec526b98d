--TEST--
curl_exec() (native libcurl) in 20 coroutines against a server answering after 200 ms: all finish together, well under 20 x 200 ms, and the loop never stalls (a 10 ms ticker keeps ticking)
--EXTENSIONS--
gust
curl
--FILE--
<?php
require __DIR__ . '/curl_server.inc';
var_dump(defined('SWOOLE_HOOK_NATIVE_CURL'), (SWOOLE_HOOK_ALL & SWOOLE_HOOK_NATIVE_CURL) !== 0);
curl_test(function (int $port) {
    $done = false;
    $maxGap = 0.0;
    go(function () use (&$done, &$maxGap) {
        $last = microtime(true);
        while (!$done) {
            Co::sleep(0.01);
            $now = microtime(true);
            $maxGap = max($maxGap, $now - $last);
            $last = $now;
        }
    });
    $t = microtime(true);
    $wg = new Swoole\Coroutine\WaitGroup();
    $bodies = [];
    $headers = [];
    for ($i = 0; $i < 20; $i++) {
        $wg->add();
        go(function () use ($port, $i, $wg, &$bodies, &$headers) {
            $ch = curl_get("http://127.0.0.1:$port/slow?i=$i", [
                CURLOPT_HEADERFUNCTION => function ($ch, $line) use ($i, &$headers) {
                    if (stripos($line, 'X-Index:') === 0) $headers[$i] = trim(substr($line, 8));
                    return strlen($line);
                },
            ]);
            $bodies[$i] = curl_exec($ch);
            if (curl_errno($ch) || curl_getinfo($ch, CURLINFO_HTTP_CODE) !== 200) echo "request $i: ", curl_error($ch), "\n";
            $wg->done();
        });
    }
    $wg->wait(10);
    $elapsed = microtime(true) - $t;
    $done = true;
    ksort($bodies);
    ksort($headers);
    $ok = count($bodies) === 20;
    for ($i = 0; $i < 20; $i++) $ok = $ok && $bodies[$i] === "slow $i" && $headers[$i] === (string) $i;
    var_dump($ok);
    echo "20 x 200 ms in < 1.0 s: ", $elapsed < 1.0 ? 'yes' : sprintf('no (%.3f s)', $elapsed), "\n";
    echo "ticker gap < 50 ms: ", $maxGap < 0.05 ? 'yes' : sprintf('no (%.3f s)', $maxGap), "\n";
    // The same handle again on the same connection (the private multi keeps it alive).
    $ch = curl_get("http://127.0.0.1:$port/?i=a");
    var_dump(curl_exec($ch), curl_exec($ch), curl_getinfo($ch, CURLINFO_NUM_CONNECTS));
});
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
20 x 200 ms in < 1.0 s: yes
ticker gap < 50 ms: yes
string(7) "hello a"
string(7) "hello a"
int(0)
