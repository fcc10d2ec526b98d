--TEST--
exit() stops the loop: wait() returns and remaining timers stay; as in Swoole (which frees its reactor there) the shutdown function does not run them
--EXTENSIONS--
gust
--FILE--
<?php
$n = 0;
$tick = Swoole\Timer::tick(1, function () use (&$n) {
    if (++$n === 3) {
        echo "exit requested\n";
        Swoole\Event::exit();
    }
});
Swoole\Timer::after(300, function () { echo "after 300\n"; });
Swoole\Event::wait();
echo "wait returned after $n ticks, timer still exists: ", var_export(Swoole\Timer::exists($tick), true), "\n";
Swoole\Timer::clear($tick);
echo "script end\n";
?>
--EXPECT--
exit requested
wait returned after 3 ticks, timer still exists: true
script end
