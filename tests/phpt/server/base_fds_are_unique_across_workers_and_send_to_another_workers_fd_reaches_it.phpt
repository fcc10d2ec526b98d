--TEST--
SWOOLE_BASE with worker_num 2: session ids interleave over the workers (worker w numbers start_session_id + 1 + w, then every second one), and send()/close() of a connection another worker holds are passed to that worker
--EXTENSIONS--
gust
pcntl
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
[$events, $report] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($events);
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
    fwrite($report, "port {$server->port}\n");
    $server->set(['worker_num' => 2, 'start_session_id' => 10, 'enable_reuse_port' => true,
                  'log_level' => SWOOLE_LOG_WARNING]);  // reuse_port: connections spread over both
    $server->on('workerStart', function ($s, $id) use ($report) { fwrite($report, "started $id\n"); });
    $server->on('receive', function ($s, $fd, $rid, $data) use ($report) {
        fwrite($report, "fd $fd in worker {$s->getWorkerId()}\n");
        // The other worker answers, then closes.
        $s->sendMessage(['fd' => $fd, 'data' => $data], 1 - $s->getWorkerId());
    });
    $server->on('pipeMessage', function ($s, $from, $msg) {
        $s->send($msg['fd'], "worker {$s->getWorkerId()} answers {$msg['data']}");
        $s->close($msg['fd']);
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
$port = (int)explode(' ', trim(fgets($events)))[1];
fgets($events);
fgets($events);
// Connections until each worker has accepted two (bounded): their fds say which worker holds them.
$by_worker = [0 => [], 1 => []];
for ($i = 0; $i < 100 && (count($by_worker[0]) < 2 || count($by_worker[1]) < 2); $i++) {
    $c = stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 5);
    stream_set_timeout($c, 5);
    fwrite($c, "m$i");
    [, $fd, , , $worker] = explode(' ', trim(fgets($events)));
    $answer = stream_get_contents($c);  // to the end: the close came too
    fclose($c);
    if ($answer !== "worker " . (1 - $worker) . " answers m$i") echo "connection $i: unexpected answer '$answer'\n";
    $by_worker[$worker][] = (int)$fd;
}
foreach ($by_worker as $w => $fds) {
    $parity = array_unique(array_map(fn($fd) => ($fd - 11) % 2, $fds));
    echo "worker $w: fds above 10: ", var_export(min($fds) > 10, true), ", all with (fd - 11) % 2 = ",
        implode(',', $parity), ", none repeated: ", var_export(count(array_unique($fds)) === count($fds), true), "\n";
}
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "server exit status: ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
worker 0: fds above 10: true, all with (fd - 11) % 2 = 0, none repeated: true
worker 1: fds above 10: true, all with (fd - 11) % 2 = 1, none repeated: true
server exit status: 0
