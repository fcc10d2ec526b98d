--TEST--
A period below 1 ms warns and returns false; a non-callable callback throws TypeError
--EXTENSIONS--
gust
--FILE--
<?php
var_dump(Swoole\Timer::after(0, function () {}));
var_dump(swoole_timer_tick(-5, function () {}));
try {
    Swoole\Timer::after(10, 'no_such_function');
} catch (TypeError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
try {
    swoole_timer_tick(10, 42);
} catch (TypeError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
var_dump(Swoole\Timer::stats()['num']);
?>
--EXPECTF--
Warning: Swoole\Timer::after(): Timer must be greater than or equal to 1 in %s on line %d
bool(false)

Warning: swoole_timer_tick(): Timer must be greater than or equal to 1 in %s on line %d
bool(false)
TypeError: Swoole\Timer::after(): Argument #2 ($callback) must be a valid callback, function "no_such_function" not found or invalid function name
TypeError: swoole_timer_tick(): Argument #2 ($callback) must be a valid callback, no array or string given
int(0)
