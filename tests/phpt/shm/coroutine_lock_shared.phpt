--TEST--
Swoole\Coroutine\Lock(true) is shared by forked processes: a child's coroutine waits for the parent's to unlock; a holding process killed with SIGKILL does not block the next locker
--EXTENSIONS--
gust
posix
--FILE--
<?php
use Swoole\Coroutine\Lock;
$lock = new Lock(true);
$held = new Swoole\Atomic(0);
$order = new Swoole\Atomic\Long(0);
$pid = pcntl_fork();
if ($pid === 0) {
    $held->wait(10);  // the parent holds it
    $ok = false;
    Co\run(function () use ($lock, $order, &$ok) {
        $ok = $lock->lock() && $order->get() === 1;  // and never unlocks it
    });
    exit($ok ? 0 : 1);
}
Co\run(function () use ($lock, $held, $order) {
    var_dump($lock->lock());
    $held->wakeup();
    Co::sleep(0.05);
    $order->add(1);
    var_dump($lock->unlock());
});
pcntl_waitpid($pid, $status);
var_dump(pcntl_wexitstatus($status));

// The child above exited holding it: the next locker takes it over.
Co\run(function () use ($lock) {
    $t = microtime(true);
    var_dump($lock->lock(), microtime(true) - $t < 2, $lock->unlock());
});
?>
--EXPECT--
bool(true)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
