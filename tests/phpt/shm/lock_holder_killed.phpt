--TEST--
Swoole\Lock: a child that holds the lock (mutex, spinlock, rwlock write and read) and is killed with SIGKILL never deadlocks the parent: its next lock() succeeds, before or after the child is reaped
--EXTENSIONS--
gust
posix
--FILE--
<?php
use Swoole\Lock;
function child_dies_holding(Lock $lock, int $op, bool $reap_first): void {
    $held = new Swoole\Atomic(0);
    $pid = pcntl_fork();
    if ($pid === 0) {
        $lock->lock($op);
        $held->wakeup();
        posix_kill(posix_getpid(), SIGKILL);
        exit(1);  // not reached
    }
    $held->wait(10);
    if ($reap_first) pcntl_waitpid($pid, $status);
    $t = microtime(true);
    $ok = $lock->lock(LOCK_EX, 5);
    echo json_encode($ok), " within 2s: ", json_encode(microtime(true) - $t < 2), "\n";
    $lock->unlock();
    if (!$reap_first) pcntl_waitpid($pid, $status);
    var_dump(pcntl_wtermsig($status) === SIGKILL);
}
foreach ([SWOOLE_MUTEX, SWOOLE_SPINLOCK, SWOOLE_RWLOCK] as $type) {
    child_dies_holding(new Lock($type), LOCK_EX, true);
    child_dies_holding(new Lock($type), LOCK_EX, false);
}
child_dies_holding(new Lock(SWOOLE_RWLOCK), LOCK_SH, false);
?>
--EXPECT--
true within 2s: true
bool(true)
true within 2s: true
bool(true)
true within 2s: true
bool(true)
true within 2s: true
bool(true)
true within 2s: true
bool(true)
true within 2s: true
bool(true)
true within 2s: true
bool(true)
