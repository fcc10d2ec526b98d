--TEST--
SIGUSR1 runs beforeReload and afterReload in the manager around the restart; with `user` set, workers of a server started as root run as that user
--EXTENSIONS--
gust
posix
--SKIPIF--
<?php if (posix_geteuid() !== 0 || !posix_getpwnam('nobody')) die('skip needs root and the user nobody'); ?>
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
    $server->set(['worker_num' => 2, 'user' => 'nobody', 'log_level' => SWOOLE_LOG_WARNING]);
    $out = function ($l) use ($report) { fwrite($report, "$l\n"); };
    $server->on('receive', function () {});
    $server->on('workerStart', function ($s, $id) use ($out) {
        $out("worker $id as " . posix_getpwuid(posix_geteuid())['name']);
    });
    $server->on('beforeReload', function ($s) use ($out) { $out("beforeReload in manager: " . var_export(getmypid() === $s->manager_pid, true)); });
    $server->on('afterReload', function ($s) use ($out) { $out("afterReload"); });
    $server->on('managerStart', function ($s) use ($out) { $out("manager " . getmypid()); });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$lines = [];
$manager = 0;
while (count($lines) < 3) {
    $l = trim(fgets($events));
    if (str_starts_with($l, 'manager')) $manager = (int)substr($l, 8); else $lines[] = $l;
}
sort($lines);
echo implode("\n", $lines), "\n";
posix_kill($manager, SIGUSR1);
$after = [];
while (count($after) < 4) $after[] = trim(fgets($events));
echo $after[0], "\n";
$rest = array_slice($after, 1);  // afterReload comes once both are forked, maybe before they start
sort($rest);
echo implode("\n", $rest), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
worker 0 as nobody
worker 1 as nobody
beforeReload in manager: true
afterReload
worker 0 as nobody
worker 1 as nobody
exit status 0
