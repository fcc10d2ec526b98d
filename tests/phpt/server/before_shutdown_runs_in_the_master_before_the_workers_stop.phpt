--TEST--
SWOOLE_PROCESS: onBeforeShutdown runs once, in the master, before any worker stops and before onShutdown, when SIGTERM reaches the master
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
// PROCESS: the events of every process go through one pipe, in the order they happened.
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $server->set(['worker_num' => 2, 'log_level' => SWOOLE_LOG_WARNING]);
    $master = getmypid();
    $server->on('workerStart', function ($s, $id) use ($report) { fwrite($report, "workerStart\n"); });
    $server->on('beforeShutdown', function ($s) use ($report, $master) {
        fwrite($report, "beforeShutdown in the master: " . var_export(getmypid() === $master, true) . "\n");
    });
    $server->on('workerStop', function ($s, $id) use ($report) { fwrite($report, "workerStop\n"); });
    $server->on('shutdown', function ($s) use ($report) { fwrite($report, "shutdown\n"); });
    $server->on('receive', function () {});
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
echo "process: ", trim(fgets($events)), ", ", trim(fgets($events)), "\n";
posix_kill($pid, SIGTERM);
for ($i = 0; $i < 4; $i++) echo "process: ", trim(fgets($events)), "\n";
pcntl_waitpid($pid, $status);
echo "process: exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
process: workerStart, workerStart
process: beforeShutdown in the master: true
process: workerStop
process: workerStop
process: shutdown
process: exit status 0
