--TEST--
Swoole\Lock(SWOOLE_MUTEX): the parent holds it, a waiting child gets it only after another child unlocks it for the parent (Swoole's Lock allows the unlock from any process)
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Lock;
$lock = new Lock(SWOOLE_MUTEX);
$order = new Swoole\Atomic\Long(0);
$lock->lock();
$waiter = pcntl_fork();
if ($waiter === 0) {
    $ok = $lock->lock(LOCK_EX, 10);
    // The releaser has recorded its release before unlocking: this must come after it.
    exit($ok && $order->get() === 1 ? 0 : 1);
}
$releaser = pcntl_fork();
if ($releaser === 0) {
    $order->add(1);
    exit($lock->unlock() ? 0 : 1);
}
pcntl_waitpid($releaser, $s1);
pcntl_waitpid($waiter, $s2);
var_dump(pcntl_wexitstatus($s1), pcntl_wexitstatus($s2));
?>
--EXPECT--
int(0)
int(0)
