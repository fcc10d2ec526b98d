--TEST--
Inside Co\run, timers keep the scheduler running; their callbacks are coroutines that may sleep
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    $parent = Co::getCid();
    Swoole\Timer::after(5, function () use ($parent) {
        echo "timer in coroutine ", Co::getCid() !== $parent ? "of its own" : "of the parent", "\n";
        Co::sleep(0.002);
        echo "timer woke\n";
    });
    echo "run body ends\n";
});
echo "after run\n";
?>
--EXPECT--
run body ends
timer in coroutine of its own
timer woke
after run
