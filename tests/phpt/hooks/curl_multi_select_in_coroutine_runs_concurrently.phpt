--TEST--
curl_multi_exec() + curl_multi_select() with 20 handles in a coroutine: the select parks the coroutine (the loop and another coroutine's curl_exec() run meanwhile), all 20 answers arrive in about one 200 ms round
--EXTENSIONS--
gust
curl
--FILE--
<?php
require __DIR__ . '/curl_server.inc';
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
    $other = new Swoole\Coroutine\Channel(1);
    go(function () use ($port, $other) {
        $other->push(curl_exec(curl_get("http://127.0.0.1:$port/slow?i=other")));
    });
    $t = microtime(true);
    $mh = curl_multi_init();
    $handles = [];
    for ($i = 0; $i < 20; $i++) {
        $handles[$i] = curl_get("http://127.0.0.1:$port/slow?i=$i");
        curl_multi_add_handle($mh, $handles[$i]);
    }
    $selects = 0;
    $finished = 0;
    do {
        $status = curl_multi_exec($mh, $active);
        while ($info = curl_multi_info_read($mh)) {
            if ($info['msg'] === CURLMSG_DONE && $info['result'] === CURLE_OK) $finished++;
        }
        if ($active) {
            $selects++;
            if (curl_multi_select($mh, 1.0) === -1) Co::sleep(0.001);
        }
    } while ($active && $status === CURLM_OK && microtime(true) - $t < 10);
    $elapsed = microtime(true) - $t;
    $ok = $finished === 20;
    foreach ($handles as $i => $ch) {
        $ok = $ok && curl_multi_getcontent($ch) === "slow $i";
        curl_multi_remove_handle($mh, $ch);
    }
    curl_multi_close($mh);
    $done = true;
    var_dump($ok, $other->pop(5));
    echo "20 handles in < 1.0 s: ", $elapsed < 1.0 ? 'yes' : sprintf('no (%.3f s)', $elapsed), "\n";
    echo "ticker gap < 50 ms: ", $maxGap < 0.05 ? 'yes' : sprintf('no (%.3f s)', $maxGap), "\n";
    // A select with nothing in the multi waits its timeout, parked.
    $mh = curl_multi_init();
    $t = microtime(true);
    var_dump(curl_multi_select($mh, 0.1));
    $e = microtime(true) - $t;
    echo "empty select waited 100 ms: ", $e >= 0.09 && $e < 0.5 ? 'yes' : sprintf('no (%.3f s)', $e), "\n";
});
?>
--EXPECT--
bool(true)
string(10) "slow other"
20 handles in < 1.0 s: yes
ticker gap < 50 ms: yes
int(0)
empty select waited 100 ms: yes
