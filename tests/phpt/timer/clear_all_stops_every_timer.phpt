--TEST--
clearAll() stops every timer, including the one whose callback calls it; false before any timer exists
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
var_dump(Swoole\Timer::clearAll());
for ($i = 1; $i <= 5; $i++) {
    Swoole\Timer::after(100 * $i, function () use ($i) { echo "never $i\n"; });
}
Swoole\Timer::tick(2, function () {
    echo "tick clears all\n";
    var_dump(swoole_timer_clear_all());
    var_dump(count(Swoole\Timer::list()));
});
echo "script end\n";
?>
--EXPECT--
bool(false)
script end
tick clears all
bool(true)
int(0)
