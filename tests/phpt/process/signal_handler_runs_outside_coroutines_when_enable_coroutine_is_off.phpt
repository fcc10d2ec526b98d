--TEST--
Process::signal() handlers run outside every coroutine when swoole_async_set(['enable_coroutine' => false]), as in Swoole, so exit() in one is PHP's own and ends the script with its status; with coroutines on (the default) they run in a coroutine
--EXTENSIONS--
gust
posix
--FILE--
<?php
// The exit status is only visible from outside: run the script in a child PHP with the same gust.so.
$gust = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~(/\S+/gust\.so)$~', trim($line), $m)) { $gust = $m[1]; break; }
}
$child = <<<'PHP'
<?php
swoole_async_set(['wait_signal' => true]);  // the handlers keep the loop running until they remove themselves
Swoole\Process::signal(SIGUSR1, function () {
    echo "with coroutines: in coroutine ", var_export(Swoole\Coroutine::getCid() > 0, true), "\n";
    Swoole\Process::signal(SIGUSR1, null);
});
posix_kill(posix_getpid(), SIGUSR1);
Swoole\Event::wait();
swoole_async_set(['enable_coroutine' => false]);
Swoole\Process::signal(SIGUSR2, function () {
    echo "without coroutines: in coroutine ", var_export(Swoole\Coroutine::getCid() > 0, true), "\n";
    Swoole\Process::signal(SIGUSR2, null);
    exit(123);
});
posix_kill(posix_getpid(), SIGUSR2);
Swoole\Event::wait();
echo "never\n";
PHP;
$file = tempnam(sys_get_temp_dir(), 'gust');
file_put_contents($file, $child);
// posix is a shared extension on Debian's PHP and built in on the thread-safe one CI builds.
$posix = is_file(ini_get('extension_dir') . '/posix.so') ? ['-d', 'extension=posix'] : [];
$p = proc_open([PHP_BINARY, '-n', '-d', "extension=$gust", ...$posix, $file], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
$out = stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
$rc = proc_close($p);
unlink($file);
echo $out;
echo "stderr: ", $err === '' ? "empty" : $err, "\n";
echo "exit code: $rc\n";
?>
--EXPECT--
with coroutines: in coroutine true
without coroutines: in coroutine false
stderr: empty
exit code: 123
