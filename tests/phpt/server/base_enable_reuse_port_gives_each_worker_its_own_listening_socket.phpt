--TEST--
SWOOLE_BASE with worker_num 3 and enable_reuse_port: each worker listens on an SO_REUSEPORT socket of its own (three listening sockets on the port, none left from the constructor), and connections spread over all of them
--EXTENSIONS--
gust
pcntl
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
// Listening TCP sockets on $port, from /proc/net/tcp (state 0A).
function listeners(int $port): int {
    $n = 0;
    foreach (file('/proc/net/tcp') as $line) {
        $f = preg_split('/\s+/', trim($line));
        if (($f[3] ?? '') === '0A' && hexdec(explode(':', $f[1])[1]) === $port) $n++;
    }
    return $n;
}
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
    fwrite($report, "port {$server->port} " . listeners($server->port) . "\n");
    $server->set(['worker_num' => 3, 'enable_reuse_port' => true, 'log_level' => SWOOLE_LOG_WARNING]);
    $server->on('workerStart', function ($s, $id) use ($report) { fwrite($report, "started $id\n"); });
    $server->on('receive', function ($s, $fd, $rid, $data) { $s->send($fd, (string)$s->getWorkerId()); });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
[, $port, $count] = explode(' ', trim(fgets($events)));
$port = (int)$port;
echo "listening sockets after the constructor: $count\n";
for ($i = 0; $i < 3; $i++) fgets($events);
echo "listening sockets with three workers: ", listeners($port), "\n";
$seen = [];
for ($i = 0; $i < 60 && count($seen) < 3; $i++) {
    $c = stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 5);
    stream_set_timeout($c, 5);
    fwrite($c, "hi");
    $seen[fread($c, 10)] = true;
    fclose($c);
}
ksort($seen);
echo "workers that served: ", implode(',', array_keys($seen)), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "server exit status: ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
listening sockets after the constructor: 1
listening sockets with three workers: 3
workers that served: 0,1,2
server exit status: 0
