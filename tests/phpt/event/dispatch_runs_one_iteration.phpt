--TEST--
dispatch() runs one loop iteration (waiting for the next event) and returns; false inside a coroutine
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
var_dump(Swoole\Event::dispatch());
Swoole\Timer::after(3, function () { echo "first\n"; });
Swoole\Timer::after(300, function () { echo "second\n"; });
var_dump(Swoole\Event::dispatch());
echo "between\n";
go(function () { var_dump(swoole_event_dispatch()); });
echo "script end\n";
?>
--EXPECT--
bool(false)
first
bool(true)
between
bool(false)
script end
second
