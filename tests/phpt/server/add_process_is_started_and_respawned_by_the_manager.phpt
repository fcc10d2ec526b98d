--TEST--
Server::addProcess(): the manager starts the user process with the server and respawns it when it exits; workers write to it through its pipe
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
    $server->set(['worker_num' => 1, 'log_level' => SWOOLE_LOG_WARNING]);
    $proc = new Swoole\Process(function (Swoole\Process $p) use ($report) {
        fwrite($report, "user process " . getmypid() . "\n");
        $msg = $p->read();
        fwrite($report, "user process got: $msg\n");
        if ($msg === 'exit') $p->exit(0);
        sleep(100);
    });
    var_dump($server->addProcess($proc));
    $server->on('workerStart', function ($s) use ($proc) { $proc->write("exit"); });
    $server->on('receive', function () {});
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$first = explode(' ', trim(fgets($events)));
echo "$first[0] $first[1]\n";
echo trim(fgets($events)), "\n";
$second = explode(' ', trim(fgets($events)));
echo "respawned: ", var_export($second[2] !== $first[2], true), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
int(0)
user process
user process got: exit
respawned: true
exit status 0
