--TEST--
Swoole\Thread faults: a thread joined twice (second join() is false), detach() after join() is false, a detached thread cannot be joined, and activeCount() drops to 1 when the detached thread has ended (waited for on a queue it fills, not a sleep)
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
    $t = new Thread(__FILE__, 'quick');
    var_dump($t->join(), $t->join(), $t->detach(), $t->joinable());

    $q = new Queue();
    $gate = new Queue();
    $d = new Thread(__FILE__, 'detached', $q, $gate);
    var_dump($d->detach(), $d->detach(), $d->join(), $d->joinable());
    $gate->push('go', Queue::NOTIFY_ONE);
    var_dump($q->pop(10));
    for ($i = 0; $i < 10000 && Thread::activeCount() > 1; $i++) Thread::yield();
    for ($i = 0; $i < 200 && Thread::activeCount() > 1; $i++) usleep(10000);  // bounded: 2 s at most
    var_dump(Thread::activeCount(), $d->isAlive());
} elseif ($args[0] === 'detached') {
    $args[2]->pop(-1);
    $args[1]->push('child done', Queue::NOTIFY_ONE);
}
?>
--EXPECT--
bool(true)
bool(false)
bool(false)
bool(false)
bool(true)
bool(false)
bool(false)
bool(false)
string(10) "child done"
int(1)
bool(false)
