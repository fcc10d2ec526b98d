--TEST--
SIGTERM to a single-process server closes its connections, runs workerExit (its tick keeps the loop), then workerStop and shutdown, as Swoole orders them, and start() returns
--EXTENSIONS--
gust
posix
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
$server = new Swoole\Server('127.0.0.1', 0, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'hook_flags' => SWOOLE_HOOK_ALL]);
$server->on('workerStart', function ($s) {
    $c = stream_socket_client("tcp://127.0.0.1:{$s->port}");
    fwrite($c, "hi");
    fread($c, 10);
    $s->tick(10, function () {});  // keeps the loop alive until workerExit clears it
    posix_kill(getmypid(), SIGTERM);
    var_dump(fread($c, 10));
});
$server->on('receive', function ($s, $fd, $rid, $data) { $s->send($fd, $data); });
$server->on('close', function ($s, $fd) { echo "close $fd\n"; });
$exits = 0;  // onWorkerExit runs once per loop cycle while the workerStart coroutine still waits
$server->on('workerStop', function ($s, $id) use (&$exits) { echo "workerStop $id after workerExit: ", $exits > 0 ? "yes" : "no", "\n"; });
$server->on('workerExit', function ($s, $id) use (&$exits) { ++$exits; Swoole\Timer::clearAll(); });
$server->on('shutdown', function ($s) { echo "shutdown\n"; });
$t = microtime(true);
var_dump($server->start());
echo "ended before max_wait_time: ", var_export(microtime(true) - $t < 2.5, true), "\n";
?>
--EXPECT--
close 1
string(0) ""
workerStop 0 after workerExit: yes
shutdown
bool(true)
ended before max_wait_time: true
