--TEST--
Hooked sleep functions: a negative time in a coroutine is a warning and false (as in Swoole); outside one, PHP's ValueError
--EXTENSIONS--
gust
--FILE--
<?php
Swoole\Runtime::enableCoroutine(SWOOLE_HOOK_SLEEP);
Co\run(function () {
    var_dump(sleep(-1));
    var_dump(usleep(-5));
    var_dump(time_nanosleep(-1, 1));
    var_dump(time_nanosleep(0, -1));
    var_dump(time_sleep_until(microtime(true) - 10));
    var_dump(sleep(0));
});
try { sleep(-1); } catch (ValueError $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
?>
--EXPECTF--
Warning: sleep(): Number of seconds must be greater than or equal to 0 in %s on line %d
bool(false)

Warning: usleep(): Number of seconds must be greater than or equal to 0 in %s on line %d
NULL

Warning: time_nanosleep(): The seconds value must be greater than 0 in %s on line %d
bool(false)

Warning: time_nanosleep(): The nanoseconds value must be greater than 0 in %s on line %d
bool(false)

Warning: time_sleep_until(): Sleep until to time is less than current time in %s on line %d
bool(false)
int(0)
ValueError: sleep(): Argument #1 ($seconds) must be greater than or equal to 0
