--TEST--
SWOOLE_PROCESS, a fatal error in dispatch_func: the master runs no more PHP, stops the workers and the manager, and its script then ends with the fatal error (shutdown functions see it) instead of hanging or crashing
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$decide = function ($server, $fd, $type, $data) {
    if (trim($data) === 'fatal') trigger_error('dispatch gave up', E_USER_ERROR);
    return 0;
};
// Registered before the fork; acts in the master only (the child of this test process). It reports the error PHP ended with, then SIGKILLs itself: PHP leaks
// what a fatal error abandons when its allocator is off (USE_ZEND_ALLOC=0, as under ASan here), plain
// scripts too, and the leak check at exit would report that instead.
$main = getmypid();
register_shutdown_function(function () use (&$report, $main) {
    if (posix_getppid() !== $main || !is_resource($report)) return;
    fwrite($report, "shutdown: " . (error_get_last()['message'] ?? 'no error') . "\n");
    posix_kill(getmypid(), SIGKILL);
});
require __DIR__ . '/dispatch_func.inc';
$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 10);
// Printed once the server process is gone, after the fatal error it prints.
$out = "before: " . ask($c, 'before') . "\n";
fwrite($c, "fatal\n");
// The package itself may still reach worker 0 (the master answers for it by fd) before the end.
while (($d = fread($c, 100)) !== false && $d !== '');
$out .= "the connection ends with the server: " . var_export(feof($c), true) . "\n";
do { $l = ev($events); } while (!str_starts_with($l, 'shutdown'));
$out .= "the master's $l\n";
pcntl_waitpid($pid, $status);
$out .= "the master ended: " . var_export(pcntl_wifsignaled($status) && pcntl_wtermsig($status) === SIGKILL, true) . "\n";
$logged = file_get_contents($log);
unlink($log);
echo $out, "logged: ", var_export(str_contains($logged, 'dispatch_func ended with a fatal error (the data of connection 1); the server stops'), true), "\n";
?>
--EXPECTF--
%AFatal error: dispatch gave up in %s on line %d
before: w0 before
the connection ends with the server: true
the master's shutdown: dispatch gave up
the master ended: true
logged: true
