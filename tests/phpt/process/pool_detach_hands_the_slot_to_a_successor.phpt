--TEST--
Swoole\Process\Pool::detach(): the worker leaves the pool (a second detach() warns), the master starts a successor in its slot at once, and the detached process ends on its own
--EXTENSIONS--
gust
posix
pcntl
--FILE--
<?php
use Swoole\Process\Pool;

[$r, $w] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
[$gate_r, $gate_w] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
fwrite($gate_w, "d");  // one token: the first worker to start takes it and detaches
$master = pcntl_fork();
if ($master === 0) {
    fclose($r);
    fclose($gate_w);
    $pool = new Pool(1);
    $pool->on('workerStart', function (Pool $pool, int $id) use ($w, $gate_r) {
        stream_set_blocking($gate_r, false);
        $token = fread($gate_r, 1);
        stream_set_blocking($gate_r, true);
        if ($token === 'd') {
            fwrite($w, "detach: " . var_export($pool->detach(), true) . "\n");
            fwrite($w, "again: " . var_export(@$pool->detach(), true) . "\n");
            fwrite($w, "detached pid " . getmypid() . "\n");
            return;
        }
        fwrite($w, "successor pid " . getmypid() . "\n");
        fgets($gate_r);  // until the test closes the gate
    });
    $pool->start();
    exit(0);
}
fclose($w);
fclose($gate_r);
stream_set_timeout($r, 10);
// The successor starts while the detached worker is still writing: the order of the lines varies.
$lines = [];
for ($i = 0; $i < 4; $i++) {
    [$k, $v] = explode(': ', str_replace(' pid ', ': ', trim(fgets($r))), 2);
    $lines[$k] = $v;
}
echo "detach: {$lines['detach']}\nagain: {$lines['again']}\n";
$detached = (int)$lines['detached'];
$successor = (int)$lines['successor'];
var_dump($detached > 0, $successor > 0, $detached !== $successor);
posix_kill($master, SIGTERM);
fclose($gate_w);
pcntl_waitpid($master, $status);
var_dump(pcntl_wexitstatus($status));
?>
--EXPECT--
detach: true
again: false
bool(true)
bool(true)
bool(true)
int(0)
