--TEST--
Swoole\Lock(SWOOLE_RWLOCK): a read lock held by a child lets the parent read too (LOCK_SH|LOCK_NB) but not write (LOCK_EX|LOCK_NB); once the child releases, the parent writes and a child's read try fails
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Lock;
$lock = new Lock(SWOOLE_RWLOCK);
$held = new Swoole\Atomic(0);
$release = new Swoole\Atomic(0);
$pid = pcntl_fork();
if ($pid === 0) {
    $lock->lock(LOCK_SH);
    $held->wakeup();
    $release->wait(10);
    $lock->unlock();
    exit(0);
}
var_dump($held->wait(10));
var_dump($lock->lock(LOCK_SH | LOCK_NB), $lock->lock(LOCK_EX | LOCK_NB));
var_dump($lock->unlock());  // the parent's read hold
$release->wakeup();
pcntl_waitpid($pid, $status);
var_dump($lock->lock(LOCK_EX | LOCK_NB));
$pid = pcntl_fork();
if ($pid === 0) exit($lock->lock(LOCK_SH | LOCK_NB) ? 1 : 0);
pcntl_waitpid($pid, $status);
var_dump(pcntl_wexitstatus($status));
var_dump($lock->unlock());
?>
--EXPECT--
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
int(0)
bool(true)
