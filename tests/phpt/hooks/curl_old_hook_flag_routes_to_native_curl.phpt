--TEST--
SWOOLE_HOOK_CURL alone (Swoole 6: the old flag, kept and reported as given) turns on the native libcurl hook too: five curl_exec() against a 200 ms server finish together; without any curl flag the native hook stays off
--EXTENSIONS--
gust
curl
--FILE--
<?php
require __DIR__ . '/curl_server.inc';
Co::set(['hook_flags' => SWOOLE_HOOK_CURL]);
curl_test(function (int $port) {
    var_dump(Swoole\Runtime::getHookFlags() === SWOOLE_HOOK_CURL);
    $t = microtime(true);
    $wg = new Swoole\Coroutine\WaitGroup();
    $n = 0;
    for ($i = 0; $i < 5; $i++) {
        $wg->add();
        go(function () use ($port, $i, $wg, &$n) {
            if (curl_exec(curl_get("http://127.0.0.1:$port/slow?i=$i")) === "slow $i") $n++;
            $wg->done();
        });
    }
    $wg->wait(10);
    $e = microtime(true) - $t;
    echo "$n answers, together (< 0.8 s): ", $e < 0.8 ? 'yes' : sprintf('no (%.3f s)', $e), "\n";
});
// Off: a curl_exec() in a coroutine blocks the thread, so a timer due meanwhile fires only after it.
Co::set(['hook_flags' => SWOOLE_HOOK_ALL ^ SWOOLE_HOOK_NATIVE_CURL]);
Co\run(function () {
    [$silent, $silentPort] = curl_silent_listener();
    $fired = null;
    $t = microtime(true);
    Swoole\Timer::after(20, function () use (&$fired, $t) { $fired = microtime(true) - $t; });
    $ch = curl_get("http://127.0.0.1:$silentPort/", [CURLOPT_TIMEOUT_MS => 300]);
    var_dump(curl_exec($ch), curl_errno($ch));
    echo "timer waited for the blocking call: ", $fired === null ? 'yes' : sprintf('no (fired after %.3f s)', $fired), "\n";
    fclose($silent);
});
?>
--EXPECT--
bool(true)
5 answers, together (< 0.8 s): yes
bool(false)
int(28)
timer waited for the blocking call: yes
