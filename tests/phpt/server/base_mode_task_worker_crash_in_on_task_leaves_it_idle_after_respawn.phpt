--TEST--
SWOOLE_BASE with a manager: a task worker killed inside onTask is counted idle again once respawned (the task it was running is not left counted as queued), and its status reads as not running until then
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
    $server->set(['worker_num' => 1, 'task_worker_num' => 2, 'log_level' => SWOOLE_LOG_NONE]);
    fwrite($report, "port {$server->port}\n");
    $server->on('workerStart', function (Server $s, int $id) use ($report) { fwrite($report, "start $id\n"); });
    $server->on('workerError', function (Server $s, int $id) use ($report) {
        // In the manager, after it cleared the dead worker's line and before the respawn.
        fwrite($report, "error $id: status " . var_export($s->getWorkerStatus($id), true) . "\n");
    });
    $server->on('receive', function (Server $s, int $fd, int $rid, string $data) {
        if (trim($data) === 'crash') {
            $s->task('crash', 0);
            $s->send($fd, "sent\n");
            return;
        }
        $st = $s->stats();
        $s->send($fd, "task idle {$st['task_idle_worker_num']}, task worker 0 status " . $s->getWorkerStatus(1) . "\n");
    });
    $server->on('task', function (Server $s, int $id, int $src, string $what) {
        if ($what === 'crash') posix_kill(posix_getpid(), SIGKILL);
    });
    $server->on('finish', function () {});
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
for ($started = 0; $started < 3; $started++) fgets($events);
$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 5);
fwrite($c, "crash\n");
echo fgets($c);
echo fgets($events);           // error 1
echo fgets($events);           // start 1 (the replacement)
fwrite($c, "stats\n");
echo fgets($c);
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
sent
error 1: status false
start 1
task idle 2, task worker 0 status 2
exit status 0
