--TEST--
Coroutine::stats() reports the blocking worker pool (aio_worker_num, aio_task_num, aio_queue_size) and the signals waited for (signal_listener_num)
--EXTENSIONS--
gust
--FILE--
<?php
use Swoole\Coroutine\System;
// One worker thread, held by a readFile() of a FIFO nobody writes yet, and a lookup queued behind it.
$fifo = sys_get_temp_dir() . "/gust_stats_fifo_" . getmypid();
exec("mkfifo " . escapeshellarg($fifo));
Co::set(['aio_worker_num' => 1, 'hook_flags' => 0]);
Co\run(function () use ($fifo) {
    $s = Co::stats();
    var_dump($s['aio_task_num'], $s['aio_queue_size'], $s['signal_listener_num']);
    go(function () use ($fifo) { $data = System::readFile($fifo); echo "read: $data\n"; });
    go(function () { System::gethostbyname("gust-stats.invalid", 2 /* AF_INET */, 10); echo "lookup done\n"; });
    $s = Co::stats();
    var_dump($s['aio_worker_num'], $s['aio_task_num'], $s['aio_queue_size'] >= 1);
    $sigusr1 = 10;  // Linux
    go(function () use ($sigusr1) { System::waitSignal($sigusr1, 0.05); echo "signal wait over\n"; });
    var_dump(Co::stats()['signal_listener_num']);
    $w = fopen($fifo, "w");  // the FILE hook is off: PHP's own open
    fwrite($w, "released");
    fclose($w);
    while (Co::stats()['coroutine_num'] > 1) Co::sleep(0.01);
    $s = Co::stats();
    var_dump($s['aio_task_num'], $s['aio_queue_size'], $s['signal_listener_num']);
});
unlink($fifo);
?>
--EXPECTF--
int(0)
int(0)
int(0)
int(1)
int(2)
bool(true)
int(1)
%A
int(0)
int(0)
int(0)
