--TEST--
request_timeout reaches PHP that never yields: a `while (true) {}` handler is interrupted past its deadline (a 503, or a cut-off response), its coroutine ends (catch cannot keep it, destructors run), and the same worker goes on serving
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
class Noisy { function __destruct() { echo "destructor ran\n"; } }
http_test(function ($req, $resp) {
    switch ($req->server['request_uri']) {
        case '/spin':
            $n = new Noisy();
            while (true) {}
        case '/spin_catching':
            while (true) {
                try {
                    while (true) {}
                } catch (\Throwable $e) {
                    echo "caught\n";
                }
            }
        case '/spin_after_write':
            $resp->write('part one');
            while (true) {}
        default:
            $resp->end('fine ' . getmypid());
    }
}, function ($port) {
    $before = http_get($port, '/')['body'];
    $t = microtime(true);
    $r = http_get($port, '/spin');
    echo "spin: ", $r['status'], ' ', $r['headers']['connection'], "\n";
    $r = http_get($port, '/spin_catching');
    echo "spin catching: ", $r['status'], "\n";
    $raw = http_raw($port, "GET /spin_after_write HTTP/1.1\r\nHost: x\r\n\r\n");
    echo "spin after write: ", str_contains($raw, "part one") ? 'got part' : 'no part', ', ',
        str_ends_with($raw, "0\r\n\r\n") ? 'finished' : 'cut off', "\n";
    echo "quick: ", var_export(microtime(true) - $t < 4, true), "\n";
    $r = http_get($port, '/');
    echo "next: ", $r['status'], ' ', $r['body'] === $before ? 'same worker' : "other worker ($before, {$r['body']})", "\n";
    $m = http_get($port, '/metrics');
    preg_match('/^gust_request_timeouts_total (\S+)$/m', $m['body'], $hit);
    echo "timeouts counted: ", $hit[1] ?? 'none', "\n";
}, ['request_timeout' => 0.2, 'gust_metrics_path' => '/metrics']);
?>
--EXPECTF--
Warning: %s: request_timeout: the request ran PHP without yielding past its deadline; its coroutine #%d is ended in %s on line %d
destructor ran
spin: 503 close

Warning: %s: request_timeout: the request ran PHP without yielding past its deadline; its coroutine #%d is ended in %s on line %d
spin catching: 503

Warning: %s: request_timeout: the request ran PHP without yielding past its deadline; its coroutine #%d is ended in %s on line %d
spin after write: got part, cut off
quick: true
next: 200 same worker
timeouts counted: 3
