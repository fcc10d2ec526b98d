<?php
// 20 (argv[3]) coroutines, each on its own PDO pgsql connection, run SELECT pg_sleep(0.2) at once:
// wall time with SWOOLE_HOOK_PDO_PGSQL (libpq hook) and with it off (libpq blocks: the sum).
// Usage: php -n -d extension=gust.so -d extension=pdo -d extension=pdo_pgsql pdo_pgsql_sleeps.php HOST PORT [N]
[$host, $port, $n] = [$argv[1], $argv[2], (int)($argv[3] ?? 20)];
function round_of(string $host, string $port, int $n, int $flags): float {
    Co::set(["hook_flags" => $flags]);
    $t = microtime(true);
    Co\run(function () use ($host, $port, $n) {
        for ($i = 0; $i < $n; $i++) {
            go(function () use ($host, $port) {
                $pdo = new PDO("pgsql:host=$host;port=$port;dbname=postgres", "postgres", "");
                $pdo->query("SELECT pg_sleep(0.2)")->fetchAll();
            });
        }
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
    });
    return $elapsed;
}
$hooked = [];
for ($r = 0; $r < 3; $r++) $hooked[] = round_of($host, $port, $n, SWOOLE_HOOK_ALL);
sort($hooked);
$off = round_of($host, $port, $n, SWOOLE_HOOK_ALL & ~SWOOLE_HOOK_PDO_PGSQL);
$q = [];
for ($r = 0; $r < 3; $r++) $q[] = queries_only($host, $port, $n);
sort($q);
printf("%d x pg_sleep(0.2) on open connections: hooked median %.3f s\n", $n, $q[1]);
printf("%d x (connect + pg_sleep(0.2)): hooked median %.3f s (min %.3f, max %.3f); flag off %.3f s\n", $n, $hooked[1], $hooked[0], $hooked[2], $off);
