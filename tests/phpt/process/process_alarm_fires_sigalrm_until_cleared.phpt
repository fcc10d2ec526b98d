--TEST--
Swoole\Process::alarm(): an interval timer (setitimer) whose SIGALRM reaches Process::signal(); alarm(-1) stops it; an unknown timer type warns
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Process;
use Swoole\Timer;

var_dump(@Process::alarm(1000, 7), swoole_last_error() === SWOOLE_ERROR_INVALID_PARAMS);
$keep = Timer::tick(1000, fn() => null);
$guard = Timer::after(5000, function () { echo "TIMEOUT\n"; Timer::clearAll(); });
$n = 0;
Process::signal(SIGALRM, function () use (&$n, $keep, $guard) {
    echo "alarm ", ++$n, "\n";
    if ($n === 3) {
        var_dump(Process::alarm(-1));
        Process::signal(SIGALRM, null);
        Timer::clear($keep);
        Timer::clear($guard);
    }
});
var_dump(Process::alarm(10 * 1000, ITIMER_REAL));
Swoole\Event::wait();
echo "done after $n\n";
?>
--EXPECT--
bool(false)
bool(true)
bool(true)
alarm 1
alarm 2
alarm 3
bool(true)
done after 3
