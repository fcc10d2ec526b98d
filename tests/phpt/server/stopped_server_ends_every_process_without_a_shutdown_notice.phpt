--TEST--
A server that stops leaves no loop behind in any of its processes (master, manager, workers): none prints "Event::wait() in shutdown function is deprecated" at its exit, as Swoole frees its reactor there; a timer the script adds after start() still runs at shutdown, with the notice
--EXTENSIONS--
gust
--FILE--
<?php
$gust = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~(/\S+/gust\.so)$~', trim($line), $m)) { $gust = $m[1]; break; }
}
$script = <<<'PHP'
<?php
[, $mode, $workers, $late] = $argv;
$s = new Swoole\Server('127.0.0.1', 0, (int)$mode);
$s->set(['worker_num' => (int)$workers, 'log_level' => SWOOLE_LOG_NONE]);
$s->on('workerStart', function ($s, $id) {
    // A tick left running by the worker (it stops at max_wait_time) must not outlive start().
    if ($GLOBALS['late']) Swoole\Timer::tick(1000, function () {});
    if ($id == 0) Swoole\Timer::after(1, fn() => $s->shutdown());
});
$s->on('receive', function () {});
$s->start();
echo "start() returned\n";
if ($late) Swoole\Timer::after(1, function () { echo "late timer ran\n"; });
PHP;
$file = tempnam(sys_get_temp_dir(), 'gust');
file_put_contents($file, $script);
// Every process of the server writes to the same stdout pipe; it closes when the last one ends.
foreach ([[SWOOLE_BASE, 1, 0], [SWOOLE_BASE, 2, 0], [SWOOLE_PROCESS, 2, 0], [SWOOLE_BASE, 1, 1]] as [$mode, $workers, $late]) {
    $cmd = [PHP_BINARY, '-n', '-d', "extension=$gust", '-d', 'display_errors=1', '-d', 'error_reporting=' . E_ALL,
        $file, $mode, $workers, $late];
    $proc = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    $code = proc_close($proc);
    $out = preg_replace('~\s*Deprecated: Swoole\\\\Event::rshutdown\(\): Event::wait\(\) in shutdown function is deprecated in \S+ on line \d+\s*~', "\n[notice]\n", $out);
    echo $mode == SWOOLE_BASE ? 'BASE' : 'PROCESS', " x$workers", $late ? ' + late timer' : '', " (exit $code):\n", trim($out), "\n", $err;
}
unlink($file);
?>
--EXPECT--
BASE x1 (exit 0):
start() returned
BASE x2 (exit 0):
start() returned
PROCESS x2 (exit 0):
start() returned
BASE x1 + late timer (exit 0):
start() returned
[notice]
late timer ran
