--TEST--
BASE mode: max_request with one worker starts a manager; the worker stops accepting at its limit, finishes its open connection, and its replacement serves the next ones (no max_request_grace: exactly max_request, as Swoole 6.1)
--EXTENSIONS--
gust
posix
--FILE--
<?php
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
    $server->set(['worker_num' => 1, 'max_request' => 5, 'log_level' => SWOOLE_LOG_WARNING]);
    fwrite($report, "port {$server->port}\n");
    $server->on('receive', function ($s, $fd, $rid, $data) { $s->send($fd, getmypid() . "\n"); });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
$kept = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($kept, 10);
$pids = [];
// The kept connection makes the 5th request: the worker must still answer it, then go.
for ($i = 0; $i < 4; $i++) { fwrite($kept, "k$i"); $pids[] = (int)fgets($kept); }
fwrite($kept, "k4"); $pids[] = (int)fgets($kept);
fclose($kept);
for ($i = 0; $i < 12; $i++) {
    $c = stream_socket_client("tcp://127.0.0.1:$port");
    stream_set_timeout($c, 10);
    fwrite($c, "q$i");
    $line = fgets($c);
    if ($line === false) { echo "request q$i lost\n"; exit(1); }
    $pids[] = (int)$line;
    fclose($c);
}
echo "answered ", count($pids), ", first five by one worker: ", var_export(count(array_unique(array_slice($pids, 0, 5))) === 1, true),
    ", workers: ", count(array_unique($pids)) >= 3 ? "3 or more" : count(array_unique($pids)), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
answered 17, first five by one worker: true, workers: 3 or more
exit status 0
