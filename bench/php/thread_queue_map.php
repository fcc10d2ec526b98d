<?php
// Swoole\Thread containers (ZTS PHP only): Thread\Queue push+pop between two threads (a producer
// thread pushes N ints, this thread pops them), and Thread\Map reads from 1 and 2 threads at once
// (each thread reads N keys). Wall-clock rates: the threads run in parallel, CPU time would add
// them up. Prints key=value pairs.
//   php -d extension=gust.so thread_queue_map.php [N]
use Swoole\Thread;
use Swoole\Thread\Map;
use Swoole\Thread\Queue;

$args = Thread::getArguments();
if ($args !== null) {
    [$what, $n, $shared, $ready] = $args;
    $ready->wait();  // a Barrier: start together
    if ($what === 'produce') {
        // NOTIFY_ONE only when the consumer may be asleep would be cheaper; every push notifies,
        // as a simple producer does.
        for ($i = 0; $i < $n; $i++) $shared->push($i, Queue::NOTIFY_ONE);
    } else {
        $sum = 0;
        for ($i = 0; $i < $n; $i++) $sum += $shared[$i & 1023];
    }
    exit(0);
}

$n = (int)($argv[1] ?? 1000000);
$out = [];

$q = new Queue();
$ready = new Thread\Barrier(2);
$producer = new Thread(__FILE__, 'produce', $n, $q, $ready);
$ready->wait();
$t0 = microtime(true);
$got = 0;
$sum = 0;
while ($got < $n) {
    $v = $q->pop(-1);
    $sum += $v;
    $got++;
}
$out['queue_items_per_s'] = $n / (microtime(true) - $t0);
$producer->join();
$out['queue_checksum_ok'] = $sum === $n * ($n - 1) / 2 ? 1 : 0;

$m = new Map();
for ($i = 0; $i < 1024; $i++) $m[$i] = $i;
foreach ([1, 2] as $threads) {
    $ready = new Thread\Barrier($threads + 1);
    $ts = [];
    for ($i = 0; $i < $threads; $i++) $ts[] = new Thread(__FILE__, 'read', $n, $m, $ready);
    $ready->wait();
    $t0 = microtime(true);
    foreach ($ts as $t) $t->join();
    $out["map_reads_per_s_{$threads}_threads"] = $threads * $n / (microtime(true) - $t0);
}
foreach ($out as $k => $v) printf("%s=%s\n", $k, is_float($v) ? sprintf('%.0f', $v) : $v);
