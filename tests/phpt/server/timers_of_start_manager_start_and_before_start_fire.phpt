--TEST--
Timers made in onStart (the master; BASE: the manager), in onManagerStart and before start() fire while the server runs; Server::start() works after a finished Co\run()
--EXTENSIONS--
gust
posix
pcntl
--FILE--
<?php
foreach (['PROCESS' => SWOOLE_PROCESS, 'BASE' => SWOOLE_BASE] as $name => $mode) {
    [$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    $pid = pcntl_fork();
    if ($pid === 0) {
        fclose($events);
        Co\run(function () { Co::sleep(0.001); });  // an idle loop is left behind
        Swoole\Timer::after(20, function () use ($report) { fwrite($report, "before start " . getmypid() . "\n"); });
        $server = new Swoole\Server('127.0.0.1', 0, $mode);
        $server->set(['worker_num' => 2, 'log_level' => SWOOLE_LOG_WARNING]);
        $server->on('start', function ($s) use ($report) {
            $n = 0;
            Swoole\Timer::tick(10, function ($id) use (&$n, $report) {
                if (++$n === 3) {
                    Swoole\Timer::clear($id);
                    fwrite($report, "start tick x3 " . getmypid() . "\n");
                }
            });
        });
        $server->on('managerStart', function ($s) use ($report) {
            Swoole\Timer::after(10, function () use ($report, $s) {
                fwrite($report, "managerStart after " . getmypid() . " " . $s->manager_pid . "\n");
            });
        });
        $server->on('receive', function () {});
        var_dump($server->start());
        exit(0);
    }
    fclose($report);
    stream_set_timeout($events, 10);
    $got = [];
    $pids = [];
    for ($i = 0; $i < 3; $i++) {
        $line = fgets($events);
        if ($line === false) break;
        $parts = explode(' ', trim($line));
        if ($parts[0] === 'managerStart') {
            $pids['manager'] = $parts[3] === $parts[2];
        } else {
            $pids[$parts[0]] = $parts[count($parts) - 1];
        }
        $got[] = $parts[0];
    }
    sort($got);
    echo "$name: ", implode(", ", $got), "\n";
    // The master's pid for PROCESS (the forked child itself); BASE: the manager, which is that child too.
    echo "before start in the server's first process: ", var_export(($pids['before'] ?? 0) == $pid, true), "\n";
    echo "onStart timer in the server's first process: ", var_export(($pids['start'] ?? 0) == $pid, true), "\n";
    echo "onManagerStart timer in the manager: ", var_export($pids['manager'] ?? false, true), "\n";
    posix_kill($pid, SIGTERM);
    pcntl_waitpid($pid, $status);
    echo "exit status ", pcntl_wexitstatus($status), "\n";
}
?>
--EXPECT--
PROCESS: before, managerStart, start
before start in the server's first process: true
onStart timer in the server's first process: true
onManagerStart timer in the manager: true
bool(true)
exit status 0
BASE: before, managerStart, start
before start in the server's first process: true
onStart timer in the server's first process: true
onManagerStart timer in the manager: true
bool(true)
exit status 0
