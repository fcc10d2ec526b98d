--TEST--
An uncaught exit() inside a coroutine is a fatal error, as in Swoole: "Uncaught Swoole\ExitException: swoole exit" with its backtrace, exit status 255; the exception unwinds the frames (their objects are released), shutdown functions run, the other coroutines do not
--EXTENSIONS--
gust
--FILE--
<?php
// The exit status is only visible from outside: run the script in a child PHP with the same gust.so.
$gust = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~(/\S+/gust\.so)$~', trim($line), $m)) { $gust = $m[1]; break; }
}
$child = <<<'PHP'
<?php
class D { function __destruct() { echo "destruct\n"; } }
register_shutdown_function(function () { echo "shutdown function\n"; });
function leave(string $why) { exit("text status"); }
Co\run(function () {
    go(function () { Co::sleep(0.05); echo "never: other coroutine\n"; });
    go(function () {
        $d = new D;
        echo "exiting\n";
        leave("done");
    });
    echo "never\n";
});
echo "never after run\n";
PHP;
$file = tempnam(sys_get_temp_dir(), 'gust');
file_put_contents($file, $child);
$p = proc_open([PHP_BINARY, '-n', '-d', "extension=$gust", '-d', 'display_errors=1', '-d', 'log_errors=0', $file],
               [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
$out = stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
$rc = proc_close($p);
unlink($file);
echo str_replace($file, 'FILE', $out);
echo "stderr: ", $err === '' ? "empty" : $err, "\n";
echo "exit code: $rc\n";
?>
--EXPECTF--
exiting
destruct

Fatal error: Uncaught Swoole\ExitException: swoole exit in FILE:4
Stack trace:
#0 FILE(10): leave('done')
#1 [internal function]: {closure}()
#2 {main}
  thrown in FILE on line 4
shutdown function
stderr: empty
exit code: 255
