--TEST--
Co::set(['exit_condition' => ...]): the condition alone decides when the scheduler ends; a coroutine parked for good is not reported as a deadlock and the process waits
--EXTENSIONS--
gust
pcntl
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
[$parent, $child] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($parent);
    Swoole\Coroutine::set(['exit_condition' => function () {
        return Swoole\Coroutine::stats()['coroutine_num'] === 0;
    }]);
    go(function () use ($child) {
        fwrite($child, "parked\n");
        (new Swoole\Coroutine\Channel())->pop();
    });
    exit(0);  // the script ends: the scheduler runs until the condition holds
}
fclose($child);
stream_set_timeout($parent, 5);
echo trim(fgets($parent)), "\n";
usleep(300000);
echo "still running: ", var_export(pcntl_waitpid($pid, $status, WNOHANG) === 0, true), "\n";
posix_kill($pid, SIGKILL);
pcntl_waitpid($pid, $status);
echo "killed: ", var_export(pcntl_wifsignaled($status) && pcntl_wtermsig($status) === SIGKILL, true), "\n";
?>
--EXPECT--
parked
still running: true
killed: true
