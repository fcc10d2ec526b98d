--TEST--
System::waitEvent waits for a stream to become readable/writable; System::waitSignal returns the signal that arrived or false on timeout
--EXTENSIONS--
gust
posix
--FILE--
<?php
use Swoole\Coroutine\System;
Co\run(function () {
    [$a, $b] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
    go(function () use ($b) { Co::sleep(0.001); fwrite($b, "x"); });
    var_dump(System::waitEvent($a, SWOOLE_EVENT_READ, 5) === SWOOLE_EVENT_READ, fread($a, 1));
    var_dump(System::waitEvent($a, SWOOLE_EVENT_WRITE) === SWOOLE_EVENT_WRITE);
    var_dump(System::waitEvent($a, SWOOLE_EVENT_READ, 0.01));
    go(function () { Co::sleep(0.001); posix_kill(getmypid(), SIGUSR1); });
    var_dump(System::waitSignal([SIGUSR2, SIGUSR1], 5) === SIGUSR1);
    var_dump(System::waitSignal(SIGUSR2, 0.01));
    try { System::waitSignal(SIGKILL); } catch (ValueError $e) { echo $e->getMessage(), "\n"; }
});
?>
--EXPECT--
bool(true)
string(1) "x"
bool(true)
bool(false)
bool(true)
bool(false)
Swoole\Coroutine\System::waitSignal(): Argument #1 ($signals) must name signals that can be caught
