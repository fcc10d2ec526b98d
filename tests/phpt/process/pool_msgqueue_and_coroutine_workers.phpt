--TEST--
Swoole\Process\Pool with SWOOLE_IPC_MSGQUEUE: messages pushed to the SysV queue reach 'message' in order; a coroutine worker (enable_coroutine) runs workerStart in a coroutine, and workerStop after it
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Process;
use Swoole\Process\Pool;

$key = ftok(__FILE__, 'm');
$feeder = new Process(fn() => null, false, 0);
$feeder->useQueue($key);
foreach (['a', 'b', 'c'] as $m) $feeder->push($m);

$pool = new Pool(1, SWOOLE_IPC_MSGQUEUE, $key);
$seen = 0;
$pool->on('message', function (Pool $pool, string $data) use (&$seen) {
    echo "message $data\n";
    if (++$seen === 3) $pool->shutdown();
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
worker 0 stop
in coroutine: true
worker 0 stop
done
