--TEST--
Thread\Queue: pop() without a wait returns null at once on an empty queue, pop(0.2) returns null after about 0.2 s, and a waiting pop(-1) gets values pushed by another thread with NOTIFY_ONE, in order; NOTIFY_ALL wakes every waiter; an array pushed comes out as a Thread\ArrayList (as Swoole stores arrays)
--EXTENSIONS--
gust
--SKIPIF--
<?php if (!PHP_ZTS) die('skip needs a thread-safe (ZTS) PHP'); ?>
--FILE--
<?php
use Swoole\Thread;
use Swoole\Thread\Queue;
$args = Thread::getArguments();
if ($args === null) {
    $q = new Queue();
    var_dump($q->pop());
    $t0 = microtime(true);
    var_dump($q->pop(0.2));
    $waited = microtime(true) - $t0;
    var_dump($waited >= 0.19 && $waited < 5);

    $results = new Queue();
    $workers = [];
    for ($i = 0; $i < 3; $i++) $workers[] = new Thread(__FILE__, $q, $results);
    for ($i = 1; $i <= 300; $i++) $q->push($i, Queue::NOTIFY_ONE);
    // One stop marker per worker, then wake them all.
    for ($i = 0; $i < 3; $i++) $q->push(0);
    $q->push(0, Queue::NOTIFY_ALL);
    foreach ($workers as $w) $w->join();
    $sum = 0; $n = 0; $ordered = true;
    while (($r = $results->pop()) !== null) { $r = $r->toArray(); $sum += array_sum($r); $n += count($r); $ordered = $ordered && $r === array_values(array_unique($r)) && $r == (function ($a) { sort($a); return $a; })($r); }
    var_dump($n, $sum, $ordered, count($q) <= 1);
} else {
    [$q, $results] = $args;
    $mine = [];
    while (($v = $q->pop(-1)) !== 0) $mine[] = $v;
    $results->push($mine);
}
?>
--EXPECT--
NULL
NULL
bool(true)
int(300)
int(45150)
bool(true)
bool(true)
