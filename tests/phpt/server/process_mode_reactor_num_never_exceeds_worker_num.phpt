--TEST--
SWOOLE_PROCESS: reactor_num above worker_num is lowered to worker_num, as Swoole documents (one worker: one reactor thread, so every connection reports reactor 0)
--EXTENSIONS--
gust
posix
--FILE--
<?php
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $server->set(['worker_num' => 1, 'reactor_num' => 4, 'log_level' => SWOOLE_LOG_WARNING]);
    fwrite($report, "port {$server->port}\n");
    $server->on('receive', function ($s, $fd, $rid, $data) {
        $s->send($fd, "fd $fd reactor $rid info " . $s->getClientInfo($fd)['reactor_id']);
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
$cs = [];
for ($i = 0; $i < 3; $i++) {
    $cs[$i] = stream_socket_client("tcp://127.0.0.1:$port");
    stream_set_timeout($cs[$i], 5);
    fwrite($cs[$i], 'x');
    echo fread($cs[$i], 100), "\n";
}
foreach ($cs as $c) fclose($c);
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "master exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
fd 1 reactor 0 info 0
fd 2 reactor 0 info 0
fd 3 reactor 0 info 0
master exit status 0
