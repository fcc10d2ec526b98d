--TEST--
Swoole\Process\Pool with SWOOLE_IPC_MSGQUEUE: messages pushed to the SysV queue reach 'message' in order; a worker that calls shutdown() is not killed by the master's SIGTERM before its callback returns (workerStop runs); a coroutine worker (enable_coroutine) runs workerStart in a coroutine, and workerStop after it
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Process;
use Swoole\Process\Pool;

function term_pending(): bool {
    preg_match_all('/^(?:ShdPnd|SigPnd):\s*([0-9a-f]+)/m', file_get_contents('/proc/self/status'), $m);
    foreach ($m[1] as $hex) if (hexdec(substr($hex, -4)) & (1 << (15 - 1))) return true;
    return false;
}

$key = ftok(__FILE__, 'm');
$feeder = new Process(fn() => null, false, 0);
$feeder->useQueue($key);
foreach (['a', 'b', 'c'] as $m) $feeder->push($m);

$pool = new Pool(1, SWOOLE_IPC_MSGQUEUE, $key);
$seen = 0;
$pool->on('message', function (Pool $pool, string $data) use (&$seen) {
    echo "message $data\n";
    if (++$seen === 3) {
        $pool->shutdown();
        // The master's SIGTERM reaches this worker while its callback still runs: it must wait
        // (pending) until the callback returns, and workerStop must still run.
        for ($i = 0; $i < 5000 && !term_pending(); $i++) usleep(1000);
        echo "term pending: ", var_export(term_pending(), true), "\n";
    }
});
$pool->on('workerStop', function (Pool $pool, int $id) { echo "worker $id stop\n"; });
$pool->start();
$feeder->freeQueue();

$pool = new Pool(1, SWOOLE_IPC_NONE, 0, true);
$pool->on('workerStart', function (Pool $pool, int $id) {
    Swoole\Coroutine::sleep(0.01);
    echo "in coroutine: ", var_export(Swoole\Coroutine::getCid() > 0, true), "\n";
    $pool->shutdown();
});
$pool->on('workerStop', function (Pool $pool, int $id) { echo "worker $id stop\n"; });
$pool->start();
echo "done\n";
?>
--EXPECT--
message a
message b
message c
term pending: true
worker 0 stop
in coroutine: true
worker 0 stop
done
