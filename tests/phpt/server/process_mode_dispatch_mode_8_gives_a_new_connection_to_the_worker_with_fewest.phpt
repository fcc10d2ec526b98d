--TEST--
SWOOLE_PROCESS, dispatch_mode 8 (SWOOLE_DISPATCH_CO_CONN_LB): a new connection goes to the worker holding the fewest connections and stays there; onConnect/onClose run in that worker
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
    $server->set(['worker_num' => 2, 'reactor_num' => 1, 'dispatch_mode' => SWOOLE_DISPATCH_CO_CONN_LB,
                  'log_level' => SWOOLE_LOG_WARNING]);
    fwrite($report, "port {$server->port}\n");
    $server->on('workerStart', function ($s, $id) use ($report) { fwrite($report, "started $id\n"); });
    $server->on('connect', function ($s, $fd) use ($report) { fwrite($report, "connect $fd w{$s->getWorkerId()}\n"); });
    $server->on('close', function ($s, $fd) use ($report) { fwrite($report, "close $fd w{$s->getWorkerId()}\n"); });
    $server->on('receive', function ($s, $fd, $rid, $data) {
        if ($data === 'quit') { $s->shutdown(); return; }
        $s->send($fd, "w{$s->getWorkerId()}");
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
function ev($events) { $l = fgets($events); if ($l === false) { echo "no event\n"; exit(1); } return explode(' ', trim($l)); }
function ask($c, $q) { fwrite($c, $q); $r = fread($c, 100); if ($r === '' || $r === false) { echo "no reply to $q\n"; exit(1); } return $r; }
$port = (int)ev($events)[1];
ev($events);
ev($events);  // both workers started
$open = function () use ($port) { $c = stream_socket_client("tcp://127.0.0.1:$port"); stream_set_timeout($c, 10); return $c; };
// One at a time, each answered before the next connects: 0-0 (a tie), then 1-0, then 1-1 (a tie).
$a = $open(); $wa = ask($a, 'x');
$b = $open(); $wb = ask($b, 'x');
$c = $open(); $wc = ask($c, 'x');
echo "second connection to the other worker: ", var_export($wa !== $wb, true), "\n";
// Close the two connections of one worker, and wait for its onClose of both.
[$x, $y, $other] = $wa === $wc ? [$a, $c, $b] : [$b, $c, $a];
$emptied = ask($x, 'x');
fclose($x);
fclose($y);
$connects = $closes = [];
while (count($closes) < 2) {
    [$what, $fd, $w] = ev($events);
    if ($what === 'close') $closes[$fd] = $w; else $connects[$fd] = $w;
}
echo "onClose ran where onConnect did: ", var_export(array_intersect_assoc($closes, $connects) == $closes, true), "\n";
$d = $open();
$wd = [];
for ($i = 0; $i < 5; $i++) $wd[] = ask($d, 'y');
echo "the next connection goes to the emptied worker and stays: ", var_export(array_unique($wd) === [$emptied], true), "\n";
fwrite($other, 'quit');
pcntl_waitpid($pid, $status);
echo "exit status ", pcntl_wexitstatus($status), "\n";
?>
--EXPECT--
second connection to the other worker: true
onClose ran where onConnect did: true
the next connection goes to the emptied worker and stays: true
exit status 0
