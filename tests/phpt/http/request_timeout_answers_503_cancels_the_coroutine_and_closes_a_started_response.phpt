--TEST--
request_timeout: a request past its deadline gets a 503 and its coroutine is canceled with a timeout and freed; a started response loses its connection; an answered request is left alone
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/serve.inc';
$seen = new Swoole\Coroutine\Channel(4);
http_test(function ($req, $resp) use ($seen) {
    switch ($req->server['request_uri']) {
        case '/sleep':
            $slept = Swoole\Coroutine\System::sleep(5);
            $code = swoole_last_error();
            $again = Co::sleep(5);  // every later wait fails at once too
            $seen->push(['cid' => Co::getCid(), 'slept' => $slept, 'timedout' => $code === SWOOLE_ERROR_CO_TIMEDOUT,
                         'again' => $again, 'writable' => $resp->isWritable(), 'canceled' => Co::isCanceled()]);
            return;
        case '/write':
            $resp->write('part one');
            $seen->push(['slept' => Co::sleep(5)]);
            return;
        case '/answered':
            $resp->end('ok');
            $seen->push(['slept_after_end' => Co::sleep(0.5)]);
            return;
    }
}, function ($port) use ($seen) {
    $t = microtime(true);
    $r = http_get($port, '/sleep');
    echo "sleep: ", $r['status'], ' ', $r['headers']['connection'], ' ', str_contains($r['body'], '503') ? 'body' : 'nobody', "\n";
    $got = $seen->pop(5);
    echo "handler: slept=", var_export($got['slept'], true), " timedout=", var_export($got['timedout'], true),
        " again=", var_export($got['again'], true), " writable=", var_export($got['writable'], true),
        " canceled=", var_export($got['canceled'], true), "\n";
    Co::sleep(0.05);  // let the handler return
    echo "coroutine gone: ", var_export(!Co::exists($got['cid']), true), "\n";

    $raw = http_raw($port, "GET /write HTTP/1.1\r\nHost: x\r\n\r\n");
    echo "write: ", str_contains($raw, "part one") ? 'got part' : 'no part', ', ',
        str_ends_with($raw, "0\r\n\r\n") ? 'finished' : 'cut off', "\n";
    echo "write handler slept=", var_export($seen->pop(5)['slept'], true), "\n";
    echo "both within the deadline's reach: ", var_export(microtime(true) - $t < 3, true), "\n";

    $r = http_get($port, '/answered');
    echo "answered: ", $r['status'], ' ', $r['body'], "\n";
    echo "sleep after end: ", var_export($seen->pop(5)['slept_after_end'], true), "\n";
    $m = http_get($port, '/metrics');
    preg_match('/^gust_request_timeouts_total (\S+)$/m', $m['body'], $hit);
    echo "timeouts counted (not the answered one): ", $hit[1] ?? 'none', "\n";
}, ['request_timeout' => 0.2, 'gust_metrics_path' => '/metrics']);
?>
--EXPECT--
sleep: 503 close body
handler: slept=false timedout=true again=false writable=false canceled=true
coroutine gone: true
write: got part, cut off
write handler slept=false
both within the deadline's reach: true
answered: 200 ok
sleep after end: true
timeouts counted (not the answered one): 2
