--TEST--
SWOOLE_PROCESS: send(), close() and sendMessage() from a task worker and from a user process (no channel to the master) reach the client through an event worker; a pipe message from a user process names source -1
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
    $server->set(['worker_num' => 2, 'task_worker_num' => 1, 'log_level' => SWOOLE_LOG_ERROR]);
    $user = new Swoole\Process(function (Swoole\Process $p) use ($server) {
        while (true) {
            [$cmd, $fd] = explode(' ', $p->read());
            if ($cmd === 'send') {
                $server->send((int)$fd, "from the user process " . getmypid() . "\n");
            } elseif ($cmd === 'message') {
                $server->sendMessage("fd $fd", 1);
            }
        }
    });
    $server->addProcess($user);
    fwrite($report, "port {$server->port}\n");
    $server->on('workerStart', function (Server $s, int $id) use ($report) { fwrite($report, "start $id\n"); });
    $server->on('receive', function (Server $s, int $fd, int $rid, string $data) use ($user) {
        $data = trim($data);
        if ($data === 'task send' || $data === 'task close') {
            $s->task([substr($data, 5), $fd]);
        } else {
            $user->write("$data $fd");
        }
    });
    $server->on('task', function (Server $s, int $id, int $src, array $job) {
        [$what, $fd] = $job;
        $ok = $what === 'send' ? $s->send($fd, "from task worker {$s->getWorkerId()}\n") : $s->close($fd);
        return "$what: " . var_export($ok, true);
    });
    $server->on('finish', function (Server $s, int $id, string $result) use ($report) { fwrite($report, "$result\n"); });
    $server->on('pipeMessage', function (Server $s, int $src, string $msg) {
        [, $fd] = explode(' ', $msg);
        $s->send((int)$fd, "pipe message from $src to worker {$s->getWorkerId()}\n");
    });
    $server->on('close', function (Server $s, int $fd) use ($report) { fwrite($report, "closed in worker {$s->getWorkerId()}\n"); });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
for ($started = 0; $started < 3; $started++) fgets($events);
$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 5);
fwrite($c, "task send");
echo fgets($c);
echo trim(fgets($events)), "\n";  // the task's result
fwrite($c, "send");
echo preg_replace('/\d+$/', 'PID', trim(fgets($c))), "\n";
fwrite($c, "message");
echo fgets($c);
fwrite($c, "task close");
var_dump(fread($c, 10), feof($c));
$lines = [trim(fgets($events)), trim(fgets($events))];
sort($lines);
echo implode("\n", $lines), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECTF--
from task worker 2
send: true
from the user process PID
pipe message from -1 to worker 1
string(0) ""
bool(true)
close: true
closed in worker %d
exit status 0
