--TEST--
An uncaught exception in a timer callback is reported like PHP's own and the process exits with 255
--EXTENSIONS--
gust
--FILE--
<?php
$gust = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~(/\S+/gust\.so)$~', trim($line), $m)) { $gust = $m[1]; break; }
}
$child = <<<'PHP'
<?php
register_shutdown_function(function () { echo "shutdown function\n"; });
Swoole\Timer::tick(1, function () { echo "tick\n"; });
Swoole\Timer::after(3, function () { throw new RuntimeException("from timer"); });
echo "script end\n";
PHP;
$file = tempnam(sys_get_temp_dir(), 'gust');
file_put_contents($file, $child);
$p = proc_open([PHP_BINARY, '-n', '-d', "extension=$gust", '-d', 'display_errors=1', $file], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
$out = stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
$rc = proc_close($p);
unlink($file);
echo preg_replace('/(tick\n)+/', "tick...\n", $out);
echo "stderr: ", $err === '' ? "empty" : $err, "\n";
echo "exit code: $rc\n";
?>
--EXPECTF--
script end
shutdown function

Deprecated: Swoole\Event::rshutdown(): Event::wait() in shutdown function is deprecated in Unknown on line 0
tick...

Fatal error: Uncaught RuntimeException: from timer in %s:4
Stack trace:
#0 [internal function]: {closure}()
#1 {main}
  thrown in %s on line 4
stderr: empty
exit code: 255
