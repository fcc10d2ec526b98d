--TEST--
A stopping worker whose loop holds nothing but the server skips onWorkerExit (as Swoole); one whose timer is never cleared ends after max_wait_time with a warning
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
// 1: nothing left in the loop: onWorkerStop only.
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'log_level' => SWOOLE_LOG_WARNING]);
$server->on('workerStart', function ($s) { echo "workerStart\n"; $s->shutdown(); });
$server->on('workerExit', function () { echo "workerExit (unexpected)\n"; });
$server->on('workerStop', function () { echo "workerStop\n"; });
$server->on('receive', function () {});
$server->start();

// 2: a tick nobody clears keeps the worker until max_wait_time, calling onWorkerExit on each cycle.
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'max_wait_time' => 1, 'log_file' => '/dev/null']);
$exits = 0;
$stopAsked = 0.0;
$server->on('workerStart', function ($s) use (&$stopAsked) {
    Swoole\Timer::tick(20, function () {});
    $stopAsked = microtime(true);
    $s->shutdown();
});
$server->on('workerExit', function () use (&$exits) { ++$exits; });
$server->on('workerStop', function () use (&$exits, &$stopAsked) {
    $took = microtime(true) - $stopAsked;
    echo "workerStop: ", $took >= 0.9 ? "after" : "before", " max_wait_time, workerExit called ",
        $exits >= 10 ? "on each cycle" : "$exits times", "\n";
});
$server->on('receive', function () {});
$server->start();
echo "done\n";
?>
--EXPECT--
workerStart
workerStop
workerStop: after max_wait_time, workerExit called on each cycle
done
