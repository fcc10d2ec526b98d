--TEST--
SWOOLE_PROCESS, dispatch_mode 9 (SWOOLE_DISPATCH_CO_REQ_LB): each package goes to the worker with the fewest coroutines; onConnect and onClose of a connection run in one worker
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$mode = SWOOLE_DISPATCH_CO_REQ_LB;
$connect_events = true;
require __DIR__ . '/dispatch_by_load.inc';
?>
--EXPECT--
while one worker holds three coroutines, 8 packages go to the idle worker
release: ok
the holding connection hears: released
afterwards both workers take packages: true
onConnect of both connections: true
onClose runs in the worker that ran onConnect: true
exit status 0
