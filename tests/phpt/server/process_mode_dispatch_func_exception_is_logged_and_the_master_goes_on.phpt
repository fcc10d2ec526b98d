--TEST--
SWOOLE_PROCESS, dispatch_func throwing: the exception is logged with its class and message, the package goes to the connection's worker by fd, and the master goes on serving and stops normally
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$decide = function ($server, $fd, $type, $data) {
    if (trim($data) === 'throw') throw new RuntimeException('no worker for you');
    return 1;
};
require __DIR__ . '/dispatch_func.inc';
$c = stream_socket_client("tcp://127.0.0.1:$port");  // fd 1: worker 0 by fd
stream_set_timeout($c, 10);
echo "before: ", ask($c, 'before'), "\n";
echo "throw: ", ask($c, 'throw'), "\n";
echo "after: ", ask($c, 'after'), "\n";
fwrite($c, "quit\n");
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
$logged = file_get_contents($log);
unlink($log);
echo "logged: ", var_export(str_contains($logged, 'dispatch_func threw RuntimeException: no worker for you (the data of connection 1)'), true), "\n";
?>
--EXPECT--
before: w1 before
throw: w0 throw
after: w1 after
exit status 0
logged: true
