--TEST--
SWOOLE_BASE: send() and close() from a task worker (no reactor of its own) reach the client through the event worker holding the connection (its fd names it), also from a coroutine other than onTask's
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
    $server = new Server('127.0.0.1', 0, SWOOLE_BASE);
    $server->set(['worker_num' => 2, 'task_worker_num' => 1, 'log_level' => SWOOLE_LOG_ERROR]);
    fwrite($report, "port {$server->port}\n");
    $server->on('workerStart', function (Server $s, int $id) use ($report) { fwrite($report, "start $id\n"); });
    $server->on('receive', function (Server $s, int $fd, int $rid, string $data) {
        $s->task([trim($data), $fd]);
    });
    $server->on('task', function (Server $s, int $id, int $src, array $job) {
        [$what, $fd] = $job;
        $ok = $what === 'send' ? $s->send($fd, "from task worker {$s->getWorkerId()}\n") : $s->close($fd);
        // Another coroutine reaches it too: the fd names the worker holding the connection.
        $other = null;
        go(function () use ($s, $fd, &$other) { $other = $s->send($fd, "also from another coroutine\n"); });
        return "$what: " . var_export($ok, true) . ", elsewhere: " . var_export($other, true);
    });
    $server->on('finish', function (Server $s, int $id, string $result) use ($report) { fwrite($report, "$result\n"); });
    $server->on('close', function (Server $s, int $fd) use ($report) { fwrite($report, "closed\n"); });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
for ($started = 0; $started < 3; $started++) fgets($events);
// Two connections: with two workers each may land on either, and each task answers through its own.
$clients = [stream_socket_client("tcp://127.0.0.1:$port"), stream_socket_client("tcp://127.0.0.1:$port")];
foreach ($clients as $c) {
    stream_set_timeout($c, 5);
    fwrite($c, "send\n");
    echo fgets($c);
    echo fgets($c);
    echo trim(fgets($events)), "\n";  // the task's result
}
foreach ($clients as $c) {
    fwrite($c, "close\n");
    var_dump(fread($c, 10), feof($c));
    $lines = [trim(fgets($events)), trim(fgets($events))];
    sort($lines);
    echo implode("\n", $lines), "\n";
}
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
from task worker 2
also from another coroutine
send: true, elsewhere: true
from task worker 2
also from another coroutine
send: true, elsewhere: true
string(0) ""
bool(true)
close: true, elsewhere: true
closed
string(0) ""
bool(true)
close: true, elsewhere: true
closed
exit status 0
