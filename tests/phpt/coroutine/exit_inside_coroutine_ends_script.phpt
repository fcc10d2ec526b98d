--TEST--
An uncaught exit() inside a coroutine ends the whole script with its status; destructors and shutdown functions still run
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
Co\run(function () {
    go(function () {
        $d = new D;
        echo "exiting\n";
        exit(3);
    });
    echo "never\n";
});
echo "never after run\n";
PHP;
$file = tempnam(sys_get_temp_dir(), 'gust');
file_put_contents($file, $child);
$p = proc_open([PHP_BINARY, '-n', '-d', "extension=$gust", $file], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
$out = stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
$rc = proc_close($p);
unlink($file);
echo $out;
echo "stderr: ", $err === '' ? "empty" : $err, "\n";
echo "exit code: $rc\n";
?>
--EXPECT--
exiting
destruct
shutdown function
stderr: empty
exit code: 3
