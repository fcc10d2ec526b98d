--TEST--
SWOOLE_PROCESS with task_enable_coroutine: onTask gets a Swoole\Server\Task whose finish() answers taskwait() in the worker handling a client; SIGUSR2 reloads only the task workers
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
    $server->set(['worker_num' => 1, 'task_worker_num' => 1, 'task_enable_coroutine' => true,
                  'log_level' => SWOOLE_LOG_WARNING]);
    fwrite($report, "port {$server->port}\n");
    $server->on('workerStart', function ($s, $id) use ($report) {
        fwrite($report, ($s->taskworker ? "task" : "worker") . " $id " . getmypid() . " {$s->getManagerPid()}\n");
    });
    $server->on('task', function ($s, Swoole\Server\Task $task) {
        $task->finish(strtoupper($task->data) . " from #{$task->worker_id} pid " . getmypid());
    });
    $server->on('receive', function ($s, $fd, $rid, $data) { $s->send($fd, $s->taskwait($data, 2)); });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
$procs = [];
while (count($procs) < 2) { [$kind, $id, $p, $manager] = explode(' ', trim(fgets($events))); $procs[$kind] = (int)$p; }
$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 5);
fwrite($c, "hello");
$reply = fread($c, 100);
echo str_replace((string)$procs['task'], 'TASKPID', $reply), "\n";
posix_kill((int)$manager, SIGUSR2);
[$kind, $id, $newpid] = explode(' ', trim(fgets($events)));
echo "reloaded: $kind $id, new pid: ", var_export((int)$newpid !== $procs['task'], true), ", worker kept: ",
    var_export(posix_kill($procs['worker'], 0), true), "\n";
fwrite($c, "again");
echo str_replace($newpid, 'NEWPID', fread($c, 100)), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
HELLO from #0 pid TASKPID
reloaded: task 1, new pid: true, worker kept: true
AGAIN from #0 pid NEWPID
exit status 0
