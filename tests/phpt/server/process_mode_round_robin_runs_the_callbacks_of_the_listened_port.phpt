--TEST--
SWOOLE_PROCESS, dispatch_mode 1: a package reaches a worker that never heard of its connection (no onConnect in this mode), and the callbacks of the port it came in on still run, not the server's
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
    $server->set(['worker_num' => 2, 'reactor_num' => 1, 'dispatch_mode' => SWOOLE_DISPATCH_ROUND,
                  'log_level' => SWOOLE_LOG_WARNING]);
    $port = $server->listen('127.0.0.1', 0, SWOOLE_SOCK_TCP);
    $port->set([]);
    fwrite($report, "ports {$server->port} {$port->port}\n");
    $server->on('receive', function ($s, $fd, $rid, $data) {
        if ($data === 'quit') { $s->shutdown(); return; }
        $s->send($fd, "server's callback in w{$s->getWorkerId()}");
    });
    $port->on('receive', function ($s, $fd, $rid, $data) { $s->send($fd, "port's callback in w{$s->getWorkerId()}"); });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
[, $main, $second] = explode(' ', trim(fgets($events)));
function ask($c, $q) { fwrite($c, $q); $r = fread($c, 100); if ($r === '' || $r === false) { echo "no reply to $q\n"; exit(1); } return $r; }
$c = stream_socket_client("tcp://127.0.0.1:$second");
stream_set_timeout($c, 10);
$replies = [];
for ($i = 0; $i < 4; $i++) $replies[ask($c, 'x')] = true;
ksort($replies);
echo implode("\n", array_keys($replies)), "\n";
$m = stream_socket_client("tcp://127.0.0.1:$main");
fwrite($m, 'quit');
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
port's callback in w0
port's callback in w1
exit status 0
