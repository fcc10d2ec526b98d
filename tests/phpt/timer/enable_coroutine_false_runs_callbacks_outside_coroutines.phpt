--TEST--
swoole_async_set(['enable_coroutine' => false]): timer callbacks run outside coroutines (Co::getCid() is -1, exceptions are fatal as anywhere); true restores coroutine callbacks
--EXTENSIONS--
gust
--FILE--
<?php
swoole_async_set(['enable_coroutine' => false]);
Swoole\Timer::after(1, function () {
    echo "after cid: ", Co::getCid(), "\n";
    $n = 0;
    Swoole\Timer::tick(1, function (int $id) use (&$n) {
        echo "tick cid: ", Co::getCid(), "\n";
        if (++$n === 2) Swoole\Timer::clear($id);
    });
});
Swoole\Event::wait();
swoole_async_set(['enable_coroutine' => true]);
Swoole\Timer::after(1, function () { echo "in a coroutine again: ", var_export(Co::getCid() > 0, true), "\n"; });
Swoole\Event::wait();
// An uncaught exception in a plain timer callback ends the script as a fatal error (exit 255).
$gust = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~(/\S+/gust\.so)$~', trim($line), $m)) { $gust = $m[1]; break; }
}
$child = <<<'PHP'
<?php
swoole_async_set(['enable_coroutine' => false]);
Swoole\Timer::after(1, function () { throw new RuntimeException("from a plain timer"); });
Swoole\Timer::after(50, function () { echo "never runs\n"; });
Swoole\Event::wait();
echo "not reached\n";
PHP;
$file = tempnam(sys_get_temp_dir(), 'gust');
file_put_contents($file, $child);
$p = proc_open([PHP_BINARY, '-n', '-d', "extension=$gust", '-d', 'display_errors=1', $file], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
$out = stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
$rc = proc_close($p);
unlink($file);
echo $out, "stderr: ", $err === '' ? "empty" : $err, "\nexit code: $rc\n";
?>
--EXPECTF--
after cid: -1
tick cid: -1
tick cid: -1
in a coroutine again: true

Fatal error: Uncaught RuntimeException: from a plain timer in %s:3
Stack trace:
#0 [internal function]: {closure}()
#1 %s
#2 {main}
  thrown in %s on line 3
stderr: empty
exit code: 255
