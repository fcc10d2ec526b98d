--TEST--
Symfony CurlHttpClient (Debian's php-symfony-http-client, curl_multi_exec + curl_multi_select): 20 requests from one coroutine stream concurrently in about one 200 ms round while the loop keeps ticking; 20 coroutines each with their own client likewise
--EXTENSIONS--
gust
curl
--SKIPIF--
<?php
if (!is_file('/usr/share/php/Symfony/Component/HttpClient/autoload.php')) die('skip Symfony HttpClient not installed (Debian package php-symfony-http-client, tools/deps.sh)');
?>
--FILE--
<?php
require '/usr/share/php/Symfony/Component/HttpClient/autoload.php';
require __DIR__ . '/curl_server.inc';
curl_test(function (int $port) {
    $ticks = 0;
    $stop = false;
    go(function () use (&$ticks, &$stop) { while (!$stop) { Co::sleep(0.01); $ticks++; } });
    $client = new Symfony\Component\HttpClient\CurlHttpClient();
    $t = microtime(true);
    $responses = [];
    for ($i = 0; $i < 20; $i++) $responses[$i] = $client->request('GET', "http://127.0.0.1:$port/slow?i=$i");
    $ok = 0;
    foreach ($responses as $i => $r) if ($r->getStatusCode() === 200 && $r->getContent() === "slow $i") $ok++;
    $e = microtime(true) - $t;
    echo "one client: $ok of 20 in < 1.0 s: ", $e < 1.0 ? 'yes' : sprintf('no (%.3f s)', $e), "\n";
    echo "loop ticked meanwhile: ", $ticks >= 10 ? 'yes' : "no ($ticks)", "\n";
    $t = microtime(true);
    $wg = new Swoole\Coroutine\WaitGroup();
    $ok = 0;
    for ($i = 0; $i < 20; $i++) {
        $wg->add();
        go(function () use ($port, $i, $wg, &$ok) {
            $c = new Symfony\Component\HttpClient\CurlHttpClient();
            if ($c->request('GET', "http://127.0.0.1:$port/slow?i=$i")->getContent() === "slow $i") $ok++;
            $wg->done();
        });
    }
    $wg->wait(10);
    $e = microtime(true) - $t;
    $stop = true;
    echo "20 coroutines: $ok of 20 in < 1.0 s: ", $e < 1.0 ? 'yes' : sprintf('no (%.3f s)', $e), "\n";
    try {
        $client->request('GET', "http://127.0.0.1:$port/loop", ['max_redirects' => 2])->getContent();
    } catch (Throwable $ex) {
        echo get_class($ex), "\n";
    }
});
?>
--EXPECT--
one client: 20 of 20 in < 1.0 s: yes
loop ticked meanwhile: yes
20 coroutines: 20 of 20 in < 1.0 s: yes
Symfony\Component\HttpClient\Exception\RedirectionException
