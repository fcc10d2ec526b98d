--TEST--
request_timeout in PROCESS mode: past the deadline a request gets a 503 through the master, and a started response loses its connection; the next request is served; both are counted in metrics
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
http_test(function ($req, $resp) {
    switch ($req->server['request_uri']) {
        case '/sleep':
            Co::sleep(5);
            return;
        case '/write':
            $resp->write('part one');
            Co::sleep(5);
            return;
        default:
            $resp->end('fine');
    }
}, function ($port) {
    $t = microtime(true);
    $r = http_get($port, '/sleep');
    echo "sleep: ", $r['status'], "\n";
    $raw = http_raw($port, "GET /write HTTP/1.1\r\nHost: x\r\n\r\n");
    echo "write: ", str_contains($raw, "part one") ? 'got part' : 'no part', ', ',
        str_ends_with($raw, "0\r\n\r\n") ? 'finished' : 'cut off', "\n";
    echo "quick: ", var_export(microtime(true) - $t < 3, true), "\n";
    $r = http_get($port, '/');
    echo "next: ", $r['status'], ' ', $r['body'], "\n";
    $m = http_get($port, '/metrics');
    preg_match('/^gust_request_timeouts_total (\S+)$/m', $m['body'], $hit);
    echo "timeouts counted: ", $hit[1] ?? 'none', "\n";
}, ['request_timeout' => 0.2, 'gust_metrics_path' => '/metrics'], SWOOLE_PROCESS);
?>
--EXPECT--
sleep: 503
write: got part, cut off
quick: true
next: 200 fine
timeouts counted: 2
