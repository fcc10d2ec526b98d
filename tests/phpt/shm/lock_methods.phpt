--TEST--
Swoole\Lock: the types and their constants, lock()/unlock() for each type, LOCK_NB (false, errCode EBUSY), a timeout (false after it, errCode ETIMEDOUT), LOCK_SH on a mutex takes it exclusively, unlock() of a free lock is false (EPERM)
--EXTENSIONS--
gust
sockets
--FILE--
<?php
use Swoole\Lock;
var_dump(SWOOLE_MUTEX === Lock::MUTEX, SWOOLE_RWLOCK === Lock::RWLOCK, SWOOLE_SPINLOCK === Lock::SPINLOCK);
var_dump([Lock::RWLOCK, Lock::MUTEX, Lock::SPINLOCK]);
foreach (['mutex' => new Lock(), 'rwlock' => new Lock(SWOOLE_RWLOCK), 'spinlock' => new Lock(SWOOLE_SPINLOCK)] as $name => $lock) {
    echo "$name:";
    echo " ", json_encode($lock->lock());
    echo " ", json_encode($lock->lock(LOCK_EX | LOCK_NB)), "/", $lock->errCode === SOCKET_EBUSY ? 'EBUSY' : $lock->errCode;
    $t = microtime(true);
    echo " ", json_encode($lock->lock(LOCK_EX, 0.1)), "/", $lock->errCode === SOCKET_ETIMEDOUT ? 'ETIMEDOUT' : $lock->errCode;
    echo " waited:", json_encode(microtime(true) - $t >= 0.09);
    echo " ", json_encode($lock->unlock()), "/", $lock->errCode;
    echo " ", json_encode($lock->lock(LOCK_EX | LOCK_NB)), "/", $lock->errCode;
    echo " ", json_encode($lock->unlock());
    echo " ", json_encode($lock->unlock()), "/", $lock->errCode === SOCKET_EPERM ? 'EPERM' : $lock->errCode;
    echo "\n";
}
$m = new Lock(SWOOLE_MUTEX);
var_dump($m->lock(LOCK_SH), $m->lock(LOCK_SH | LOCK_NB), $m->unlock());
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
array(3) {
  [0]=>
  int(1)
  [1]=>
  int(3)
  [2]=>
  int(5)
}
mutex: true false/EBUSY false/ETIMEDOUT waited:true true/0 true/0 true false/EPERM
rwlock: true false/EBUSY false/ETIMEDOUT waited:true true/0 true/0 true false/EPERM
spinlock: true false/EBUSY false/ETIMEDOUT waited:true true/0 true/0 true false/EPERM
bool(true)
bool(false)
bool(true)
