--TEST--
curl_multi with 1,000 handles driven by curl_multi_exec + curl_multi_select in a coroutine, against a 200 ms server in the same process: every answer arrives, correct, in a few rounds (sockets above FD_SETSIZE included)
--EXTENSIONS--
gust
curl
--SKIPIF--
<?php
$n = (int) shell_exec('ulimit -n');
if ($n < 4096) die("skip needs 4096 open files (1,000 client and 1,000 server sockets), ulimit -n is $n");
?>
--FILE--
<?php
require __DIR__ . '/curl_server.inc';
curl_test(function (int $port) {
    $t = microtime(true);
    $mh = curl_multi_init();
    $handles = [];
    for ($i = 0; $i < 1000; $i++) {
        $handles[$i] = curl_get("http://127.0.0.1:$port/slow?i=$i");
        curl_multi_add_handle($mh, $handles[$i]);
    }
    $finished = 0;
    do {
        $status = curl_multi_exec($mh, $active);
        while ($info = curl_multi_info_read($mh)) if ($info['result'] === CURLE_OK) $finished++;
        if ($active) curl_multi_select($mh, 1.0);
    } while ($active && $status === CURLM_OK && microtime(true) - $t < 30);
    $correct = 0;
    foreach ($handles as $i => $ch) {
        if (curl_multi_getcontent($ch) === "slow $i") $correct++;
        curl_multi_remove_handle($mh, $ch);
    }
    curl_multi_close($mh);
    $e = microtime(true) - $t;
    echo "$finished finished, $correct correct, in < 10 s: ", $e < 10 ? 'yes' : sprintf('no (%.3f s)', $e), "\n";
});
?>
--EXPECT--
1000 finished, 1000 correct, in < 10 s: yes
