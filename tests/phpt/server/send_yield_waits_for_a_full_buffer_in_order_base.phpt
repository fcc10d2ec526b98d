--TEST--
BASE mode: send_yield (opt-in in Gust for now, on by default in Swoole): in a coroutine, send() to a connection whose output buffer is full waits for it to drain instead of failing, and sends keep their order
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$mode = SWOOLE_BASE;
require __DIR__ . '/send_yield.inc';
?>
--EXPECT--
reader got 10485760 bytes in order: true
