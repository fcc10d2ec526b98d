--TEST--
Co::cancel() wakes a waiting coroutine (its wait fails, isCanceled() is true) or throws CanceledException in it; a yielded one is canceled too (its yield() returns false); the running one and unknown ones cannot be
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine;
Co\run(function () {
    $ch = new Coroutine\Channel(1);
    $a = go(function () use ($ch) {
        var_dump($ch->pop(), $ch->errCode === SWOOLE_CHANNEL_CANCELED, Coroutine::isCanceled());
    });
    $b = go(function () {
        try { Coroutine::sleep(10); echo "not reached\n"; }
        catch (Coroutine\CanceledException $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
    });
    $y = go(function () { Coroutine::yield(); echo "yielded one resumed\n"; });
    var_dump(Coroutine::cancel($a), Coroutine::cancel($b, true));
    var_dump(Coroutine::cancel($y), Coroutine::cancel(Coroutine::getCid()), Coroutine::cancel(99999));
    Coroutine::join([$a, $b, $y]);
});
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(false)
bool(true)
bool(true)
Swoole\Coroutine\CanceledException: the coroutine was canceled
yielded one resumed
