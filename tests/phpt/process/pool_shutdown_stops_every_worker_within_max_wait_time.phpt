--TEST--
Swoole\Process\Pool::shutdown(): onShutdown runs in the master, workers that ignore SIGTERM are killed after max_wait_time (+ 0.5 s), start() returns; master_pid, workerId, workerPid and running as Swoole sets them
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
    $pool = new Swoole\Process\Pool(2);
    $pool->set(['max_wait_time' => 1]);
    $pool->on('start', function ($pool) use ($w) {
        fwrite($w, "start running=" . var_export($pool->running, true) . " master=" . ($pool->master_pid === getmypid() ? 'me' : 'other') . "\n");
    });
    $pool->on('workerStart', function ($pool, $id) use ($w) {
        $ok = $pool->workerId === $id && $pool->workerPid === getmypid() && $pool->master_pid === posix_getppid();
        pcntl_signal(SIGTERM, SIG_IGN);  // only SIGKILL ends it
        fwrite($w, "worker $id " . ($ok ? 'ok' : 'bad') . "\n");
        sleep(30);
        fwrite($w, "worker woke\n");
    });
    $pool->on('shutdown', function ($pool) use ($w) {
        fwrite($w, "shutdown running=" . var_export($pool->running, true) . "\n");
    });
    $pool->start();
    fwrite($w, "master returned\n");
    exit(0);
}
fclose($w);
stream_set_timeout($r, 10);
echo fgets($r);
$lines = [fgets($r), fgets($r)];
sort($lines);
echo implode('', $lines);
$t = microtime(true);
posix_kill($master, SIGTERM);
echo fgets($r);
echo fgets($r);
pcntl_waitpid($master, $status);
$elapsed = microtime(true) - $t;
var_dump($elapsed >= 1.4, $elapsed < 3.0);
?>
--EXPECT--
start running=true master=me
worker 0 ok
worker 1 ok
shutdown running=false
master returned
bool(true)
bool(true)
