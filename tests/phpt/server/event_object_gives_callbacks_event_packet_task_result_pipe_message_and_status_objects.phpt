--TEST--
event_object => true: onConnect/onReceive/onClose get a Swoole\Server\Event, onPacket a Packet, onTask a Task, onFinish a TaskResult, onPipeMessage a PipeMessage (an Event sent on), onWorkerError a StatusInfo
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
use Swoole\Server;
use Swoole\Server\{Event, Packet, PipeMessage, StatusInfo, Task, TaskResult};

function recent(float $t): string { return abs(microtime(true) - $t) < 30 ? 'now' : "off by " . (microtime(true) - $t); }

[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $udp = $server->listen('127.0.0.1', 0, SWOOLE_SOCK_UDP);
    $server->set(['worker_num' => 2, 'task_worker_num' => 1, 'event_object' => true, 'enable_coroutine' => false,
                  'dispatch_mode' => 2, 'log_level' => SWOOLE_LOG_ERROR]);
    fwrite($report, "ports {$server->port} {$udp->port}\n");
    $server->on('workerStart', function (Server $s, int $id) use ($report) {
        fwrite($report, "start $id " . getmypid() . "\n");
    });
    $server->on('connect', function (Server $s, Event $e) use ($report) {
        fwrite($report, "connect fd={$e->fd} reactor=" . var_export($e->reactor_id >= 0, true) . " data="
            . var_export($e->data, true) . " time=" . recent($e->dispatch_time) . "\n");
    });
    $server->on('receive', function (Server $s, Event $e) {
        [$cmd] = explode(' ', $e->data);
        if ($cmd === 'task') {
            $s->task(['fd' => $e->fd, 'text' => substr($e->data, 5)]);
        } elseif ($cmd === 'pipe') {
            $s->sendMessage($e, 1 - $s->getWorkerId());
        } elseif ($cmd === 'die') {
            $s->send($e->fd, "pid " . getmypid());
            Swoole\Process::kill(getmypid(), SIGKILL);
        }
    });
    $server->on('task', function (Server $s, Task $t) {
        return ['fd' => $t->data['fd'], 'text' => strtoupper($t->data['text']) . " (task #{$t->id} from worker {$t->worker_id})"];
    });
    $server->on('finish', function (Server $s, TaskResult $r) {
        $s->send($r->data['fd'], "{$r->data['text']} result of task #{$r->task_id} by task worker {$r->task_worker_id}"
            . " time=" . recent($r->dispatch_time));
    });
    $server->on('pipeMessage', function (Server $s, PipeMessage $m) {
        $e = $m->data;
        $s->send($e->fd, get_class($e) . " '{$e->data}' from worker {$m->source_worker_id}/{$m->worker_id}"
            . " to worker {$s->getWorkerId()} time=" . recent($m->dispatch_time));
    });
    $server->on('packet', function (Server $s, Packet $p) use ($udp) {
        $s->sendto($p->address, $p->port, "got '{$p->data}' on port " . var_export($p->server_port === $udp->port, true)
            . " time=" . recent($p->dispatch_time), $p->server_socket);
    });
    $server->on('workerError', function (Server $s, StatusInfo $i) use ($report) {
        fwrite($report, "error worker={$i->worker_id} pid={$i->worker_pid} signal={$i->signal} exit={$i->exit_code}"
            . " status_is_kill=" . var_export(pcntl_wifsignaled($i->status) && pcntl_wtermsig($i->status) === SIGKILL, true) . "\n");
    });
    $server->on('close', function (Server $s, Event $e) use ($report) {
        fwrite($report, "close fd={$e->fd} data=" . var_export($e->data, true) . "\n");
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
[, $port, $udp_port] = explode(' ', trim(fgets($events)));
$started = 0;
while ($started < 3) { if (str_starts_with(fgets($events), 'start')) $started++; }

$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 5);
echo trim(fgets($events)), "\n";  // connect
fwrite($c, "task hello");
echo fread($c, 200), "\n";
fwrite($c, "pipe along");
echo fread($c, 200), "\n";

$u = stream_socket_client("udp://127.0.0.1:$udp_port");
stream_set_timeout($u, 5);
fwrite($u, "datagram");
echo fread($u, 200), "\n";

fclose($c);
echo trim(fgets($events)), "\n";  // close

// A worker killed: the manager's onWorkerError.
$d = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($d, 5);
echo trim(fgets($events)), "\n";  // connect
fwrite($d, "die");
$dead = (int)substr(fread($d, 100), 4);
while (($line = fgets($events)) !== false && !str_starts_with($line, 'error')) {}
echo str_replace("pid=$dead ", "pid=DEAD ", trim($line)), "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECTF--
connect fd=%d reactor=true data=NULL time=now
HELLO (task #0 from worker %d) result of task #0 by task worker 2 time=now
Swoole\Server\Event 'pipe along' from worker %d/%d to worker %d time=now
got 'datagram' on port true time=now
close fd=%d data=NULL
connect fd=%d reactor=true data=NULL time=now
error worker=%d pid=DEAD signal=9 exit=0 status_is_kill=true
exit status 0
