--TEST--
go() called by a __destruct that the request's shutdown runs is a fatal error "can not use coroutine in __destruct after php_request_shutdown", as in Swoole; a destructor run before the shutdown may start coroutines
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
class Starter {
    function __construct(public string $name) {}
    function __destruct() {
        echo "destruct {$this->name}\n";
        go(function () { echo "coroutine of {$this->name}\n"; });
    }
}
$early = new Starter("early");
$early = null;
$late = new Starter("late");
echo "script end\n";
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
destruct early
coroutine of early
script end
destruct late

Fatal error: go(): can not use coroutine in __destruct after php_request_shutdown in FILE on line 6
stderr: empty
exit code: 255
