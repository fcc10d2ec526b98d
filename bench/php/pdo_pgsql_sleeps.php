<?php
// 20 (argv[3]) coroutines, each on its own PDO pgsql connection, run SELECT pg_sleep(0.2) at once:
// wall time with SWOOLE_HOOK_PDO_PGSQL (libpq hook) and with it off (libpq blocks: the sum). While
// the hooked rounds run, a ticker coroutine sleeping 10 ms records its largest gap (a blocked loop
// shows there), beside a separate process ticking the same way as the reference. Then 20
// coroutines x 50 queries on their own connections, every answer checked.
// Usage: php -n -d extension=gust.so -d extension=pdo -d extension=pdo_pgsql pdo_pgsql_sleeps.php HOST PORT [N]
[$host, $port, $n] = [$argv[1], $argv[2], (int)($argv[3] ?? 20)];
$largest_gap = 0.0;
// A coroutine that ticks every 10 ms until $done[0] is set, keeping the largest gap seen.
function ticker(array &$done): void {
    go(function () use (&$done) {
        global $largest_gap;
        $last = microtime(true);
        while (!$done[0]) {
            Co::sleep(0.01);
            $now = microtime(true);
            $largest_gap = max($largest_gap, $now - $last);
            $last = $now;
        }
    });
}
function round_of(string $host, string $port, int $n, int $flags): float {
    Co::set(["hook_flags" => $flags]);
    $t = microtime(true);
    Co\run(function () use ($host, $port, $n, $flags) {
        $done = [false];
        if ($flags & SWOOLE_HOOK_PDO_PGSQL) ticker($done);
        $wg = new Swoole\Coroutine\WaitGroup();
        for ($i = 0; $i < $n; $i++) {
            $wg->add();
            go(function () use ($host, $port, $wg) {
                $pdo = new PDO("pgsql:host=$host;port=$port;dbname=postgres", "postgres", "");
                $pdo->query("SELECT pg_sleep(0.2)")->fetchAll();
                $wg->done();
            });
        }
        $wg->wait();
        $done[0] = true;
    });
    return microtime(true) - $t;
}
// The same with the connections opened first: the queries alone.
function queries_only(string $host, string $port, int $n): float {
    Co::set(["hook_flags" => SWOOLE_HOOK_ALL]);
    $elapsed = 0.0;
    Co\run(function () use ($host, $port, $n, &$elapsed) {
        $pdos = [];
        for ($i = 0; $i < $n; $i++) $pdos[] = new PDO("pgsql:host=$host;port=$port;dbname=postgres", "postgres", "");
        $wg = new Swoole\Coroutine\WaitGroup();
        $done = [false];
        ticker($done);
        $t = microtime(true);
        foreach ($pdos as $pdo) {
            $wg->add();
            go(function () use ($pdo, $wg) {
                $pdo->query("SELECT pg_sleep(0.2)")->fetchAll();
                $wg->done();
            });
        }
        $wg->wait();
        $elapsed = microtime(true) - $t;
        $done[0] = true;
    });
    return $elapsed;
}
// $n coroutines x 50 queries, each on its own connection, each answer checked: wall time and wrong answers.
function many_queries(string $host, string $port, int $n): array {
    Co::set(["hook_flags" => SWOOLE_HOOK_ALL]);
    $wrong = 0;
    $t = microtime(true);
    Co\run(function () use ($host, $port, $n, &$wrong) {
        $done = [false];
        ticker($done);
        $wg = new Swoole\Coroutine\WaitGroup();
        for ($i = 0; $i < $n; $i++) {
            $wg->add();
            go(function () use ($host, $port, $i, $wg, &$wrong) {
                $pdo = new PDO("pgsql:host=$host;port=$port;dbname=postgres", "postgres", "");
                $st = $pdo->prepare("SELECT ?::int * 1000 + ?::int AS v, repeat('x', ?::int) AS pad");
                for ($k = 0; $k < 50; $k++) {
                    $st->execute([$i, $k, $k * 10]);
                    $row = $st->fetch(PDO::FETCH_ASSOC);
                    if ((int) $row['v'] !== $i * 1000 + $k || $row['pad'] !== str_repeat('x', $k * 10)) $wrong++;
                }
                $wg->done();
            });
        }
        $wg->wait();
        $done[0] = true;
    });
    return [microtime(true) - $t, $wrong];
}
// The reference: a plain PHP process of its own sleeping 10 ms until its stdin closes, then
// printing its largest gap. It shares the 2 cores with PostgreSQL's backends, so a gap it sees too
// is the machine's (CPU taken by the server), not a blocked loop.
const REFERENCE_TICKER = '$in = STDIN; stream_set_blocking($in, false); $last = microtime(true); $gap = 0;'
    . ' while (!feof($in)) { fread($in, 1); usleep(10000); $n = microtime(true); $gap = max($gap, $n - $last); $last = $n; }'
    . ' echo round($gap * 1000);';
function phase(string $name, callable $run): void {
    global $largest_gap;
    $ref = proc_open([PHP_BINARY, '-n', '-r', REFERENCE_TICKER], [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes);
    $largest_gap = 0.0;
    $what = $run();
    fclose($pipes[0]);
    $reference = (int) stream_get_contents($pipes[1]);
    proc_close($ref);
    printf("%-58s %s; ticker's largest gap %.0f ms (separate process: %d ms)\n", $name, $what, $largest_gap * 1000, $reference);
}
phase("$n x (connect + pg_sleep(0.2)), hooked, 3 rounds", function () use ($host, $port, $n) {
    $t = [];
    for ($r = 0; $r < 3; $r++) $t[] = round_of($host, $port, $n, SWOOLE_HOOK_ALL);
    sort($t);
    return sprintf("median %.3f s (min %.3f, max %.3f)", $t[1], $t[0], $t[2]);
});
phase("$n x pg_sleep(0.2) on open connections, 3 rounds", function () use ($host, $port, $n) {
    $t = [];
    for ($r = 0; $r < 3; $r++) $t[] = queries_only($host, $port, $n);
    sort($t);
    return sprintf("median %.3f s", $t[1]);
});
phase("$n coroutines x 50 queries on their own connections", function () use ($host, $port, $n) {
    [$wall, $wrong] = many_queries($host, $port, $n);
    return sprintf("%.3f s, %d wrong answers", $wall, $wrong);
});
printf("%d x (connect + pg_sleep(0.2)) with SWOOLE_HOOK_PDO_PGSQL off (libpq blocks): %.3f s\n", $n,
    round_of($host, $port, $n, SWOOLE_HOOK_ALL & ~SWOOLE_HOOK_PDO_PGSQL));
