--TEST--
Swoole\Process\Pool reload (SIGUSR1 to the master): a worker waiting for messages takes SIGTERM gracefully (workerStop runs) and is started again at once
--EXTENSIONS--
gust
posix
pcntl
--FILE--
<?php
use Swoole\Process\Pool;

[$r, $w] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$master = pcntl_fork();
if ($master === 0) {
    fclose($r);
    $pool = new Pool(1, SWOOLE_IPC_UNIXSOCK);
    $pool->on('workerStart', function (Pool $pool, int $id) use ($w) {
        // A SIGTERM that comes while workerStart runs would end the worker at once (its default
        // action); blocked, it waits for the message wait, where the worker stops gracefully.
        pcntl_sigprocmask(SIG_BLOCK, [SIGTERM]);
        fwrite($w, "start " . getmypid() . "\n");
    });
    $pool->on('message', function () {});
    $pool->on('workerStop', function (Pool $pool, int $id) use ($w) {
        fwrite($w, "stop " . getmypid() . " running=" . var_export($pool->workerRunning, true) . "\n");
    });
    $pool->start();
    exit(0);
}
fclose($w);
stream_set_timeout($r, 10);
$first = (int)substr(fgets($r), 6);
posix_kill($master, SIGUSR1);
$stop = explode(' ', trim(fgets($r)));
var_dump((int)$stop[1] === $first, $stop[2]);
$second = (int)substr(fgets($r), 6);
var_dump($second > 0 && $second !== $first);
posix_kill($master, SIGTERM);
echo fgets($r);  // the second worker stops gracefully too
pcntl_waitpid($master, $status);
var_dump(pcntl_wexitstatus($status));
?>
--EXPECTF--
bool(true)
string(13) "running=false"
bool(true)
stop %d running=false
int(0)
