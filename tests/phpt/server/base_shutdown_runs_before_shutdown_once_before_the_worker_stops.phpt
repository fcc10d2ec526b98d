--TEST--
SWOOLE_BASE, one process (it is the master too): shutdown() runs onBeforeShutdown once, before workerStop and onShutdown
--EXTENSIONS--
gust
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'log_level' => SWOOLE_LOG_WARNING]);
$server->on('workerStart', function ($s) { echo "workerStart\n"; $s->shutdown(); $s->shutdown(); });
$server->on('beforeShutdown', function ($s) { echo "beforeShutdown\n"; });
$server->on('workerStop', function ($s) { echo "workerStop\n"; });
$server->on('shutdown', function ($s) { echo "shutdown\n"; });
$server->on('receive', function () {});
$server->start();
?>
--EXPECT--
workerStart
beforeShutdown
workerStop
shutdown
