--TEST--
Coroutine::getElapsed() gives the milliseconds a coroutine has existed, growing as it runs; -1 for an unknown or ended id and outside coroutines
--EXTENSIONS--
gust
--FILE--
<?php
// Spin (no sleep) until at least $ms of real time has passed.
function spin($ms) { $t = hrtime(true); while (hrtime(true) - $t < $ms * 1e6); }
Co\run(function () {
    $ch = new Swoole\Coroutine\Channel(1);
    $other = go(function () use ($ch) { $ch->pop(); });
    $e0 = Co::getElapsed();
    $o0 = Co::getElapsed($other);
    spin(20);
    $e1 = Co::getElapsed();
    // Whole milliseconds, truncated: 20 ms later the count is at least 19 higher.
    var_dump($e0 >= 0, $e1 - $e0 >= 19, Co::getElapsed($other) - $o0 >= 19, Co::getElapsed(0) >= $e1);
    $ch->push(1);
    Co::sleep(0.001);  // $other ends
    var_dump(Co::exists($other), Co::getElapsed($other), Co::getElapsed(999999));
});
var_dump(Co::getElapsed());
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
int(-1)
int(-1)
int(-1)
