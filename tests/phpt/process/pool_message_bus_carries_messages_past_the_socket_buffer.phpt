--TEST--
Swoole\Process\Pool with enable_message_bus: sendMessage() carries messages of any size up to max_package_size (empty, one piece, several pieces, past the kernel's wmem_max) whole and in order; two coroutines sending at once do not mix their pieces; a message over max_package_size fails with a warning; a datagram that is not a piece is dropped with a warning and the worker goes on
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Process\Pool;

$wmem = (int)@file_get_contents('/proc/sys/net/core/wmem_max');
$sizes = [0, 1, 65535, 65536, 65537, 3 << 20, max(5 << 20, $wmem + 1)];
$pool = new Pool(2, SWOOLE_IPC_UNIXSOCK);
$pool->set(['enable_coroutine' => true, 'enable_message_bus' => true, 'max_package_size' => 8 << 20]);
$pool->on('workerStart', function (Pool $pool, int $id) use ($sizes) {
    if ($id !== 0) return;
    // Worker 0's warning first: nothing has reached worker 1 yet, so the two never interleave.
    var_dump($pool->sendMessage(str_repeat('z', (8 << 20) + 1), 1));
    $pool->getProcess(1)->write('not a piece of anything');  // bad input: dropped, warned
    foreach ($sizes as $i => $n) {
        $ok = $pool->sendMessage(str_repeat(chr(65 + $i), $n), 1);
        if (!$ok) echo "send of $n bytes failed\n";
    }
    // Two coroutines interleave their pieces on one socket.
    $wg = new Swoole\Coroutine\WaitGroup();
    foreach (['x', 'y'] as $c) {
        $wg->add();
        go(function () use ($pool, $c, $wg) {
            $pool->sendMessage(str_repeat($c, 1 << 20), 1);
            $wg->done();
        });
    }
    $wg->wait();
    $pool->sendMessage('end', 1);
});
$got = [];
$pool->on('message', function (Pool $pool, string $data) use (&$got, $sizes) {
    if ($data !== 'end') {
        $got[] = strlen($data) . ':' . ($data === '' ? '' : $data[0]) . ':' . (int)($data === str_repeat($data[0] ?? '', strlen($data)));
        return;
    }
    $want = [];
    foreach ($sizes as $i => $n) $want[] = "$n:" . ($n ? chr(65 + $i) : '') . ':1';
    $head = array_slice($got, 0, count($sizes));
    $tail = array_slice($got, count($sizes));
    sort($tail);
    var_dump($head === $want, $tail === ['1048576:x:1', '1048576:y:1']);
    $pool->shutdown();
});
$pool->start();
echo "done\n";
?>
--EXPECTF--
Warning: Swoole\Process\Pool::sendMessage(): sendMessage() failed: Message too long in %s on line %d
bool(false)

Warning: %s: message bus: a datagram that is not a piece of a message (or a message over max_package_size 8388608) was dropped in %s
bool(true)
bool(true)
done
