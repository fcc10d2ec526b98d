--TEST--
Timers added outside every coroutine run when the script body has ended, before later shutdown functions
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
Swoole\Timer::after(1, function () {
    echo "timer\n";
    register_shutdown_function(function () { echo "shutdown function added by the timer\n"; });
});
echo "script end\n";
?>
--EXPECT--
script end
timer
shutdown function added by the timer
