--TEST--
WaitGroup misuse throws: a negative counter, add() during wait(), a second concurrent wait() (a wait() outside a coroutine is fatal: coroutine/api_outside_coroutine_is_a_fatal_error_catch_cannot_take)
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\WaitGroup;
function show(callable $fn) {
    try { $fn(); echo "no exception\n"; } catch (Throwable $e) { echo get_class($e), "\n"; }
}
$wg = new WaitGroup();
show(fn() => $wg->add(-1));
show(fn() => $wg->done());
show(fn() => var_dump($wg->wait()));  // count 0: true even outside a coroutine
Co\run(function () {
    $wg = new WaitGroup(1);
    go(function () use ($wg) { var_dump($wg->wait()); });
    show(fn() => $wg->wait());
    show(fn() => $wg->add());
    var_dump($wg->count());
    $wg->done();
    var_dump($wg->count());
    var_dump($wg instanceof Swoole\Coroutine\WaitGroup);
});
?>
--EXPECT--
InvalidArgumentException
BadMethodCallException
bool(true)
no exception
BadMethodCallException
BadMethodCallException
int(1)
int(0)
bool(true)
bool(true)
