--TEST--
SWOOLE_PROCESS, kill -9 of a worker: respawned within 1 s; its in-flight request's connection is closed promptly, its idle connection stays open and is served by the new worker; the other worker's connections are untouched
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
    $server->set(['worker_num' => 2, 'reactor_num' => 1, 'log_level' => SWOOLE_LOG_NONE, 'max_wait_time' => 1]);
    fwrite($report, "port {$server->port}\n");
    $server->on('workerStart', function ($s, $id) use ($report) { fwrite($report, "worker $id " . getmypid() . "\n"); });
    $server->on('receive', function ($s, $fd, $rid, $data) use ($report) {
        if ($data === 'hang') { fwrite($report, "hanging\n"); Co::sleep(100); return; }
        $s->send($fd, "w{$s->getWorkerId()}:" . getmypid());
    });
    $server->start();
    exit(0);
}
fclose($report);
stream_set_timeout($events, 10);
function ev($events) { $l = fgets($events); if ($l === false) { echo "no event\n"; exit(1); } return explode(' ', trim($l)); }
function ask($c, $q) { fwrite($c, $q); return explode(':', fread($c, 100)); }
$port = (int)ev($events)[1];
$pids = [];
while (count($pids) < 2) { $e = ev($events); $pids[(int)$e[1]] = (int)$e[2]; }
// One reactor thread, fd dispatch: connections 1, 2, 3, 4 go to workers 0, 1, 0, 1.
$c = [];
for ($i = 0; $i < 4; $i++) { $c[$i] = stream_socket_client("tcp://127.0.0.1:$port"); stream_set_timeout($c[$i], 5); }
$owners = array_map(fn($x) => ask($x, 'who')[0], $c);
echo implode(',', $owners), "\n";
fwrite($c[2], 'hang');               // in flight on worker 0 when it dies
ev($events);
$t = microtime(true);
posix_kill($pids[0], SIGKILL);
$e = ev($events);
echo "respawned worker $e[1] within 1 s: ", var_export(microtime(true) - $t < 1.0, true), "\n";
echo "in-flight connection closed: ", var_export(fread($c[2], 10) === '', true), "\n";
[$who, $newpid] = ask($c[0], 'again');
echo "idle connection of the dead worker served by the new one: $who, new pid: ", var_export((int)$newpid === (int)$e[2], true), "\n";
echo "other worker's connections: ", ask($c[1], 'x')[0], ' ', ask($c[3], 'y')[0], "\n";
posix_kill($pid, SIGTERM);
pcntl_waitpid($pid, $status);
echo "master exit status ", pcntl_wexitstatus($status), "\n";
// No orphans: the workers (the replacement too) are gone with the master. A zombie is not an
// orphan still running, so look at /proc state rather than kill(0).
$alive = 0;
foreach ([$pids[1], (int)$e[2]] as $wp) {
    $st = @file_get_contents("/proc/$wp/stat");
    if ($st !== false && !preg_match('/\) [ZX] /', $st)) $alive++;
}
echo "workers left running: $alive\n";
?>
--EXPECT--
w0,w1,w0,w1
respawned worker 0 within 1 s: true
in-flight connection closed: true
idle connection of the dead worker served by the new one: w0, new pid: true
other worker's connections: w1 w1
master exit status 0
workers left running: 0
