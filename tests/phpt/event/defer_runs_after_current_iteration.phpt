--TEST--
defer() runs its callback after the current loop callbacks, in order, before the loop waits again
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
Swoole\Event::defer(function () { echo "defer 1 (from the script)\n"; });
Swoole\Timer::after(50, function () {
    Swoole\Event::defer(function () {
        echo "defer 2 (from a timer)\n";
        Swoole\Event::defer(function () { echo "defer 3 (from a defer)\n"; });
    });
    echo "timer callback ends\n";
});
var_dump(swoole_event_defer(function () { echo "defer 1b\n"; }));
echo "script end\n";
?>
--EXPECT--
bool(true)
script end
defer 1 (from the script)
defer 1b
timer callback ends
defer 2 (from a timer)
defer 3 (from a defer)
