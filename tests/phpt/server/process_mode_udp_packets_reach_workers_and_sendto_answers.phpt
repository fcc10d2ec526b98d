--TEST--
SWOOLE_PROCESS with a UDP port: packets reach a worker with the client's address, sendto() from the worker answers through the master
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
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS, SWOOLE_SOCK_UDP);
    $server->set(['worker_num' => 2, 'log_level' => SWOOLE_LOG_WARNING]);
    $server->on('workerStart', function ($s, $id) use ($report) { fwrite($report, "worker $id {$s->port}\n"); });
    $server->on('packet', function ($s, $data, $client) {
        $s->sendto($client['address'], $client['port'], "pong:$data:" . ($client['server_port'] === $s->port ? 'port ok' : 'bad port'));
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
[, , $port] = explode(' ', trim(fgets($events)));
fgets($events);
$c = stream_socket_client("udp://127.0.0.1:$port");
stream_set_timeout($c, 5);
for ($i = 0; $i < 3; $i++) {
    fwrite($c, "ping$i");
    echo fread($c, 100), "\n";
}
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
pong:ping0:port ok
pong:ping1:port ok
pong:ping2:port ok
exit status 0
