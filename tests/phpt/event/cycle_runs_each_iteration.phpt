--TEST--
cycle() runs a callback once per loop iteration without keeping the loop alive; null removes it
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$iterations = 0;
var_dump(Swoole\Event::cycle(null));
var_dump(Swoole\Event::cycle(function () use (&$iterations) { $iterations++; }));
$ticks = 0;
Swoole\Timer::tick(1, function (int $id) use (&$ticks, &$iterations) {
    if (++$ticks === 5) {
        Swoole\Timer::clear($id);
        echo "cycle ran at least once per tick: ", var_export($iterations >= 4, true), "\n";
    }
});
Swoole\Timer::after(200, function () use (&$iterations) {
    var_dump(swoole_event_cycle(null));
    $seen = $iterations;
    Swoole\Timer::after(5, function () use (&$iterations, $seen) {
        echo "no more cycles after removal: ", var_export($iterations === $seen, true), "\n";
    });
});
echo "script end\n";
?>
--EXPECT--
bool(false)
bool(true)
script end
cycle ran at least once per tick: true
bool(true)
no more cycles after removal: true
