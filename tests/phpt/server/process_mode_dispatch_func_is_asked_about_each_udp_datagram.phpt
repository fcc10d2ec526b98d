--TEST--
SWOOLE_PROCESS with a UDP port and dispatch_func: each datagram is asked about (type 1, the client's IPv4 address as the fd) and goes to the worker it names
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
    $server->set(['worker_num' => 3, 'log_level' => SWOOLE_LOG_WARNING,
        // The datagram's first byte names the worker; "x" discards it.
        'dispatch_func' => function ($s, $fd, $type, $data) use ($report) {
            fwrite($report, "asked fd=$fd type=$type data=$data\n");
            return $data[0] === 'x' ? SWOOLE_DISPATCH_RESULT_DISCARD_PACKET : (int)$data[0];
        }]);
    $server->on('workerStart', function ($s, $id) use ($report) { fwrite($report, "worker $id {$s->port}\n"); });
    $server->on('packet', function ($s, $data, $client) {
        $s->sendto($client['address'], $client['port'], "w{$s->getWorkerId()} got $data");
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = 0;
for ($i = 0; $i < 3; $i++) $port = (int)explode(' ', trim(fgets($events)))[2];
$c = stream_socket_client("udp://127.0.0.1:$port");
stream_set_timeout($c, 5);
// 127.0.0.1's four bytes in network order, read as a host-order integer (as Swoole gives it).
$expected_fd = unpack('L', pack('N', ip2long('127.0.0.1')))[1];
foreach (['2a', '0b', 'x', '1c'] as $d) {
    fwrite($c, $d);
    $asked = trim(fgets($events));
    echo $asked === "asked fd=$expected_fd type=1 data=$d" ? "asked about $d\n" : "unexpected: $asked\n";
    if ($d !== 'x') echo fread($c, 100), "\n";
}
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
asked about 2a
w2 got 2a
asked about 0b
w0 got 0b
asked about x
asked about 1c
w1 got 1c
exit status 0
