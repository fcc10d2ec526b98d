<?php
// Co\Http2\Client throughput (bench/http2_bench.py): one connection, N GET / requests sent in
// batches of M concurrent streams (send M, then recv M). Prints requests, seconds, cpu_s.
// Usage: php h2_client.php PORT N M
$port = (int)$argv[1];
$n = (int)$argv[2];
$m = (int)$argv[3];
Co\run(function () use ($port, $n, $m) {
    $c = new Swoole\Coroutine\Http2\Client('127.0.0.1', $port);
    $c->set(['timeout' => 30]);
    if (!$c->connect()) exit("connect failed: $c->errMsg\n");
    $req = new Swoole\Http2\Request;
    $req->path = '/';
    $ok = 0;
    $r0 = getrusage();
    $t0 = hrtime(true);
    for ($done = 0; $done < $n; $done += $m) {
        for ($i = 0; $i < $m; $i++) $c->send($req);
        for ($i = 0; $i < $m; $i++) {
            $resp = $c->recv();
            if ($resp && $resp->statusCode === 200 && $resp->data === "hello\n") $ok++;
        }
    }
    $secs = (hrtime(true) - $t0) / 1e9;
    $r1 = getrusage();
    $cpu = ($r1['ru_utime.tv_sec'] + $r1['ru_stime.tv_sec'] - $r0['ru_utime.tv_sec'] - $r0['ru_stime.tv_sec'])
        + ($r1['ru_utime.tv_usec'] + $r1['ru_stime.tv_usec'] - $r0['ru_utime.tv_usec'] - $r0['ru_stime.tv_usec']) / 1e6;
    echo "requests=$ok seconds=$secs cpu_s=$cpu\n";
    $c->close();
});
