--TEST--
Swoole\Process::signal(): a handler runs on the event loop, null removes it, a child starts without its parent's handlers, a handler alone does not keep the script alive, bad signal numbers warn
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
use Swoole\Process;
use Swoole\Timer;

var_dump(@Process::signal(0, fn() => 1), swoole_last_error() === SWOOLE_ERROR_INVALID_PARAMS);
var_dump(@Process::signal(SIGKILL, fn() => 1));

$keep = Timer::tick(1000, fn() => null);  // keeps the loop alive until the handler has run
$guard = Timer::after(5000, function () { echo "TIMEOUT\n"; Timer::clearAll(); });
Process::signal(SIGUSR1, function (int $signo) use ($keep, $guard) {
    echo "parent got signal $signo\n";
    var_dump(Process::signal(SIGUSR1, null));
    Timer::clear($keep);
    Timer::clear($guard);
});
$child = new Process(function () {
    // The parent's SIGUSR1 handler is not this process's: the default action ends it.
    posix_kill(posix_getppid(), SIGUSR1);
    posix_kill(getmypid(), SIGUSR1);
    echo "child survived\n";
}, false, 0);
$pid = $child->start();
Swoole\Event::wait();
$st = Process::wait(true);
var_dump($st['pid'] === $pid, $st['signal'] === SIGUSR1);

// A handler alone does not hold the loop: the script ends.
Process::signal(SIGUSR2, fn() => print("never\n"));
echo "end\n";
?>
--EXPECT--
bool(false)
bool(true)
bool(false)
parent got signal 10
bool(true)
bool(true)
bool(true)
end
