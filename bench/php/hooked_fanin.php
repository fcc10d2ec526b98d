<?php
// The client half of seed-002 without the HTTP server: C coroutines each make blocking-style
// file_get_contents() calls to the slow backend for D seconds; the hooks make them overlap.
// Usage: php hooked_fanin.php PORT CONCURRENCY SECONDS
[$port, $c, $d] = [(int)($argv[1] ?? 8080), (int)($argv[2] ?? 400), (float)($argv[3] ?? 5)];
$done = 0;
$failed = 0;
$start = microtime(true);
Co\run(function () use ($port, $c, $d, &$done, &$failed) {
    $until = microtime(true) + $d;
    for ($i = 0; $i < $c; $i++) {
        go(function () use ($port, $until, &$done, &$failed) {
            while (microtime(true) < $until) {
                $body = @file_get_contents("http://127.0.0.1:$port/");
                $body === 'ok' ? $done++ : $failed++;
            }
        });
    }
});
$elapsed = microtime(true) - $start;  // includes the last round, which ends after the deadline
printf("requests=%d failed=%d elapsed=%.2f rps=%.1f\n", $done, $failed, $elapsed, $done / $elapsed);
