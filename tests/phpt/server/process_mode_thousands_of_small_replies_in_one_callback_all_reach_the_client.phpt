--TEST--
SWOOLE_PROCESS, replies through the master (dispatch_mode 1): 3000 small send()s in one callback all succeed and all reach the client in order (the worker's channel is bounded by bytes, as Swoole's pipe buffers are, not by a message count)
--EXTENSIONS--
gust
posix
--FILE--
<?php
const N = 3000;
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $server->set(['worker_num' => 1, 'reactor_num' => 1, 'dispatch_mode' => 1, 'log_level' => SWOOLE_LOG_WARNING]);
    fwrite($report, "port {$server->port}\n");
    $server->on('receive', function ($s, $fd, $rid, $data) use ($report) {
        set_error_handler(function ($no, $msg) use ($report) { fwrite($report, "warning: $msg\n"); return true; });
        $ok = 0;
        for ($i = 0; $i < N; $i++) $ok += $s->send($fd, "$i;") ? 1 : 0;
        restore_error_handler();
        fwrite($report, "sends that succeeded: $ok\n");
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 10);
fwrite($c, 'go');
$got = '';
while (substr_count($got, ';') < N && ($d = fread($c, 65536)) !== '' && $d !== false) $got .= $d;
echo trim(fgets($events)), "\n";
$expected = implode(';', range(0, N - 1)) . ';';
echo $got === $expected ? "all " . N . " replies, in order\n" : "got " . substr_count($got, ';') . " replies\n";
fclose($c);
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "master exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
sends that succeeded: 3000
all 3000 replies, in order
master exit status 0
