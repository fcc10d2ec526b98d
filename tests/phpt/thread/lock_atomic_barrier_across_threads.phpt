--TEST--
Thread\Lock, Thread\Atomic, Thread\Atomic\Long and Thread\Barrier shared with threads: a lock taken by the parent is released by the child (as Swoole allows), counters see every add, a barrier releases all threads together, LOCK_NB and a lock timeout fail with errCode set
--EXTENSIONS--
gust
--SKIPIF--
<?php if (!PHP_ZTS) die('skip needs a thread-safe (ZTS) PHP'); ?>
--FILE--
<?php
use Swoole\Thread;
use Swoole\Thread\Lock;
use Swoole\Thread\Atomic;
use Swoole\Thread\Barrier;
$args = Thread::getArguments();
if ($args === null) {
    $lock = new Lock();
    $a = new Atomic(5);
    $long = new Atomic\Long(PHP_INT_MAX - 10);
    $barrier = new Barrier(4);
    $lock->lock();
    var_dump($lock->lock(LOCK_EX | LOCK_NB), swoole_last_error() === 16 /* EBUSY */);
    var_dump($lock->lock(LOCK_EX, 0.05), swoole_last_error());
    $threads = [];
    for ($i = 0; $i < 3; $i++) $threads[] = new Thread(__FILE__, $lock, $a, $long, $barrier, $i);
    $barrier->wait();           // every child has added once
    var_dump($a->get(), $long->get());
    $barrier->wait();           // let them go on
    var_dump($lock->lock());    // child 0 unlocks the parent's lock
    $lock->unlock();
    foreach ($threads as $t) $t->join();
    var_dump($a->get(), $lock->unlock());
} else {
    [$lock, $a, $long, $barrier, $i] = $args;
    $a->add(1);
    $long->add(1);
    $barrier->wait();
    $barrier->wait();
    if ($i === 0) $lock->unlock();
    $a->add(10);
}
?>
--EXPECT--
bool(false)
bool(true)
bool(false)
int(110)
int(8)
int(9223372036854775800)
bool(true)
int(38)
bool(false)
