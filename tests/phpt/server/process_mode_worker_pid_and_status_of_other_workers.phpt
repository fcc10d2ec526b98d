--TEST--
SWOOLE_PROCESS: getWorkerPid($id) and getWorkerStatus($id) answer for the other workers and task workers (read from the shared block); an unknown id is false
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
use Swoole\Server;

[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $server->set(['worker_num' => 2, 'task_worker_num' => 1, 'dispatch_mode' => 2, 'log_level' => SWOOLE_LOG_ERROR]);
    fwrite($report, "port {$server->port}\n");
    $server->on('workerStart', function (Server $s, int $id) use ($report) { fwrite($report, "start $id " . getmypid() . "\n"); });
    $server->on('task', function () {});
    $server->on('receive', function (Server $s, int $fd, int $rid, string $data) {
        $me = $s->getWorkerId();
        $other = 1 - $me;
        $s->send($fd, json_encode([
            'me' => $me,
            'own_pid' => $s->getWorkerPid() === getmypid(),
            'own_status' => $s->getWorkerStatus(),
            'other_pid' => $s->getWorkerPid($other),
            'task_pid' => $s->getWorkerPid(2),
            'other_status' => $s->getWorkerStatus($other),
            'task_status' => $s->getWorkerStatus(2),
            'unknown' => [$s->getWorkerPid(7), $s->getWorkerStatus(7)],
        ]));
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
$pids = [];
while (count($pids) < 3) { [, $id, $p] = explode(' ', trim(fgets($events))); $pids[(int)$id] = (int)$p; }
$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 5);
fwrite($c, "hello");
$r = json_decode(fread($c, 1000), true);
echo "own pid: ", var_export($r['own_pid'], true), ", own status: ", $r['own_status'] === SWOOLE_WORKER_BUSY ? 'busy' : $r['own_status'], "\n";
echo "other pid: ", var_export($r['other_pid'] === $pids[1 - $r['me']], true), ", task pid: ", var_export($r['task_pid'] === $pids[2], true), "\n";
echo "other status: ", $r['other_status'] === SWOOLE_WORKER_IDLE ? 'idle' : $r['other_status'], ", task status: ",
    $r['task_status'] === SWOOLE_WORKER_IDLE ? 'idle' : $r['task_status'], "\n";
echo "unknown: ", json_encode($r['unknown']), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
own pid: true, own status: busy
other pid: true, task pid: true
other status: idle, task status: idle
unknown: [false,false]
exit status 0
