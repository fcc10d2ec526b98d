--TEST--
Swoole\Process\Pool with SWOOLE_IPC_UNIXSOCK: sendMessage() and getProcess($id)->write() reach worker $id's 'message', getProcess() is this worker, a bad id warns, $workers lists the Process objects, shutdown() from a worker ends start()
--EXTENSIONS--
gust
posix
--FILE--
<?php
use Swoole\Process\Pool;

$pool = new Pool(2, SWOOLE_IPC_UNIXSOCK);
$pool->on('workerStart', function (Pool $pool, int $id) {
    if ($id !== 0) return;
    var_dump($pool->getProcess()->pid === getmypid(), $pool->getProcess(1)->id);
    var_dump(@$pool->getProcess(2), count($pool->workers));
    $sent = $pool->sendMessage('first', 1);
    $pool->getProcess(1)->write('second');
    // worker 1 answers on our own pipe
    $answer = $pool->getProcess()->read();
    var_dump($sent);
    echo "worker 0 read: $answer\n";
    $pool->shutdown();
});
$pool->on('message', function (Pool $pool, string $data) {
    echo "worker {$pool->workerId} message: $data\n";
    if ($data === 'second') $pool->getProcess(0)->write('thanks');
});
$pool->start();
echo "master done\n";
?>
--EXPECT--
bool(true)
int(1)
bool(false)
int(2)
worker 1 message: first
worker 1 message: second
bool(true)
worker 0 read: thanks
master done
