--TEST--
SWOOLE_PROCESS: Process::signal(SIGINT) in onManagerStart runs on a SIGINT to the manager instead of its stop; SIGTERM still ends the server
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $server->set(['worker_num' => 1, 'task_worker_num' => 1, 'log_level' => SWOOLE_LOG_WARNING]);
    $server->on('managerStart', function ($s) use ($report) {
        Swoole\Process::signal(SIGINT, function ($sig) use ($report) { fwrite($report, "handler got $sig\n"); });
        fwrite($report, "manager {$s->getManagerPid()}\n");
    });
    $server->on('workerStart', function ($s, $id) use ($report) { if ($id === 0) fwrite($report, "port {$s->port}\n"); });
    $server->on('task', function () {});
    $server->on('receive', function ($s, $fd, $rid, $data) { $s->send($fd, "echo:$data"); });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$manager = $port = 0;
for ($i = 0; $i < 2; $i++) {
    [$what, $value] = explode(' ', trim(fgets($events)));
    if ($what === 'manager') $manager = (int)$value; else $port = (int)$value;
}
posix_kill($manager, SIGINT);
echo trim(fgets($events)), "\n";
$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 5);
fwrite($c, "still up");
echo fread($c, 100), "\n";
echo "manager alive: ", var_export(posix_kill($manager, 0), true), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
handler got 2
echo:still up
manager alive: true
exit status 0
