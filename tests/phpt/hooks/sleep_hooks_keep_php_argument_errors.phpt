--TEST--
Hooked sleep functions reject bad arguments exactly as PHP does
--EXTENSIONS--
gust
--FILE--
<?php
Co\run(function () {
    foreach ([fn() => sleep(-1), fn() => usleep(-5), fn() => time_nanosleep(0, -1)] as $f) {
        try { $f(); } catch (ValueError $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
    }
    var_dump(@time_sleep_until(microtime(true) - 10));
});
?>
--EXPECT--
ValueError: sleep(): Argument #1 ($seconds) must be greater than or equal to 0
ValueError: usleep(): Argument #1 ($microseconds) must be greater than or equal to 0
ValueError: time_nanosleep(): Argument #2 ($nanoseconds) must be greater than or equal to 0
bool(false)
