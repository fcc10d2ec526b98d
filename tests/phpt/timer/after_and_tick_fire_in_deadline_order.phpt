--TEST--
after() and tick() fire in deadline order, after the script body, each in a coroutine of its own
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
// Ticks and afters far apart: only the order among the afters is exact whatever the machine's load.
Swoole\Timer::after(300, function () { echo "after 300 in coroutine ", Co::getCid() > 0 ? "yes" : "no", "\n"; });
Swoole\Timer::after(100, function () { echo "after 100\n"; });
swoole_timer_after(200, function () { echo "after 200\n"; });
$n = 0;
Swoole\Timer::tick(1, function (int $id) use (&$n) {
    $n++;
    echo "tick $n\n";
    if ($n == 3) {
        echo "tick 3, clearing\n";
        Swoole\Timer::clear($id);
    }
});
echo "script end\n";
?>
--EXPECT--
script end
tick 1
tick 2
tick 3
tick 3, clearing
after 100
after 200
after 300 in coroutine yes
