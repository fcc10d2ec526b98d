--TEST--
SWOOLE_PROCESS: a worker ended by an uncaught exception gives its handed connections back to the master; the client stays connected and its successor answers it
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
use Swoole\Server;

[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $server->set(['worker_num' => 1, 'log_level' => SWOOLE_LOG_NONE]);
    fwrite($report, "port {$server->port}\n");
    $server->on('workerStart', function () use ($report) { fwrite($report, "started " . getmypid() . "\n"); });
    $server->on('receive', function (Server $s, int $fd, int $rid, string $data) {
        if (trim($data) === 'fail') throw new RuntimeException('the worker ends here');
        $s->send($fd, "answered by " . getmypid() . "\n");
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
$first = (int)explode(' ', trim(fgets($events)))[1];
$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 10);
fwrite($c, "hello\n");
echo "first answer from the first worker: ", var_export(trim(fgets($c)) === "answered by $first", true), "\n";
fwrite($c, "fail\n");  // the worker's fatal error reaches the shared stdout (%A below)
$second = (int)explode(' ', trim(fgets($events)))[1];
fwrite($c, "hello\n");
$line = trim(fgets($c));
echo "the same connection, answered by the successor: ", var_export($second !== $first && $line === "answered by $second", true), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECTF--
first answer from the first worker: true
%A
the same connection, answered by the successor: true
exit status 0
