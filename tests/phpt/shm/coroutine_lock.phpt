--TEST--
Swoole\Coroutine\Lock (and Co\Lock): outside a coroutine lock()/unlock() are false with errCode SWOOLE_ERROR_CO_OUT_OF_COROUTINE; inside, a held lock parks the other coroutine (not the process: a third coroutine runs meanwhile), LOCK_NB fails at once, the holder may lock again (reentrant), only the holder unlocks
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Lock;
var_dump(Co\Lock::class === 'Co\Lock', new Co\Lock() instanceof Lock);
$lock = new Lock();
var_dump($lock->lock(), $lock->errCode === SWOOLE_ERROR_CO_OUT_OF_COROUTINE);
var_dump($lock->unlock(), $lock->errCode === SWOOLE_ERROR_CO_OUT_OF_COROUTINE);
Co\run(function () use ($lock) {
    $log = [];
    var_dump($lock->lock(), $lock->lock(), $lock->unlock());  // reentrant: still held once
    go(function () use ($lock, &$log) {
        $log[] = 'b tries: ' . json_encode($lock->lock(LOCK_NB)) . ' ' . $lock->errCode;
        $log[] = 'b unlock: ' . json_encode($lock->unlock());
        $t = microtime(true);
        $lock->lock();
        $log[] = 'b got it after a: ' . json_encode(microtime(true) - $t >= 0.04);
        $lock->unlock();
    });
    go(function () use (&$log) {
        $log[] = 'c runs while b waits';
    });
    Co::sleep(0.05);
    $log[] = 'a unlocks';
    var_dump($lock->unlock());
    Co::sleep(0.05);
    echo implode("\n", $log), "\n";
});
?>
--EXPECT--
bool(true)
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
b tries: false 16
b unlock: false
c runs while b waits
a unlocks
b got it after a: true
