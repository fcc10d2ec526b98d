--TEST--
Swoole\Process::start() inside a coroutine is a fatal error a catch cannot take (uncaught Swoole\Error "must be forked outside the coroutine"), as in Swoole; no child is forked
--EXTENSIONS--
gust
--FILE--
<?php
// A fatal error leaves what the frames held to Zend's allocator to free at the request's end (PHP
// does so for any fatal error): under ASan the child keeps that allocator on, or it would report
// PHP's own leak. The script runs in a child PHP with the same gust.so.
$gust = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~(/\S+/gust\.so)$~', trim($line), $m)) { $gust = $m[1]; break; }
}
$env = getenv();
$env['USE_ZEND_ALLOC'] = '1';
$child = <<<'PHP'
<?php
register_shutdown_function(function () {
    echo "shutdown function, children: ", var_export(pcntl_waitpid(-1, $status, WNOHANG), true), "\n";
});
Co\run(function () {
    $process = new Swoole\Process(function () { echo "never: child\n"; });
    try {
        $process->start();
    } catch (Throwable $e) {
        echo "never: caught\n";
    }
    echo "never: after start\n";
});
echo "never: after run\n";
PHP;
$file = tempnam(sys_get_temp_dir(), 'gust');
file_put_contents($file, $child);
$p = proc_open([PHP_BINARY, '-n', '-d', "extension=$gust", '-d', 'display_errors=1', '-d', 'log_errors=0',
                '-d', 'error_reporting=' . (E_ALL & ~E_DEPRECATED), $file], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
$out = stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
$rc = proc_close($p);
unlink($file);
echo str_replace($file, 'FILE', $out);
echo "stderr: ", $err === '' ? "empty" : $err, "\n";
echo "exit code: $rc\n";
?>
--EXPECTF--

Fatal error: Uncaught Swoole\Error: must be forked outside the coroutine in FILE:%d
Stack trace:
#0 FILE(%d): Swoole\Process->start()
#1 [internal function]: {closure}()
#2 {main}
  thrown in FILE on line %d
shutdown function, children: -1
stderr: empty
exit code: 255
