--TEST--
SWOOLE_PROCESS: a user process's send() of many large messages in a row waits while the event worker's inbox is full instead of failing (each reaches the client)
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
use Swoole\Server;

const SIZE = 100000;
const COUNT = 20;
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $server->set(['worker_num' => 1, 'log_level' => SWOOLE_LOG_ERROR]);
    $user = new Swoole\Process(function (Swoole\Process $p) use ($server, $report) {
        $fd = (int)$p->read();
        $failed = 0;
        // Back to back: the inbox (a few hundred KB) fills long before the worker drains it.
        for ($i = 0; $i < COUNT; $i++) {
            if (!$server->send($fd, str_pad("$i:", SIZE, 'x') . "\n")) $failed++;
        }
        fwrite($report, "user process: $failed sends failed\n");
        while (true) $p->read();
    });
    $server->addProcess($user);
    fwrite($report, "port {$server->port}\n");
    $server->on('workerStart', function () use ($report) { fwrite($report, "started\n"); });
    $server->on('receive', function (Server $s, int $fd) use ($user) { $user->write((string)$fd); });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 30);
$port = (int)explode(' ', trim(fgets($events)))[1];
fgets($events);
$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 30);
fwrite($c, "go");
$seen = [];
while (count($seen) < COUNT && ($line = fgets($c)) !== false) {
    if (strlen($line) === SIZE + 1) $seen[] = (int)$line;
}
echo "received ", count($seen), " whole messages, in order: ", var_export($seen === range(0, COUNT - 1), true), "\n";
echo trim(fgets($events)), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
received 20 whole messages, in order: true
user process: 0 sends failed
exit status 0
