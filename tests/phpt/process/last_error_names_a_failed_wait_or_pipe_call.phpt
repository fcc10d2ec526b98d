--TEST--
Swoole\Process calls that fail record the last error: wait() with no child (ECHILD), read()/write() on a process made without a pipe (WRONG_OPERATION), kill() of a reaped child (ESRCH); swoole_strerror(swoole_last_error()) names each
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Process;
function last(): string { $e = swoole_last_error(); return "$e " . swoole_strerror($e); }
swoole_clear_error();
var_dump(Process::wait(false));
echo last(), "\n";

$p = new Process(function () {}, false, 0);  // no pipe
var_dump(@$p->read(), swoole_last_error() === SWOOLE_ERROR_WRONG_OPERATION);
echo last(), "\n";
swoole_clear_error();
var_dump(@$p->write('x'), swoole_last_error() === SWOOLE_ERROR_WRONG_OPERATION);

$pid = $p->start();
$status = Process::wait(true);
var_dump($status['pid'] === $pid);
// The child is reaped: its pid names no process unless the kernel reused it meanwhile (never
// within this test's microseconds on Linux, which hands out pids in increasing order).
var_dump(@Process::kill($pid, 0));
echo last(), "\n";
?>
--EXPECT--
bool(false)
10 No child processes
bool(false)
bool(true)
509 operation not allowed in this state
bool(false)
bool(true)
bool(true)
bool(false)
3 No such process
