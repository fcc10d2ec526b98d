--TEST--
A failed Coroutine::join() records Swoole's code (CO_TIMEDOUT, CO_CANCELED, INVALID_PARAMS) and swoole_strerror(swoole_last_error()) names it; CanceledException is a Swoole\Exception whose code is the last error
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine;
function last(): string { $e = swoole_last_error(); return "$e " . swoole_strerror($e); }
Co\run(function () {
    $ch = new Coroutine\Channel(1);
    $waiter = go(function () use ($ch) { $ch->pop(); });

    swoole_clear_error();
    var_dump(Coroutine::join([$waiter], 0.01), swoole_last_error() === SWOOLE_ERROR_CO_TIMEDOUT);
    echo last(), "\n";

    var_dump(Coroutine::join([]), swoole_last_error() === SWOOLE_ERROR_INVALID_PARAMS);
    echo last(), "\n";

    $joiner = go(function () use ($waiter) {
        var_dump(Coroutine::join([$waiter]), swoole_last_error() === SWOOLE_ERROR_CO_CANCELED);
        echo last(), "\n";
    });
    Coroutine::cancel($joiner);

    $sleeper = go(function () {
        try {
            Coroutine::sleep(10);
        } catch (Swoole\Exception $e) {
            echo get_class($e), ' ', $e->getCode() === SWOOLE_ERROR_CO_CANCELED ? 'CO_CANCELED' : $e->getCode(),
                ' last=', swoole_last_error() === $e->getCode() ? 'same' : swoole_last_error(), "\n";
        }
    });
    Coroutine::cancel($sleeper, true);
    $ch->push(1);
});
?>
--EXPECT--
bool(false)
bool(true)
10018 the coroutine's wait timed out
bool(false)
bool(true)
505 invalid arguments
bool(false)
bool(true)
10017 the coroutine was canceled
Swoole\Coroutine\CanceledException CO_CANCELED last=same
