--TEST--
Guzzle (Debian's php-guzzlehttp-guzzle, default handler stack on ext/curl) in coroutines: 20 synchronous requests in 20 coroutines (CurlHandler: curl_exec) and 20 async requests in one coroutine (CurlMultiHandler: curl_multi_select) each finish in about one 200 ms round, errors as Guzzle exceptions
--EXTENSIONS--
gust
curl
--INI--
; Debian's Guzzle 7.4 makes a dynamic property (deprecated in PHP 8.2), unrelated to the hook
error_reporting=E_ALL & ~E_DEPRECATED
--SKIPIF--
<?php
if (!is_file('/usr/share/php/GuzzleHttp/autoload.php')) die('skip Guzzle not installed (Debian package php-guzzlehttp-guzzle, tools/deps.sh)');
?>
--FILE--
<?php
require '/usr/share/php/GuzzleHttp/autoload.php';
require __DIR__ . '/curl_server.inc';
curl_test(function (int $port) {
    $client = new GuzzleHttp\Client(['base_uri' => "http://127.0.0.1:$port", 'timeout' => 5]);
    // Synchronous requests, one per coroutine.
    $t = microtime(true);
    $wg = new Swoole\Coroutine\WaitGroup();
    $ok = 0;
    for ($i = 0; $i < 20; $i++) {
        $wg->add();
        go(function () use ($client, $i, $wg, &$ok) {
            $r = $client->get("/slow?i=$i");
            if ($r->getStatusCode() === 200 && (string) $r->getBody() === "slow $i" && $r->getHeaderLine('X-Index') === (string) $i) $ok++;
            $wg->done();
        });
    }
    $wg->wait(10);
    $e = microtime(true) - $t;
    echo "sync: $ok of 20 in < 1.0 s: ", $e < 1.0 ? 'yes' : sprintf('no (%.3f s)', $e), "\n";
    // Async requests in one coroutine (curl_multi), while another coroutine ticks.
    $ticks = 0;
    $stop = false;
    go(function () use (&$ticks, &$stop) { while (!$stop) { Co::sleep(0.01); $ticks++; } });
    $t = microtime(true);
    $promises = [];
    for ($i = 0; $i < 20; $i++) $promises[$i] = $client->getAsync("/slow?i=$i");
    $results = GuzzleHttp\Promise\Utils::unwrap($promises);
    $e = microtime(true) - $t;
    $stop = true;
    $ok = 0;
    foreach ($results as $i => $r) if ((string) $r->getBody() === "slow $i") $ok++;
    echo "async: $ok of 20 in < 1.0 s: ", $e < 1.0 ? 'yes' : sprintf('no (%.3f s)', $e), "\n";
    echo "loop ticked meanwhile: ", $ticks >= 10 ? 'yes' : "no ($ticks)", "\n";
    // Errors surface as Guzzle's exceptions.
    try {
        $client->get('/loop', ['allow_redirects' => ['max' => 2]]);
    } catch (GuzzleHttp\Exception\TooManyRedirectsException $ex) {
        echo get_class($ex), "\n";
    }
    [$silent, $silentPort] = curl_silent_listener();
    try {
        $client->get("http://127.0.0.1:$silentPort/", ['timeout' => 0.2]);
    } catch (GuzzleHttp\Exception\ConnectException $ex) {
        echo get_class($ex), ': ', str_contains($ex->getMessage(), 'cURL error 28') ? 'cURL error 28' : $ex->getMessage(), "\n";
    }
    fclose($silent);
});
?>
--EXPECT--
sync: 20 of 20 in < 1.0 s: yes
async: 20 of 20 in < 1.0 s: yes
loop ticked meanwhile: yes
GuzzleHttp\Exception\TooManyRedirectsException
GuzzleHttp\Exception\ConnectException: cURL error 28
