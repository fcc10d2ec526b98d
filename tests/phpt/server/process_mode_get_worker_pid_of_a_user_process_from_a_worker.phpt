--TEST--
SWOOLE_PROCESS: a worker's getWorkerPid() of a user process (its id follows the workers and task workers) gives that process's pid, and its successor's after a respawn
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$log = tempnam(sys_get_temp_dir(), 'gust-user-pid');
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $server->set(['worker_num' => 1, 'task_worker_num' => 1, 'log_file' => $log, 'log_level' => SWOOLE_LOG_WARNING]);
    $server->addProcess(new Swoole\Process(function () use ($report) {
        fwrite($report, "user " . getmypid() . "\n");
        while (true) sleep(100);
    }));
    $server->on('workerStart', function ($s, $id) use ($report) { if ($id === 0) fwrite($report, "port {$s->port}\n"); });
    $server->on('task', function () {});
    $server->on('receive', function ($s, $fd, $rid, $data) {
        $s->send($fd, var_export($s->getWorkerPid(2), true) . ' ' . var_export($s->getWorkerPid(3), true) . "\n");
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$user = $port = 0;
for ($i = 0; $i < 2; $i++) {
    [$what, $value] = explode(' ', trim(fgets($events)));
    if ($what === 'user') $user = (int)$value; else $port = (int)$value;
}
function ask($port) {
    $c = stream_socket_client("tcp://127.0.0.1:$port");
    stream_set_timeout($c, 5);
    fwrite($c, "pid?");
    return explode(' ', trim(fgets($c)));
}
[$seen, $beyond] = ask($port);
echo "user process pid: ", $seen === (string)$user ? 'right' : "wrong ($seen, not $user)", ", id 3: $beyond\n";
posix_kill($user, SIGKILL);
[, $value] = explode(' ', trim(fgets($events)));
[$seen] = ask($port);
echo "after the respawn: ", $seen === $value && $value !== (string)$user ? 'the new pid' : "wrong ($seen, $value)", "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
@unlink($log);
?>
--EXPECT--
user process pid: right, id 3: false
after the respawn: the new pid
exit status 0
