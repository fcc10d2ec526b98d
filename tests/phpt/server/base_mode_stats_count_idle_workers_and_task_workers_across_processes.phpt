--TEST--
SWOOLE_BASE with several workers: stats() counts the idle workers and task workers of every process (the caller, inside its callback, is busy), and getWorkerStatus() sees a task worker in onTask as busy
--EXTENSIONS--
gust
posix
pcntl
--FILE--
<?php
use Swoole\Server;

[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Server('127.0.0.1', 0, SWOOLE_BASE);
    $server->set(['worker_num' => 3, 'task_worker_num' => 2, 'log_level' => SWOOLE_LOG_ERROR]);
    fwrite($report, "port {$server->port}\n");
    $server->on('workerStart', function (Server $s, int $id) use ($report) { fwrite($report, "start $id\n"); });
    $server->on('receive', function (Server $s, int $fd, int $rid, string $data) use ($report) {
        $st = $s->stats();
        fwrite($report, "onReceive: idle {$st['idle_worker_num']}, task idle {$st['task_idle_worker_num']}, "
            . "task workers {$st['task_worker_num']}\n");
        $s->task($fd, 0);
    });
    $server->on('task', function (Server $s, int $id, int $src, int $fd) use ($report) {
        $st = $s->stats();
        fwrite($report, "onTask: task idle {$st['task_idle_worker_num']}, own status "
            . $s->getWorkerStatus() . ", other task worker " . $s->getWorkerStatus(4) . "\n");
        $s->send($fd, "done\n");
    });
    $server->on('finish', function () {});
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
for ($started = 0; $started < 5; $started++) fgets($events);
$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 5);
fwrite($c, "hello");
echo fgets($c);
echo fgets($events), fgets($events);
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
done
onReceive: idle 2, task idle 2, task workers 2
onTask: task idle 1, own status 1, other task worker 2
exit status 0
