--TEST--
pcntl_fork() inside a coroutine warns "has been disabled for security reasons" and returns null, whatever the hook flags (as in Swoole); outside coroutines it is PHP's own
--EXTENSIONS--
gust
pcntl
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
Co\run(function () {
    var_dump(pcntl_fork());
});
Swoole\Runtime::setHookFlags(0);
go(function () {
    var_dump(pcntl_fork());
});
Swoole\Event::wait();
$pid = pcntl_fork();
if ($pid === 0) exit(7);
pcntl_waitpid($pid, $status);
echo "outside: forked, child exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECTF--
Warning: pcntl_fork() has been disabled for security reasons in %s on line 3
NULL

Warning: pcntl_fork() has been disabled for security reasons in %s on line 7
NULL
outside: forked, child exit status 7
