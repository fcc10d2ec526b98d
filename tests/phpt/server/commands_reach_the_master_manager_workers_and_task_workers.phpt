--TEST--
Server::command(): from the master (outside coroutines) and from a worker (in a coroutine), to the master, the manager, every worker and a task worker, each handler running in its own process
--EXTENSIONS--
gust
posix
--FILE--
<?php
// Every line goes through one pipe to this process, which sorts them: the processes run at once.
// The warning of the handler that throws comes first: worker 0 prints it before it replies.
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $line = function (string $text) use ($report) { fwrite($report, "$text\n"); };
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $server->set(['worker_num' => 2, 'task_worker_num' => 1, 'log_level' => SWOOLE_LOG_WARNING]);
    $all = SWOOLE_SERVER_COMMAND_MASTER | SWOOLE_SERVER_COMMAND_MANAGER | SWOOLE_SERVER_COMMAND_EVENT_WORKER |
           SWOOLE_SERVER_COMMAND_TASK_WORKER;
    $server->addCommand('whoami', $all, function ($server, $data) {
        return json_encode(['pid' => posix_getpid(), 'data' => json_decode($data, true)]);
    });
    $server->addCommand('master_only', SWOOLE_SERVER_COMMAND_MASTER, fn() => '"master"');
    $server->addCommand('throws', SWOOLE_SERVER_COMMAND_EVENT_WORKER, function () {
        throw new RuntimeException('handler failed');
    });
    $same = fn($r, $pid) => is_array($r) && $r['pid'] === $pid ? 'its own pid' : 'wrong: ' . json_encode($r);
    $server->on('start', function ($s) use ($line, $same) {
        $line('master -> master: ' . $same($s->command('whoami', 0, SWOOLE_SERVER_COMMAND_MASTER, 1), $s->getMasterPid()));
        $line('master -> manager: ' . $same($s->command('whoami', 0, SWOOLE_SERVER_COMMAND_MANAGER, 2), $s->getManagerPid()));
        for ($w = 0; $w < 2; $w++) {
            $r = $s->command('whoami', $w, SWOOLE_SERVER_COMMAND_EVENT_WORKER, ['worker' => $w]);
            $line("master -> worker $w: " . $same($r, $s->getWorkerPid($w)) . ', data ' . json_encode($r['data']));
        }
        $r = $s->command('whoami', 0, SWOOLE_SERVER_COMMAND_TASK_WORKER, 'task');
        $line('master -> task worker 0: ' . $same($r, $s->getWorkerPid(2)) . ', data ' . json_encode($r['data']));
        $r = $s->command('whoami', 1, SWOOLE_SERVER_COMMAND_EVENT_WORKER, 'raw', false);
        $line('master -> worker 1, not decoded: ' . gettype($r));
        $r = $s->command('throws', 0, SWOOLE_SERVER_COMMAND_EVENT_WORKER, null);
        $line('master -> worker 0, a handler that throws: code ' . $r['code']);
        $line('master_only as a worker: ' . var_export($s->command('master_only', 0, SWOOLE_SERVER_COMMAND_EVENT_WORKER, 1), true));
        $line('unknown: ' . var_export($s->command('nothing', 0, SWOOLE_SERVER_COMMAND_MASTER, 1), true));
        $line('master done');
    });
    $server->on('workerStart', function ($s, $id) use ($line, $same) {
        if ($id !== 0) return;
        // In a coroutine: the caller parks until the reply comes.
        $r = $s->command('whoami', 0, SWOOLE_SERVER_COMMAND_TASK_WORKER, 'from worker 0');
        $line('worker 0 -> task worker 0: ' . $same($r, $s->getWorkerPid(2)));
        $r = $s->command('whoami', 0, SWOOLE_SERVER_COMMAND_MASTER, 'from worker 0');
        $line('worker 0 -> master: ' . $same($r, $s->getMasterPid()));
        $line('worker 0 -> master_only: ' . var_export($s->command('master_only', 0, SWOOLE_SERVER_COMMAND_MASTER, 1), true));
    });
    $server->on('task', function () {});
    $server->on('receive', function () {});
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 20);
$lines = [];
while (count($lines) < 13 && ($l = fgets($events)) !== false) $lines[] = rtrim($l);
sort($lines);
echo implode("\n", $lines), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECTF--
Warning: Uncaught RuntimeException: handler failed in %s:%d
Stack trace:
#0 [internal function]: {closure}(Object(Swoole\Server), 'null')
#1 %s(%d): Swoole\Server->start()
#2 {main}
  thrown in %s on line %d
master -> manager: its own pid
master -> master: its own pid
master -> task worker 0: its own pid, data "task"
master -> worker 0, a handler that throws: code -1
master -> worker 0: its own pid, data {"worker":0}
master -> worker 1, not decoded: string
master -> worker 1: its own pid, data {"worker":1}
master done
master_only as a worker: false
unknown: false
worker 0 -> master: its own pid
worker 0 -> master_only: 'master'
worker 0 -> task worker 0: its own pid
exit status 0
