--TEST--
Timer::stats() inside a one-shot timer's callback counts that timer, and the first round is round 1 (as in Swoole)
--EXTENSIONS--
gust
--FILE--
<?php
var_dump(Swoole\Timer::stats()['round']);
Swoole\Timer::after(5, function () {
    $s = Swoole\Timer::stats();
    echo "num={$s['num']} round={$s['round']}\n";
    Swoole\Timer::after(5, function () {
        $s = Swoole\Timer::stats();
        echo "num={$s['num']} round={$s['round']}\n";
    });
});
Swoole\Event::wait();
var_dump(Swoole\Timer::stats()['num']);
?>
--EXPECT--
int(0)
num=1 round=1
num=1 round=2
int(0)
