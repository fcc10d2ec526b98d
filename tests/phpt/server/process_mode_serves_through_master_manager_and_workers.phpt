--TEST--
SWOOLE_PROCESS: a master (reactor threads), a manager and workers; connect/receive/close reach the worker that owns the connection, replies go back through the master; shutdown() from a worker ends every process
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
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
    $server->set(['worker_num' => 2, 'reactor_num' => 2, 'log_level' => SWOOLE_LOG_WARNING]);
    fwrite($report, "port {$server->port}\n");
    $server->on('start', function ($s) use ($report) {
        fwrite($report, "start master=" . ($s->master_pid === getmypid() ? 'self' : 'other') . "\n");
    });
    $server->on('workerStart', function ($s, $id) use ($report) {
        fwrite($report, "worker $id pid_differs=" . var_export(getmypid() !== $s->master_pid && getmypid() !== $s->manager_pid, true) . "\n");
    });
    $server->on('connect', function ($s, $fd, $rid) use ($report) {
        $info = $s->getClientInfo($fd);
        fwrite($report, "connect ip={$info['remote_ip']} exists=" . var_export($s->exists($fd), true) . "\n");
    });
    $server->on('receive', function ($s, $fd, $rid, $data) {
        if ($data === "quit") { $s->shutdown(); return; }
        // The greetings are tagged with the worker; pieces of the big one (any size, as they come) go back as is.
        if (!preg_match('/^hello\d$/', $data)) { $s->send($fd, $data); return; }
        $s->send($fd, "worker{$s->getWorkerId()}:$data");
    });
    $server->on('close', function ($s, $fd) use ($report) { fwrite($report, "close\n"); });
    $server->on('shutdown', function ($s) use ($report) { fwrite($report, "shutdown\n"); });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
function ev($events) { $l = fgets($events); if ($l === false) { echo "no event\n"; exit(1); } return trim($l); }
$port = (int)substr(ev($events), 5);
$seen = [];
for ($i = 0; $i < 3; $i++) $seen[] = ev($events);
sort($seen);
echo implode("\n", $seen), "\n";
$owners = [];
for ($i = 0; $i < 4; $i++) {
    $c = stream_socket_client("tcp://127.0.0.1:$port");
    stream_set_timeout($c, 5);
    echo ev($events), "\n";
    fwrite($c, "hello$i");
    $reply = fread($c, 100);
    $owners[substr($reply, 0, 7)] = true;
    echo preg_replace('/^worker\d/', 'workerN', $reply), "\n";
    fclose($c);
    echo ev($events), "\n";
}
ksort($owners);
echo "served by: ", implode(',', array_keys($owners)), "\n";
$big = str_repeat('0123456789abcdef', 64 * 1024);  // 1 MiB through the channel both ways
$c = stream_socket_client("tcp://127.0.0.1:$port");
stream_set_timeout($c, 30);  // a bound, not a pace: the debug build under Xdebug is slow
ev($events);
fwrite($c, $big);
$got = '';
while (strlen($got) < strlen($big)) { $r = fread($c, 1 << 20); if ($r === '' || $r === false) break; $got .= $r; }
echo "1 MiB echoed: ", var_export($got === $big, true), "\n";
$t = microtime(true);
fwrite($c, "quit");
echo ev($events), "\n";
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), ", all processes gone quickly: ", var_export(microtime(true) - $t < 4, true), "\n";
?>
--EXPECT--
start master=self
worker 0 pid_differs=true
worker 1 pid_differs=true
connect ip=127.0.0.1 exists=true
workerN:hello0
close
connect ip=127.0.0.1 exists=true
workerN:hello1
close
connect ip=127.0.0.1 exists=true
workerN:hello2
close
connect ip=127.0.0.1 exists=true
workerN:hello3
close
served by: worker0,worker1
1 MiB echoed: true
shutdown
exit status 0, all processes gone quickly: true
