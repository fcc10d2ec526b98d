--TEST--
Server::task() from the master's onStart, the manager's onManagerStart and a user process reaches a task worker; finish() there has nobody to answer and returns false
--EXTENSIONS--
gust
posix
pcntl
--FILE--
<?php
foreach ([SWOOLE_PROCESS, SWOOLE_BASE] as $mode) {
    [$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    $pid = pcntl_fork();
    if ($pid === 0) {
        fclose($events);
        $server = new Swoole\Server('127.0.0.1', 0, $mode);
        $server->set(['worker_num' => 1, 'task_worker_num' => 2, 'log_level' => SWOOLE_LOG_WARNING]);
        $server->addProcess(new Swoole\Process(function () use ($server) {
            $server->task('user process');
            sleep(100);
        }));
        $server->on('start', function ($s) { $s->task('start'); });
        $server->on('managerStart', function ($s) { $s->task('managerStart'); });
        $server->on('receive', function () {});
        $server->on('task', function ($s, $id, $src, $data) use ($report) {
            fwrite($report, "$data " . var_export($s->finish('x'), true) . "\n");
        });
        $server->on('finish', function () {});
        $server->start();
        exit(0);
    }
    fclose($report);
    stream_set_timeout($events, 10);
    $got = [];
    for ($i = 0; $i < 3; $i++) {
        $line = fgets($events);
        if ($line === false) break;
        $got[] = trim($line);
    }
    sort($got);
    echo implode(", ", $got), "\n";
    posix_kill($pid, SIGTERM);
    pcntl_waitpid($pid, $status);
    echo "exit status ", pcntl_wexitstatus($status), "\n";
}
?>
--EXPECT--
managerStart false, start false, user process false
exit status 0
managerStart false, start false, user process false
exit status 0
