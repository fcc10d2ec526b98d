--TEST--
A stopping worker whose timer keeps it busy past max_wait_time is ended with a log line naming SWOOLE_ERROR_SERVER_WORKER_EXIT_TIMEOUT, as Swoole's does
--EXTENSIONS--
gust
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'max_wait_time' => 1, 'log_level' => SWOOLE_LOG_WARNING]);
$server->on('workerStart', function ($server) {
    Swoole\Timer::tick(60000, function () {});  // never fires: it only keeps the worker's loop busy
    $server->shutdown();
});
$server->on('receive', function () {});
$server->start();
echo "code ", SWOOLE_ERROR_SERVER_WORKER_EXIT_TIMEOUT, "\n";
?>
--EXPECTF--
[%s]	WARNING	worker #0, max_wait_time 1.0 s (ERRNO 9101): worker exit timeout, forced termination
code 9101
