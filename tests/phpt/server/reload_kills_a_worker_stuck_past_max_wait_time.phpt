--TEST--
Server::reload(): a worker still running max_wait_time after it was asked to stop (stuck in a blocking call) is killed with SIGKILL and spawned again
--EXTENSIONS--
gust
posix
pcntl
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$marker = tempnam(sys_get_temp_dir(), 'gust-stuck');
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $server->set(['worker_num' => 1, 'max_wait_time' => 1, 'log_level' => SWOOLE_LOG_ERROR]);
    $server->on('workerStart', function ($s, $id) use ($report, $marker) {
        fwrite($report, "worker " . getmypid() . "\n");
        if (file_get_contents($marker) === '') {
            file_put_contents($marker, 'stuck once');
            $s->reload();
            sleep(30);  // blocking: the worker never sees the reload's SIGTERM
        }
    });
    $server->on('workerError', function ($s, $id, $wpid, $code, $signal) use ($report) {
        fwrite($report, "workerError signal $signal\n");
    });
    $server->on('receive', function () {});
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$start = microtime(true);
$first = trim((string)fgets($events));
$error = trim((string)fgets($events));
$second = trim((string)fgets($events));
echo $error, "\n";
echo "replaced: ", var_export($first !== '' && $second !== '' && $first !== $second, true), "\n";
echo "within a few seconds: ", var_export(microtime(true) - $start < 8, true), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
unlink($marker);
?>
--EXPECT--
workerError signal 9
replaced: true
within a few seconds: true
exit status 0
