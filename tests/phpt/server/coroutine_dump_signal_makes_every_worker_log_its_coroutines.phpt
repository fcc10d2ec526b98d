--TEST--
coroutine_dump_signal (SIGQUIT by default): the signal sent to the PROCESS master reaches every worker, and each writes its coroutine dump to the log
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$log = sys_get_temp_dir() . '/gust_dump_' . getmypid() . '.log';
@unlink($log);
$started = new Swoole\Atomic(0);
$found = new Swoole\Atomic(0);

function parked_in_worker(Swoole\Coroutine\Channel $ch) { return $ch->pop(30); }

$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_PROCESS);
$server->set(['worker_num' => 2, 'log_file' => $log, 'log_level' => 5]);
$server->on('receive', function () {});
$server->on('workerStart', function ($s) use ($log, $started, $found) {
    $ch = new Swoole\Coroutine\Channel(1);
    go(fn() => parked_in_worker($ch));
    $started->add(1);
    Swoole\Timer::after(10000, fn() => $s->shutdown());  // a watchdog against a hang
    if ($s->worker_id !== 0) return;
    go(function () use ($s, $log, $started, $found) {
        for ($i = 0; $i < 500 && $started->get() < 2; $i++) Co::sleep(0.01);
        Swoole\Process::kill($s->master_pid, 3 /* SIGQUIT */);
        for ($i = 0; $i < 500; $i++) {
            $text = (string)@file_get_contents($log);
            if (preg_match_all('/coroutine dump of pid \d+, worker [01]: /', $text) >= 2) break;
            Co::sleep(0.01);
        }
        $found->set(preg_match_all('/coroutine dump of pid \d+, worker [01]: /', $text));
        $s->shutdown();
    });
});
$server->on('workerStop', function () { Swoole\Timer::clearAll(); });
$server->start();
$text = file_get_contents($log);
echo "worker dumps: ", $found->get(), "\n";
echo "worker 0: ", var_export(str_contains($text, ', worker 0: '), true), "\n";
echo "worker 1: ", var_export(str_contains($text, ', worker 1: '), true), "\n";
echo "channel wait named: ", var_export((bool)preg_match('/waiting \d+\.\d+s on Channel#\d+ pop/', $text), true), "\n";
echo "backtrace: ", var_export(str_contains($text, 'parked_in_worker()'), true), "\n";
echo "manager passed it on: ", var_export(str_contains($text, 'coroutine dump requested (signal 3): asked 2 workers'), true), "\n";
@unlink($log);
?>
--EXPECT--
worker dumps: 2
worker 0: true
worker 1: true
channel wait named: true
backtrace: true
manager passed it on: true
