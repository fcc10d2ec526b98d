--TEST--
Swoole\Process\Pool: a worker that dies at once (exit code 1 in workerStart) is respawned with a growing backoff (0.1 s, 0.2 s, 0.4 s...), and SIGTERM to the master ends the pool
--EXTENSIONS--
gust
posix
pcntl
--FILE--
<?php
[$r, $w] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$master = pcntl_fork();
if ($master === 0) {
    fclose($r);
    ini_set('display_errors', '0');  // the master warns about each abnormal exit
    $pool = new Swoole\Process\Pool(1);
    $pool->on('workerStart', function ($pool, $id) use ($w) {
        fwrite($w, sprintf("%.3f\n", microtime(true)));
        exit(1);
    });
    $pool->on('shutdown', function () use ($w) { fwrite($w, "shutdown\n"); });
    $pool->start();
    fwrite($w, "master returned\n");
    exit(0);
}
fclose($w);
stream_set_timeout($r, 10);
$times = [];
for ($i = 0; $i < 4; $i++) $times[] = (float)fgets($r);
$gaps = [];
for ($i = 1; $i < 4; $i++) $gaps[] = $times[$i] - $times[$i - 1];
// Each gap is at least the backoff (0.1, 0.2, 0.4) and each about doubles the one before.
var_dump($gaps[0] >= 0.09, $gaps[1] >= 0.19, $gaps[2] >= 0.39, $gaps[2] > $gaps[1] && $gaps[1] > $gaps[0]);
posix_kill($master, SIGTERM);
$line = fgets($r);
while ($line !== false && $line !== "shutdown\n") $line = fgets($r);  // a start may come first
echo $line;
echo fgets($r);
pcntl_waitpid($master, $status);
var_dump(pcntl_wexitstatus($status));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
shutdown
master returned
int(0)
