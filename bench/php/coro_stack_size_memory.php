<?php
// Memory of 100,000 parked coroutines at a given C stack size (docs/DIFFERENCES.md, c_stack_size):
//   php -n -d extension=build/release/ext/modules/gust.so bench/php/coro_stack_size_memory.php 262144
$size = (int)($argv[1] ?? 262144);
$n = (int)($argv[2] ?? 100000);
Co::set(['c_stack_size' => $size, 'max_coroutine' => $n + 10]);
$started = hrtime(true);
Co\run(function () use ($n, $size) {
    $gate = new Co\Channel(1);
    for ($i = 0; $i < $n; $i++) go(function () use ($gate) { $gate->pop(); });
    $status = file_get_contents('/proc/self/status');
    preg_match('/VmRSS:\s+(\d+)/', $status, $rss);
    preg_match('/VmPTE:\s+(\d+)/', $status, $pte);
    printf("stack=%d coroutines=%d rss_kb=%d pte_kb=%d\n", $size, $n, $rss[1], $pte[1]);
    for ($i = 0; $i < $n; $i++) $gate->push(1);
});
printf("create_park_finish_ms=%.0f\n", (hrtime(true) - $started) / 1e6);
