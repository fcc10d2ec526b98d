--TEST--
Barrier::wait() gives up at its timeout; waiting twice throws; it needs a Barrier (outside a coroutine it is fatal: coroutine/api_outside_coroutine_is_a_fatal_error_catch_cannot_take)
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\Barrier;
Co\run(function () {
    $barrier = Barrier::make();
    go(function () use ($barrier) { Co::sleep(0.3); echo "holder ends\n"; });
    Barrier::wait($barrier, 0.005);
    echo "timed out\n";

    $b = Barrier::make();
    go(function () use ($b) {
        Co::sleep(0.001);
        $again = $b;
        try {
            Barrier::wait($again);
        } catch (Swoole\Exception $e) {
            echo "second wait throws ", get_class($e), "\n";
        }
    });
    Barrier::wait($b);
    echo "first waiter back\n";
});
try {
    $x = null;
    Barrier::wait($x);
} catch (TypeError $e) {
    echo "TypeError\n";
}
?>
--EXPECT--
timed out
second wait throws Swoole\Exception
first waiter back
holder ends
TypeError
