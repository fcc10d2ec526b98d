--TEST--
PDO pgsql (libpq, SWOOLE_HOOK_PDO_PGSQL): 20 coroutines' SELECT pg_sleep(0.2) finish together, the loop keeps ticking; with the flag off they queue
--EXTENSIONS--
gust
pdo
pdo_pgsql
--SKIPIF--
<?php require __DIR__ . "/pdo_pgsql_skipif.inc"; ?>
--FILE--
<?php
require __DIR__ . "/pdo_pgsql.inc";
var_dump(SWOOLE_HOOK_PDO_PGSQL, (SWOOLE_HOOK_ALL & SWOOLE_HOOK_PDO_PGSQL) !== 0);

function sleepers(int $n, ?float &$maxGap): array {
    $results = [];
    $maxGap = 0.0;
    Co\run(function () use ($n, &$results, &$maxGap) {
        $done = false;
        go(function () use (&$done, &$maxGap) {  // the ticker: never starved while the queries run
            $last = microtime(true);
            while (!$done) {
                usleep(10000);
                $now = microtime(true);
                $maxGap = max($maxGap, $now - $last);
                $last = $now;
            }
        });
        $wg = new Swoole\Coroutine\WaitGroup();
        for ($i = 0; $i < $n; $i++) {
            $wg->add();
            go(function () use ($i, &$results, $wg) {
                $pdo = pg_connect();
                $row = $pdo->query("SELECT pg_sleep(0.2) AS s, $i AS i")->fetch(PDO::FETCH_ASSOC);
                $results[$i] = $row;
                $wg->done();
            });
        }
        $wg->wait();
        $done = true;
    });
    ksort($results);
    return $results;
}

$t = microtime(true);
$results = sleepers(20, $gap);
$elapsed = microtime(true) - $t;
$ok = true;
foreach ($results as $i => $row) $ok = $ok && $row === ["s" => "", "i" => $i];
var_dump(count($results), $ok);
echo "20 x pg_sleep(0.2) under 1.0 s: ", $elapsed < 1.0 ? "yes" : "no ($elapsed s)", "\n";
echo "ticker gap under 50 ms: ", $gap < 0.05 ? "yes" : "no ($gap s)", "\n";

// The flag off (everything else hooked): libpq blocks, so three sleeps take 0.6 s and starve the ticker.
Co::set(["hook_flags" => SWOOLE_HOOK_ALL & ~SWOOLE_HOOK_PDO_PGSQL]);
$t = microtime(true);
$results = sleepers(3, $gap);
$elapsed = microtime(true) - $t;
var_dump(count($results), $elapsed >= 0.59, $gap >= 0.19);
?>
--EXPECT--
int(65536)
bool(true)
int(20)
bool(true)
20 x pg_sleep(0.2) under 1.0 s: yes
ticker gap under 50 ms: yes
int(3)
bool(true)
bool(true)
