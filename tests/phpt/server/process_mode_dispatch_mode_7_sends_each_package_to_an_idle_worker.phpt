--TEST--
SWOOLE_PROCESS, dispatch_mode 7 (SWOOLE_DISPATCH_STREAM): each package goes to an idle worker; no onConnect/onClose on a TCP port
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$mode = SWOOLE_DISPATCH_STREAM;
$connect_events = false;
require __DIR__ . '/dispatch_by_load.inc';
?>
--EXPECT--
while one worker holds three coroutines, 8 packages go to the idle worker
release: ok
the holding connection hears: released
afterwards both workers take packages: true
connect/close events: 0
exit status 0
