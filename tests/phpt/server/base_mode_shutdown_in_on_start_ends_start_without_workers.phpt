--TEST--
SWOOLE_BASE: shutdown() called in onStart ends start() at once (no worker starts, with one worker or several), onShutdown runs and start() returns true; before, the server kept running
--EXTENSIONS--
gust
--FILE--
<?php
foreach ([1, 3] as $n) {
    $server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
    $server->set(['worker_num' => $n, 'log_level' => SWOOLE_LOG_NONE]);
    $server->on('start', function ($server) use ($n) {
        echo "start ($n workers)\n";
        var_dump($server->shutdown());
    });
    $server->on('workerStart', function () { echo "never a worker\n"; });
    $server->on('receive', function () {});
    $server->on('shutdown', function () { echo "shutdown\n"; });
    var_dump($server->start());
}
?>
--EXPECT--
start (1 workers)
bool(true)
shutdown
bool(true)
start (3 workers)
bool(true)
shutdown
bool(true)
