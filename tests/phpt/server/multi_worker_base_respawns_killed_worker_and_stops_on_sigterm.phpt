--TEST--
worker_num=2 (BASE): kill -9 of a worker closes only its connections and it is respawned within 1 s; SIGTERM to the manager ends every process within max_wait_time + 1 s
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
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
    $server->set(['worker_num' => 2, 'max_wait_time' => 1, 'log_level' => SWOOLE_LOG_NONE]);
    fwrite($report, "port {$server->port}\n");
    $server->on('managerStart', function ($s) use ($report) { fwrite($report, "manager " . getmypid() . "\n"); });
    $server->on('workerStart', function ($s, $id) use ($report) { fwrite($report, "worker $id " . getmypid() . "\n"); });
    $server->on('receive', function ($s, $fd, $rid, $data) { $s->send($fd, getmypid() . "\n"); });
    $server->on('managerStop', function ($s) use ($report) { fwrite($report, "managerStop\n"); });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
function next_event($events) {
    $line = fgets($events);
    if ($line === false) { echo "no event\n"; exit(1); }
    return explode(' ', trim($line));
}
$port = (int)next_event($events)[1];
$workers = [];
$manager = 0;
while (count($workers) < 2 || !$manager) {
    $e = next_event($events);
    if ($e[0] === 'worker') $workers[(int)$e[1]] = (int)$e[2]; else $manager = (int)$e[1];
}
echo "two workers and a manager\n";
// Connections until both workers serve at least one (the kernel picks the acceptor).
$conns = [];
for ($i = 0; $i < 200 && count(array_unique(array_column($conns, 1))) < 2; $i++) {
    $c = stream_socket_client("tcp://127.0.0.1:$port");
    stream_set_timeout($c, 5);
    fwrite($c, "who");
    $conns[] = [$c, (int)trim(fgets($c))];
}
echo "both workers serve: ", var_export(count(array_unique(array_column($conns, 1))) === 2, true), "\n";
$victim = $workers[0];
$t = microtime(true);
posix_kill($victim, SIGKILL);
$e = next_event($events);
$respawned_in = microtime(true) - $t;
echo "respawned: $e[0] $e[1], new pid: ", var_export((int)$e[2] !== $victim, true), ", within 1 s: ",
    var_export($respawned_in < 1.0, true), "\n";
$closed = $alive = 0;
foreach ($conns as [$c, $owner]) {
    if ($owner === $victim) {
        $closed += fread($c, 10) === '' ? 1 : 0;  // EOF: closed with its worker
    } else {
        fwrite($c, "again");
        $alive += (int)trim(fgets($c)) === $owner ? 1 : 0;
    }
}
$victims = count(array_filter($conns, fn($x) => $x[1] === $victim));
echo "victim's connections closed: ", var_export($closed === $victims, true), ", others answer: ",
    var_export($alive === count($conns) - $victims, true), "\n";
$t = microtime(true);
posix_kill($manager, SIGTERM);
pcntl_waitpid($pid, $status);
$took = microtime(true) - $t;
echo "manager exit status: ", pcntl_wexitstatus($status), ", within max_wait_time + 1 s: ", var_export($took < 2.0, true), "\n";
$rest = stream_get_contents($events);
echo trim($rest), "\n";
foreach ($workers as $id => $wpid) {
    if ($wpid !== $victim) echo "worker $id gone: ", var_export(!posix_kill($wpid, 0), true), "\n";
}
?>
--EXPECT--
two workers and a manager
both workers serve: true
respawned: worker 0, new pid: true, within 1 s: true
victim's connections closed: true, others answer: true
manager exit status: 0, within max_wait_time + 1 s: true
managerStop
worker 1 gone: true
