<?php
// Reference for coroutine costs: PHP's own Fibers, measured the same way as
// ../shared/acceptance/seed004_coroutine_cost.php measures Gust coroutines.
// Usage: php fiber_cost.php N   (N fibers parked; each fiber stack is an mmap + guard page)
$n = (int)($argv[1] ?? 20000);
ini_set("memory_limit", "-1");
function rss_kb(): int { preg_match('/VmRSS:\s+(\d+)/', file_get_contents('/proc/self/status'), $m); return (int)$m[1]; }
$rss0 = rss_kb();
$fibers = [];
$t = hrtime(true);
for ($i = 0; $i < $n; $i++) {
    $f = new Fiber(function () { Fiber::suspend(); });
    $f->start();
    $fibers[] = $f;
}
$create_ns = (hrtime(true) - $t) / $n;
$rss1 = rss_kb();
$maps = count(file('/proc/self/maps'));
printf("coroutines=%d create_ns=%.0f rss_per_coro_bytes=%.0f maps=%d\n", $n, $create_ns, ($rss1 - $rss0) * 1024 / $n, $maps);
foreach ($fibers as $f) { $f->resume(); }
$fibers = [];
$m = 1000000;
$f = new Fiber(function () use ($m) { for ($i = 0; $i < $m; $i++) { Fiber::suspend(); } });
$f->start();
$t = hrtime(true);
for ($i = 0; $i < $m - 1; $i++) { $f->resume(); }
printf("switch_ns=%.1f (per resume+suspend pair /2)\n", (hrtime(true) - $t) / ($m - 1) / 2);
