--TEST--
Coroutine::join() returns true once every listed coroutine has ended; false with swoole_last_error() set on timeout, for self (with a warning), for an empty list or only unknown ids
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    $a = go(function () { Co::sleep(0.01); echo "a ends\n"; });
    $b = go(function () { Co::sleep(0.02); echo "b ends\n"; });
    var_dump(Co::join([$a, $b]));
    echo "joined a and b\n";

    $ch = new Swoole\Coroutine\Channel(1);
    $c = go(function () use ($ch) { $ch->pop(); echo "c ends\n"; });
    swoole_clear_error();
    var_dump(Co::join([$c], 0.05), swoole_strerror(swoole_last_error()));

    swoole_clear_error();
    var_dump(Co::join([$c, Co::getCid()]), swoole_last_error() !== 0);
    swoole_clear_error();
    var_dump(Co::join([]), swoole_last_error() !== 0);
    swoole_clear_error();
    var_dump(Co::join([999999]), swoole_last_error() !== 0);

    // Ended and unknown ids are skipped while a running one is waited for.
    // (The push waits a moment: a push to a waiting popper runs it at once, and c must still run.)
    go(function () use ($ch) { Co::sleep(0.001); $ch->push(1); });
    swoole_clear_error();
    var_dump(Co::join([$a, 999999, $c]), swoole_last_error());
});
?>
--EXPECTF--
a ends
b ends
bool(true)
joined a and b
bool(false)
string(%d) "%s"

Warning: Swoole\Coroutine::join(): can not join self in %s on line %d
bool(false)
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
c ends
bool(true)
int(0)
