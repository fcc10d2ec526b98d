--TEST--
Server\Task->flags holds Swoole's SWOOLE_TASK_* bits: NONBLOCK always, SERIALIZE for a value that is not a string, CALLBACK with a finish callback, NOREPLY (worker_id 0, finish() false) for a task sent from the manager
--EXTENSIONS--
gust
posix
pcntl
--FILE--
<?php
use Swoole\Server;

var_dump([SWOOLE_TASK_TMPFILE, SWOOLE_TASK_SERIALIZE, SWOOLE_TASK_NONBLOCK, SWOOLE_TASK_CALLBACK,
    SWOOLE_TASK_WAITALL, SWOOLE_TASK_COROUTINE, SWOOLE_TASK_PEEK, SWOOLE_TASK_NOREPLY] === [1, 2, 4, 8, 16, 32, 64, 128]);
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Server('127.0.0.1', 0, SWOOLE_BASE);
    $server->set(['worker_num' => 1, 'task_worker_num' => 1, 'task_use_object' => true,
        'log_level' => SWOOLE_LOG_ERROR]);
    $server->on('managerStart', function (Server $s) { $s->task('manager'); });
    $server->on('workerStart', function (Server $s, int $id) {
        if ($id !== 0) return;
        $s->task('plain');
        $s->task(['array']);
        $s->task('callback', -1, function () {});
    });
    $server->on('receive', function () {});
    $server->on('task', function (Server $s, Server\Task $task) use ($report) {
        $name = is_array($task->data) ? $task->data[0] : $task->data;
        $names = [];
        foreach (['SERIALIZE', 'NONBLOCK', 'CALLBACK', 'COROUTINE', 'NOREPLY'] as $flag) {
            if ($task->flags & constant("SWOOLE_TASK_$flag")) $names[] = $flag;
        }
        fwrite($report, "$name: " . implode('|', $names) . ", worker {$task->worker_id}, finish "
            . var_export($task->finish('x'), true) . "\n");
    });
    $server->on('finish', function () {});
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$lines = [];
for ($i = 0; $i < 4; $i++) $lines[] = trim(fgets($events));
sort($lines);
echo implode("\n", $lines), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
bool(true)
array: SERIALIZE|NONBLOCK, worker 0, finish true
callback: NONBLOCK|CALLBACK, worker 0, finish true
manager: NONBLOCK|NOREPLY, worker 0, finish false
plain: NONBLOCK, worker 0, finish true
exit status 0
