--TEST--
Coroutine::join() wakes after the Event::defer() calls the joined coroutine queued before it ended, as in Swoole: a cancel made in one of them ends the join with false and SWOOLE_ERROR_CO_CANCELED; the loop does not stall on the canceled joiner
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine;
Co\run(function () {
    // Without a cancel the join ends true once the coroutine is gone.
    $cid = go(fn() => Coroutine::sleep(0.001));
    var_dump(Coroutine::join([$cid]), Coroutine::exists($cid));
    $me = Coroutine::getCid();
    $cid = go(function () use ($me) {
        Coroutine::sleep(0.001);
        Swoole\Event::defer(function () use ($me) {
            echo "deferred call\n";
            var_dump(Coroutine::cancel($me));
        });
    });
    var_dump(Coroutine::join([$cid]));
    var_dump(swoole_last_error() === SWOOLE_ERROR_CO_CANCELED, Coroutine::exists($cid));
});
echo "done\n";
?>
--EXPECT--
bool(true)
bool(false)
deferred call
bool(true)
bool(false)
bool(true)
bool(false)
done
