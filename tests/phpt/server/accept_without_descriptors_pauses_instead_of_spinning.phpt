--TEST--
A flood past max_connection, and a server out of file descriptors (EMFILE), never spin the accept loop: over a second of such pressure the server uses a small fraction of a CPU, and it serves again once descriptors are free
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
// Server CPU seconds so far (user + system), from /proc.
function cpu_of(int $pid): float {
    $f = explode(' ', substr(strrchr(file_get_contents("/proc/$pid/stat"), ')'), 2));
    return ((int)$f[11] + (int)$f[12]) / 100;
}
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
    $server->set(['worker_num' => 1, 'max_connection' => 100, 'log_level' => SWOOLE_LOG_ERROR]);
    $server->on('workerStart', function ($s) use ($report) {
        // Leave room for a few connections only: later accepts fail with EMFILE.
        $open = count(scandir('/proc/self/fd')) - 2;
        posix_setrlimit(POSIX_RLIMIT_NOFILE, $open + 3, $open + 3);
        fwrite($report, "port {$s->port}\n");
    });
    $server->on('receive', function ($s, $fd, $rid, $data) use ($report) {
        if ($data === 'quit') { $s->shutdown(); return; }
        $s->send($fd, $data);
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
$first = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($first, 5);
fwrite($first, 'x');
echo "first served: ", fread($first, 10), "\n";
// Twenty more: the server has descriptors for two, then accept() fails with EMFILE and the rest wait.
$flood = [];
for ($i = 0; $i < 20; $i++) $flood[] = stream_socket_client("tcp://127.0.0.1:$port");
$before = cpu_of($pid);
$r = [$first]; $w = $e = null;
stream_select($r, $w, $e, 1);  // a second of pressure (nothing arrives on $first)
$used = cpu_of($pid) - $before;
echo "CPU used over that second: ", $used < 0.3 ? "under 0.3 s" : "$used s (spinning)", "\n";
foreach ($flood as $c) fclose($c);
fwrite($first, 'y');
echo "still served: ", fread($first, 10), "\n";
fwrite($first, 'quit');
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
first served: x
CPU used over that second: under 0.3 s
still served: y
exit status 0
