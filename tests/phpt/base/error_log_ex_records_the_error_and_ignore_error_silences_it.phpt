--TEST--
swoole_error_log() writes at or above the log level; swoole_error_log_ex() records its error as the last error and logs it unless swoole_ignore_error() named it; swoole_errno() is the C errno
--EXTENSIONS--
gust
--FILE--
<?php
// The log goes to stderr: run the calls in a child PHP with the same gust.so and read its stderr.
$gust = null;
foreach (file('/proc/self/maps') as $line) {
    if (preg_match('~(/\S+/gust\.so)$~', trim($line), $m)) { $gust = $m[1]; break; }
}
$child = <<<'PHP'
<?php
swoole_error_log(SWOOLE_LOG_WARNING, "plain warning");
swoole_error_log(SWOOLE_LOG_DEBUG, "below the level: not written");
swoole_error_log_ex(SWOOLE_LOG_ERROR, SWOOLE_ERROR_FOR_TEST, "logged with its error");
echo swoole_last_error() === SWOOLE_ERROR_FOR_TEST ? "recorded\n" : "not recorded\n";
swoole_ignore_error(SWOOLE_ERROR_FOR_TEST);
swoole_clear_error();
swoole_error_log_ex(SWOOLE_LOG_ERROR, SWOOLE_ERROR_FOR_TEST, "ignored: not written");
echo swoole_last_error() === SWOOLE_ERROR_FOR_TEST ? "recorded\n" : "not recorded\n";
swoole_error_log_ex(SWOOLE_LOG_ERROR, SWOOLE_ERROR_QUEUE_FULL, "another error is still written");
@file_get_contents('/nonexistent/gust');
echo swoole_errno() === 2 ? "errno ENOENT\n" : "errno " . swoole_errno() . "\n";
try {
    swoole_error_log(7, "x");
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
PHP;
$file = tempnam(sys_get_temp_dir(), 'gust');
file_put_contents($file, $child);
$p = proc_open([PHP_BINARY, '-n', '-d', "extension=$gust", $file], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
$out = stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
proc_close($p);
unlink($file);
echo $out;
// Swoole's layout: "[time pid=N]\tLEVEL\tmessage".
echo preg_replace('~^\[[^\]]+ pid=\d+\]\t(\w+)\t~m', '$1 ', $err);
?>
--EXPECT--
recorded
recorded
errno ENOENT
swoole_error_log(): Argument #1 ($level) must be one of the SWOOLE_LOG_* constants
WARNING plain warning
ERROR logged with its error
ERROR another error is still written
