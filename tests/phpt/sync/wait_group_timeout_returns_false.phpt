--TEST--
WaitGroup::wait($timeout) returns false when the count is not zero in time; waiting again later succeeds
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    $wg = new Swoole\Coroutine\WaitGroup(1);
    go(function () use ($wg) { Co::sleep(0.3); $wg->done(); });
    var_dump($wg->wait(0.005));
    var_dump($wg->count());
    var_dump($wg->wait());
    var_dump($wg->count());
});
?>
--EXPECT--
bool(false)
int(1)
bool(true)
int(0)
