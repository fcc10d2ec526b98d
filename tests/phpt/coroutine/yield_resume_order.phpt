--TEST--
yield() returns to the resumer; resume() continues exactly there
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine;
Coroutine\run(function () {
    $cid = Coroutine::create(function () {
        echo "a1\n";
        var_dump(Coroutine::yield());
        echo "a2\n";
        Coroutine::suspend();
        echo "a3\n";
    });
    echo "m1\n";
    var_dump(Coroutine::resume($cid));
    echo "m2\n";
    Coroutine::resume($cid);
    echo "m3\n";
    var_dump(Coroutine::exists($cid));
    var_dump(@Coroutine::resume($cid));
});
?>
--EXPECT--
a1
m1
bool(true)
a2
bool(true)
m2
a3
m3
bool(false)
bool(false)
