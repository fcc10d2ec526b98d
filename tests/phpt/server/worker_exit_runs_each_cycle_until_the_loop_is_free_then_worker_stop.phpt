--TEST--
A stopping worker runs onWorkerExit at the end of each loop cycle while a timer keeps its loop alive, then onWorkerStop once the loop is free (Swoole's order), long before max_wait_time
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'max_wait_time' => 3, 'log_level' => SWOOLE_LOG_WARNING]);
$exits = 0;
$stopAsked = 0.0;
$server->on('workerStart', function ($s) use (&$stopAsked) {
    echo "workerStart\n";
    $GLOBALS['tick'] = Swoole\Timer::tick(5, function () use ($s, &$stopAsked) {
        if ($stopAsked == 0.0) {
            $stopAsked = microtime(true);
            $s->shutdown();
        }
    });
});
$server->on('workerExit', function ($s, $id) use (&$exits) {
    ++$exits;
    if ($exits == 1) echo "workerExit worker=$id status=", $s->getWorkerStatus(), "\n";
    // Left for two more cycles: each one calls onWorkerExit again while the tick keeps the loop alive.
    if ($exits == 3) {
        echo "workerExit clears the tick\n";
        Swoole\Timer::clear($GLOBALS['tick']);
    }
});
$server->on('workerStop', function ($s) use (&$exits, &$stopAsked) {
    $took = microtime(true) - $stopAsked;
    echo "workerStop after $exits workerExit calls, ", $took < 1.0 ? "well before" : "not before", " max_wait_time\n";
});
$server->on('shutdown', function () { echo "shutdown\n"; });
$server->on('receive', function () {});
$server->start();
?>
--EXPECT--
workerStart
workerExit worker=0 status=3
workerExit clears the tick
workerStop after 3 workerExit calls, well before max_wait_time
shutdown
